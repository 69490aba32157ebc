import { Readable } from 'node:stream';
import { answerKey, type FormField } from '../../../common/forms/submission-schema';
import { demoServiceId, insertDemoRecord, type ModuleDemoSeed } from '../../../server/platform/db/demo';
import { chargeFiles } from '../../../server/platform/files/quota';
import { newStoredName } from '../../../server/platform/files/store';
import { t } from '../../../server/platform/http/errors';
import { DEMO_PDF } from './demo-news';
import { answersText, SUBMISSION_FILES } from './forms/submissions';

const SUBMISSIONS = [
  { key: 'first', daysAgo: 1, file: false },
  { key: 'second', daysAgo: 4, file: true },
  { key: 'third', daysAgo: 12, file: false },
] as const;

/**
 * klient's site gets a contact form that fills every page of a form: its configuration, fields of
 * several kinds (a choice with options, a long text with help, a required consent, a file) and a few
 * submissions, one with a scanned application attached.
 */
export const formsDemo: ModuleDemoSeed = {
  name: 'site-forms',
  async seed(tx, api) {
    if (!api.schemaModules.has('forms') || !api.schemaModules.has('form_fields') || !api.schemaModules.has('form_submissions')) return;
    const serviceId = await demoServiceId(tx, 'demo.services.klient_site');
    const text = (key: string) => t(`demo.site_forms.${key}`);
    const form = await insertDemoRecord(tx, api, 'forms', { serviceId }, {
      name: text('name'),
      recipients: [text('recipient')],
      thank_you: text('thank_you'),
      consent_text: text('consent_text'),
      retention_value: 12,
      retention_unit: 'months',
    });
    const topics = ['question', 'application', 'complaint'].map((topic) => text(`fields.topic_options.${topic}`));
    const specs: Omit<FormField, 'id'>[] = [
      { kind: 'text', label: text('fields.name'), required: true },
      { kind: 'email', label: text('fields.email'), required: true },
      { kind: 'phone', label: text('fields.phone'), required: false },
      { kind: 'choice', label: text('fields.topic'), required: true, options: topics },
      { kind: 'textarea', label: text('fields.message'), help: text('fields.message_help'), required: true },
      { kind: 'consent', label: text('fields.consent'), required: true },
      { kind: 'file', label: text('fields.attachment'), required: false },
    ];
    const fields: FormField[] = [];
    for (const spec of specs) fields.push({ ...spec, id: (await insertDemoRecord(tx, api, 'form_fields', { serviceId, parentId: form.id }, spec)).id } as FormField);
    const [name, email, , topic, message, consent, attachment] = fields;
    for (const submission of SUBMISSIONS) {
      const answer = (part: string) => text(`submissions.${submission.key}.${part}`);
      const answers = {
        [answerKey(name)]: answer('name'),
        [answerKey(email)]: answer('email'),
        [answerKey(topic)]: answer('topic'),
        [answerKey(message)]: answer('message'),
        [answerKey(consent)]: true,
      };
      const sentAt = new Date(Date.now() - submission.daysAgo * 86_400_000);
      const fileName = text('submission_file');
      if (submission.file) answers[answerKey(attachment)] = fileName;
      const stored = await insertDemoRecord(tx, api, 'form_submissions', { serviceId, parentId: form.id }, { submitted_at: sentAt.toISOString(), answers: answersText(fields, answers) });
      const keys: string[] = [];
      if (submission.file) {
        // Where a file sent with the form is kept, counted in the service's space.
        const key = `${SUBMISSION_FILES}/${serviceId}/${stored.id}/${newStoredName('pdf')}`;
        const temporary = await api.ctx.files.putTemporary(Readable.from([DEMO_PDF]), DEMO_PDF.length);
        await api.ctx.files.commit(temporary.key, key);
        await chargeFiles(tx, serviceId, [{ key, bytes: temporary.bytes }]);
        keys.push(key);
      }
      await tx.query(
        `UPDATE module_records SET created_at = $2, data = data || jsonb_build_object('stored_files', $3::jsonb, 'stored_file_names', $4::jsonb, 'values', $5::jsonb) WHERE id = $1`,
        [stored.id, sentAt.toISOString(), JSON.stringify(keys), JSON.stringify(keys.map(() => fileName)), JSON.stringify(answers)],
      );
    }
  },
};
