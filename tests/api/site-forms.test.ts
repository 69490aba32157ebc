import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_SUBMISSION_QUOTA, SUBMISSION_MAIL_JOB } from '../../src/modules/site/server/forms';
import { RETENTION_JOB } from '../../src/modules/site/server/forms/submissions';
import { t } from '../../src/server/platform/http/errors';
import { readOutbox } from './auth-support';
import { multipart, PNG, serviceOf } from './schema-fixtures';
import { createTestApp, type TestApp } from './support/app';
import { signedIn } from './support/signed-in';
import { until } from './support/until';

/**
 * The site's forms (issue 15): the panel's forms, fields and submissions modules, and the public
 * API a site sends submissions to, checked by the schema the fields generate.
 */
let test: TestApp;
const { signIn, call } = signedIn(() => test);
let site: number;
let otherSite: number;
const DOMAIN = 'www.kowalski.example.com';
const OTHER_DOMAIN = 'kowalski.example.net';
let address = 0;
/** Each test's own address, so the rate limit counts only its calls. */
const freshIp = () => `10.20.${Math.floor((address += 1) / 250)}.${address % 250}`;

beforeAll(async () => {
  // Jobs run: a submission's mails are jobs, as is the retention clean-up.
  test = await createTestApp({ jobsEnabled: true, jobsPollingInterval: 0.5 });
  await signIn('klient', 'klient2');
  site = await serviceOf(test, 'klient', 1);
  otherSite = await serviceOf(test, 'klient2', 1);
}, 60_000);
afterAll(async () => {
  await test?.close();
});

const forms = (service = site) => `/api/client_service/${service}/module/forms`;
const publicForm = (formId: number, domain = DOMAIN) => `/api/site/${domain}/forms/${formId}`;
/** A submission as a site sends it: no session, no XSRF pair. */
const submit = (formId: number, payload: unknown, options: { domain?: string; ip?: string; headers?: Record<string, string> } = {}) =>
  test.call({ method: 'POST', url: `${publicForm(formId, options.domain)}/submissions`, payload, withoutXsrf: true, remoteAddress: options.ip ?? freshIp(), headers: options.headers });

