import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './support/app';

// SPEC 4 on the server: until nowy (regulations not accepted, password invalid) settles both, every
// call but those that settle them answers 403 with the code the browser maps to its guard's page.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const NEW_PASSWORD = 'Nowe-Haslo-2026!';
const BOUNDARY = '----panel-guards';

let t: TestApp;
let nowy: string;
beforeAll(async () => {
  t = await createTestApp();
  nowy = (await t.login('nowy')).access_token;
});
afterAll(() => t.close());

/** The calls the guards close: profile, avatar, news, services. */
const guardedCalls = {
  'profile PUT': () => t.call({ method: 'PUT', url: '/api/user', token: nowy, payload: { name: 'Nowy', surname: 'Użytkownik', phone: null } }),
  'avatar upload': () =>
    t.call({
      method: 'POST',
      url: '/api/user/avatar',
      token: nowy,
      payload: Buffer.concat([
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
        PNG,
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    }),
  'news list': () => t.call({ method: 'GET', url: '/api/news', token: nowy }),
  'service list': () => t.call({ method: 'GET', url: '/api/user/client_service', token: nowy }),
  'service types': () => t.call({ method: 'GET', url: '/api/service', token: nowy }),
};

async function expectEveryGuardedCall(expected: { status: number; body?: object }): Promise<void> {
  for (const [name, call] of Object.entries(guardedCalls)) {
    const response = await call();
    expect(response.statusCode, name).toBe(expected.status);
    if (expected.body) expect(response.json(), name).toEqual(expected.body);
  }
}

describe('a user with SPEC 4 steps pending', () => {
  it('gets 403 regulations_required first, while the calls that settle the steps stay open', async () => {
    await expectEveryGuardedCall({
      status: 403,
      body: { detail: 'Najpierw zaakceptuj obowiązujące regulaminy.', code: 'regulations_required' },
    });
    expect((await t.call({ method: 'GET', url: '/api/user', token: nowy })).json()).toMatchObject({ is_regulations: false, is_password_valid: false });
    const regulations = await t.call({ method: 'GET', url: '/api/user/regulations', token: nowy });
    expect(regulations.statusCode).toBe(200);
    const ids = regulations.json().data.map((regulation: { id: number }) => regulation.id);
    expect((await t.call({ method: 'POST', url: '/api/user/regulations/accept', token: nowy, payload: { regulation_ids: ids } })).statusCode).toBe(204);
  });

  it('then gets 403 password_change_required until the password is changed', async () => {
    await expectEveryGuardedCall({ status: 403, body: { detail: 'Najpierw ustaw nowe hasło.', code: 'password_change_required' } });
    const changed = await t.call({
      method: 'PUT',
      url: '/api/user/password',
      token: nowy,
      payload: { password_old: DEMO_PASSWORD, password_new: NEW_PASSWORD, password_confirm: NEW_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
  });

  it('may use every call once both are settled', async () => {
    await expectEveryGuardedCall({ status: 200 });
  });

  it('is refused again when a new regulation comes into force', async () => {
    await t.ctx.db.query(`INSERT INTO regulations (name, content, valid_from) VALUES ('Nowy', '<p>Nowy</p>', now() - interval '1 second')`);
    const newsList = () => guardedCalls['news list']();
    if (t.ctx.db.kind === 'pglite') expect((await newsList()).json().code).toBe('regulations_required');
    else await expect.poll(async () => (await newsList()).json().code, { timeout: 3000, interval: 20 }).toBe('regulations_required');
  });

  it('may still log out with the refresh token', async () => {
    const session = await t.login('nowy', NEW_PASSWORD);
    expect((await t.call({ method: 'POST', url: '/api/authentication/refresh', payload: { refresh_token: session.refresh_token } })).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/authentication/logout', payload: { refresh_token: session.refresh_token } })).statusCode).toBe(204);
  });
});
