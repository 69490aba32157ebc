import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAddress } from './auth-support';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './support/app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const XSRF_REFUSAL = { detail: 'Nieprawidłowy token zabezpieczający formularz. Odśwież stronę i spróbuj ponownie.' };
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
