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
