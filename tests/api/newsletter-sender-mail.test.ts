import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceOf } from './schema-fixtures';
import { createSendingTestApp, type TestApp } from './support/app';
import { type MailSink, startMailSink } from './support/mail-sink';
import { parseMail, verifyDkim } from './support/mime';
import { signedIn } from './support/signed-in';
import { until } from './support/until';

/**
 * How a newsletter's messages are built (issue 18): the sender's name, the headers from tenant
 * input, read back from what an SMTP server received with a MIME parser, as a mail client reads them.
 */
let test: TestApp;
let sink: MailSink;
const { signIn, call } = signedIn(() => test);
let newsletter: number;
const SENDER_ADDRESS = 'biuro@newsletter.kowalski.example.com';
/** The provider's relay key (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY). */
const relayKey = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'der' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });

beforeAll(async () => {
  sink = await startMailSink();
  test = await createSendingTestApp(sink, { dkim: { domain: 'relay.example.net', selector: 'panel', privateKey: relayKey.privateKey } });
  await signIn('klient', 'klient2');
  newsletter = await serviceOf(test, 'klient', 9);
  expect((await saveSender({ config_type_id: 1, from: 'biuro', from_name: 'Biuro Kowalski' })).statusCode).toBe(200);
}, 60_000);
afterAll(async () => {
  await test?.close();
  await sink?.close();
});

const api = (path = '') => `/api/client_service/${newsletter}${path}`;
const saveSender = (config: Record<string, unknown>) => call('POST', api('/module/senders/configs'), config);

/** A name as it may have been stored before the save refused it (written to the database directly). */
async function storeSenderName(name: string): Promise<void> {
  await test.ctx.db.query(
    "UPDATE module_records SET data = jsonb_set(data, '{from_name}', to_jsonb($2::text)) WHERE resource = 'senders_config' AND client_service_id = $1",
    [newsletter, name],
  );
}

let unique = 0;
/**
 * Mails `html` to one new recipient through a mailing and resolves to the message the SMTP server
 * received (the compiled MIME path of mailings).
 */
async function mailOne(html: string, subject = 'Nowości'): Promise<string> {
  const email = `naglowki-${(unique += 1)}@example.com`;
  const tag = `naglowki-${unique}`;
  await call('POST', api('/module/tags'), { name: tag });
  expect((await call('POST', api('/module/recipients'), { name: 'Anna Nowak', email, tags: [tag] })).statusCode).toBe(201);
  const template = await call('POST', api('/module/templates'), { name: `Szablon ${unique}`, html });
  const mailing = await call('POST', api('/module/mailings'), { subject: 'Nowości', template_id: template.json().id, audience: 'tags', tags_included: [tag] });
  // A subject the save refuses (a line break) as it may have been stored before: written to the database directly.
  await test.ctx.db.query('UPDATE newsletter_mailings SET subject = $2 WHERE id = $1', [mailing.json().id, subject]);
  expect((await call('PUT', api(`/module/mailings/${mailing.json().id}/start`))).statusCode).toBe(200);
  return until(async () => sink.messages.find((message) => message.to === email)?.raw);
}

/** The sender config's test send (composed by nodemailer), as received. */
async function testSend(): Promise<string> {
  const before = sink.messages.length;
  const sent = await call('PUT', api('/module/senders/configs/test'), {});
  expect(sent.statusCode, sent.body).toBe(200);
  return until(async () => sink.messages.slice(before).find((message) => message.to === 'klient@example.com')?.raw);
}

