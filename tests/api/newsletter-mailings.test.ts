import { createServer, type Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryTokens } from '../../src/modules/newsletter/server/mailings/render';
import { loadSecret } from '../../src/server/platform/auth/tokens';
import { addUsage } from '../../src/modules/newsletter/server/usage';
import { serviceOf } from './schema-fixtures';
import { createSendingTestApp, type TestApp } from './support/app';
import { signedIn } from './support/signed-in';
import { type MailSink, startMailSink } from './support/mail-sink';
import { until } from './support/until';

let test: TestApp;
let sink: MailSink;
let emailLabs: Server;
let emailLabsPort: number;
const emailLabsRequests: URLSearchParams[] = [];
const { signIn, call } = signedIn(() => test);
let newsletter: number;
let foreignNewsletter: number;
/** Recipients the sink answers 550 (permanent) or, once each, 451 (transient). */
const refused = new Set<string>();
const deferredOnce = new Set<string>();
/** Slows every message down, so that a pause finds the mailing mid-way. */
let delayMs = 0;
/** Messages the sink holds unanswered until released; `arrived` tells that one is held. */
const held = new Map<string, { arrived(): void; release: Promise<void> }>();

beforeAll(async () => {
  sink = await startMailSink({
    answer: async (to) => {
      const hold = held.get(to);
      if (hold) {
        held.delete(to);
        hold.arrived();
        await hold.release;
      }
      if (delayMs) await sleep(delayMs);
      if (refused.has(to)) return { code: 550, message: 'No such user' };
      if (deferredOnce.delete(to)) return { code: 451, message: 'Try again later' };
      return null;
    },
  });
  emailLabs = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      emailLabsRequests.push(new URLSearchParams(body));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"success"}');
    });
  });
  await new Promise<void>((resolve) => emailLabs.listen(0, '127.0.0.1', resolve));
  emailLabsPort = (emailLabs.address() as { port: number }).port;
  test = await createSendingTestApp(sink);
  foreignNewsletter = await addKlient2Newsletter();
  await signIn('klient', 'klient2', 'admin');
  newsletter = await serviceOf(test, 'klient', 9);
  await setSender({ config_type_id: 1, from: 'biuro', from_name: 'Biuro Kowalski' });
}, 60_000);
afterAll(async () => {
  await test?.close();
  await sink?.close();
  await new Promise<void>((resolve) => emailLabs.close(() => resolve()));
});

/** A newsletter service of klient2's own (client 102; the demo gives klient2 none), with the templates and mailings modules. */
async function addKlient2Newsletter(): Promise<number> {
  const { rows } = await test.ctx.db.query<{ id: number }>(
    "INSERT INTO client_services (name, type_id, kind_id, client_id) VALUES ('Newsletter testowy', 9, 4, 102) RETURNING id",
  );
  const id = rows[0].id;
  await test.ctx.db.query('INSERT INTO client_service_modules (client_service_id, module) SELECT $1, unnest($2::text[])', [id, ['templates', 'mailings']]);
  await test.ctx.db.query("INSERT INTO client_service_users (client_service_id, user_id, is_admin) SELECT $1, id, TRUE FROM users WHERE username = 'klient2'", [id]);
  return id;
}

const api = (path = '') => `/api/client_service/${newsletter}${path}`;
const mailingsPath = (path = '') => api(`/module/mailings${path}`);

async function setSender(config: Record<string, unknown>) {
  const saved = await call('POST', api('/module/senders/configs'), config);
  expect(saved.statusCode, saved.body).toBeLessThan(300);
}

let unique = 0;
/** Recipients of one test: distinct addresses, all with a tag of their own (mailings of the test aim at it), plus any tags given. */
async function addRecipients(count: number, tags: string[] = []): Promise<{ emails: string[]; tag: string }> {
  const prefix = `r${(unique += 1)}`;
  const tag = `grupa-${prefix}`;
  for (const name of [tag, ...tags]) await call('POST', api('/module/tags'), { name });
  const emails: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const email = `${prefix}-${index}@example.com`;
    const created = await call('POST', api('/module/recipients'), { name: `Odbiorca ${prefix} ${index}`, email, tags: [tag, ...tags] });
    expect(created.statusCode, created.body).toBe(201);
    emails.push(email);
  }
  return { emails, tag };
}

/** Many recipients at once, written straight into the recipients' storage (the API would take long). */
async function addManyRecipients(count: number): Promise<{ emails: string[]; tag: string }> {
  const prefix = `m${(unique += 1)}`;
  const tag = `grupa-${prefix}`;
  await call('POST', api('/module/tags'), { name: tag });
  const emails = Array.from({ length: count }, (_, index) => `${prefix}-${index}@example.com`);
  await test.ctx.db.query(
    `INSERT INTO module_records (resource, client_service_id, data)
     SELECT 'recipients', $1, jsonb_build_object('name', 'Odbiorca ' || e, 'email', e, 'tags', jsonb_build_array($2::text)) FROM unnest($3::text[]) AS e`,
    [newsletter, tag, emails],
  );
  return { emails, tag };
}

const toGroup = (tag: string) => ({ audience: 'tags', tags_included: [tag] });

async function addTemplate(html: string): Promise<number> {
  const created = await call('POST', api('/module/templates'), { name: `Szablon ${(unique += 1)}`, html });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as number;
}

async function addMailing(body: Record<string, unknown>): Promise<number> {
  const created = await call('POST', mailingsPath(), body);
  expect(created.statusCode, created.body).toBe(201);
  expect(created.json()).toMatchObject({ status: 'draft' });
  return created.json().id as number;
}

interface Progress {
  status: string;
  status_reason: string | null;
  counts: { total: number; queued: number; sending: number; sent: number; failed: number };
  events: { opened: number; clicked: number; unsubscribed: number };
}
const progressOf = async (id: number) => (await call('GET', mailingsPath(`/${id}/progress`))).json() as Progress;

async function waitFor(id: number, wanted: (progress: Progress) => boolean, timeoutMs = 30_000): Promise<Progress> {
  let last: Progress | undefined;
  const reached = async () => {
    last = await progressOf(id);
    return wanted(last) ? last : undefined;
  };
  return until(reached, timeoutMs).catch((error: unknown) => {
    throw new Error(`mailing ${id} stuck: ${JSON.stringify(last)}`, { cause: error });
  });
}

const start = (id: number) => call('PUT', mailingsPath(`/${id}/start`));
/** Starts a draft and waits until it has gone out. */
async function sendOut(id: number): Promise<Progress> {
  await start(id);
  return waitFor(id, (progress) => progress.status === 'sent');
}

