import type { ErrorObject, ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { answerKey, submissionSchema, type FormField } from '../../../../common/forms/submission-schema';
import { createAjv, POSITION } from '../../../../common/schema';
import type { Queryable } from '../../../../server/platform/db';
import { releaseFiles } from '../../../../server/platform/files/quota';
import { HttpError, t } from '../../../../server/platform/http/errors';
import type { Owner, StoredRecord } from '../../../../server/schema/storage';

/** The folder of the submissions' files in the file store: form-submissions/<service>/<submission>/<stored name>. */
export const SUBMISSION_FILES = 'form-submissions';
/** A form has at most this many fields (one page of its list). */
export const MAX_FIELDS = 100;
export const RETENTION_JOB = 'form-submissions-retention';

export interface SiteForm {
  owner: Owner & { serviceId: number };
  record: StoredRecord;
  /** The domain the site named it by, or the service's main one when it named it by its key: named in the mail. */
  domain: string;
  fields: FormField[];
}

/** A form's fields in their order. */
export async function formFields(app: FastifyInstance, db: Queryable, owner: Owner, formId: number): Promise<FormField[]> {
  const { rows } = await app.schemaModules.get('form_fields')!.store.list(db, { ...owner, parentId: formId }, {
    page: 1,
    perPage: MAX_FIELDS,
    sort: { field: POSITION, order: 'ASC' },
    filters: [],
    viewerId: 0,
  });
  return rows.map((row) => ({ id: row.id, ...(row.values as Omit<FormField, 'id'>) }));
}

const ajv = createAjv();
// A file answer is the name of the part that brought it; the browser's preview draws such a field as a file input.
ajv.addFormat('data-url', true);
const validators = new Map<string, ValidateFunction>();

/** The compiled check of a schema, kept per schema text (forms change seldom; a changed one compiles anew). */
function validatorOf(schema: object): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (!validate) {
    if (validators.size > 500) validators.clear();
    validate = ajv.compile(schema);
    validators.set(key, validate);
  }
  return validate;
}

/** The catalogue key (validation.form_submission.*) of a failed check of one field. */
function messageKey(error: ErrorObject, field: FormField): string {
  switch (error.keyword) {
    case 'required':
      return 'required';
    case 'minItems':
      return 'required';
    case 'const':
      return 'consent';
    case 'maxLength':
      return 'too_long';
    case 'enum':
      return 'choice';
    case 'pattern':
      return 'phone';
    case 'format':
      return field.kind === 'email' ? 'email' : field.kind === 'date' ? 'date' : 'invalid';
    case 'type':
      return field.kind === 'number' ? 'number' : 'invalid';
    default:
      return 'invalid';
  }
}

/**
 * Checks answers against the form's generated schema: {field_<id>: Polish message}, one per field,
 * empty when they pass. Answers to no field of the form are not looked at (the caller drops them).
 */
export function submissionErrors(fields: readonly FormField[], answers: Record<string, unknown>): Record<string, string> {
  const validate = validatorOf(submissionSchema(fields));
  if (validate(answers)) return {};
  const byKey = new Map(fields.map((field) => [answerKey(field), field]));
  const errors: Record<string, string> = {};
  for (const error of validate.errors ?? []) {
    const key = error.keyword === 'required' ? String(error.params.missingProperty) : error.instancePath.split('/')[1];
    const field = byKey.get(key);
    if (!field || errors[key]) continue;
    errors[key] = t(`validation.form_submission.${messageKey(error, field)}`, { field: field.label, max: Number(error.params.limit) || 0 });
  }
  return errors;
}

/** The answers as text, one "label: answer" line per answered field (the list, the CSV export and the mail show it). */
export function answersText(fields: readonly FormField[], answers: Record<string, unknown>): string {
  const shown = (field: FormField, value: unknown): string => {
    if (field.kind === 'file') return t('resources.form_submissions.mail.file', { name: String(value) });
    if (typeof value === 'boolean') return t(`resources.form_submissions.mail.${value ? 'yes' : 'no'}`);
    if (Array.isArray(value)) return value.join(', ');
    return String(value);
  };
  return fields
    .filter((field) => answers[answerKey(field)] !== undefined && answers[answerKey(field)] !== '')
    .map((field) => `${field.label}: ${shown(field, answers[answerKey(field)])}`)
    .join('\n');
}

/** A text put in a mail header: one line. */
export const headerText = (text: string) => text.replace(/[\r\n\t\u2028\u2029]+/g, ' ').trim();

/** The 400 of a submission that fails its form's schema, with every field's message. */
export const submissionInvalid = (errors: Record<string, string>) => new HttpError(400, t('validation.form_invalid'), errors);

/**
 * Deletes the submissions kept longer than their form's retention time, and the files of
 * submissions that are gone (with their form, or now): their space is given back to the service.
 */
export async function deleteExpiredSubmissions(app: FastifyInstance): Promise<number> {
  const submissions = app.schemaModules.get('form_submissions')!;
  const { db, files } = app.ctx;
  const { removed, keys } = await submissions.store.transaction(db, async (tx) => {
    const { rows } = await tx.query<{ client_service_id: number; parent_id: number }>(
      `DELETE FROM module_records s USING module_records f
        WHERE s.resource = 'form_submissions' AND f.id = s.parent_id AND f.resource = 'forms'
          AND s.created_at < now() - CASE f.data->>'retention_unit'
                WHEN 'days' THEN make_interval(days => (f.data->>'retention_value')::int)
                ELSE make_interval(months => (f.data->>'retention_value')::int) END
        RETURNING s.client_service_id, s.parent_id`,
    );
    const owners = new Map(rows.map((row) => [`${row.client_service_id}:${row.parent_id}`, row]));
    for (const row of owners.values()) await submissions.store.changedMany(tx, { serviceId: row.client_service_id, userId: null, parentId: row.parent_id });
    const { rows: orphans } = await tx.query<{ key: string }>(
      `SELECT key FROM stored_files sf WHERE key LIKE $1 AND NOT EXISTS (
         SELECT 1 FROM module_records r WHERE r.resource = 'form_submissions' AND r.data->'stored_files' @> to_jsonb(ARRAY[sf.key]))`,
      [`${SUBMISSION_FILES}/%`],
    );
    const orphanKeys = orphans.map((row) => row.key);
    await releaseFiles(tx, orphanKeys);
    return { removed: rows.length, keys: orphanKeys };
  });
  for (const key of keys) await files.delete(key).catch((error: unknown) => app.log.warn({ err: error, key }, 'form submission file not deleted'));
  return removed;
}
