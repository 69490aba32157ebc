/**
 * `npm run create-root -- <username> [--email address]`: a root user on any database. The password
 * comes from ROOT_PASSWORD, or is generated and printed once; the user must change it at first sign-in.
 */
import { parseArgs } from 'node:util';
import { newPasswordError } from '../../common/validation/password';
import { isEmail } from '../../common/validation/generic';
import { generateTemporaryPassword, hashPassword } from '../platform/auth/passwords';
import { loadConfig } from '../config';
import { openDb } from '../platform/db';
import { t } from '../platform/http/errors';

const USERNAME = /^[a-z0-9._-]{3,64}$/;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const { positionals, values } = (() => {
  try {
    return parseArgs({ allowPositionals: true, options: { email: { type: 'string' } } });
  } catch {
    return fail(t('app.cli.root_usage'));
  }
})();
const [username] = positionals;
if (!username || positionals.length > 1) fail(t('app.cli.root_usage'));
if (!USERNAME.test(username)) fail(t('app.cli.root_invalid_username'));
const email = values.email ?? '';
if (email && !isEmail(email)) fail(t('app.cli.root_invalid_email'));

const givenPassword = process.env.ROOT_PASSWORD;
if (givenPassword) {
  const reason = newPasswordError(givenPassword);
  if (reason) fail(t('app.cli.root_weak_password', { reason: t(reason) }));
}
const password = givenPassword || generateTemporaryPassword();

const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const { affectedRows } = await db.query(
    `INSERT INTO users (username, password_hash, email, is_root, is_password_valid)
     VALUES ($1, $2, $3, TRUE, $4) ON CONFLICT (username) DO NOTHING`,
    // A generated password was printed to a terminal: the owner replaces it at first sign-in.
    [username, await hashPassword(password), email, Boolean(givenPassword)],
  );
  if (affectedRows === 0) {
    process.stderr.write(`${t('app.cli.root_exists', { username })}\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write(`${t('app.cli.root_created', { username })}\n`);
    if (!givenPassword) process.stdout.write(`${t('app.cli.root_password', { password })}\n`);
  }
} finally {
  await db.close();
}