async function addForm(values: Record<string, unknown> = {}) {
  const response = await call('POST', forms(), { name: 'Kontakt', recipients: ['biuro@example.pl', 'sekretariat@example.pl'], thank_you: 'Dziękujemy!', retention_value: 30, retention_unit: 'days', ...values });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

async function addField(formId: number, values: Record<string, unknown>) {
  const response = await call('POST', `${forms()}/${formId}/fields`, values);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

/** A form with a text, an e-mail, a choice and a required consent. */
async function contactForm() {
  const formId = await addForm();
  const name = await addField(formId, { kind: 'text', label: 'Imię', required: true });
  const email = await addField(formId, { kind: 'email', label: 'E-mail', required: true });
  const topic = await addField(formId, { kind: 'choice', label: 'Temat', options: ['Pytanie', 'Skarga'], required: false });
  const consent = await addField(formId, { kind: 'consent', label: 'Zgoda RODO', required: true });
  return { formId, name: `field_${name}`, email: `field_${email}`, topic: `field_${topic}`, consent: `field_${consent}` };
}

const submissionsOf = async (formId: number) => (await call('GET', `${forms()}/${formId}/submissions`)).json();

describe('forms in the panel', () => {
  it('keeps a form with its configuration and refuses a retention out of bounds in Polish', async () => {
    const formId = await addForm();
    const read = await call('GET', `${forms()}/${formId}`);
    expect(read.json()).toMatchObject({ name: 'Kontakt', retention_value: 30, retention_unit: 'days', thank_you: 'Dziękujemy!' });
    const months = await call('PUT', `${forms()}/${formId}`, { name: 'Kontakt', retention_value: 36, retention_unit: 'months' });
    expect(months.statusCode).toBe(400);
    expect(months.json().errors.retention_value).toBe(t('validation.forms.retention_value_max', { max: 24 }));
    const days = await call('PUT', `${forms()}/${formId}`, { name: 'Kontakt', retention_value: 0, retention_unit: 'days' });
    expect(days.json().errors.retention_value).toBe(t('validation.forms.retention_value_min', { min: 1 }));
    const recipients = await call('PUT', `${forms()}/${formId}`, { name: 'Kontakt', recipients: ['nie-adres'], retention_value: 3, retention_unit: 'days' });
    expect(recipients.json().errors['recipients.0']).toBe(t('validation.forms.recipients_item_invalid'));
  });

  it('asks options of a choice field, in the fields order', async () => {
    const formId = await addForm();
    const noOptions = await call('POST', `${forms()}/${formId}/fields`, { kind: 'choices', label: 'Zainteresowania' });
    expect(noOptions.statusCode).toBe(400);
    expect(noOptions.json().errors.options).toBe(t('validation.form_fields.options_required'));
    const first = await addField(formId, { kind: 'text', label: 'Pierwsze' });
    const second = await addField(formId, { kind: 'choices', label: 'Drugie', options: ['A', 'B'] });
    const list = (await call('GET', `${forms()}/${formId}/fields`)).json();
    expect(list.data.map((field: { id: number }) => field.id)).toEqual([first, second]);
  });

  it('shows submissions read-only, newest first, and exports them as CSV', async () => {
    const { formId, name, email, consent } = await contactForm();
    for (const person of ['Anna', 'Jan']) expect((await submit(formId, { [name]: person, [email]: `${person.toLowerCase()}@example.pl`, [consent]: true })).statusCode).toBe(201);
    const list = await submissionsOf(formId);
    expect(list.pagination.total).toBe(2);
    expect(list.data[0].answers).toContain('Imię: Jan');
    expect(list.data[1].answers).toContain('Imię: Anna');
    expect((await call('POST', `${forms()}/${formId}/submissions`, { answers: 'x' })).statusCode).toBe(404);
    const csv = await call('GET', `${forms()}/${formId}/submissions/export`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Imię: Anna');
  });

  it("keeps another client's forms and their submissions out of reach", async () => {
    const formId = await addForm();
    expect((await call('GET', `${forms()}/${formId}`, undefined, 'klient2')).statusCode).toBe(403);
    expect((await call('GET', `${forms(otherSite)}/${formId}`, undefined, 'klient2')).statusCode).toBe(404);
    expect((await call('GET', `${forms(otherSite)}/${formId}/submissions`, undefined, 'klient2')).statusCode).toBe(403);
    expect((await call('GET', `${forms()}/${formId}/submissions`, undefined, 'klient2')).statusCode).toBe(403);
  });
});

describe('the public form API', () => {
  it("answers the form's generated schema and texts on any of the service's domains", async () => {
    const { formId, name, topic, consent } = await contactForm();
    for (const domain of [DOMAIN, OTHER_DOMAIN, DOMAIN.toUpperCase()]) {
      const response = await test.call({ method: 'GET', url: publicForm(formId, domain), withoutXsrf: true });
      expect(response.statusCode).toBe(200);
      const form = response.json();
      expect(form).toMatchObject({ id: formId, name: 'Kontakt', thank_you: 'Dziękujemy!', honeypot: 'website' });
      expect(form.schema.required).toEqual([name, `field_${Number(name.slice(6)) + 1}`, consent]);
      expect(form.schema.properties[topic]).toMatchObject({ type: 'string', enum: ['Pytanie', 'Skarga'], title: 'Temat' });
    }
  });

  it('answers 404 for an unknown domain, a form of another service and a service without the module', async () => {
    const { formId } = await contactForm();
    expect((await test.call({ method: 'GET', url: publicForm(formId, 'nieznana.example.com') })).statusCode).toBe(404);
    expect((await test.call({ method: 'GET', url: publicForm(formId, 'www.nowak.example.org') })).statusCode).toBe(404);
    expect((await test.call({ method: 'GET', url: publicForm(999999) })).statusCode).toBe(404);
    expect((await test.call({ method: 'GET', url: `/api/site/${DOMAIN}/forms/abc` })).statusCode).toBe(404);
    expect((await submit(formId, {}, { domain: 'www.nowak.example.org' })).statusCode).toBe(404);
    await test.ctx.db.query("DELETE FROM client_service_modules WHERE client_service_id = $1 AND module = 'forms'", [site]);
    try {
      expect((await test.call({ method: 'GET', url: publicForm(formId) })).statusCode).toBe(404);
    } finally {
      await test.ctx.db.query("INSERT INTO client_service_modules (client_service_id, module) VALUES ($1, 'forms')", [site]);
    }
  });

  it('stores a valid submission and mails it to every recipient', async () => {
    const { formId, name, email, topic, consent } = await contactForm();
    const response = await submit(formId, { [name]: 'Anna\r\nBcc: x@example.com', [email]: 'anna.mail@example.pl', [topic]: 'Skarga', [consent]: true, field_0: 'obce' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().detail).toBe('Dziękujemy!');
    const [stored] = (await submissionsOf(formId)).data;
    expect(stored.answers).toBe('Imię: Anna\r\nBcc: x@example.com\nE-mail: anna.mail@example.pl\nTemat: Skarga\nZgoda RODO: tak');
    // Mailed by a job, one per recipient.
    const mails = await until(async () => {
      const sent = (await readOutbox(test.config)).filter((mail) => mail.text.includes('anna.mail@example.pl'));
      return sent.length === 2 ? sent : undefined;
    });
    expect(mails.map((mail) => mail.to).sort()).toEqual(['biuro@example.pl', 'sekretariat@example.pl']);
    expect(mails[0].subject).toBe(t('resources.form_submissions.mail.subject', { form: 'Kontakt' }));
    // The answers are the body's: no header line comes of them.
    expect(mails[0].raw.slice(0, mails[0].raw.indexOf('\n\n'))).not.toMatch(/^Bcc:/im);
  });

  it('refuses a submission that fails the schema with Polish messages per field and stores nothing', async () => {
    const { formId, name, email, topic, consent } = await contactForm();
    const response = await submit(formId, { [email]: 'nie-adres', [topic]: 'Inne', [consent]: false });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: t('validation.form_invalid'),
      errors: {
        [name]: t('validation.form_submission.required', { field: 'Imię' }),
        [email]: t('validation.form_submission.email', { field: 'E-mail' }),
        [topic]: t('validation.form_submission.choice', { field: 'Temat' }),
        [consent]: t('validation.form_submission.consent', { field: 'Zgoda RODO' }),
      },
    });
    expect((await submit(formId, [1, 2])).json().detail).toBe(t('errors.form_submission_body'));
    expect((await submit(formId, { [name]: 'x'.repeat(300), [email]: 'a@example.pl', [consent]: true })).json().errors[name]).toBe(
      t('validation.form_submission.too_long', { field: 'Imię', max: 255 }),
    );
    expect((await submissionsOf(formId)).pagination.total).toBe(0);
  });

  it('keeps and answers a submission while the mail server is down: its mails wait in a durable job for the next try', async () => {
    const { formId, name, email, consent } = await contactForm();
    const send = test.ctx.mailer.send;
    test.ctx.mailer.send = () => Promise.reject(new Error('connect ECONNREFUSED'));
    try {
      const response = await submit(formId, { [name]: 'Ewa', [email]: 'ewa.awaria@example.pl', [consent]: true });
      expect(response.statusCode, response.body).toBe(201);
      expect((await submissionsOf(formId)).pagination.total).toBe(1);
      const waiting = await until(async () => {
        const { rows } = await test.ctx.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state = 'retry' AND (data->>'submissionId')::bigint = $2`,
          [SUBMISSION_MAIL_JOB, response.json().id],
        );
        return rows[0].n === 2 ? rows[0].n : undefined;
      });
      expect(waiting).toBe(2);
    } finally {
      test.ctx.mailer.send = send;
    }
  });

  it("lets a site's pages on any origin read a form and send to it (CORS without credentials), while the panel's calls stay same-origin", async () => {
    const { formId, name, email, consent } = await contactForm();
    const origin = { origin: 'https://www.kowalski.example.com' };
    const preflight = await test.call({ method: 'OPTIONS', url: `${publicForm(formId)}/submissions`, headers: { ...origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('content-type');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    const read = await test.call({ method: 'GET', url: publicForm(formId), headers: origin });
    expect(read.headers['access-control-allow-origin']).toBe('*');
    const sent = await submit(formId, { [name]: 'Ola', [email]: 'ola.cors@example.pl', [consent]: true }, { headers: origin });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.headers['access-control-allow-origin']).toBe('*');
    expect((await call('GET', forms())).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a filled honeypot as sent and keeps nothing', async () => {
    const { formId, name, email, consent } = await contactForm();
    const mailJobs = async () =>
      (await test.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1', [SUBMISSION_MAIL_JOB])).rows[0].n;
    const before = await mailJobs();
    const response = await submit(formId, { [name]: 'Robot', [email]: 'robot@example.pl', [consent]: true, website: 'http://spam.example.com' });
    expect(response.statusCode).toBe(201);
    expect((await submissionsOf(formId)).pagination.total).toBe(0);
    // No mail is on its way: the submissions' mails are jobs, sent with the submission.
    expect(await mailJobs()).toBe(before);
  });

  it('limits submissions per address and form, in Polish', async () => {
    const { formId, name, email, consent } = await contactForm();
    const other = await contactForm();
    const ip = freshIp();
    const valid = { [name]: 'Anna', [email]: 'anna@example.pl', [consent]: true };
    for (let index = 0; index < FORM_SUBMISSION_QUOTA.limit; index++) expect((await submit(formId, valid, { ip })).statusCode).toBe(201);
    const refused = await submit(formId, valid, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toBe(t('errors.throttled.form_submission', { minutes: 10 }));
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await submit(formId, valid)).statusCode).toBe(201);
    expect((await submit(other.formId, { [other.name]: 'Anna', [other.email]: 'anna@example.pl', [other.consent]: true }, { ip })).statusCode).toBe(201);
  });

  it('keeps a submitted file in the file store, counted against the service space, and refuses other types', async () => {
    const formId = await addForm();
    const file = `field_${await addField(formId, { kind: 'file', label: 'Załącznik', required: true })}`;
    const usedBefore = await used();
    const upload = multipart({}, { name: 'skan.png', type: 'image/png', data: PNG }, file);
    const response = await submit(formId, upload.payload, { headers: upload.headers });
    expect(response.statusCode, response.body).toBe(201);
    expect(await used()).toBe(usedBefore + PNG.length);
    const [submission] = (await submissionsOf(formId)).data;
    expect(submission.answers).toContain('Załącznik: skan.png');
    // The panel lists it by its name as sent, with a signed link that serves it; another client is refused.
    const filesPath = `${forms()}/${formId}/submissions/${submission.id}/files`;
    const files = await call('GET', filesPath);
    expect(files.statusCode, files.body).toBe(200);
    expect(files.json().data).toEqual([{ name: 'skan.png', url: expect.stringMatching(/^\/api\/files\/signed\//) }]);
    const served = await test.call({ method: 'GET', url: files.json().data[0].url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await call('GET', filesPath, undefined, 'klient2')).statusCode).toBe(403);
    expect((await call('GET', `${forms()}/${formId}/submissions/999999/files`)).statusCode).toBe(404);
    const text = multipart({}, { name: 'x.txt', type: 'text/plain', data: Buffer.from('hello world, not a picture') }, file);
    const refused = await submit(formId, text.payload, { headers: text.headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[file]).toBe(t('validation.form_submission.file_type', { field: 'Załącznik' }));
    const missing = await submit(formId, { [file]: 'data:image/png;base64,AAAA' });
    expect(missing.json().errors[file]).toBe(t('validation.form_submission.required', { field: 'Załącznik' }));
    expect((await submissionsOf(formId)).pagination.total).toBe(1);
  });

  it('needs no XSRF pair, while the panel calls still do', async () => {
    const { formId } = await contactForm();
    const panel = await test.call({ method: 'POST', url: forms(), payload: { name: 'Bez tokenu' }, withoutXsrf: true });
    expect(panel.statusCode).toBe(403);
    expect(panel.json().detail).toBe(t('errors.xsrf'));
    const publicCall = await submit(formId, {}, { headers: { origin: 'https://www.kowalski.example.com' } });
    expect(publicCall.statusCode).toBe(400);
  });
});

async function used(): Promise<number> {
  const { rows } = await test.ctx.db.query<{ used: string }>('SELECT site_size_used AS used FROM client_services WHERE id = $1', [site]);
  return Number(rows[0].used);
}

describe('retention', () => {
  it('deletes submissions older than their form keeps them, with their files, by a daily job', async () => {
    expect(await test.ctx.jobs.schedules()).toContainEqual(expect.objectContaining({ name: RETENTION_JOB }));
    const formId = await addForm({ retention_value: 2, retention_unit: 'days' });
    const file = `field_${await addField(formId, { kind: 'file', label: 'Skan' })}`;
    const upload = multipart({}, { name: 'skan.png', type: 'image/png', data: PNG }, file);
    expect((await submit(formId, upload.payload, { headers: upload.headers })).statusCode).toBe(201);
    expect((await submit(formId, {})).statusCode).toBe(201);
    const [newer, older] = (await submissionsOf(formId)).data;
    const usedBefore = await used();
    await test.ctx.db.query("UPDATE module_records SET created_at = now() - interval '3 days' WHERE id = $1", [older.id]);
    const { rows } = await test.ctx.db.query<{ keys: string[] }>("SELECT data->'stored_files' AS keys FROM module_records WHERE id = $1", [older.id]);
    expect(await test.ctx.files.open(rows[0].keys[0])).not.toBeNull();
    const job = (await test.ctx.jobs.send(RETENTION_JOB, {}))!;
    expect(await until(async () => ((await test.ctx.jobs.state(RETENTION_JOB, job))?.state === 'completed' ? true : undefined))).toBe(true);
    expect((await submissionsOf(formId)).data.map((row: { id: number }) => row.id)).toEqual([newer.id]);
    expect(await test.ctx.files.open(rows[0].keys[0])).toBeNull();
    expect(await used()).toBe(usedBefore - PNG.length);
  });
});
