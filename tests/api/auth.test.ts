import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_REUSE_GRACE_SECONDS } from '../../src/server/platform/auth/sessions';
import { THROTTLE_POLICIES } from '../../src/server/platform/auth/throttle';
import { addUser, freshAddress, sessionOf } from './auth-support';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './support/app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const signIn = (username: string, password: string, remoteAddress = freshAddress()) =>
  testApp.call({ method: 'POST', url: '/api/authentication', payload: { username, password }, remoteAddress });
const refresh = (refreshToken: string) =>
  testApp.call({ method: 'POST', url: '/api/authentication/refresh', payload: { refresh_token: refreshToken } });
/** A call only an authenticated user gets past (an empty password form: 400 once signed in). */
const authenticatedProbe = (headers: Record<string, string>) =>
  testApp.call({ method: 'PUT', url: '/api/user/password', payload: {}, headers });

describe('POST /api/authentication', () => {
  it('signs a demo user in with an access token that the API accepts', async () => {
    const response = await signIn('klient', DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String), expires_in: testApp.config.accessTokenTtl });
    expect((await authenticatedProbe({ authorization: `JWT ${body.access_token}` })).statusCode).toBe(400);
    const { rows } = await testApp.ctx.db.query(`SELECT succeeded FROM login_attempts WHERE username = 'klient' AND action = 'login'`);
    expect(rows).toContainEqual({ succeeded: true });
  });

  it('gives a wrong password and an unknown user the same 401 answer in similar time', async () => {
    await addUser(testApp, 'czas');
    const timed = async (username: string) => {
      const started = performance.now();
      const response = await signIn(username, 'Niewlasciwe-Haslo-1');
      return { response, ms: performance.now() - started };
    };
    const wrong = [await timed('czas'), await timed('czas'), await timed('czas')];
    const unknown = [await timed('nieistniejacy'), await timed('nieistniejacy'), await timed('nieistniejacy')];
    for (const { response } of [...wrong, ...unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Nieprawidłowa nazwa użytkownika lub hasło.' });
    }
    // Both pay for one argon2 verification; without it an unknown user would answer many times faster.
    const median = (runs: { ms: number }[]) => runs.map((run) => run.ms).sort((a, b) => a - b)[1];
    expect(median(unknown)).toBeGreaterThan(median(wrong) / 3);
    const { rows } = await testApp.ctx.db.query(`SELECT count(*)::int AS failures FROM login_attempts WHERE username = 'nieistniejacy' AND NOT succeeded`);
    expect(rows[0]).toEqual({ failures: 3 });
  });

  it('answers 403 account_blocked to a blocked account, but only with the right password', async () => {
    await addUser(testApp, 'zablokowany', { blocked: true });
    const right = await signIn('zablokowany', DEMO_PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ code: 'account_blocked', detail: 'Twoje konto zostało zablokowane. Skontaktuj się z administratorem.' });
    expect((await signIn('zablokowany', 'Niewlasciwe-Haslo-1')).statusCode).toBe(401);
  });

  it('throttles repeated failures of one account from one address with 429', async () => {
    await addUser(testApp, 'zgadywany');
    const address = freshAddress();
    for (let i = 0; i < THROTTLE_POLICIES.login.perPair; i++) {
      expect((await signIn('zgadywany', `Zle-Haslo-${i}`, address)).statusCode).toBe(401);
    }
    const throttled = await signIn('zgadywany', DEMO_PASSWORD, address);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().detail).toBe('Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za 15 min.');
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(800);
    // The owner elsewhere is not locked out.
    expect((await signIn('zgadywany', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('lets a successful sign-in clear the failure count of its address', async () => {
    await addUser(testApp, 'zapominalski');
    const address = freshAddress();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < THROTTLE_POLICIES.login.perPair - 1; i++) {
        expect((await signIn('zapominalski', `Zle-Haslo-${i}`, address)).statusCode).toBe(401);
      }
      expect((await signIn('zapominalski', DEMO_PASSWORD, address)).statusCode).toBe(200);
    }
  });

  it('throttles repeated failures per client address across usernames', async () => {
    const address = freshAddress();
    for (let i = 0; i < THROTTLE_POLICIES.login.perAddress; i++) {
      expect((await signIn(`nieznany${i}`, 'Zle-Haslo-1', address)).statusCode).toBe(401);
    }
    const throttled = await signIn('klient2', DEMO_PASSWORD, address);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().detail).toMatch(/^Zbyt wiele nieudanych prób logowania/);
    expect((await signIn('klient2', DEMO_PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it.each([
    ['no body', undefined],
    ['a missing password', { username: 'klient' }],
    ['a number for a username', { username: 42, password: DEMO_PASSWORD }],
    ['an empty username', { username: '', password: DEMO_PASSWORD }],
    ['a huge password', { username: 'klient', password: 'x'.repeat(100_000) }],
    ['an array', [{ username: 'klient', password: DEMO_PASSWORD }]],
  ])('rejects %s with 400 and a Polish detail', async (_case, payload) => {
    const response = await testApp.call({ method: 'POST', url: '/api/authentication', payload, remoteAddress: freshAddress() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Nieprawidłowe żądanie.' });
  });

  it('rejects broken JSON with 400 and a Polish detail', async () => {
    const response = await testApp.call({
      method: 'POST',
      url: '/api/authentication',
      payload: '{"username": "klient", "password":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Nieprawidłowe żądanie.' });
  });
});

describe('access tokens', () => {
  const secret = () => new TextEncoder().encode(testApp.config.jwtSecret);
  // A token is only accepted for a live session: the forged ones name one of klient's.
  let liveSession: unknown;
  beforeAll(async () => {
    liveSession = sessionOf((await testApp.login('klient')).access_token);
  });
  const forge = async (change: { alg?: string; typ?: string; iss?: string; aud?: string; exp?: number }) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ username: 'klient', root: false, sid: liveSession })
      .setProtectedHeader({ alg: change.alg ?? 'HS256', typ: change.typ ?? 'at+jwt' })
      .setSubject(String(await testApp.userId('klient')))
      .setIssuer(change.iss ?? 'panel-administracyjny')
      .setAudience(change.aud ?? 'panel-administracyjny-api')
      .setIssuedAt(now - 120)
      .setExpirationTime(change.exp ?? now + 600)
      .sign(secret());
  };

  it('accepts a well-formed token (the forging itself is right)', async () => {
    expect((await authenticatedProbe({ authorization: `JWT ${await forge({})}` })).statusCode).toBe(400);
  });

  it.each([
    ['expired', { exp: Math.floor(Date.now() / 1000) - 60 }],
    ['signed with another algorithm', { alg: 'HS512' }],
    ['from another issuer', { iss: 'someone-else' }],
    ['for another audience', { aud: 'another-api' }],
    ['of another type', { typ: 'JWT' }],
  ])('refuses a token %s with 401', async (_case, change) => {
    const response = await authenticatedProbe({ authorization: `JWT ${await forge(change)}` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Brak dostępu' });
  });

  it('refuses an unsigned token, another scheme, garbage and no header', async () => {
    const valid = await forge({});
    const [header, payload] = valid.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${payload}.`;
    for (const authorization of [`JWT ${unsigned}`, `Bearer ${valid}`, `JWT ${header}.${payload}.${randomBytes(32).toString('base64url')}`, 'JWT abc']) {
      expect((await authenticatedProbe({ authorization })).statusCode).toBe(401);
    }
    expect((await authenticatedProbe({})).statusCode).toBe(401);
  });

  it('expires after the configured lifetime', async () => {
    const shortLived = await createTestApp({ accessTokenTtl: 1 });
    try {
      const { access_token: token, expires_in: expiresIn } = await shortLived.login('klient');
      expect(expiresIn).toBe(1);
      const probe = () => shortLived.call({ method: 'PUT', url: '/api/user/password', payload: {}, token });
      expect((await probe()).statusCode).toBe(400);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect((await probe()).statusCode).toBe(401);
    } finally {
      await shortLived.close();
    }
  });
});

describe('POST /api/authentication/refresh', () => {
  it('rotates: a new pair of the same session, and the access token works', async () => {
    const first = await testApp.login('klient');
    const response = await refresh(first.refresh_token);
    expect(response.statusCode).toBe(200);
    const second = response.json();
    expect(second).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String), expires_in: testApp.config.accessTokenTtl });
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(sessionOf(second.access_token)).toBe(sessionOf(first.access_token));
    expect((await authenticatedProbe({ authorization: `JWT ${second.access_token}` })).statusCode).toBe(400);
    expect((await refresh(second.refresh_token)).statusCode).toBe(200);
  });

  it(`gives a parallel tab reusing a token within ${REFRESH_REUSE_GRACE_SECONDS} s a pair of the same session`, async () => {
    const first = await testApp.login('klient');
    const tabA = (await refresh(first.refresh_token)).json();
    const tabB = await refresh(first.refresh_token);
    expect(tabB.statusCode).toBe(200);
    expect(sessionOf(tabB.json().access_token)).toBe(sessionOf(first.access_token));
    expect((await refresh(tabA.refresh_token)).statusCode).toBe(200);
    expect((await refresh(tabB.json().refresh_token)).statusCode).toBe(200);
  });

  it('treats a used token coming back after the grace window as stolen: the whole session is revoked', async () => {
    const first = await testApp.login('klient');
    const second = (await refresh(first.refresh_token)).json();
    const other = await testApp.login('klient');
    await testApp.ctx.db.query(`UPDATE refresh_tokens SET used_at = now() - interval '1 minute' WHERE used_at IS NOT NULL`);

    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ detail: 'Sesja wygasła. Zaloguj się ponownie.' });
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    // Other sessions of the same user live on.
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it('refuses unknown and expired tokens, and the tokens of a user blocked since', async () => {
    expect((await refresh(randomBytes(32).toString('base64url'))).statusCode).toBe(401);

    const expiring = await testApp.login('klient2');
    await testApp.ctx.db.query(`UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
      await testApp.userId('klient2'),
    ]);
    expect((await refresh(expiring.refresh_token)).statusCode).toBe(401);

    const userId = await addUser(testApp, 'do-zablokowania');
    const session = await testApp.login('do-zablokowania');
    await testApp.ctx.db.query('UPDATE users SET is_blocked = TRUE WHERE id = $1', [userId]);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    await testApp.ctx.db.query('UPDATE users SET is_blocked = FALSE WHERE id = $1', [userId]);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
  });

  it('rejects a malformed body with 400', async () => {
    for (const payload of [{}, { refresh_token: 7 }, { refresh_token: 'x'.repeat(10_000) }]) {
      const response = await testApp.call({ method: 'POST', url: '/api/authentication/refresh', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'Nieprawidłowe żądanie.' });
    }
  });
});

describe('POST /api/authentication/logout', () => {
  it('revokes the session: neither its current nor its earlier refresh token works any more', async () => {
    const first = await testApp.login('admin');
    const second = (await refresh(first.refresh_token)).json();
    const other = await testApp.login('admin');

    const response = await testApp.call({ method: 'POST', url: '/api/authentication/logout', payload: { refresh_token: second.refresh_token } });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it('answers 204 to an unknown or repeated logout and 400 to a malformed one', async () => {
    const logout = (payload: unknown) => testApp.call({ method: 'POST', url: '/api/authentication/logout', payload });
    expect((await logout({ refresh_token: 'nieznany' })).statusCode).toBe(204);
    expect((await logout({})).statusCode).toBe(400);
  });
});
