import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './support/app';

// GET /api/user is answered from a per-process cache; every change must show on the next request.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const NEW_PASSWORD = 'Nowe-Haslo-2026!';

let t: TestApp;
let klient: string;
let nowy: string;

beforeAll(async () => {
  t = await createTestApp();
  klient = (await t.login('klient')).access_token;
  nowy = (await t.login('nowy')).access_token;
});
afterAll(() => t.close());

async function profile(token: string): Promise<Record<string, unknown>> {
  const response = await t.call({ method: 'GET', url: '/api/user', token });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/**
 * A change made with SQL outside the API's requests: PGlite runs in this process and notifies
 * before the query returns; a PostgreSQL server notifies the listening connection a moment later.
 */
async function expectSoon(token: string, expected: Record<string, unknown>): Promise<void> {
  if (t.ctx.db.kind === 'pglite') expect(await profile(token)).toMatchObject(expected);
  else await expect.poll(() => profile(token), { timeout: 3000, interval: 20 }).toMatchObject(expected);
}

function avatarUpload(token: string) {
  const boundary = '----panel-user-cache';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  return t.call({
    method: 'POST',
    url: '/api/user/avatar',
    token,
    payload: Buffer.concat([Buffer.from(head), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

async function acceptEveryRegulation(token: string): Promise<void> {
  const ids = (await t.call({ method: 'GET', url: '/api/user/regulations', token })).json().data.map((r: { id: number }) => r.id);
  const accepted = await t.call({ method: 'POST', url: '/api/user/regulations/accept', token, payload: { regulation_ids: ids } });
  expect(accepted.statusCode).toBe(204);
}

describe('GET /api/user after a change', () => {
  it('shows the profile saved by PUT /api/user', async () => {
    expect(await profile(klient)).toMatchObject({ name: 'Jan', surname: 'Kowalski' });
    const saved = await t.call({ method: 'PUT', url: '/api/user', token: klient, payload: { name: 'Janusz', surname: 'Nowak', phone: null } });
    expect(saved.statusCode).toBe(200);
    expect(await profile(klient)).toMatchObject({ name: 'Janusz', surname: 'Nowak', phone: null });
  });

  it('shows an added and a removed avatar', async () => {
    expect((await profile(klient)).avatar_uri).toBeNull();
    const added = await avatarUpload(klient);
    expect(added.statusCode).toBe(200);
    expect((await profile(klient)).avatar_uri).toBe(added.json().avatar_uri);
    expect((await t.call({ method: 'DELETE', url: '/api/user/avatar', token: klient })).statusCode).toBe(204);
    expect((await profile(klient)).avatar_uri).toBeNull();
  });

  it('shows a valid password once the temporary one is changed', async () => {
    expect((await profile(nowy)).is_password_valid).toBe(false);
    const changed = await t.call({
      method: 'PUT',
      url: '/api/user/password',
      token: nowy,
      payload: { password_old: DEMO_PASSWORD, password_new: NEW_PASSWORD, password_confirm: NEW_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    expect((await profile(nowy)).is_password_valid).toBe(true);
  });

  it('shows the regulations accepted', async () => {
    expect((await profile(nowy)).is_regulations).toBe(false);
    await acceptEveryRegulation(nowy);
    expect((await profile(nowy)).is_regulations).toBe(true);
  });

  it('shows a regulation put in force by SQL as not accepted, and accepted afterwards', async () => {
    expect((await profile(klient)).is_regulations).toBe(true);
    await t.ctx.db.query(`INSERT INTO regulations (name, content, valid_from) VALUES ('SQL', '<p>SQL</p>', now() - interval '1 second')`);
    await expectSoon(klient, { is_regulations: false });
    await acceptEveryRegulation(klient);
    expect((await profile(klient)).is_regulations).toBe(true);
  });

  it('shows a regulation coming into force when its valid_from passes', async () => {
    await t.ctx.db.query(`INSERT INTO regulations (name, content, valid_from) VALUES ('Soon', '<p>Soon</p>', now() + interval '1.5 seconds')`);
    await expectSoon(klient, { is_regulations: true });
    // Nothing is written when time passes: no notification, yet the answer must change.
    await expect.poll(() => profile(klient), { timeout: 5000, interval: 100 }).toMatchObject({ is_regulations: false });
    await acceptEveryRegulation(klient);
    expect((await profile(klient)).is_regulations).toBe(true);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('shows a change another server process made (a second connection)', async () => {
    expect((await profile(klient)).surname).toBe('Nowak');
    await acceptEveryRegulation(nowy);
    expect((await profile(nowy)).is_regulations).toBe(true);
    const other = new pg.Client({ connectionString: t.config.databaseUrl });
    await other.connect();
    try {
      await other.query(`UPDATE users SET surname = 'Zmieniony' WHERE username = 'klient'`);
      await other.query(`INSERT INTO regulations (name, content, valid_from) VALUES ('Other', '<p>Other</p>', now() - interval '1 second')`);
    } finally {
      await other.end();
    }
    await expect.poll(() => profile(klient), { timeout: 3000, interval: 20 }).toMatchObject({ surname: 'Zmieniony' });
    await expect.poll(() => profile(nowy), { timeout: 3000, interval: 20 }).toMatchObject({ is_regulations: false });
  });
});
