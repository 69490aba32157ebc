import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, serviceOf } from './schema-fixtures';
import { createTestApp, type TestApp } from './support/app';
import { signedIn } from './support/signed-in';

let test: TestApp;
const users = signedIn(() => test);
let newsletter: number;

beforeAll(async () => {
  test = await createTestApp();
  await users.signIn('klient');
  newsletter = await serviceOf(test, 'klient', 9);
});
afterAll(() => test?.close());

// Days that do not exist, years PostgreSQL or an ISO string cannot hold, a leap second JavaScript cannot hold.
const NOT_MOMENTS = ['10000-01-01', '10000-01-01T00:00:00Z', '2099-02-30T10:00:00Z', '0000-01-01T00:00:00Z', '9999-12-31T23:59:59-14:00', '2030-06-30T23:59:60Z', 'jutro'];

describe('one date parser: impossible dates and years beyond 9999 are a Polish 400, never a 500 or another day', () => {
  it('the disk refuses them as public_end_date and keeps a real one as given', async () => {
    const root = (await users.call('GET', `/api/client_service/${newsletter}/module/files`)).json();
    const form = multipart(undefined, { name: 'daty.txt', type: 'text/plain', data: Buffer.from('x') });
    const file = (
      await test.call({ method: 'POST', url: `/api/client_service/${newsletter}/upload/files/${root.id}`, token: users.tokens.klient, payload: form.payload, headers: form.headers })
    ).json();
    const publish = (end: string) => users.call('PUT', `/api/client_service/${newsletter}/files/${file.id}/publish`, { public: true, public_end_date: end });
    for (const end of NOT_MOMENTS) {
      const response = await publish(end);
      expect(response.statusCode, end).toBe(400);
      expect(response.json().errors, end).toEqual({ public_end_date: 'Data końca publikacji jest nieprawidłowa.' });
    }
    const leapDay = await publish('2096-02-29T23:30:00+01:00');
    expect(leapDay.statusCode, leapDay.body).toBe(200);
    expect(leapDay.json().public_end_date).toBe('2096-02-29T22:30:00.000Z');
  });

  it('a schema date-time field (a mailing start, a timestamptz column) refuses them with its message', async () => {
    const template = await users.call('POST', `/api/client_service/${newsletter}/module/templates`, { name: 'Szablon dat', html: '<p>Daty</p>' });
    expect(template.statusCode, template.body).toBe(201);
    const mailing = (startAt: string) =>
      users.call('POST', `/api/client_service/${newsletter}/module/mailings`, { subject: 'Daty', template_id: template.json().id, start_mode: 'date', start_at: startAt });
    for (const startAt of NOT_MOMENTS) {
      const response = await mailing(startAt);
      expect(response.statusCode, startAt).toBe(400);
      expect(response.json().errors, startAt).toEqual({ start_at: 'Podaj poprawną datę rozpoczęcia wysyłki.' });
    }
    const scheduled = await mailing('2099-02-28T10:00:00+01:00');
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    expect(new Date(scheduled.json().start_at).toISOString()).toBe('2099-02-28T09:00:00.000Z');
  });
});