/** A message's html part, quoted-printable decoded. */
function htmlOf(raw: string): string {
  const start = raw.indexOf('Content-Type: text/html');
  // The part ends at the boundary, not at any line that begins with "--" (a signed link's "-" may start a quoted-printable line).
  const boundary = /boundary="([^"]+)"/.exec(raw)![1];
  const body = raw.slice(raw.indexOf('\r\n\r\n', start) + 4).split(`\r\n--${boundary}`)[0];
  const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_whole, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
/** A header's value, unfolded, encoded words (=?UTF-8?Q?...?=) decoded. */
const headerOf = (raw: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*(?:\\r\\n[ \\t].*)*)`, 'mi')
    .exec(raw.slice(0, raw.indexOf('\r\n\r\n')))?.[1]
    .replace(/\r\n[ \t]+/g, ' ')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_whole, text: string) =>
      Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_hex, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), 'latin1').toString('utf8'),
    )
    .trim();
const messagesTo = (emails: string[]) => sink.messages.filter((message) => emails.includes(message.to));
/** The messages of one mailing (by its subject) the sink got for these addresses. */
/**
 * Waits until the pump has gone round twice from now: each round starts a mailing made due only
 * once the previous one started, so the second round began after this call did.
 */
async function waitForPumpRounds(template: number): Promise<void> {
  const { tag } = await addRecipients(1);
  for (const round of [1, 2]) {
    const id = await addMailing({ subject: `Runda ${round}`, template_id: template, start_mode: 'date', start_at: new Date(Date.now() + 3_600_000).toISOString(), ...toGroup(tag) });
    await start(id);
    await test.ctx.db.query("UPDATE newsletter_mailings SET start_at = now() - interval '1 second' WHERE id = $1", [id]);
    await waitFor(id, (progress) => progress.status !== 'scheduled');
  }
}
const mailedTo = (emails: string[], subject: string) => messagesTo(emails).filter((message) => headerOf(message.raw, 'Subject') === subject);
/** The path of the unsubscribe link a message carries in its List-Unsubscribe header. */
const unsubscribeLinkOf = (raw: string) => /<https:\/\/panel\.example\.pl(\/api\/newsletter\/unsubscribe\/[^>]+)>/.exec(headerOf(raw, 'List-Unsubscribe')!)![1];
const recipientOf = async (email: string) =>
  (await call('GET', `${api('/module/recipients')}?search=${encodeURIComponent(email)}`)).json().data[0] as { id: number; unsubscribed_at?: string | null };

/** Runs fn under the sending limits given, counted from nothing, then lifts them again. */
async function withLimits(limits: { daily: number; monthly: number }, fn: () => Promise<void>): Promise<void> {
  const saved = await call('PUT', api('/limits'), { panel_emaillabs_daily_mail_limit: limits.daily, panel_emaillabs_monthly_mail_limit: limits.monthly }, 'admin');
  expect(saved.statusCode, saved.body).toBe(200);
  await test.ctx.db.query('DELETE FROM service_limit_usage WHERE client_service_id = $1', [newsletter]);
  try {
    await fn();
  } finally {
    await call('PUT', api('/limits'), { panel_emaillabs_daily_mail_limit: 1_000_000, panel_emaillabs_monthly_mail_limit: 1_000_000 }, 'admin');
  }
}

/** The next day comes for a mailing paused by its daily limit: yesterday's count no longer binds, and its resume time has come. */
async function nextDay(mailingId: number): Promise<void> {
  await test.ctx.db.query("UPDATE service_limit_usage SET period = '2000-01-01' WHERE client_service_id = $1 AND prefix LIKE '%daily%'", [newsletter]);
  await test.ctx.db.query("UPDATE newsletter_mailings SET resume_at = now() - interval '1 second' WHERE id = $1", [mailingId]);
}

describe('newsletter mailings', () => {
  it("gives klient's newsletter demo mailings: a sent one with deliveries, opens and clicks, and a scheduled one", async () => {
    const all = (await call('GET', `${mailingsPath('/summaries')}?per_page=100`)).json().data as { id: number; status: string; start_at: string | null; started_at: string | null; counts: { total: number; sent: number; failed: number; skipped: number } }[];
    const sent = all.find((mailing) => mailing.status === 'sent' && mailing.counts.total === 6)!;
    expect(sent.counts).toEqual({ total: 6, sent: 5, failed: 1, skipped: 0 });
    // Sent at once: no start was asked for, and the list shows when it really began.
    expect(sent).toMatchObject({ start_at: null, started_at: expect.any(String) });
    expect((await progressOf(sent.id)).events).toEqual({ opened: 4, clicked: 2, unsubscribed: 0 });
    expect((await call('GET', mailingsPath(`/${sent.id}/sent`))).json().html).toContain('{{name}}');
    expect(all.filter((mailing) => mailing.status === 'scheduled')).toHaveLength(1);
  });


  it('creates a draft with Polish messages for bad input, and a template of another service is refused', async () => {
    const empty = await call('POST', mailingsPath(), {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      detail: 'Proszę poprawnie wypełnić formularz.',
      errors: { subject: 'Temat wysyłki jest wymagany.', template_id: 'Wybierz szablon wysyłki.' },
    });
    const template = await addTemplate('<p>Treść</p>');
    const noDate = await call('POST', mailingsPath(), { subject: 'Zaplanowana', template_id: template, start_mode: 'date' });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().errors).toEqual({ start_at: 'Data rozpoczęcia wysyłki jest wymagana.' });
    const unknownTemplate = await call('POST', mailingsPath(), { subject: 'Zły szablon', template_id: 999_999 });
    expect(unknownTemplate.statusCode).toBe(400);
    expect(unknownTemplate.json().errors).toEqual({ template_id: 'Wybrany element nie istnieje.' });
    // A status in the body is not the client's to set.
    const id = await addMailing({ subject: 'Szkic', template_id: template, status: 'sent' });
    const changed = await call('PUT', mailingsPath(`/${id}`), { subject: 'Szkic 2', template_id: template, status: 'sending' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ subject: 'Szkic 2', status: 'draft', archived: false });
    expect((await call('DELETE', mailingsPath(`/${id}`))).statusCode).toBe(204);
  });

  it('sends to every subscribed recipient once, personalised, with the RFC 8058 headers, and archives the html as sent', async () => {
    const { emails, tag } = await addRecipients(5);
    const template = await addTemplate('<html><body><h1>Witaj {{name}}!</h1><p><a href="https://sklep.example.pl/promocja?a=1&amp;b=2">Promocja</a></p></body></html>');
    const id = await addMailing({ subject: 'Nowości', template_id: template, tracking: true, ...toGroup(tag) });
    const started = await start(id);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toEqual({ detail: 'Wysyłka została uruchomiona.', status: 'sending' });
    const done = await waitFor(id, (progress) => progress.status === 'sent');
    expect(done.counts).toMatchObject({ total: 5, sent: 5, failed: 0 });

    const received = messagesTo(emails);
    expect(received.map((message) => message.to).sort()).toEqual([...emails].sort());
    const first = received.find((message) => message.to === emails[0])!;
    expect(headerOf(first.raw, 'Subject')).toBe('Nowości');
    expect(headerOf(first.raw, 'List-Unsubscribe')).toMatch(/^<https:\/\/panel\.example\.pl\/api\/newsletter\/unsubscribe\/[^>]+>$/);
    expect(headerOf(first.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(headerOf(first.raw, 'From')).toContain('biuro@newsletter.kowalski.example.com');
    const html = htmlOf(first.raw);
    expect(html).toContain(`Witaj Odbiorca ${emails[0].split('-')[0]} 0!`);
    expect(html).toMatch(/href="https:\/\/panel\.example\.pl\/api\/newsletter\/click\/[^"]+"/);
    expect(html).not.toContain('sklep.example.pl/promocja');
    expect(html).toMatch(/<img src="https:\/\/panel\.example\.pl\/api\/newsletter\/open\/[^"]+"/);
    expect(html).toContain('Wypisz się z newslettera');

    const archived = await call('GET', mailingsPath(`/${id}/sent`));
    expect(archived.json()).toMatchObject({ subject: 'Nowości', html: expect.stringContaining('Witaj {{name}}!') });
    // The archive's frame: the html as sent on a page of its own, sandboxed, its pictures allowed from the web; no session needed, the link is the permission.
    const pageUrl: string = archived.json().page_url;
    expect(pageUrl).toMatch(new RegExp(`^${mailingsPath(`/${id}/sent/page`)}\\?token=`));
    const sentPage = await test.app.inject({ method: 'GET', url: pageUrl });
    expect(sentPage.statusCode).toBe(200);
    expect(sentPage.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(sentPage.body).toBe(archived.json().html);
    const policy = String(sentPage.headers['content-security-policy']);
    expect(policy).toMatch(/^sandbox; default-src 'none'; img-src 'self' https: http: data:;/);
    expect(policy).not.toContain('script-src');
    // The token names this mailing of this service only, and is checked whole.
    const token = pageUrl.split('token=')[1];
    for (const url of [mailingsPath(`/${id + 1}/sent/page?token=${token}`), `${pageUrl.slice(0, -2)}xx`, mailingsPath(`/${id}/sent/page`)]) {
      const refused = await test.app.inject({ method: 'GET', url });
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json().detail).toBe('Link do podglądu wysyłki jest nieprawidłowy lub wygasł. Otwórz podgląd ponownie.');
    }
    const archive = (await call('GET', `${mailingsPath('/summaries')}?archived=true`)).json();
    expect(archive.data.find((mailing: { id: number }) => mailing.id === id)).toMatchObject({ subject: 'Nowości', status: 'sent', counts: { total: 5, sent: 5, failed: 0 } });
    const ofTemplate = (await call('GET', `${mailingsPath('/summaries')}?template_id=${template}`)).json();
    expect(ofTemplate).toMatchObject({ data: [{ id, template_id: template }], pagination: { total: 1 } });
    const current = (await call('GET', `${mailingsPath('/summaries')}?archived=false&per_page=100`)).json();
    expect(current.data.some((mailing: { id: number }) => mailing.id === id)).toBe(false);
    // Started: no change, no delete, no second start.
    const edit = await call('PUT', mailingsPath(`/${id}`), { subject: 'Inny', template_id: template });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().detail).toBe('Rozpoczętej wysyłki nie można zmienić ani usunąć.');
    expect((await call('DELETE', mailingsPath(`/${id}`))).statusCode).toBe(409);
    expect((await start(id)).json().detail).toBe('Można uruchomić tylko wysyłkę w stanie szkicu.');
  });

  it('gives each delivery one Message-ID, which a copy sent again after a crash keeps', async () => {
    const { emails, tag } = await addRecipients(3);
    const template = await addTemplate('<p>Jeden identyfikator</p>');
    const id = await addMailing({ subject: 'Jeden identyfikator', template_id: template, ...toGroup(tag) });
    await sendOut(id);
    const { rows: deliveries } = await test.ctx.db.query<{ id: string; email: string }>('SELECT id, email FROM newsletter_deliveries WHERE mailing_id = $1 ORDER BY id', [id]);
    const tokens = new DeliveryTokens(await loadSecret(test.ctx.config));
    const expected = (delivery: { id: string }) => tokens.messageId(Number(delivery.id), id, 'newsletter.kowalski.example.com');
    for (const delivery of deliveries) {
      expect(mailedTo([delivery.email], 'Jeden identyfikator').map((message) => headerOf(message.raw, 'Message-ID'))).toEqual([expected(delivery)]);
    }
    // What a crash leaves: a message the server took, its delivery still 'sending'; the lease ends and it goes out again.
    await test.ctx.db.query("UPDATE newsletter_deliveries SET state = 'sending', lease_until = now() - interval '1 second' WHERE id = $1", [deliveries[0].id]);
    await test.ctx.db.query("UPDATE newsletter_mailings SET status = 'sending', heartbeat_at = NULL WHERE id = $1", [id]);
    await waitFor(id, (progress) => progress.status === 'sent' && mailedTo([emails[0]], 'Jeden identyfikator').length === 2);
    expect(mailedTo([emails[0]], 'Jeden identyfikator').map((message) => headerOf(message.raw, 'Message-ID'))).toEqual([expected(deliveries[0]), expected(deliveries[0])]);
    expect(new Set(mailedTo(emails, 'Jeden identyfikator').map((message) => headerOf(message.raw, 'Message-ID'))).size).toBe(3);
  });

  it('never sends a batch twice when its lease ran out while it was being sent (a renewal stalled by a busy server)', async () => {
    const { emails, tag } = await addRecipients(3);
    const template = await addTemplate('<p>Jedna kopia</p>');
    const id = await addMailing({ subject: 'Jedna kopia', template_id: template, ...toGroup(tag) });
    let release = () => {};
    const arrived = new Promise<void>((resolve) => held.set(emails[0], { arrived: resolve, release: new Promise<void>((done) => (release = done)) }));
    await start(id);
    await arrived;
    // The batch is still being sent, but its lease ran out: what a renewal late by more than the lease leaves.
    await test.ctx.db.query("UPDATE newsletter_deliveries SET lease_until = now() - interval '1 second' WHERE mailing_id = $1 AND state = 'sending'", [id]);
    await waitForPumpRounds(template);
    const { rows } = await test.ctx.db.query<{ state: string; attempts: number }>('SELECT state, attempts FROM newsletter_deliveries WHERE mailing_id = $1 AND email = $2', [id, emails[0]]);
    expect(rows).toEqual([{ state: 'sending', attempts: 1 }]);
    release();
    await waitFor(id, (progress) => progress.status === 'sent');
    expect(emails.map((email) => mailedTo([email], 'Jedna kopia').length)).toEqual([1, 1, 1]);
  });

  it('records opens and clicks through signed links, and a forged token records nothing', async () => {
    const { emails, tag } = await addRecipients(1);
    const template = await addTemplate('<p>Hej {{name}} <a href="https://example.org/a">A</a> <a href=\'https://example.org/b\'>B</a></p>');
    const id = await addMailing({ subject: 'Śledzona', template_id: template, ...toGroup(tag) });
    await sendOut(id);
    const html = htmlOf(messagesTo(emails)[0].raw);
    const clicks = [...html.matchAll(/https:\/\/panel\.example\.pl(\/api\/newsletter\/click\/[^"']+)["']/g)].map((match) => match[1]);
    const open = /https:\/\/panel\.example\.pl(\/api\/newsletter\/open\/[^"]+)"/.exec(html)![1];
    expect(clicks).toHaveLength(2);

    const pixel = await test.call({ method: 'GET', url: open, withoutXsrf: true });
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
    // Webmail on another origin loads it.
    expect(pixel.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const second = await test.call({ method: 'GET', url: clicks[1], withoutXsrf: true });
    expect(second.statusCode).toBe(302);
    expect(second.headers.location).toBe('https://example.org/b');
    const forged = await test.call({ method: 'GET', url: `${clicks[0].slice(0, -3)}abc`, withoutXsrf: true });
    expect(forged.statusCode).toBe(404);
    // An open token is not a click token.
    expect((await test.call({ method: 'GET', url: open.replace('/open/', '/click/'), withoutXsrf: true })).statusCode).toBe(404);

    const progress = await progressOf(id);
    expect(progress.events).toEqual({ opened: 1, clicked: 1, unsubscribed: 0 });
    const { rows } = await test.ctx.db.query<{ kind: string; url: string | null }>(
      'SELECT kind, url FROM newsletter_delivery_events WHERE mailing_id = $1 ORDER BY id',
      [id],
    );
    expect(rows).toEqual([
      { kind: 'opened', url: null },
      { kind: 'clicked', url: 'https://example.org/b' },
    ]);
  });

  it('leaves links, pixel and events out when tracking is off', async () => {
    const { emails, tag } = await addRecipients(1);
    const template = await addTemplate('<p><a href="https://example.org/plain">Link</a> {{unsubscribe_url}}</p>');
    const id = await addMailing({ subject: 'Bez śledzenia', template_id: template, tracking: false, ...toGroup(tag) });
    await sendOut(id);
    const html = htmlOf(messagesTo(emails)[0].raw);
    expect(html).toContain('href="https://example.org/plain"');
    expect(html).not.toContain('/api/newsletter/open/');
    expect(html).not.toContain('/api/newsletter/click/');
    // The template placed the unsubscribe link itself: no footer added.
    expect(html).toMatch(/<p><a href="https:\/\/example.org\/plain">Link<\/a> https:\/\/panel\.example\.pl\/api\/newsletter\/unsubscribe\/\S+<\/p>/);
  });

  it('unsubscribes on a public Polish page and by one-click POST; unsubscribed recipients are never mailed again', async () => {
    const { emails, tag } = await addRecipients(2);
    const template = await addTemplate('<p>Lista</p>');
    const first = await addMailing({ subject: 'Pierwsza', template_id: template, ...toGroup(tag) });
    await sendOut(first);
    const links = emails.map((email) => unsubscribeLinkOf(messagesTo([email])[0].raw));

    const page = await test.call({ method: 'GET', url: links[0], withoutXsrf: true });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="pl">');
    expect(page.body).toContain(`Czy na pewno chcesz wypisać adres ${emails[0]} z newslettera?`);
    expect(page.body).toContain('Wypisz mnie');
    // The page asks; only the POST unsubscribes (link scanners open GETs).
    expect((await recipientOf(emails[0])).unsubscribed_at ?? null).toBeNull();

    const confirmed = await test.call({ method: 'POST', url: links[0], withoutXsrf: true, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Wypisano z newslettera');
    const oneClick = await test.call({
      method: 'POST',
      url: links[1],
      withoutXsrf: true,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    for (const email of emails) expect((await recipientOf(email)).unsubscribed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await progressOf(first)).events.unsubscribed).toBe(2);
    // Editing a recipient keeps the date: the client cannot clear it.
    const stored = await recipientOf(emails[0]);
    await call('PUT', api(`/module/recipients/${stored.id}`), { ...stored, unsubscribed_at: null });
    expect((await recipientOf(emails[0])).unsubscribed_at).toBe(stored.unsubscribed_at);

    const bad = await test.call({ method: 'POST', url: `${links[0]}x`, withoutXsrf: true, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(bad.statusCode).toBe(404);
    expect(bad.body).toContain('Ten link jest nieprawidłowy lub wygasł.');

    // With every recipient of the group unsubscribed, a mailing to it has nobody to go to and does not start.
    const before = messagesTo(emails).length;
    const second = await addMailing({ subject: 'Druga', template_id: template, ...toGroup(tag) });
    expect((await start(second)).json().detail).toBe('Nie można uruchomić wysyłki: żaden zapisany odbiorca nie pasuje do wybranych tagów.');
    expect(messagesTo(emails)).toHaveLength(before);
  });

  it('mails by tags: any included tag, no excluded one', async () => {
    const tag = `vip${(unique += 1)}`;
    const excluded = `nie${(unique += 1)}`;
    const { emails: vip } = await addRecipients(2, [tag]);
    const { emails: both } = await addRecipients(1, [tag, excluded]);
    const { emails: other } = await addRecipients(1);
    const template = await addTemplate('<p>Tagi</p>');
    const id = await addMailing({ subject: 'Dla VIP', template_id: template, audience: 'tags', tags_included: [tag], tags_excluded: [excluded] });
    const done = await sendOut(id);
    expect(done.counts.total).toBe(2);
    expect(messagesTo([...vip, ...both, ...other]).map((message) => message.to).sort()).toEqual([...vip].sort());
  });

  it('marks permanent failures failed and retries transient ones', async () => {
    const { emails, tag } = await addRecipients(3);
    refused.add(emails[0]);
    deferredOnce.add(emails[1]);
    const template = await addTemplate('<p>Błędy</p>');
    const id = await addMailing({ subject: 'Z błędami', template_id: template, ...toGroup(tag) });
    await start(id);
    await waitFor(id, (progress) => progress.counts.queued === 1 && progress.counts.sending === 0 && progress.counts.sent === 1, 15_000);
    const { rows } = await test.ctx.db.query<{ email: string; state: string; attempts: number; error: string | null; finished: boolean }>(
      'SELECT email, state, attempts, error, finished_at IS NOT NULL AS finished FROM newsletter_deliveries WHERE mailing_id = $1 ORDER BY id',
      [id],
    );
    // A delivery's end, sent or failed, is dated: the totals count both per day; a retried one has none yet.
    expect(rows.map(({ email, state, attempts, finished }) => ({ email, state, attempts, finished }))).toEqual([
      { email: emails[0], state: 'failed', attempts: 1, finished: true },
      { email: emails[1], state: 'queued', attempts: 1, finished: false },
      { email: emails[2], state: 'sent', attempts: 1, finished: true },
    ]);
    expect(rows[0].error).toContain('550');
    // The retry is due after its delay; brought forward here, it goes out.
    await test.ctx.db.query('UPDATE newsletter_deliveries SET next_attempt_at = now() WHERE mailing_id = $1', [id]);
    const done = await waitFor(id, (progress) => progress.status === 'sent');
    expect(done.counts).toMatchObject({ sent: 2, failed: 1, queued: 0 });
  });

  it('pauses at the daily limit with the reason shown, counts usage per message, and resumes in the next period', async () => {
    const { emails, tag } = await addRecipients(5);
    await withLimits({ daily: 3, monthly: 1000 }, async () => {
      const template = await addTemplate('<p>Limit</p>');
      const id = await addMailing({ subject: 'Limitowana', template_id: template, ...toGroup(tag) });
      await start(id);
      const paused = await waitFor(id, (progress) => progress.status === 'paused' && progress.counts.sending === 0);
      expect(paused).toMatchObject({ status_reason: 'daily_limit', counts: { sent: 3, queued: 2 } });
      const usage = (await call('GET', api('/limits'))).json().data as { prefix: string; usage: number; remaining: number }[];
      expect(usage.find((row) => row.prefix.endsWith('daily_mail_limit'))).toMatchObject({ usage: 3, remaining: 0 });
      expect(usage.find((row) => row.prefix.endsWith('monthly_mail_limit'))).toMatchObject({ usage: 3, remaining: 997 });
      const record = (await call('GET', mailingsPath(`/${id}`))).json();
      expect(record).toMatchObject({ status: 'paused', status_reason: 'daily_limit' });
      const { rows } = await test.ctx.db.query<{ resume_at: Date }>('SELECT resume_at FROM newsletter_mailings WHERE id = $1', [id]);
      expect(new Date(rows[0].resume_at).getTime()).toBeGreaterThan(Date.now());
      await sleep(1500);
      expect((await progressOf(id)).status).toBe('paused');

      // The next day: yesterday's count no longer binds, and the mailing resumes by itself.
      await nextDay(id);
      const done = await waitFor(id, (progress) => progress.status === 'sent');
      expect(done.counts).toMatchObject({ sent: 5, failed: 0 });
      expect(messagesTo(emails)).toHaveLength(5);
      const after = (await call('GET', api('/limits'))).json().data as { prefix: string; usage: number }[];
      expect(after.find((row) => row.prefix.endsWith('daily_mail_limit'))!.usage).toBe(2);
      expect(after.find((row) => row.prefix.endsWith('monthly_mail_limit'))!.usage).toBe(5);
    });
  });

  it('skips recipients who unsubscribed or were deleted after the start, and its counts still add up', async () => {
    const { emails, tag } = await addRecipients(4);
    const template = await addTemplate('<p>Po starcie</p>');
    // An earlier mailing gives the recipients their unsubscribe links.
    await sendOut(await addMailing({ subject: 'Wcześniejsza', template_id: template, ...toGroup(tag) }));
    const unsubscribeLink = unsubscribeLinkOf(mailedTo([emails[1]], 'Wcześniejsza')[0].raw);
    await withLimits({ daily: 1, monthly: 1000 }, async () => {
      // One message a day: the mailing sends to emails[0] and waits for the next day, as a limited mailing may for days.
      const id = await addMailing({ subject: 'Po starcie', template_id: template, ...toGroup(tag) });
      await start(id);
      await waitFor(id, (progress) => progress.status === 'paused' && progress.counts.sending === 0);
      const unsubscribed = await test.call({ method: 'POST', url: unsubscribeLink, withoutXsrf: true, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect(unsubscribed.statusCode).toBe(200);
      expect((await call('DELETE', api(`/module/recipients/${(await recipientOf(emails[2])).id}`))).statusCode).toBe(204);

      await nextDay(id);
      const done = await waitFor(id, (progress) => progress.status === 'sent');
      expect(done.counts).toEqual({ total: 4, queued: 0, sending: 0, sent: 2, failed: 0, skipped: 2 });
      expect(mailedTo(emails, 'Po starcie').map((message) => message.to).sort()).toEqual([emails[0], emails[3]].sort());
      const { rows } = await test.ctx.db.query<{ email: string; state: string; error: string | null; attempts: number }>(
        'SELECT email, state, error, attempts FROM newsletter_deliveries WHERE mailing_id = $1 ORDER BY id',
        [id],
      );
      expect(rows).toEqual([
        { email: emails[0], state: 'sent', error: null, attempts: 1 },
        { email: emails[1], state: 'skipped', error: 'unsubscribed', attempts: 0 },
        { email: emails[2], state: 'skipped', error: 'deleted', attempts: 0 },
        { email: emails[3], state: 'sent', error: null, attempts: 1 },
      ]);
      // Skipped messages count against no limit.
      const usage = (await call('GET', api('/limits'))).json().data as { prefix: string; usage: number }[];
      expect(usage.find((row) => row.prefix.endsWith('monthly_mail_limit'))!.usage).toBe(2);
      const summary = (await call('GET', `${mailingsPath('/summaries')}?archived=true&per_page=100`)).json().data.find((mailing: { id: number }) => mailing.id === id);
      expect(summary.counts).toEqual({ total: 4, sent: 2, failed: 0, skipped: 2 });
      const report = (await call('GET', `${api('/reports/mailings')}?search=${encodeURIComponent('Po starcie')}`)).json().data[0];
      expect(report).toMatchObject({ id, total: 4, sent: 2, failed: 0, skipped: 2, rates: { failed: 0 } });
    });
  });

  it('resumes a mailing paused by its limit as soon as the limit is raised; resume while the limit is spent says it stays paused', async () => {
    const { emails, tag } = await addRecipients(4);
    await withLimits({ daily: 1, monthly: 1000 }, async () => {
      const template = await addTemplate('<p>Podniesiony limit</p>');
      const id = await addMailing({ subject: 'Podniesiony limit', template_id: template, ...toGroup(tag) });
      await start(id);
      await waitFor(id, (progress) => progress.status === 'paused' && progress.counts.sending === 0);
      // Paused by the user meanwhile: resuming while the limit is spent leaves it waiting for the limit, and says so.
      expect((await call('PUT', mailingsPath(`/${id}/pause`))).statusCode).toBe(200);
      expect((await progressOf(id)).status_reason).toBe('user');
      for (let press = 0; press < 2; press += 1) {
        const resumed = await call('PUT', mailingsPath(`/${id}/resume`));
        expect(resumed.statusCode).toBe(200);
        expect(resumed.json()).toEqual({ detail: 'Limit wysyłek jest wyczerpany: wysyłka pozostaje wstrzymana i wznowi się sama, gdy limit na to pozwoli.', status: 'paused' });
        const waiting = (await call('GET', mailingsPath(`/${id}/progress`))).json() as Progress & { resume_at: string };
        expect(waiting).toMatchObject({ status: 'paused', status_reason: 'daily_limit', counts: { sent: 1, queued: 3 } });
        expect(new Date(waiting.resume_at).getTime()).toBeGreaterThan(Date.now());
      }
      // A save that leaves the limit spent changes nothing.
      expect((await call('PUT', api('/limits'), { panel_emaillabs_daily_mail_limit: 1, panel_emaillabs_monthly_mail_limit: 2000 }, 'admin')).statusCode).toBe(200);
      expect((await progressOf(id)).status).toBe('paused');

      const raised = await call('PUT', api('/limits'), { panel_emaillabs_daily_mail_limit: 10, panel_emaillabs_monthly_mail_limit: 2000 }, 'admin');
      expect(raised.statusCode, raised.body).toBe(200);
      expect(['sending', 'sent']).toContain((await progressOf(id)).status);
      const done = await waitFor(id, (progress) => progress.status === 'sent');
      expect(done.counts).toMatchObject({ total: 4, sent: 4 });
      expect(mailedTo(emails, 'Podniesiony limit')).toHaveLength(4);
    });
  });

  it('counts against the limits the messages the server accepted: no refused one, a retried one once', async () => {
    const { emails, tag } = await addRecipients(3);
    refused.add(emails[0]);
    deferredOnce.add(emails[1]);
    await withLimits({ daily: 1000, monthly: 1000 }, async () => {
      const template = await addTemplate('<p>Liczone</p>');
      const id = await addMailing({ subject: 'Liczone', template_id: template, ...toGroup(tag) });
      await start(id);
      await waitFor(id, (progress) => progress.counts.queued === 1 && progress.counts.sending === 0 && progress.counts.sent === 1, 15_000);
      await test.ctx.db.query('UPDATE newsletter_deliveries SET next_attempt_at = now() WHERE mailing_id = $1', [id]);
      const done = await waitFor(id, (progress) => progress.status === 'sent');
      expect(done.counts).toMatchObject({ sent: 2, failed: 1 });
      const usage = (await call('GET', api('/limits'))).json().data as { prefix: string; usage: number }[];
      expect(usage.map((row) => row.usage)).toEqual([2, 2]);
    });
  });

  it('never lets two mailings of a service at once both spend the last of a limit', async () => {
    const [first, second] = [await addManyRecipients(120), await addManyRecipients(120)];
    const template = await addTemplate('<p>Wyścig</p>');
    const ids = [await addMailing({ subject: 'Wyścig', template_id: template, ...toGroup(first.tag) }), await addMailing({ subject: 'Wyścig', template_id: template, ...toGroup(second.tag) })];
    delayMs = 20;
    try {
      await withLimits({ daily: 150, monthly: 1000 }, async () => {
        for (const id of ids) await start(id);
        // One may have gone out whole before the other took the rest; what is left waits for the next day.
        const settled = await Promise.all(ids.map((id) => waitFor(id, (progress) => progress.status !== 'sending' && progress.counts.sending === 0)));
        expect(settled.filter((progress) => progress.status === 'paused').map((progress) => progress.status_reason)).toContain('daily_limit');
        expect(settled[0].counts.sent + settled[1].counts.sent).toBe(150);
        expect(mailedTo([...first.emails, ...second.emails], 'Wyścig')).toHaveLength(150);
        const usage = (await call('GET', api('/limits'))).json().data as { prefix: string; usage: number }[];
        expect(usage.map((row) => row.usage)).toEqual([150, 150]);
        for (const [index, id] of ids.entries()) if (settled[index].status === 'paused') expect((await call('PUT', mailingsPath(`/${id}/cancel`))).statusCode).toBe(200);
      });
    } finally {
      delayMs = 0;
    }
  }, 60_000);

  it('pauses and resumes without sending anyone twice, and cancels what is left', async () => {
    const { emails, tag } = await addManyRecipients(1500);
    const template = await addTemplate('<p>Pauza</p>');
    const id = await addMailing({ subject: 'Pauza', template_id: template, ...toGroup(tag) });
    delayMs = 20;
    try {
      await start(id);
      await waitFor(id, (progress) => progress.counts.sent > 0, 30_000);
      const paused = await call('PUT', mailingsPath(`/${id}/pause`));
      expect(paused.json()).toEqual({ detail: 'Wysyłka została wstrzymana.', status: 'paused' });
      const settled = await waitFor(id, (progress) => progress.counts.sending === 0);
      await sleep(700);
      expect((await progressOf(id)).counts.sent).toBe(settled.counts.sent);
      expect(settled.counts.queued).toBeGreaterThan(0);
      expect(settled.status_reason).toBe('user');
      expect((await call('PUT', mailingsPath(`/${id}/pause`))).statusCode).toBe(200);
      const resumed = await call('PUT', mailingsPath(`/${id}/resume`));
      expect(resumed.json()).toEqual({ detail: 'Wysyłka została wznowiona.', status: 'sending' });
      await waitFor(id, (progress) => progress.status === 'sent', 60_000);
    } finally {
      delayMs = 0;
    }
    const counts = sink.countsByRecipient();
    expect(emails.filter((email) => counts.get(email) !== 1)).toEqual([]);

    const { emails: more, tag: moreTag } = await addManyRecipients(1500);
    const cancelled = await addMailing({ subject: 'Anulowana', template_id: template, ...toGroup(moreTag) });
    delayMs = 20;
    try {
      await start(cancelled);
      await waitFor(cancelled, (progress) => progress.counts.sent > 0);
      const cancel = await call('PUT', mailingsPath(`/${cancelled}/cancel`));
      expect(cancel.json()).toEqual({ detail: 'Wysyłka została anulowana.', status: 'cancelled' });
      const after = await waitFor(cancelled, (progress) => progress.counts.sending === 0);
      expect(after.counts.queued).toBe(0);
      await sleep(700);
      expect(more.filter((email) => (counts.get(email) ?? 0) > 1)).toEqual([]);
      const final = await progressOf(cancelled);
      expect(final.counts.sent).toBeLessThan(more.length);
      expect(final.counts.total).toBe(final.counts.sent);
      expect(more.filter((email) => counts.get(email) === 1)).toHaveLength(final.counts.sent);
    } finally {
      delayMs = 0;
    }
    expect((await call('PUT', mailingsPath(`/${cancelled}/resume`))).json().detail).toBe('Można wznowić tylko wstrzymaną wysyłkę.');
    expect((await call('PUT', mailingsPath(`/${cancelled}/cancel`))).json().detail).toBe('Zakończonej wysyłki nie można anulować.');
  }, 120_000);

  it('schedules a mailing for its date and starts it then', async () => {
    const { emails, tag } = await addRecipients(1);
    const template = await addTemplate('<p>Plan</p>');
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const id = await addMailing({ subject: 'Jutro', template_id: template, start_mode: 'date', start_at: at, ...toGroup(tag) });
    const started = await start(id);
    expect(started.json()).toEqual({ detail: 'Wysyłka została zaplanowana.', status: 'scheduled' });
    expect((await call('PUT', mailingsPath(`/${id}`), { subject: 'Jutro rano', template_id: template, start_mode: 'date', start_at: at, ...toGroup(tag) })).statusCode).toBe(200);
    // Held before its start, then scheduled again.
    expect((await call('PUT', mailingsPath(`/${id}/pause`))).json()).toEqual({ detail: 'Wysyłka została wstrzymana.', status: 'paused' });
    expect((await call('PUT', mailingsPath(`/${id}/resume`))).json()).toEqual({ detail: 'Wysyłka została wznowiona.', status: 'scheduled' });
    await sleep(1200);
    expect((await progressOf(id)).status).toBe('scheduled');
    await test.ctx.db.query("UPDATE newsletter_mailings SET start_at = now() - interval '1 second' WHERE id = $1", [id]);
    await waitFor(id, (progress) => progress.status === 'sent');
    expect(messagesTo(emails).map((message) => headerOf(message.raw, 'Subject'))).toEqual(['Jutro rano']);
  });

  it("sends through the tenant's SMTP server and through the EmailLabs API", async () => {
    const template = await addTemplate('<p>Metody {{name}}</p>');
    try {
      await setSender({ config_type_id: 2, smtp_host: '127.0.0.1', smtp_port: sink.port, smtp_user: 'nadawca@example.com', smtp_password: 'x', from: 'nadawca@example.com', from_name: 'Sklep' });
      const { emails: smtp, tag } = await addRecipients(3);
      const viaSmtp = await addMailing({ subject: 'SMTP', template_id: template, ...toGroup(tag) });
      await sendOut(viaSmtp);
      expect(headerOf(messagesTo(smtp)[0].raw, 'From')).toContain('nadawca@example.com');

      await setSender({ config_type_id: 3, api_host: `http://127.0.0.1:${emailLabsPort}`, api_key: 'k', api_secret: 's', smtp_account: '1.sklep.smtp', from: 'sklep@example.com', from_name: 'Sklep' });
      const before = emailLabsRequests.length;
      const viaApi = await addMailing({ subject: 'EmailLabs', template_id: template, ...toGroup(tag) });
      const done = await sendOut(viaApi);
      const sent = emailLabsRequests.slice(before);
      expect(done.counts.total).toBe(3);
      expect(sent).toHaveLength(3);
      expect(sent[0].get('subject')).toBe('EmailLabs');
      expect(sent[0].get('smtp_account')).toBe('1.sklep.smtp');
      expect(sent[0].get('headers[List-Unsubscribe-Post]')).toBe('List-Unsubscribe=One-Click');
      expect(sent[0].get('html')).toContain('Metody Odbiorca');
    } finally {
      await setSender({ config_type_id: 1, from: 'biuro', from_name: 'Biuro Kowalski' });
    }
  }, 60_000);

  it('fails a mailing whose sender is refused by the outbound rules', async () => {
    // Saving refuses such a host: a config stored before that check, written directly.
    await test.ctx.db.query("UPDATE module_records SET data = $2 WHERE resource = 'senders_config' AND client_service_id = $1", [
      newsletter,
      { config_type_id: 2, smtp_host: '10.0.0.1', smtp_port: 25, smtp_user: 'a@example.com', smtp_password: 'x', from: 'a@example.com', from_name: 'A' },
    ]);
    try {
      const { tag } = await addRecipients(1);
      const template = await addTemplate('<p>Zła metoda</p>');
      const id = await addMailing({ subject: 'Zła metoda', template_id: template, ...toGroup(tag) });
      await start(id);
      const failed = await waitFor(id, (progress) => progress.status === 'failed');
      expect(failed.status_reason).toBe('no_sender');
      expect(failed.counts.sent).toBe(0);
    } finally {
      await setSender({ config_type_id: 1, from: 'biuro', from_name: 'Biuro Kowalski' });
    }
  });

  it('refuses to start a draft, saying what is missing: a sender method, a usable relay, recipients, an unspent limit', async () => {
    const { tag } = await addRecipients(1);
    const template = await addTemplate('<p>Przed startem</p>');
    const id = await addMailing({ subject: 'Przed startem', template_id: template, ...toGroup(tag) });
    const refusal = async () => {
      const answer = await start(id);
      expect(answer.statusCode, answer.body).toBe(409);
      expect((await progressOf(id)).status).toBe('draft');
      return answer.json().detail as string;
    };
    await test.ctx.db.query("DELETE FROM module_records WHERE resource = 'senders_config' AND client_service_id = $1", [newsletter]);
    try {
      expect(await refusal()).toBe('Nie można uruchomić wysyłki: usługa nie ma skonfigurowanej metody wysyłki. Ustaw ją w „Metody wysyłki”.');
    } finally {
      await setSender({ config_type_id: 1, from: 'biuro', from_name: 'Biuro Kowalski' });
    }
    // The provider's relay needs the service's domain.
    await test.ctx.db.query('UPDATE client_service_domains SET client_service_id = $2 WHERE client_service_id = $1', [newsletter, foreignNewsletter]);
    try {
      expect(await refusal()).toMatch(/^Nie można uruchomić wysyłki: metoda wysyłki przez dostawcę wymaga adresu nadawcy/);
    } finally {
      await test.ctx.db.query('UPDATE client_service_domains SET client_service_id = $1 WHERE client_service_id = $2', [newsletter, foreignNewsletter]);
    }
    // A template deleted after the draft was saved.
    const doomed = await addTemplate('<p>Do usunięcia</p>');
    const orphan = await addMailing({ subject: 'Bez szablonu', template_id: doomed, ...toGroup(tag) });
    expect((await call('DELETE', api(`/module/templates/${doomed}`))).statusCode).toBe(204);
    const orphaned = await start(orphan);
    expect(orphaned.statusCode).toBe(409);
    expect(orphaned.json().detail).toBe('Nie można uruchomić wysyłki: jej szablon został usunięty. Wybierz inny szablon w edycji wysyłki.');
    const nobody = await addMailing({ subject: 'Nikt', template_id: template, audience: 'tags', tags_included: [tag], tags_excluded: [tag] });
    const none = await start(nobody);
    expect(none.statusCode).toBe(409);
    expect(none.json().detail).toBe('Nie można uruchomić wysyłki: żaden zapisany odbiorca nie pasuje do wybranych tagów.');
    await withLimits({ daily: 0, monthly: 1000 }, async () => {
      expect(await refusal()).toBe('Nie można uruchomić wysyłki: dobowy limit wysyłek tej usługi wynosi 0. Poproś administratora o jego zwiększenie.');
    });
    await withLimits({ daily: 2, monthly: 1000 }, async () => {
      await addUsage(test.ctx.db, newsletter, ['panel_emaillabs_daily_mail_limit'], 2);
      expect(await refusal()).toMatch(/^Nie można uruchomić wysyłki: dobowy limit wysyłek jest wyczerpany\. Odnowi się \d+ \S+ \d{4}, \d{2}:\d{2}; wtedy/);
      // A scheduled start meets the limits when it comes.
      const later = new Date(Date.now() + 86_400_000 * 2).toISOString();
      expect((await call('PUT', mailingsPath(`/${id}`), { subject: 'Przed startem', template_id: template, ...toGroup(tag), start_mode: 'date', start_at: later })).statusCode).toBe(200);
      const scheduled = await start(id);
      expect(scheduled.json()).toMatchObject({ status: 'scheduled' });
      expect((await call('PUT', mailingsPath(`/${id}/cancel`))).statusCode).toBe(200);
    });
  });

  it('creates a template from a mailing', async () => {
    const template = await addTemplate('<p>Źródło {{name}}</p>');
    const id = await addMailing({ subject: 'Źródłowa', template_id: template });
    const path = api('/module/templates/from_mailing');
    const noId = await call('POST', path, { name: 'Z wysyłki' });
    expect(noId.statusCode).toBe(400);
    expect(noId.json()).toEqual({ detail: 'Proszę poprawnie wypełnić formularz.', errors: { mailing_id: 'Identyfikator mailingu jest wymagany.' } });
    expect((await call('POST', path, { mailing_id: 'abc', name: 'X' })).json().errors).toEqual({ mailing_id: 'Identyfikator mailingu jest wymagany.' });
    const noName = await call('POST', path, { mailing_id: id });
    expect(noName.json().errors).toEqual({ name: 'Nazwa szablonu newslettera jest wymagana.' });
    expect((await call('POST', path, { mailing_id: 999_999, name: 'X' })).statusCode).toBe(404);
    const created = await call('POST', path, { mailing_id: id, name: 'Z wysyłki' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Z wysyłki', html: '<p>Źródło {{name}}</p>', detail: 'Utworzono szablon z mailingu.' });
    expect((await call('GET', api(`/module/templates/${created.json().id}`))).statusCode).toBe(200);
  });

  it("never shows klient's mailings or deliveries to klient2", async () => {
    const template = await addTemplate('<p>Tajne</p>');
    const id = await addMailing({ subject: 'Tajna', template_id: template });
    for (const [method, path] of [
      ['GET', mailingsPath()],
      ['GET', mailingsPath('/summaries')],
      ['GET', mailingsPath(`/${id}`)],
      ['GET', mailingsPath(`/${id}/progress`)],
      ['GET', mailingsPath(`/${id}/sent`)],
      ['PUT', mailingsPath(`/${id}/start`)],
      ['PUT', mailingsPath(`/${id}/pause`)],
      ['PUT', mailingsPath(`/${id}/resume`)],
      ['PUT', mailingsPath(`/${id}/cancel`)],
      ['PUT', mailingsPath(`/${id}`)],
      ['DELETE', mailingsPath(`/${id}`)],
    ] as const) {
      const answer = await call(method, path, method === 'PUT' ? { subject: 'x', template_id: template } : undefined, 'klient2');
      expect(answer.statusCode, `${method} ${path}`).toBe(403);
    }
    expect((await call('POST', api('/module/templates/from_mailing'), { mailing_id: id, name: 'Kradzież' }, 'klient2')).statusCode).toBe(403);
    // klient2's own service does not find klient's mailing either.
    const own = `/api/client_service/${foreignNewsletter}/module/mailings`;
    expect((await call('GET', `${own}/${id}`, undefined, 'klient2')).statusCode).toBe(404);
    expect((await call('GET', `${own}/${id}/progress`, undefined, 'klient2')).statusCode).toBe(404);
    expect((await call('POST', `/api/client_service/${foreignNewsletter}/module/templates/from_mailing`, { mailing_id: id, name: 'K' }, 'klient2')).statusCode).toBe(404);
    expect((await call('GET', mailingsPath('/abc'))).statusCode).toBe(404);
    expect((await call('GET', mailingsPath('/999999/progress'))).statusCode).toBe(404);
  });
});
