import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAddress } from './auth-support';
import { serviceOf } from './schema-fixtures';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './support/app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const XSRF_REFUSAL = { detail: 'Nieprawidłowy token zabezpieczający formularz. Odśwież stronę i spróbuj ponownie.' };
const ORIGIN_REFUSAL = { detail: 'Żądanie wysłane z innej witryny zostało odrzucone.' };
const credentials = { username: 'klient', password: DEMO_PASSWORD };

describe('XSRF double-submit check on mutating calls', () => {
  it.each([
    ['neither cookie nor header', {}],
    ['the cookie without the header', { cookie: 'XSRF-TOKEN=abc123' }],
    ['the header without the cookie', { 'x-xsrf-token': 'abc123' }],
    ['a header that differs from the cookie', { cookie: 'XSRF-TOKEN=abc123', 'x-xsrf-token': 'abc124' }],
  ])('refuses a sign-in with %s: 403 and nothing happens', async (_case, headers) => {
    const remoteAddress = freshAddress();
    const response = await testApp.call({ method: 'POST', url: '/api/authentication', payload: credentials, headers, withoutXsrf: true, remoteAddress });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(XSRF_REFUSAL);
    const { rows } = await testApp.ctx.db.query('SELECT 1 FROM login_attempts WHERE ip = $1', [remoteAddress]);
    expect(rows).toHaveLength(0);
  });

  it('refuses every mutating authentication and password call without the pair', async () => {
    const { access_token: token, refresh_token: refreshToken } = await testApp.login('klient');
    const calls = [
      { method: 'POST', url: '/api/authentication/refresh', payload: { refresh_token: refreshToken } },
      { method: 'POST', url: '/api/authentication/logout', payload: { refresh_token: refreshToken } },
      { method: 'POST', url: '/api/password_reminder', payload: { username: 'klient' } },
      { method: 'PUT', url: '/api/password_reminder', payload: { username: 'klient', confirm_code: 'abc' } },
      { method: 'PUT', url: '/api/user/password', payload: {}, token },
    ] as const;
    for (const call of calls) {
      const response = await testApp.call({ ...call, withoutXsrf: true });
      expect(response.statusCode, call.url).toBe(403);
    }
    // The refused logout revoked nothing.
    expect((await testApp.call({ method: 'POST', url: '/api/authentication/refresh', payload: { refresh_token: refreshToken } })).statusCode).toBe(200);
  });

  it('accepts the pair a browser gets from GET /api/xsrf', async () => {
    const issued = await testApp.call({ method: 'GET', url: '/api/xsrf', withoutXsrf: true });
    expect(issued.statusCode).toBe(204);
    const cookie = issued.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const response = await testApp.call({
      method: 'POST',
      url: '/api/authentication',
      payload: credentials,
      withoutXsrf: true,
      headers: { cookie: `XSRF-TOKEN=${cookie?.value}`, 'x-xsrf-token': cookie?.value ?? '' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('whatever the spelling of the path', () => {
  let token: string;
  let tags: string;
  beforeAll(async () => {
    token = (await testApp.login('klient')).access_token;
    tags = `/client_service/${await serviceOf(testApp, 'klient', 9)}/module/tags`;
  });

  it.each(['/%61pi', '/ap%69'])('refuses a mutating call under %s without the pair', async (prefix) => {
    const name = `Tag-${prefix.replace(/\W/g, '')}`;
    const response = await testApp.call({ method: 'POST', url: `${prefix}${tags}`, token, payload: { name }, withoutXsrf: true });
    expect(response.statusCode).toBe(403);
    const list = await testApp.call({ method: 'GET', url: `/api${tags}?search=${name}`, token });
    expect(list.json().data).toEqual([]);
  });
});

describe('Origin of mutating calls', () => {
  const signIn = (origin?: string, host = 'panel.example.pl') =>
    testApp.call({ method: 'POST', url: '/api/authentication', payload: credentials, headers: { host, ...(origin ? { origin } : {}) }, remoteAddress: freshAddress() });

  it.each(['https://evil.example.org', 'null', 'http://panel.example.pl.evil.example.org', 'https://panel.example.pl'])(
    'refuses the foreign origin %s even with the XSRF pair',
    async (origin) => {
      const response = await signIn(origin);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(ORIGIN_REFUSAL);
    },
  );

  it('accepts the request’s own origin, the configured PUBLIC_URL origin and no Origin at all', async () => {
    expect((await signIn('http://panel.example.pl')).statusCode).toBe(200);
    expect((await signIn(new URL(testApp.config.publicUrl).origin)).statusCode).toBe(200);
    expect((await signIn()).statusCode).toBe(200);
  });

  it('does not look at the Origin of reads', async () => {
    const response = await testApp.call({ method: 'GET', url: '/api/xsrf', headers: { origin: 'https://evil.example.org' } });
    expect(response.statusCode).toBe(204);
  });
});
