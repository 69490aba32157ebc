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
  await signIn('klient', 'klient2');
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

  it('that fails later tells the user who started it, in their panel news alone', async () => {
    const templates = (await call('GET', api('/module/templates'))).json().data as { id: number }[];
    // A method saved before the outbound rules refused its host (a save refuses it now): no message can go through it.
    const refused = { config_type_id: 2, smtp_host: '10.0.0.1', smtp_port: 25, smtp_user: 'a@example.com', smtp_password: 'x', from: 'a@example.com', from_name: 'A' };
    await test.ctx.db.query("UPDATE module_records SET data = $2 WHERE resource = 'senders_config' AND client_service_id = $1", [newsletter, refused]);
    const news = async (as: string) => (await call('GET', '/api/news', undefined, as)).json() as { data: { id: number; title: string; lead: string; is_read: boolean }[]; unread_count: number };
    const before = await news('klient');
    const id = (await call('POST', api('/module/mailings'), { subject: 'Nieudana <wysyłka>', template_id: templates[0].id })).json().id as number;
    expect((await call('PUT', api(`/module/mailings/${id}/start`))).statusCode).toBe(200);
    const notice = await until(async () => (await news('klient')).data.find((item) => item.title === 'Wysyłka „Nieudana <wysyłka>” nie powiodła się'), 30_000);
    expect(notice).toMatchObject({
      is_read: false,
      lead: 'Wysyłka „Nieudana <wysyłka>” usługi „Newsletter firmy Kowalski” zakończyła się błędem. Powód: Metoda wysyłki nie jest skonfigurowana lub nie działa.',
    });
    expect((await news('klient')).unread_count).toBe(before.unread_count + 1);
    const shown = (await call('GET', `/api/news/${notice.id}`)).json() as { body: string };
    expect(shown.body).toContain('Nieudana &lt;wysyłka&gt;');
    // Nobody else sees it, nor can mark it read.
    expect((await news('klient2')).data.map((item) => item.id)).not.toContain(notice.id);
    expect((await call('GET', `/api/news/${notice.id}`, undefined, 'klient2')).statusCode).toBe(404);
    expect((await call('POST', `/api/news/${notice.id}/set_read`, undefined, 'klient2')).statusCode).toBe(404);
    expect((await call('POST', `/api/news/${notice.id}/set_read`)).statusCode).toBe(204);
  });
});
