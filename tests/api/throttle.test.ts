import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { slowdownDelayMs, THROTTLE_POLICIES } from '../../src/server/platform/auth/throttle';
import { closeContext, createContext } from '../../src/server/context';
import { addUser, freshAddress } from './auth-support';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './support/app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const policy = THROTTLE_POLICIES.login;
const signIn = (username: string, password: string, remoteAddress = freshAddress()) =>
  testApp.call({ method: 'POST', url: '/api/authentication', payload: { username, password }, remoteAddress });
/** The pauses the server asked for while running calls. */
async function pausesDuring(calls: () => Promise<void>): Promise<number[]> {
  const before = testApp.pauses.length;
  await calls();
  return testApp.pauses.slice(before);
}

describe('login throttling', () => {
  it('slows an account down as addresses fail on it, but the right password from another address still signs in', async () => {
    await addUser(testApp, 'atakowany');
    const pauses = await pausesDuring(async () => {
      for (let i = 0; i < policy.perPair; i++) expect((await signIn('atakowany', `Zle-Haslo-${i}`)).statusCode).toBe(401);
      expect((await signIn('atakowany', DEMO_PASSWORD)).statusCode).toBe(200);
    });
    // Free failures first, then a doubling pause before each check, the owner's included.
    const { freeFailures, firstDelayMs } = policy.slowdown;
    const expected = [];
    for (let failures = freeFailures; failures <= policy.perPair; failures++) expected.push(firstDelayMs * 2 ** (failures - freeFailures));
    expect(pauses).toEqual(expected);
  });

  it('caps the pause', async () => {
    await addUser(testApp, 'cierpliwy');
    const failures = policy.slowdown.freeFailures + 8;
    const pauses = await pausesDuring(async () => {
      for (let i = 0; i < failures; i++) expect((await signIn('cierpliwy', 'Zle-Haslo-1')).statusCode).toBe(401);
      expect((await signIn('cierpliwy', DEMO_PASSWORD)).statusCode).toBe(200);
    });
    expect(pauses.at(-1)).toBe(policy.slowdown.maxDelayMs);
    expect(Math.max(...pauses)).toBe(policy.slowdown.maxDelayMs);
    expect(slowdownDelayMs(policy.slowdown, failures)).toBe(policy.slowdown.maxDelayMs);
  });

  it('refuses an address that failed on many accounts, except for accounts that signed in from it before', async () => {
    const office = freshAddress();
    await addUser(testApp, 'bywalec');
    await addUser(testApp, 'nowicjusz');
    expect((await signIn('bywalec', DEMO_PASSWORD, office)).statusCode).toBe(200);
    for (let i = 0; i < policy.perAddress; i++) expect((await signIn(`literowka${i}`, 'Zle-Haslo-1', office)).statusCode).toBe(401);

    expect((await signIn('bywalec', DEMO_PASSWORD, office)).statusCode).toBe(200);
    const refused = await signIn('nowicjusz', DEMO_PASSWORD, office);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toBe('Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za 15 min.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    expect((await signIn('nowicjusz', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('lets at most the limit of a parallel burst from one address reach the password check', async () => {
    await addUser(testApp, 'szturmowany');
    const address = freshAddress();
    const burst = await Promise.all(Array.from({ length: 50 }, (_, i) => signIn('szturmowany', `Zle-Haslo-${i}`, address)));
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(policy.perPair);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50 - policy.perPair);
    const { rows } = await testApp.ctx.db.query(`SELECT succeeded FROM login_attempts WHERE action = 'login' AND username = 'szturmowany'`);
    expect(rows).toEqual(Array.from({ length: policy.perPair }, () => ({ succeeded: false })));
  });

  it('lets at most the address limit of a parallel burst over many accounts reach the password check', async () => {
    const address = freshAddress();
    const burst = await Promise.all(Array.from({ length: 50 }, (_, i) => signIn(`rozproszony${i}`, 'Zle-Haslo-1', address)));
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(policy.perAddress);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50 - policy.perAddress);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('holds the limit when two server processes share the database', async () => {
    const otherCtx = await createContext(testApp.config);
    otherCtx.pause = testApp.ctx.pause;
    const other = await buildApp(otherCtx);
    try {
      await addUser(testApp, 'dwustronny');
      const address = freshAddress();
      const burst = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          (i % 2 ? other : testApp.app).inject({
            method: 'POST',
            url: '/api/authentication',
            payload: { username: 'dwustronny', password: `Zle-Haslo-${i}` },
            remoteAddress: address,
            headers: { cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x' },
          }),
        ),
      );
      expect(burst.filter((response) => response.statusCode === 401)).toHaveLength(policy.perPair);
      expect(burst.filter((response) => response.statusCode === 429)).toHaveLength(50 - policy.perPair);
    } finally {
      await other.close();
      await closeContext(otherCtx);
    }
  });

  it('past the cap of failures of an account, gives each address one guess, and the owner still signs in', async () => {
    await addUser(testApp, 'oblegany');
    const { capFailures } = policy.slowdown;
    const attackers = Array.from({ length: Math.ceil(capFailures / policy.perPair) }, () => freshAddress());
    for (const [index, address] of attackers.entries()) {
      const guesses = Math.min(policy.perPair, capFailures - index * policy.perPair);
      for (let i = 0; i < guesses; i++) expect((await signIn('oblegany', `Zle-Haslo-${i}`, address)).statusCode).toBe(401);
    }
    // An address that has failed on the account waits, even with the right password...
    const capped = await signIn('oblegany', DEMO_PASSWORD, attackers[0]);
    expect(capped.statusCode).toBe(429);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(0);
    // ...a new one gets one guess...
    const newcomer = freshAddress();
    expect((await signIn('oblegany', 'Zle-Haslo-X', newcomer)).statusCode).toBe(401);
    expect((await signIn('oblegany', 'Zle-Haslo-Y', newcomer)).statusCode).toBe(429);
    // ...and the owner, from an address with no failures, signs in.
    expect((await signIn('oblegany', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});
