import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { jwtVerify, SignJWT } from 'jose';
import type { Config } from '../config';

// RFC 8725: one pinned algorithm, issuer, audience and type checked on every verification.
const ALGORITHM = 'HS256';
const ISSUER = 'panel-administracyjny';
const AUDIENCE = 'panel-administracyjny-api';
const TYPE = 'at+jwt';

export interface AccessClaims {
  userId: number;
  username: string;
  isRoot: boolean;
  /** The refresh token family this access token was issued with (claim `sid`). */
  sessionId: string;
}

export interface TokenService {
  readonly ttl: number;
  signAccess(claims: AccessClaims): Promise<string>;
  /** Returns the claims, or null for any token that is not a valid, current access token. */
  verifyAccess(token: string): Promise<AccessClaims | null>;
}

/** The secret comes from JWT_SECRET, or is generated once and kept in DATA_DIR. */
export async function loadSecret(config: Config): Promise<Uint8Array> {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  const file = path.join(config.dataDir, 'jwt-secret');
  try {
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url');
  } catch {
    const secret = randomBytes(48);
    await mkdir(config.dataDir, { recursive: true });
    await writeFile(file, secret.toString('base64url'), { mode: 0o600, flag: 'wx' }).catch(() => undefined);
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url');
  }
}

export function createTokenService(secret: Uint8Array, ttl: number): TokenService {
  return {
    ttl,
    async signAccess({ userId, username, isRoot, sessionId }) {
      return new SignJWT({ username, root: isRoot, sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: TYPE })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setJti(randomBytes(9).toString('base64url'))
        .setExpirationTime(`${ttl}s`)
        .sign(secret);
    },
    async verifyAccess(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          typ: TYPE,
        });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.username !== 'string' || typeof payload.sid !== 'string') return null;
        return { userId, username: payload.username, isRoot: payload.root === true, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}

/** Opaque tokens (refresh, reminder codes) are random; only their SHA-256 is stored. */
export function newOpaqueToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
