import { createHash, type KeyObject, sign } from 'node:crypto';
import { domainToASCII } from 'node:url';
import { promisify } from 'node:util';
import type { DKIMOptions } from 'nodemailer/lib/dkim';
import dkimSignature from 'nodemailer/lib/dkim/sign';
import { foldLines } from 'nodemailer/lib/mime-funcs';

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

/** RSA signing on libuv's thread pool: the event loop goes on while a message is signed, and the pool's threads sign in parallel. */
const signInPool = promisify(sign);

/** nodemailer's relaxed canonical form (RFC 6376 3.4.2) of the listed header fields (its typings name it wrongly). */
const relaxedHeaders = (dkimSignature as unknown as { relaxedHeaders(headers: { key: string; line: string }[], fieldNames: string): { headers: string; fieldNames: string } })
  .relaxedHeaders;

/**
 * A message in MIME form (a mailing's, compiled) with a DKIM-Signature per key in front (rsa-sha256,
 * relaxed/relaxed, the header of nodemailer's signer): its body hashed once for all keys, in memory,
 * and the RSA signature computed off the event loop (the dearest part of a mailing's message).
 */
export async function signMime(raw: string, keys: readonly DkimKey[]): Promise<string> {
  if (keys.length === 0) return raw;
  const split = raw.indexOf('\r\n\r\n');
  const headers = (raw.slice(0, split + 2).match(/[^\r\n]+\r\n(?:[ \t][^\r\n]*\r\n)*/g) ?? []).map((field) => ({
    key: field.slice(0, field.indexOf(':')).trim().toLowerCase(),
    line: field.slice(0, -2),
  }));
  const bodyHash = relaxedBodyHash(raw.slice(split + 4));
  const signatures = await Promise.all(
    keys.map(async (key) => {
      const signed = relaxedHeaders(headers, SIGNED_HEADERS);
      const tags = ['v=1', 'a=rsa-sha256', 'c=relaxed/relaxed', `d=${domainToASCII(key.domainName)}`, 'q=dns/txt', `s=${key.keySelector}`, `bh=${bodyHash}`, `h=${signed.fieldNames}`];
      const header = `${foldLines(`DKIM-Signature: ${tags.join('; ')}`, 76)};\r\n b=`;
      const data = Buffer.from(signed.headers + relaxedHeaders([{ key: 'dkim-signature', line: header }], 'dkim-signature').headers.slice(0, -2), 'latin1');
      const signature = (await signInPool('sha256', data, key.privateKey)).toString('base64');
      return `${header}${signature.replace(/(^.{73}|.{75}(?!\r?\n|\r))/g, '$&\r\n ').trim()}\r\n`;
    }),
  );
  return signatures.join('') + raw;
}
