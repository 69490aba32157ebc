import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a signed link opens, bound into its signature: a token made for one purpose never opens
 * another's route (a disk download is not a private file shown in place, nor a template download).
 */
export type LinkPurpose = 'file' | 'disk-download' | 'template-download' | 'mailing-page' | 'wcag-statement';

export interface SignedLinks {
  /** A token naming subject for purpose, valid for ttlSeconds. */
  sign(purpose: LinkPurpose, subject: string, ttlSeconds: number): string;
  /** The subject of a token signed for purpose and not expired; null for anything else, whatever is wrong with it. */
  verify(purpose: LinkPurpose, token: unknown): string | null;
}

/**
 * The one token format: the subject in base64url, the expiry (Unix seconds) and an HMAC-SHA256 of
 * purpose|subject|expiry, dot-separated. Only this exact shape is read, and the subject and expiry
 * must be written as sign writes them: nothing appended, missing or encoded another way.
 */
const TOKEN = /^([A-Za-z0-9_-]+)\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/;

export function createSignedLinks(secret: Uint8Array): SignedLinks {
  // A key of its own, so a link's signature never equals anything else signed with the secret.
  const signingKey = createHmac('sha256', secret).update('signed-links').digest();
  const signature = (purpose: LinkPurpose, subject: string, expires: string) =>
    createHmac('sha256', signingKey).update(`${purpose}|${subject}|${expires}`).digest('base64url');

  return {
    sign(purpose, subject, ttlSeconds) {
      const expires = String(Math.floor(Date.now() / 1000) + ttlSeconds);
      return `${Buffer.from(subject).toString('base64url')}.${expires}.${signature(purpose, subject, expires)}`;
    },
    verify(purpose, token) {
      const parts = typeof token === 'string' ? TOKEN.exec(token) : null;
      if (!parts) return null;
      const [, encodedSubject, expires, given] = parts;
      const subject = Buffer.from(encodedSubject, 'base64url').toString();
      // Decoding forgives stray bits and bad UTF-8; a token is only ever read as sign wrote it.
      if (Buffer.from(subject).toString('base64url') !== encodedSubject) return null;
      const expected = Buffer.from(signature(purpose, subject, expires));
      if (!timingSafeEqual(Buffer.from(given), expected)) return null;
      return Number(expires) > Date.now() / 1000 ? subject : null;
    },
  };
}
