import { createHash, type KeyObject } from 'node:crypto';
import type { DKIMOptions } from 'nodemailer/lib/dkim';
import dkimSignature from 'nodemailer/lib/dkim/sign';

/** A key that signs messages for a domain (d=) under a selector (s=). */
export interface DkimKey {
  domainName: string;
  keySelector: string;
  privateKey: KeyObject;
}

/**
 * The header fields every signature covers: nodemailer's default list without what is never
 * set, plus List-Unsubscribe-Post, which RFC 8058 requires under the signature beside List-Unsubscribe.
 */
export const SIGNED_HEADERS = 'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:List-Id:List-Unsubscribe:List-Unsubscribe-Post';

/** nodemailer's dkim option for a message it composes itself (relaxed/relaxed, rsa-sha256). */
export function dkimOptions(keys: readonly DkimKey[]): DKIMOptions | undefined {
  return keys.length ? { keys: [...keys], headerFieldNames: SIGNED_HEADERS } : undefined;
}

/** The body hash (bh=) of a body under relaxed canonicalisation (RFC 6376 3.4.4). */
function relaxedBodyHash(body: string): string {
  const lines = body.replace(/[ \t]+/g, ' ').replace(/ (?=\r\n|$)/g, '').replace(/(\r\n)+$/, '');
  return createHash('sha256').update(lines === '' ? '' : `${lines}\r\n`, 'utf8').digest('base64');
}

/**
 * A message in MIME form (a mailing's, compiled) with a DKIM-Signature per key in front: its body
 * hashed once for all keys, in memory, without the stream nodemailer's own signer sets up per message.
 */
export function signMime(raw: string, keys: readonly DkimKey[]): string {
  if (keys.length === 0) return raw;
  const split = raw.indexOf('\r\n\r\n');
  const headers = (raw.slice(0, split + 2).match(/[^\r\n]+\r\n(?:[ \t][^\r\n]*\r\n)*/g) ?? []).map((field) => ({
    key: field.slice(0, field.indexOf(':')).trim().toLowerCase(),
    line: field.slice(0, -2),
  }));
  const bodyHash = relaxedBodyHash(raw.slice(split + 4));
  const signatures = keys.map((key) => {
    const signature = dkimSignature(headers, 'sha256', bodyHash, { ...key, headerFieldNames: SIGNED_HEADERS });
    if (!signature) throw new Error(`DKIM signing for ${key.domainName} failed`);
    return `${signature}\r\n`;
  });
  return signatures.join('') + raw;
}
