import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { serviceOf } from './schema-fixtures';

let test: TestApp;
let klient: string;
let newsletter: number;
let sink: SMTPServer;
let sinkPort: number;
const received: { from: string; to: string[]; data: string }[] = [];

beforeAll(async () => {
  sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  sinkPort = (sink.server.address() as { port: number }).port;
  // The sink listens on loopback, which tenant-aimed connections may reach only with this testing aid.
  test = await createTestApp({ outboundAllowLoopback: true });
  klient = (await test.login('klient')).access_token;
  newsletter = await serviceOf(test, 'klient', 9);
});
afterAll(async () => {
  await test?.close();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
});

const base = () => `/api/client_service/${newsletter}/module/senders/configs`;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => test.call({ method, url, token: klient, payload });

describe('sender config', () => {
  it('lists the three config types with their Polish names', async () => {
    const types = (await call('GET', `${base()}/types`)).json();
    expect(types.data).toEqual([
      { id: 1, name: 'Wysyłka przez dostawcę' },
      { id: 2, name: 'SMTP' },
      { id: 3, name: 'EmailLabs' },
    ]);
  });

  it("gives klient's demo newsletter the provider's relay; without a config a test send says it has none", async () => {
    expect((await call('GET', base())).json()).toMatchObject({ config_type_id: 1, from: 'newsletter', from_name: 'Newsletter firmy Kowalski' });
    await test.ctx.db.query("DELETE FROM module_records WHERE resource = 'senders_config' AND client_service_id = $1", [newsletter]);
    expect((await call('GET', base())).json()).toEqual({});
    const response = await call('PUT', `${base()}/test`, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Metoda wysyłki nie została skonfigurowana.');
  });

  it('saves an SMTP config, never returns the password, keeps it when the form leaves it empty, and sends a real test message', async () => {
    const config = { config_type_id: 2, smtp_host: '127.0.0.1', smtp_port: sinkPort, smtp_user: 'nadawca@example.com', smtp_password: 'tajne-haslo', from_name: 'Sklep' };
    const saved = await call('POST', base(), config);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).not.toHaveProperty('smtp_password');
    expect((await call('GET', base())).json()).toMatchObject({ config_type_id: 2, smtp_port: sinkPort, from_name: 'Sklep' });

    const { smtp_password: _password, ...withoutPassword } = config;
    expect((await call('POST', base(), { ...withoutPassword, from_name: 'Sklep internetowy' })).statusCode).toBe(200);

    const sent = await call('PUT', `${base()}/test`, {});
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ detail: 'Sprawdź skrzynkę mailową.' });
    const message = received.at(-1);
    expect(message?.to).toEqual(['klient@example.com']);
    expect(message?.from).toBe('nadawca@example.com');
    expect(message?.data).toContain('Sklep internetowy');
  });

  it('reports a failing SMTP server as a Polish 502, not a 500', async () => {
    await call('POST', base(), { config_type_id: 2, smtp_host: '127.0.0.1', smtp_port: 1, smtp_user: 'a@example.com', smtp_password: 'x', from_name: 'Sklep' });
    const response = await call('PUT', `${base()}/test`, {});
    expect(response.statusCode).toBe(502);
    expect(response.json().detail).toBe('Nie udało się wysłać wiadomości testowej. Sprawdź ustawienia metody wysyłki i spróbuj ponownie.');
  });

  it('sends {product} configs through the panel mailer from local-part@main domain', async () => {
    const saved = await call('POST', base(), { config_type_id: 1, from: 'newsletter', from_name: 'Kowalski' });
    expect(saved.statusCode).toBe(200);
    expect((await call('PUT', `${base()}/test`, {})).statusCode).toBe(200);
    const outbox = path.join(test.config.dataDir, 'outbox');
    const files = (await readdir(outbox)).filter((f) => f.endsWith('.eml'));
    const eml = await readFile(path.join(outbox, files.sort().at(-1) as string), 'utf8');
    expect(eml).toContain('newsletter@newsletter.kowalski.example.com');
    expect(eml).toContain('To: klient@example.com');
  });

  it('answers 400 with the Polish messages of the chosen type', async () => {
    const response = await call('POST', base(), { config_type_id: 1, from: 'jan@example.com' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Proszę poprawnie wypełnić formularz.',
      errors: { from: 'Podaj tylko część adresu przed znakiem @.', from_name: 'Nazwa nadawcy jest wymagana.' },
    });
    // The SMTP password saved earlier stands in for the one the form leaves out (write-only field).
    const smtp = await call('POST', base(), { config_type_id: 2, from_name: 'X', smtp_port: '25' });
    expect(smtp.json().errors).toEqual({
      smtp_host: 'Host jest wymagany.',
      smtp_port: 'Port powinien być liczbą od 1 do 65535.',
      smtp_user: 'Użytkownik jest wymagany.',
    });
  });
});
