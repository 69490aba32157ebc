import { randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane); the library's defaults.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Unknown users are checked against this hash of a random password, so that their answer costs
// the same argon2 work as a wrong password of a real user.
const unknownUserHash = hashPassword(randomBytes(18).toString('base64url'));

/** Verifies a user's password; without a user (no hash) it does the same work and fails. */
export async function verifyUserPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash !== undefined) return verifyPassword(passwordHash, password);
  await verifyPassword(await unknownUserHash, password);
  return false;
}

// Look-alike characters (0/O, 1/l/I) are left out: the temporary password is typed from an e-mail.
const TEMPORARY_PASSWORD_CLASSES = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!#$%&*+-=?@_'];
const TEMPORARY_PASSWORD_LENGTH = 16;

/** A random password that meets the password rules: every character class at least once. */
export function generateTemporaryPassword(): string {
  const all = TEMPORARY_PASSWORD_CLASSES.join('');
  const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)];
  const characters = TEMPORARY_PASSWORD_CLASSES.map(pick);
  while (characters.length < TEMPORARY_PASSWORD_LENGTH) characters.push(pick(all));
  // Fisher-Yates, so the guaranteed characters do not always lead.
  for (let i = characters.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [characters[i], characters[j]] = [characters[j], characters[i]];
  }
  return characters.join('');
}
