import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerKey, submissionSchema, type FormField } from '../../../../common/forms/submission-schema';
import { chargeFiles } from '../../../../server/platform/files/quota';
import { newStoredName } from '../../../../server/platform/files/store';
import { httpError, t } from '../../../../server/platform/http/errors';
import { assertStorableText } from '../../../../server/platform/http/text';
import { takeOutboundQuota, type OutboundQuota } from '../../../../server/platform/outbound/quota';
import { documentOperation, moduleRoutes } from '../../../../server/schema';
import { mainDomainOf } from '../../../services/server';
import { receiveUpload } from '../../../../server/schema/uploads';
import type { TemporaryObject } from '../../../../server/platform/files/store';
import type { DeliveryExtension } from '../delivery';
import { serviceAddressed, SITE_ADDRESSINGS } from '../site-domain';
import {
  answersText,
  deleteExpiredSubmissions,
  formFields,
  headerText,
  RETENTION_JOB,
  SUBMISSION_FILES,
  submissionErrors,
  submissionInvalid,
  type SiteForm,
} from './submissions';

/** A field the site's form hides from people: whoever fills it in is a robot, answered as if sent and not stored. */
export const HONEYPOT_FIELD = 'website';
/** Submissions one address may send with one form in the window. */
export const FORM_SUBMISSION_QUOTA: OutboundQuota = { action: 'form_submission', limit: 5, windowSeconds: 10 * 60 };
/** A submitted file: at most 5 MB, a PDF or a picture (checked by its first bytes). */
export const FORM_FILE_MAX_BYTES = 5 * 1024 * 1024;
const FORM_FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'];
/** The job mailing a submission to one recipient of its form. */
export const SUBMISSION_MAIL_JOB = 'form-submission-mail';

interface SubmissionMail {
  submissionId: number;
  to: string;
  /** The domain the site sent it from, named in the mail. */
  domain: string;
}

/** What a site needs to draw a form beside its texts: the JSON Schema its fields generate and the honeypot's name. */
export const formForSite = (fields: readonly FormField[]) => ({ schema: submissionSchema(fields), honeypot: HONEYPOT_FIELD });

/** The forms in the site delivery API's list carry what a site draws them with; one form is served by the form's own route below. */
export function formDelivery(app: FastifyInstance): DeliveryExtension {
  return {
    schema: { schema: { type: 'object', description: 'The JSON Schema of a submission' }, honeypot: { type: 'string' } },
    ownRecordRoute: true,
    values: async (db, serviceId, record) => formForSite(await formFields(app, db, { serviceId, userId: null }, record.id)),
  };
}

interface ReceivedAnswerFile {
  key: string;
  name: string;
  temporary: TemporaryObject;
  extension: string;
}

/**
 * The public API of the site's forms (/api/site/{domain}/forms/... and /api/delivery/forms/... with
 * the delivery key): the site reads a form's generated schema and texts and sends submissions,
 * acting for no session. {domain} is any of the service's domains; an unknown domain or key, a
 * service without the forms module and a form of another service are all 404. Submissions are checked by the same schema the preview draws, throttled per address
 * and form, kept with their files (counted against the service's space) for the form's retention
 * time and mailed to its recipients by a durable job (a mail server that is down delays the mail).
 */
