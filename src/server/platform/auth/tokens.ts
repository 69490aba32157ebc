import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config';
import { createExpiringCache } from './expiring-cache';

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
  /**
   * The refresh token that succeeds the presented one: derived with a server key, so every parallel
   * refresh of a token hands out the same successor, though only hashes are stored.
   */
  successorRefreshToken(presented: string): string;
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

/** How many verified access tokens are remembered; the least recently used one goes first. */
const VERIFIED_CACHE_SIZE = 10_000;

export function createTokenService(secret: Uint8Array, ttl: number): TokenService {
  // A token's verification depends only on its bytes, the secret and the clock: a token verified once
  // stays valid until its exp, so it is not verified again before then. Failures are not remembered.
  const verified = createExpiringCache<string, AccessClaims>(VERIFIED_CACHE_SIZE);
  // A key of its own, so a successor never equals anything else signed with the secret.
  const successorKey = createHmac('sha256', secret).update('refresh-token-successor').digest();

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
      const known = verified.get(token);
      if (known) return { ...known };
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          typ: TYPE,
          requiredClaims: ['exp'],
        });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.username !== 'string' || typeof payload.sid !== 'string') return null;
        const claims = { userId, username: payload.username, isRoot: payload.root === true, sessionId: payload.sid };
        verified.set(token, claims, (payload.exp as number) * 1000);
        return { ...claims };
      } catch {
        return null;
      }
    },
    successorRefreshToken(presented) {
      return createHmac('sha256', successorKey).update(presented).digest('base64url');
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
