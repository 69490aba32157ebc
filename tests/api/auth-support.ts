import path from 'node:path';
import { decodeJwt } from 'jose';
import { hashPassword } from '../../src/server/platform/auth/passwords';
import type { Config } from '../../src/server/config';
import { REGULATION_IN_FORCE } from '../../src/server/modules/regulations/in-force';
import { DEMO_PASSWORD, type TestApp } from './support/app';
import { type Mail, readOutboxDir } from './support/outbox';

export type { Mail };

/** Helpers the authentication, reminder and password tests share. */

let addressCount = 0;
/** A client address no other test uses, so per-address throttling stays inside one test. */
export function freshAddress(): string {
  addressCount += 1;
  return `10.${(addressCount >> 16) & 255}.${(addressCount >> 8) & 255}.${addressCount & 255}`;
}

/** Adds a user of the test's own (demo users are shared by the whole file). */
export async function addUser(
  testApp: TestApp,
  username: string,
  options: { password?: string; email?: string; blocked?: boolean; passwordValid?: boolean } = {},
): Promise<number> {
  const { rows } = await testApp.ctx.db.query<{ id: number }>(
    `INSERT INTO users (username, password_hash, email, is_blocked, is_password_valid)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [
      username,
      await hashPassword(options.password ?? DEMO_PASSWORD),
      options.email ?? `${username}@example.com`,
      options.blocked ?? false,
      options.passwordValid ?? true,
    ],
  );
  return rows[0].id;
}

/**
 * Settles a user's SPEC 4 steps in the database (every regulation in force accepted, the password
 * valid), for tests about other things than the guards; the server answers other calls 403 until then.
 */
export async function settlePendingSteps(testApp: TestApp, username: string): Promise<void> {
  const userId = await testApp.userId(username);
  await testApp.ctx.db.query('UPDATE users SET is_password_valid = TRUE WHERE id = $1', [userId]);
  await testApp.ctx.db.query(
    `INSERT INTO regulation_acceptances (user_id, regulation_id)
     SELECT $1, r.id FROM regulations r WHERE ${REGULATION_IN_FORCE} ON CONFLICT DO NOTHING`,
    [userId],
  );
}

/** The refresh token family (claim sid) an access token belongs to. */
export function sessionOf(accessToken: string): unknown {
  return decodeJwt(accessToken).sid;
}

/** Waits until `count` e-mails to `to` lie in DATA_DIR/outbox and returns them, oldest first. */
export async function waitForMails(config: Config, to: string, count = 1, timeoutMs = 5000): Promise<Mail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await readOutbox(config)).filter((mail) => mail.to === to);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`expected ${count} e-mail(s) to ${to}, found ${mails.length}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every e-mail written to the outbox so far. */
export const readOutbox = (config: Config): Promise<Mail[]> => readOutboxDir(path.join(config.dataDir, 'outbox'));

/** The username and confirm code of the newest reminder link e-mailed to `to`. */
export async function reminderLink(config: Config, to: string, count = 1): Promise<{ username: string; code: string }> {
  const mails = await waitForMails(config, to, count);
  const match = /\/logowanie\/przypomnij_haslo\/aktywuj\/([^/\s]+)\/([A-Za-z0-9_-]+)/.exec(mails[count - 1].text);
  if (!match) throw new Error(`no reminder link in: ${mails[count - 1].text}`);
  return { username: decodeURIComponent(match[1]), code: match[2] };
}
