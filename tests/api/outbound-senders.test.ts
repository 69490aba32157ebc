import { createServer, type Server } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { serviceOf } from './schema-fixtures';

const SEND_FAILED = 'Nie udało się wysłać wiadomości testowej. Sprawdź ustawienia metody wysyłki i spróbuj ponownie.';
const REFUSED = 'Nie można połączyć się z tym serwerem: adres wskazuje na sieć wewnętrzną lub zarezerwowaną. Podaj publiczny adres serwera.';
const BANNER = 'Sink-Banner mx.internal.corp';
const SECRET = 'Sink-Secret-Reason';

let smtpSink: SMTPServer;
let smtpPort: number;
let smtpConnections = 0;
const delivered: string[] = [];
let httpSink: Server;
let httpPort: number;
const httpRequests: { url?: string; host?: string; body: string }[] = [];

beforeAll(async () => {
  smtpSink = new SMTPServer({
    banner: BANNER,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onConnect: (_session, callback) => {
      smtpConnections += 1;
      callback();
    },
    onAuth: (auth, _session, callback) =>
      auth.username === 'odrzucony@example.com' ? callback(new Error(`${SECRET} for ${auth.username}`)) : callback(null, { user: auth.username }),
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        delivered.push(session.envelope.rcptTo.map((r) => r.address).join());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtpSink.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtpSink.server.address() as { port: number }).port;

  // An EmailLabs stand-in: the API key picks its answer.
  httpSink = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      httpRequests.push({ url: request.url, host: request.headers.host, body });
      const key = Buffer.from((request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString().split(':')[0];
      if (key === 'redirect') response.writeHead(302, { location: `http://127.0.0.1:${httpPort}/elsewhere` }).end();
      else if (key === 'fail') response.writeHead(500, `${SECRET} status`).end(`${SECRET} body`);
      else response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"success"}');
    });
  });
  await new Promise<void>((resolve) => httpSink.listen(0, '127.0.0.1', resolve));
  httpPort = (httpSink.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtpSink.close(() => resolve()));
  await new Promise<void>((resolve) => httpSink.close(() => resolve()));
});

const smtpConfig = (host: string, overrides: Record<string, unknown> = {}) => ({
  config_type_id: 2,
  smtp_host: host,
  smtp_port: smtpPort,
  smtp_user: 'nadawca@example.com',
  smtp_password: 'tajne-haslo',
  from_name: 'Sklep',
  ...overrides,
});
const emailLabsConfig = (apiHost: string, apiKey = 'ok') => ({
  config_type_id: 3,
  api_host: apiHost,
  api_key: apiKey,
  api_secret: 'sekret',
  smtp_account: '1.sklep.smtp',
  from: 'sklep@example.com',
  from_name: 'Sklep',
});

/** One server (loopback allowed or not) with the klient's newsletter service and its test send. */
function tenant(overrides: { outboundAllowLoopback?: boolean }) {
  const state = {} as { test: TestApp; token: string; service: number };
  beforeAll(async () => {
    state.test = await createTestApp(overrides);
    state.token = (await state.test.login('klient')).access_token;
    state.service = await serviceOf(state.test, 'klient', 9);
  });
  afterAll(() => state.test?.close());
  // Every case below starts with the service's full test-send quota; the throttle case spends it.
  beforeEach(() => state.test.ctx.db.query('DELETE FROM outbound_attempts'));
  const base = () => `/api/client_service/${state.service}/module/senders/configs`;
  const save = (config: Record<string, unknown>) => state.test.call({ method: 'POST', url: base(), token: state.token, payload: config });
  return {
    state,
    save,
    async testSend(config: Record<string, unknown>) {
      const saved = await save(config);
      expect(saved.statusCode).toBe(200);
      return state.test.call({ method: 'PUT', url: `${base()}/test`, token: state.token, payload: {} });
    },
    /** A test send of a config stored before saves checked its host (written to the database directly). */
    async testSendStored(config: Record<string, unknown>) {
      await state.test.ctx.db.query(
        `WITH changed AS (UPDATE module_records SET data = $2 WHERE resource = 'senders_config' AND client_service_id = $1 RETURNING id)
         INSERT INTO module_records (resource, client_service_id, data) SELECT 'senders_config', $1, $2 WHERE NOT EXISTS (SELECT 1 FROM changed)`,
        [state.service, JSON.stringify(config)],
      );
      return state.test.call({ method: 'PUT', url: `${base()}/test`, token: state.token, payload: {} });
    },
  };
}

