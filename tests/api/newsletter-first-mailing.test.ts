import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceOf } from './schema-fixtures';
import { createTestApp, type TestApp } from './support/app';
import { type MailSink, startMailSink } from './support/mail-sink';
import { signedIn } from './support/signed-in';
import { until } from './support/until';

let test: TestApp;
let sink: MailSink;
let newsletter: number;
const { signIn, call } = signedIn(() => test);

beforeAll(async () => {
  sink = await startMailSink();
  test = await createTestApp({ jobsEnabled: true, jobsPollingInterval: 0.5, smtpUrl: sink.url, mailingPumpSeconds: 0.5 });
  await signIn('klient');
  newsletter = await serviceOf(test, 'klient', 9);
}, 60_000);
afterAll(async () => {
  await test?.close();
  await sink?.close();
});

const api = (path: string) => `/api/client_service/${newsletter}${path}`;

describe("a new user's first mailing", () => {
  it("goes out from klient's demo newsletter as it is: the provider's relay from its domain, to every subscribed recipient", async () => {
    const templates = (await call('GET', api('/module/templates'))).json().data as { id: number }[];
    const created = await call('POST', api('/module/mailings'), { subject: 'Pierwsza wysyłka', template_id: templates[0].id });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const started = await call('PUT', api(`/module/mailings/${id}/start`));
    expect(started.statusCode, started.body).toBe(200);
    const progress = await until(async () => {
      const current = (await call('GET', api(`/module/mailings/${id}/progress`))).json() as { status: string; counts: { sent: number; total: number } };
      return current.status === 'sending' ? undefined : current;
    }, 30_000);
    expect(progress.status).toBe('sent');
    expect(progress.counts.sent).toBe(progress.counts.total);
    expect(progress.counts.total).toBeGreaterThan(0);
    expect(sink.messages).toHaveLength(progress.counts.total);
    // The From header, folded or not.
    expect(sink.messages[0].raw).toMatch(/^From: [^\r\n]*(\r\n[ \t][^\r\n]*)*<newsletter@newsletter\.kowalski\.example\.com>/m);
  });

});