export async function formsServer(app: FastifyInstance): Promise<void> {
  const forms = moduleRoutes(app, 'forms');
  const submissions = moduleRoutes(app, 'form_submissions');
  if (!forms || !submissions || !moduleRoutes(app, 'form_fields')) return;
  const { db } = app.ctx;

  await app.ctx.jobs.define({ name: RETENTION_JOB, cron: '40 3 * * *', handler: async () => void (await deleteExpiredSubmissions(app)) });

  async function siteForm(request: FastifyRequest): Promise<SiteForm> {
    const { form_id: rawId } = request.params as { form_id: string };
    const serviceId = await serviceAddressed(db, request, 'forms');
    const id = Number(rawId);
    if (serviceId === null || !/^[1-9][0-9]{0,9}$/.test(rawId) || id > forms!.store.maxId) throw httpError(404, 'errors.not_found');
    const owner = { serviceId, userId: null };
    const record = await forms!.store.get(db, owner, id, 0);
    if (!record) throw httpError(404, 'errors.not_found');
    const domain = (request.params as { domain?: string }).domain ?? (await mainDomainOf(db, serviceId)) ?? '';
    return { owner, record, domain, fields: await formFields(app, db, owner, id) };
  }

  for (const { prefix, documented, parameters, by } of SITE_ADDRESSINGS) {
    documentOperation(app, 'get', `${documented}/forms/{form_id}`, {
      tags: ['site'],
      summary: `A site form for the site's page: {id, name, schema (JSON Schema of a submission), thank_you, consent_text, honeypot}; ${by}`,
      security: [],
      parameters: [...parameters],
      responses: { 200: { description: 'The form' }, 404: { description: 'No such site, module or form' } },
    });
    app.get(`${prefix}/forms/:form_id`, { config: { publicSiteApi: true } }, async (request) => {
      const { record, fields } = await siteForm(request);
      return {
        id: record.id,
        name: record.values.name,
        ...formForSite(fields),
        thank_you: record.values.thank_you ?? '',
        consent_text: record.values.consent_text ?? '',
      };
    });
  }

  /** The answers and files a submission sends: a JSON object, or multipart with `payload` (JSON) and one part per file field. */
  async function readSubmission(request: FastifyRequest, fields: readonly FormField[]): Promise<{ answers: Record<string, unknown>; files: ReceivedAnswerFile[] }> {
    if (!request.isMultipart()) {
      const body = request.body;
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw httpError(400, 'errors.form_submission_body');
      return { answers: body as Record<string, unknown>, files: [] };
    }
    const fileFields = new Map(fields.filter((field) => field.kind === 'file').map((field) => [answerKey(field), field]));
    const files: ReceivedAnswerFile[] = [];
    let answers: Record<string, unknown> = {};
    try {
      const parts = request.parts({ limits: { fileSize: FORM_FILE_MAX_BYTES, files: Math.max(1, fileFields.size), fields: 1 } });
      for await (const part of parts) {
        if (part.type === 'field') {
          if (part.fieldname !== 'payload') continue;
          try {
            answers = JSON.parse(String(part.value));
          } catch {
            throw httpError(400, 'errors.payload_invalid');
          }
          if (!answers || typeof answers !== 'object' || Array.isArray(answers)) throw httpError(400, 'errors.payload_invalid');
          continue;
        }
        const field = fileFields.get(part.fieldname);
        if (!field || files.some((file) => file.key === part.fieldname)) {
          part.file.resume();
          throw httpError(400, 'errors.invalid_request');
        }
        try {
          const upload = await receiveUpload(part.file, { accept: FORM_FILE_TYPES, maxBytes: FORM_FILE_MAX_BYTES, refusal: 'errors.file_type' }, app.ctx.files);
          files.push({ key: part.fieldname, name: headerText(part.filename || part.fieldname).slice(0, 255), ...upload });
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode;
          // A file refused by its type or size is that field's error, as the site's form shows it.
          if (status === 415) throw submissionInvalid({ [part.fieldname]: t('validation.form_submission.file_type', { field: field.label }) });
          if (status === 413) throw submissionInvalid({ [part.fieldname]: t('validation.form_submission.file_too_large', { field: field.label, max: FORM_FILE_MAX_BYTES / 1024 / 1024 }) });
          throw error;
        }
      }
    } catch (error) {
      await Promise.all(files.map((file) => app.ctx.files.delete(file.temporary.key)));
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw httpError(413, 'errors.file_too_large');
      throw (error as { statusCode?: number }).statusCode === undefined ? httpError(400, 'errors.invalid_request') : error;
    }
    return { answers, files };
  }

  /**
   * Mails a submission to one of its form's recipients: a durable job per recipient, sent with the
   * submission, so that a mail server that is down delays the mail instead of losing it. The job
   * reads the answers when it runs (none when the retention job deleted the submission first).
   */
  await app.ctx.jobs.define<SubmissionMail>({
    name: SUBMISSION_MAIL_JOB,
    retryLimit: 8,
    retryDelaySeconds: 60,
    retryBackoff: true,
    handler: async ({ data }) => {
      const { rows } = await db.query<{ answers: string; form: string }>(
        `SELECT s.data->>'answers' AS answers, f.data->>'name' AS form FROM module_records s JOIN module_records f ON f.id = s.parent_id
          WHERE s.id = $1 AND s.resource = 'form_submissions' AND f.resource = 'forms'`,
        [data.submissionId],
      );
      if (!rows[0]) return;
      const form = headerText(rows[0].form);
      await app.ctx.mailer.send({
        to: data.to,
        subject: t('resources.form_submissions.mail.subject', { form }),
        text: t('resources.form_submissions.mail.text', { form, domain: data.domain, answers: rows[0].answers }),
      });
    },
  });

  documentOperation(app, 'get', '/client_service/{service_id}/module/forms/{form_id}/submissions/{submission_id}/files', {
    tags: ['forms'],
    summary: "The files a submission brought {data: [{name, url}]}: each file's name as sent and a signed link to it, valid for a while",
    responses: { 200: { description: 'OK' }, 404: { description: 'No such submission' } },
  });
  app.get('/client_service/:service_id/module/forms/:form_id/submissions/:submission_id/files', { preHandler: app.authenticate }, async (request) => {
    const owner = await submissions!.owner(request);
    const id = submissions!.recordId((request.params as { submission_id: string }).submission_id);
    const { rows } = await db.query<{ keys: string[] | null; names: string[] | null }>(
      `SELECT data->'stored_files' AS keys, data->'stored_file_names' AS names FROM module_records
        WHERE id = $1 AND resource = 'form_submissions' AND client_service_id = $2 AND parent_id = $3`,
      [id, owner.serviceId, owner.parentId],
    );
    if (!rows[0]) throw httpError(404, 'errors.not_found');
    const names = rows[0].names ?? [];
    return { data: (rows[0].keys ?? []).map((key, index) => ({ name: names[index] ?? key.slice(key.lastIndexOf('/') + 1), url: app.ctx.files.signedUrl(key) })) };
  });

  async function submit(request: FastifyRequest, reply: FastifyReply) {
    const form = await siteForm(request);
    await takeOutboundQuota(request, reply, FORM_SUBMISSION_QUOTA, `${form.record.id}:${request.ip}`);
    const { answers: sent, files } = await readSubmission(request, form.fields);
    const thanks = String(form.record.values.thank_you || t('resources.form_submissions.sent'));
    try {
      assertStorableText(sent);
      const honeypot = sent[HONEYPOT_FIELD];
      if (typeof honeypot === 'string' ? honeypot !== '' : honeypot !== undefined) {
        await Promise.all(files.map((file) => app.ctx.files.delete(file.temporary.key)));
        return reply.status(201).send({ detail: thanks });
      }
      // Only the form's own answers count; a file field's answer is the file sent in its part, never a value.
      const answers: Record<string, unknown> = Object.fromEntries(
        form.fields.filter((field) => field.kind !== 'file' && sent[answerKey(field)] !== undefined).map((field) => [answerKey(field), sent[answerKey(field)]]),
      );
      for (const file of files) answers[file.key] = file.name;
      const errors = submissionErrors(form.fields, answers);
      if (Object.keys(errors).length > 0) throw submissionInvalid(errors);
      const text = answersText(form.fields, answers);
      const owner = { ...form.owner, parentId: form.record.id };
      const committed: string[] = [];
      const record = await submissions!.store
        .transaction(db, async (tx) => {
          const stored = await submissions!.store.insert(tx, owner, { submitted_at: new Date().toISOString(), answers: text }, {});
          const placed = files.map((file) => ({ file, key: `${SUBMISSION_FILES}/${owner.serviceId}/${stored.id}/${newStoredName(file.extension)}` }));
          await chargeFiles(tx, owner.serviceId, placed.map(({ file, key }) => ({ key, bytes: file.temporary.bytes })));
          // Kept beside the record's values, not in its schema: the files (which the retention job deletes with it, and
          // the panel lists by their names as sent, in the same order) and the answers as sent.
          await tx.query(
            `UPDATE module_records SET data = data || jsonb_build_object('stored_files', $2::jsonb, 'stored_file_names', $3::jsonb, 'values', $4::jsonb) WHERE id = $1`,
            [stored.id, JSON.stringify(placed.map(({ key }) => key)), JSON.stringify(placed.map(({ file }) => file.name)), JSON.stringify(answers)],
          );
          for (const to of (form.record.values.recipients as string[] | undefined) ?? []) {
            const mail: SubmissionMail = { submissionId: stored.id, to, domain: form.domain };
            await app.ctx.jobs.send(SUBMISSION_MAIL_JOB, mail, { tx, owner: { clientServiceId: owner.serviceId } });
          }
          for (const { file, key } of placed) {
            await app.ctx.files.commit(file.temporary.key, key);
            committed.push(key);
          }
          return stored;
        })
        .catch(async (error: unknown) => {
          await Promise.all(committed.map((key) => app.ctx.files.delete(key)));
          throw error;
        });
      return reply.status(201).send({ id: record.id, detail: thanks });
    } catch (error) {
      await Promise.all(files.map((file) => app.ctx.files.delete(file.temporary.key).catch(() => undefined)));
      throw error;
    }
  }

  for (const { prefix, documented, parameters, by } of SITE_ADDRESSINGS) {
    documentOperation(app, 'post', `${documented}/forms/{form_id}/submissions`, {
      tags: ['site'],
      summary: `Sends a submission of the form (${by}): a JSON object of answers by the schema's property names, or multipart with "payload" (that JSON) and one part per file field (PDF or picture, at most ${FORM_FILE_MAX_BYTES} bytes, counted against the service's space). Checked by the form's schema; a filled honeypot field is answered as sent and not kept. At most ${FORM_SUBMISSION_QUOTA.limit} per address and form in ${FORM_SUBMISSION_QUOTA.windowSeconds / 60} min`,
      security: [],
      parameters: [...parameters],
      responses: {
        201: { description: '{id, detail: the thank-you text}' },
        400: { description: '{detail, errors: {field_<id>: message}}' },
        404: { description: 'No such site, module or form' },
        413: { description: 'A file too large, or no space left in the service' },
        429: { description: 'Too many submissions from the address with the form' },
      },
    });
    app.post(`${prefix}/forms/:form_id/submissions`, { config: { publicSiteApi: true } }, (request, reply) => submit(request, reply));
  }
}