const refusedOnSave = (field: string) => ({ detail: 'Proszę poprawnie wypełnić formularz.', errors: { [field]: REFUSED } });

describe('tenant-aimed test sends by default', () => {
  const { save, testSendStored } = tenant({});

  it.each([['127.0.0.1'], ['localhost'], ['::ffff:127.0.0.1'], ['[::1]'], ['10.0.0.5'], ['192.168.1.10'], ['169.254.169.254'], ['fd00::1']])(
    'refuse the SMTP host %s when saved (the Polish message on the field) and when used (a config stored before: a Polish 422), never connecting',
    async (host) => {
      const connectionsBefore = smtpConnections;
      const saved = await save(smtpConfig(host));
      expect(saved.statusCode).toBe(400);
      expect(saved.json()).toEqual(refusedOnSave('smtp_host'));
      const response = await testSendStored(smtpConfig(host));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ detail: REFUSED });
      expect(smtpConnections).toBe(connectionsBefore);
    },
  );

  it.each([['http://localhost'], ['http://127.0.0.1'], ['http://[::ffff:7f00:1]']])('refuse the EmailLabs host %s:port the same way', async (origin) => {
    const requestsBefore = httpRequests.length;
    const saved = await save(emailLabsConfig(`${origin}:${httpPort}`));
    expect(saved.statusCode).toBe(400);
    expect(saved.json()).toEqual(refusedOnSave('api_host'));
    const response = await testSendStored(emailLabsConfig(`${origin}:${httpPort}`));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ detail: REFUSED });
    expect(httpRequests.length).toBe(requestsBefore);
  });

  it('save a host name that does not resolve (yet): it is checked again on every use', async () => {
    expect((await save(smtpConfig('smtp.nieistniejacy.invalid'))).statusCode).toBe(200);
  });

  it('are throttled per service: the sixth within 10 minutes answers 429 with Retry-After', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await testSendStored(smtpConfig('10.1.2.3'))).statusCode).toBe(422);
    const throttled = await testSendStored(smtpConfig('10.1.2.3'));
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({ detail: 'Zbyt wiele wiadomości testowych dla tej usługi. Spróbuj ponownie za 10 min.' });
    const retryAfter = Number(throttled.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(540);
    expect(retryAfter).toBeLessThanOrEqual(600);
  });
});

describe('tenant-aimed test sends with loopback allowed for testing', () => {
  const { save, testSend, testSendStored } = tenant({ outboundAllowLoopback: true });

  it('reach an SMTP server on loopback by name', async () => {
    const response = await testSend(smtpConfig('localhost'));
    expect(response.statusCode).toBe(200);
    expect(delivered.at(-1)).toBe('klient@example.com');
  });

  it('still refuse private addresses, when saved and when used', async () => {
    expect((await save(smtpConfig('192.168.1.10'))).json()).toEqual(refusedOnSave('smtp_host'));
    const response = await testSendStored(smtpConfig('192.168.1.10'));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ detail: REFUSED });
  });

  // Configs are built when the case runs: the sinks' ports are known only then.
  it.each([
    ['a server refusing the login', () => smtpConfig('127.0.0.1', { smtp_user: 'odrzucony@example.com' })],
    ['a closed port', () => smtpConfig('127.0.0.1', { smtp_port: 1 })],
    ['an EmailLabs error answer', () => emailLabsConfig(`http://127.0.0.1:${httpPort}`, 'fail')],
    ['an EmailLabs redirect', () => emailLabsConfig(`http://127.0.0.1:${httpPort}`, 'redirect')],
  ])('report %s as a Polish 502 that echoes nothing of the remote side', async (_case, config) => {
    const response = await testSend(config());
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ detail: SEND_FAILED });
    expect(response.body).not.toMatch(/Sink|ECONNREFUSED|500|535/);
  });

  it('post to EmailLabs with the original host name and follow no redirect', async () => {
    const response = await testSend(emailLabsConfig(`http://localhost:${httpPort}`));
    expect(response.statusCode).toBe(200);
    const posted = httpRequests.at(-1);
    expect(posted?.url).toBe('/api/new_sendmail');
    expect(posted?.host).toBe(`localhost:${httpPort}`);
    expect(new URLSearchParams(posted?.body).get('smtp_account')).toBe('1.sklep.smtp');
    expect(httpRequests.map((request) => request.url)).not.toContain('/elsewhere');
  });
});