describe("a newsletter message's headers", () => {
  it('refuses a sender name with a line break or an angle bracket on save, with the Polish message', async () => {
    for (const from_name of ['Bank" <security@bank.example>\r\nBcc: x@y.z', 'Bank\nBcc: x@y.z', 'Bank <security@bank.example>']) {
      const refused = await saveSender({ config_type_id: 1, from: 'biuro', from_name });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        detail: 'Proszę poprawnie wypełnić formularz.',
        errors: { from_name: 'Nazwa nadawcy nie może zawierać znaków nowego wiersza ani nawiasów ostrych (< >).' },
      });
    }
    expect((await call('GET', api('/module/senders/configs'))).json()).toMatchObject({ from_name: 'Biuro Kowalski' });
  });

  it("gives a From that reads as exactly one address, the sender's, for a forged name stored before and for legal names with quotes, commas and Polish letters", async () => {
    const names = [
      { stored: 'Bank" <security@bank.example>\r\nBcc: x@y.z', shown: 'Bank" security@bank.example Bcc: x@y.z' },
      { stored: 'Kowalski, Jan "Biuro" (sklep)', shown: 'Kowalski, Jan "Biuro" (sklep)' },
      { stored: 'Łódzka Spółdzielnia „Zgoda”; dział: sprzedaż', shown: 'Łódzka Spółdzielnia „Zgoda”; dział: sprzedaż' },
    ];
    for (const { stored, shown } of names) {
      await storeSenderName(stored);
      for (const raw of [await mailOne('<p>Treść</p>'), await testSend()]) {
        const mail = await parseMail(raw);
        expect(mail.from).toEqual([{ name: shown, address: SENDER_ADDRESS }]);
        expect(mail.fieldNames).not.toContain('bcc');
        expect(raw).not.toContain('security@bank.example>');
      }
    }
  });

  it("sends a mailing's html sanitised as a template's test send is: no script, form or frame, its links tracked in order", async () => {
    const mail = await parseMail(
      await mailOne('<p><a href="https://sklep.example.pl/a">A</a><script>alert(1)</script><form action="https://phish.example.net"><input name="haslo"><a href="https://sklep.example.pl/b">B</a></form><iframe src="https://phish.example.net"></iframe></p>'),
    );
    const html = mail.parts.find((part) => part.type === 'text/html')!.content;
    for (const removed of ['<script', 'alert(1)', '<form', '<input', '<iframe']) expect(html).not.toContain(removed);
    expect(html).toContain('>A</a>');
    expect(html).toContain('>B</a>');
  });

  it("names the list in a List-Id header from the service's name, encoded safely, and gives the text part the content's links and the unsubscribe link once", async () => {
    const { rows } = await test.ctx.db.query<{ name: string }>('SELECT name FROM client_services WHERE id = $1', [newsletter]);
    await test.ctx.db.query('UPDATE client_services SET name = $2 WHERE id = $1', [newsletter, 'Sklep "Kowalski"\r\nBcc: x@y.z — Łódź']);
    try {
      const mail = await parseMail(await mailOne('<p>Zobacz <a href="https://sklep.example.pl/promocja?a=1&amp;b=2">naszą <b>promocję</b></a> i https://sklep.example.pl/</p>'));
      expect(mail.text('List-Id')).toBe(`Sklep "Kowalski" Bcc: x@y.z — Łódź <newsletter-${newsletter}.panel.example.pl>`);
      expect(mail.fieldNames).not.toContain('bcc');
      const text = mail.parts.find((part) => part.type === 'text/plain')!.content;
      expect(text).toMatch(/Zobacz naszą promocję \(https:\/\/panel\.example\.pl\/api\/newsletter\/click\/\S+\) i https:\/\/sklep\.example\.pl\//);
      expect(text.split('Wypisz się z newslettera')).toHaveLength(2);
      expect(text.split('/api/newsletter/unsubscribe/')).toHaveLength(2);
      expect(text).toContain(`Wypisz się z newslettera (${/^<(.*)>$/.exec(mail.header('List-Unsubscribe')!)![1]})`);
    } finally {
      await test.ctx.db.query('UPDATE client_services SET name = $2 WHERE id = $1', [newsletter, rows[0].name]);
    }
  });

  it('keeps a subject with line breaks and an address in it one Subject field', async () => {
    const mail = await parseMail(await mailOne('<p>Treść</p>', 'Promocja\r\nBcc: x@y.z <security@bank.example>'));
    expect(mail.text('Subject')).toBe('Promocja Bcc: x@y.z <security@bank.example>');
    expect(mail.fieldNames).not.toContain('bcc');
  });
});

