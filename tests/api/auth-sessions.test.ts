import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, freshAddress, reminderLink, sessionOf } from './auth-support';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './support/app';

// An access token is only as good as its session and its user: every authenticated call checks both.
const NEW_PASSWORD = 'Nowe-Haslo-2026!';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Tokens = { access_token: string; refresh_token: string };

const currentUser = (token: string) => t.call({ method: 'GET', url: '/api/user', token });
const refresh = (refreshToken: string) => t.call({ method: 'POST', url: '/api/authentication/refresh', payload: { refresh_token: refreshToken } });

/**
 * A change made with SQL outside the API: PGlite notifies before the query returns, a PostgreSQL
 * server notifies the listening connection a moment later.
 */
async function expectStatusSoon(request: () => Promise<LightMyRequestResponse>, status: number): Promise<void> {
  if (t.ctx.db.kind === 'pglite') expect((await request()).statusCode).toBe(status);
  else await expect.poll(async () => (await request()).statusCode, { timeout: 3000, interval: 20 }).toBe(status);
}

async function acceptRegulations(token: string): Promise<void> {
  const ids = (await t.call({ method: 'GET', url: '/api/user/regulations', token })).json().data.map((r: { id: number }) => r.id);
  expect((await t.call({ method: 'POST', url: '/api/user/regulations/accept', token, payload: { regulation_ids: ids } })).statusCode).toBe(204);
}

describe('an access token after its session or its user changed', () => {
  it('answers 401 once its session is logged out', async () => {
    const session: Tokens = await t.login('klient');
    expect((await currentUser(session.access_token)).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/authentication/logout', payload: { refresh_token: session.refresh_token } })).statusCode).toBe(204);
    const after = await currentUser(session.access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: 'Brak dostępu' });
  });

  it('answers 401 once reuse of a refresh token revoked its session, for the old and the new access token', async () => {
    const first: Tokens = await t.login('klient');
    const second: Tokens = (await refresh(first.refresh_token)).json();
    expect((await currentUser(second.access_token)).statusCode).toBe(200);
    // The grace window for parallel tabs is over.
    await t.ctx.db.query(`UPDATE refresh_tokens SET used_at = now() - interval '1 minute' WHERE family_id = $1 AND used_at IS NOT NULL`, [
      sessionOf(first.access_token),
    ]);
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    expect((await currentUser(first.access_token)).statusCode).toBe(401);
    expect((await currentUser(second.access_token)).statusCode).toBe(401);
  });

  it('answers 401 for the other sessions once the password is changed, and keeps the changing one', async () => {
    await addUser(t, 'zmienia-haslo');
    const changing: Tokens = await t.login('zmienia-haslo');
    const other: Tokens = await t.login('zmienia-haslo');
    expect((await currentUser(other.access_token)).statusCode).toBe(200);
    const changed = await t.call({
      method: 'PUT',
      url: '/api/user/password',
      token: changing.access_token,
      payload: { password_old: DEMO_PASSWORD, password_new: NEW_PASSWORD, password_confirm: NEW_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    expect((await currentUser(other.access_token)).statusCode).toBe(401);
    expect((await currentUser(changing.access_token)).statusCode).toBe(200);
  });

  it('answers 401 once a reminder link reset the password', async () => {
    await addUser(t, 'zapomnial', { email: 'zapomnial@example.com' });
    const session: Tokens = await t.login('zapomnial');
    expect((await currentUser(session.access_token)).statusCode).toBe(200);
    const remoteAddress = freshAddress();
    await t.call({ method: 'POST', url: '/api/password_reminder', payload: { username: 'zapomnial' }, remoteAddress });
    const { username, code } = await reminderLink(t.config, 'zapomnial@example.com');
    const confirmed = await t.call({ method: 'PUT', url: '/api/password_reminder', payload: { username, confirm_code: code }, remoteAddress });
    expect(confirmed.statusCode).toBe(200);
    expect((await currentUser(session.access_token)).statusCode).toBe(401);
  });

  it('answers 401 once the user is blocked', async () => {
    const userId = await addUser(t, 'do-blokady');
    const session: Tokens = await t.login('do-blokady');
    expect((await currentUser(session.access_token)).statusCode).toBe(200);
    await t.ctx.db.query('UPDATE users SET is_blocked = TRUE WHERE id = $1', [userId]);
    await expectStatusSoon(() => currentUser(session.access_token), 401);
  });

  it('takes the root flag from the database: 403 on root calls once demoted, 200 once promoted', async () => {
    const userId = await addUser(t, 'byly-root');
    await t.ctx.db.query('UPDATE users SET is_root = TRUE WHERE id = $1', [userId]);
    const session: Tokens = await t.login('byly-root');
    await acceptRegulations(session.access_token);
    const rootCall = () => t.call({ method: 'GET', url: '/api/content', token: session.access_token });
    expect((await rootCall()).statusCode).toBe(200);

    await t.ctx.db.query('UPDATE users SET is_root = FALSE WHERE id = $1', [userId]);
    await expectStatusSoon(rootCall, 403);
    expect((await rootCall()).json()).toEqual({ detail: 'Brak dostępu.' });
    expect((await currentUser(session.access_token)).json().is_root).toBe(false);

    await t.ctx.db.query('UPDATE users SET is_root = TRUE WHERE id = $1', [userId]);
    await expectStatusSoon(rootCall, 200);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('answers 401 once another server process revoked the session', async () => {
    const session: Tokens = await t.login('klient');
    expect((await currentUser(session.access_token)).statusCode).toBe(200);
    const other = new pg.Client({ connectionString: t.config.databaseUrl });
    await other.connect();
    try {
      await other.query('UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1', [sessionOf(session.access_token)]);
    } finally {
      await other.end();
    }
    await expect.poll(async () => (await currentUser(session.access_token)).statusCode, { timeout: 3000, interval: 20 }).toBe(401);
  });
});

describe('parallel refreshes of one token', () => {
  it('all get the same successor, and the session keeps a single live refresh token', async () => {
    const session: Tokens = await t.login('klient2');
    const answers = await Promise.all(Array.from({ length: 50 }, () => refresh(session.refresh_token)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    const successors = new Set(answers.map((answer) => answer.json().refresh_token));
    expect(successors.size).toBe(1);
    expect(successors.has(session.refresh_token)).toBe(false);

    const { rows } = await t.ctx.db.query<{ live: number }>(
      'SELECT count(*)::int AS live FROM refresh_tokens WHERE family_id = $1 AND used_at IS NULL AND revoked_at IS NULL',
      [sessionOf(session.access_token)],
    );
    expect(rows[0].live).toBe(1);
    // The successor goes on rotating normally.
    const [successor] = successors;
    expect((await refresh(successor)).statusCode).toBe(200);
  });

  it('give a tab that comes late the newest token of the session when the successor was refreshed too', async () => {
    const session: Tokens = await t.login('klient2');
    const first: Tokens = (await refresh(session.refresh_token)).json();
    const second: Tokens = (await refresh(first.refresh_token)).json();
    const late = await refresh(session.refresh_token);
    expect(late.statusCode).toBe(200);
    expect(late.json().refresh_token).toBe(second.refresh_token);
    expect((await currentUser(late.json().access_token)).statusCode).toBe(200);
  });
});