describe('the sender address the forms show', () => {
  it("answers the service's domain the provider's method puts after its local part, and the whole From a message then carries", async () => {
    expect((await saveSender({ config_type_id: 1, from: 'biuro', from_name: 'Biuro Kowalski' })).statusCode).toBe(200);
    const answer = await call('GET', api('/module/senders/configs/address'));
    expect(answer.json()).toEqual({ suffix: '@newsletter.kowalski.example.com', from: `Biuro Kowalski <${SENDER_ADDRESS}>` });
    const mail = await parseMail(await mailOne('<p>Adres</p>'));
    expect(mail.from).toEqual([{ name: 'Biuro Kowalski', address: SENDER_ADDRESS }]);
    // Another client's user does not learn it.
    expect((await call('GET', api('/module/senders/configs/address'), undefined, 'klient2')).statusCode).toBe(403);
  });
});

describe('DKIM', () => {
  /** What DNS would answer for d= and s=: the relay's key, or the record the sender's preview shows. */
  const published = new Map<string, string>([['panel._domainkey.relay.example.net', relayKey.publicKey.toString('base64')]]);
  const dnsKey = (domain: string, selector: string) => published.get(`${selector}._domainkey.${domain}`) ?? '';
  async function publishServiceKey(domain: string): Promise<void> {
    const record = await call('GET', api('/module/senders/configs/dkim'));
    expect(record.statusCode).toBe(200);
    expect(record.json()).toEqual({ domain, name: `newsletter${newsletter}._domainkey.${domain}`, value: expect.stringMatching(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]+=*$/), found: false });
    expect(record.body).not.toMatch(/PRIVATE|private_key/);
    published.set(record.json().name, /p=(.*)$/.exec(record.json().value)![1]);
  }

  it("signs the relay's messages with the service's key for its sending domain and the relay's own, List-Unsubscribe and List-Unsubscribe-Post under both", async () => {
    await storeSenderName('Biuro Kowalski');
    await publishServiceKey('newsletter.kowalski.example.com');
    for (const raw of [await mailOne('<p>Zażółć gęślą jaźń</p>'), await testSend()]) {
      const signatures = await verifyDkim(raw, dnsKey);
      expect(signatures.map(({ selector, domain }) => `${selector}@${domain}`)).toEqual([`newsletter${newsletter}@newsletter.kowalski.example.com`, 'panel@relay.example.net']);
      for (const { signed } of signatures) expect(signed).toEqual(expect.arrayContaining(['from', 'subject', 'date', 'to', 'message-id']));
    }
    for (const { signed } of await verifyDkim(await mailOne('<p>Treść</p>'), dnsKey)) {
      expect(signed).toEqual(expect.arrayContaining(['list-id', 'list-unsubscribe', 'list-unsubscribe-post']));
    }
  });

  it("signs the tenant SMTP server's messages with the service's key for the from address's domain", async () => {
    const smtp = { config_type_id: 2, smtp_host: '127.0.0.1', smtp_port: sink.port, smtp_user: 'nadawca@sklep-kowalski.example.org', smtp_password: 'tajne', from_name: 'Sklep' };
    expect((await saveSender(smtp)).statusCode).toBe(200);
    try {
      await publishServiceKey('sklep-kowalski.example.org');
      for (const raw of [await mailOne('<p>Treść</p>'), await testSend()]) {
        expect((await verifyDkim(raw, dnsKey)).map(({ selector, domain }) => `${selector}@${domain}`)).toEqual([`newsletter${newsletter}@sklep-kowalski.example.org`]);
      }
      // A message changed on its way fails.
      const raw = await mailOne('<p>Treść</p>');
      await expect(verifyDkim(raw.replace(/^Subject: .*$/m, 'Subject: Inny temat'), dnsKey)).rejects.toThrow(/did not verify: bad signature/);
      await expect(verifyDkim(raw.replace(/Tre=C5=9B=C4=87/, 'Tresc'), dnsKey)).rejects.toThrow(/did not verify: body hash did not verify/);
    } finally {
      expect((await saveSender({ config_type_id: 1, from: 'biuro', from_name: 'Biuro Kowalski' })).statusCode).toBe(200);
    }
  });
});
