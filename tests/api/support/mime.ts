import { createHash, createPublicKey, verify as cryptoVerify } from 'node:crypto';
import addressparser from 'nodemailer/lib/addressparser';
import { decodeEncodedWords, decodeQuotedPrintable } from './outbox';

/**
 * A received message read as a mail client reads it (no MIME parser such as mailparser is
 * installed: this one follows RFC 5322 and 2045 for what the panel sends): header fields in order,
 * unfolded, with their raw lines for DKIM; the leaf parts of a multipart body, decoded.
 */
export interface ParsedMail {
  /** Every header field in order: its name as written, its unfolded value and its raw (folded) text. */
  fields: { name: string; value: string; raw: string }[];
  /** The body as sent (after the blank line), for the DKIM body hash. */
  body: string;
  /** The unfolded value of the only field of that name (case-insensitive); undefined when absent, an error when repeated. */
  header(name: string): string | undefined;
  /** The same, encoded words (=?UTF-8?Q?…?=) decoded: an unstructured field as a mail client shows it. */
  text(name: string): string | undefined;
  /** The text/plain and text/html parts, transfer encoding undone. */
  parts: { type: string; content: string }[];
}

export function parseMail(source: string): ParsedMail {
  const raw = source.replace(/\r?\n/g, '\r\n');
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split + 2);
  const body = raw.slice(split + 4);
  const fields = (head.match(/[^\r\n]+\r\n(?:[ \t][^\r\n]*\r\n)*/g) ?? []).map((field) => {
    const colon = field.indexOf(':');
    return { name: field.slice(0, colon), value: field.slice(colon + 1).replace(/\r\n/g, '').trim(), raw: field };
  });
  const header = (name: string) => {
    const found = fields.filter((field) => field.name.toLowerCase() === name.toLowerCase());
    if (found.length > 1) throw new Error(`${found.length} ${name} fields`);
    return found[0]?.value;
  };
  const text = (name: string) => {
    const value = header(name);
    return value === undefined ? undefined : decodeEncodedWords(value);
  };
  return { fields, body, header, text, parts: leafParts(fields.find((field) => /^content-type$/i.test(field.name))?.value ?? 'text/plain', fields, body) };
}

function leafParts(contentType: string, fields: ParsedMail['fields'], body: string): ParsedMail['parts'] {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1, -1)
      .flatMap((part) => {
        const inner = parseMail(part.replace(/^\r\n/, ''));
        return leafParts(inner.fields.find((field) => /^content-type$/i.test(field.name))?.value ?? 'text/plain', inner.fields, inner.body.replace(/\r\n$/, ''));
      });
  }
  const encoding = fields.find((field) => /^content-transfer-encoding$/i.test(field.name))?.value.toLowerCase();
  const content = encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
  return [{ type: contentType.split(';')[0].trim().toLowerCase(), content }];
}

/** The addresses of an address field (From, To, Reply-To) as nodemailer's RFC 5322 address parser reads them, names decoded. */
export function addressesOf(value: string): { name: string; address: string }[] {
  return addressparser(value, { flatten: true }).map((entry) => ({ name: decodeEncodedWords(entry.name), address: entry.address }));
}

/** A field's value under relaxed canonicalisation (RFC 6376 3.4.2): unfolded, whitespace runs as one space, none at the ends. */
const relaxedValue = (value: string) => value.replace(/\r\n/g, '').replace(/[ \t]+/g, ' ').trim();

/**
 * Verifies every DKIM-Signature of a received message (relaxed/relaxed, rsa-sha256, RFC 6376)
 * with node:crypto, independently of the signer: the body hash (bh=) of the body, and the
 * signature (b=) over the fields h= names, taken from the bottom up, and the signature field
 * itself without its b= value. `publicKey` gives the key DNS would answer for d= and s= (the p= value).
 * Resolves to the verified signatures' tags.
 */
export function verifyDkim(source: string, publicKey: (domain: string, selector: string) => string): Record<string, string>[] {
  const mail = parseMail(source);
  const signatures = mail.fields.filter((field) => field.name.toLowerCase() === 'dkim-signature');
  if (signatures.length === 0) throw new Error('no DKIM-Signature');
  return signatures.map((signature) => {
    const tags = Object.fromEntries(
      relaxedValue(signature.raw.slice(signature.raw.indexOf(':') + 1))
        .split(';')
        .filter((tag) => tag.trim())
        .map((tag) => [tag.slice(0, tag.indexOf('=')).trim(), tag.slice(tag.indexOf('=') + 1).replace(/\s+/g, '')]),
    );
    if (tags.a !== 'rsa-sha256' || tags.c !== 'relaxed/relaxed') throw new Error(`unexpected algorithm ${tags.a} ${tags.c}`);
    const body = mail.body.replace(/[ \t]+/g, ' ').replace(/ (?=\r\n|$)/g, '').replace(/(\r\n)+$/, '');
    const bodyHash = createHash('sha256').update(body === '' ? '' : `${body}\r\n`).digest('base64');
    if (bodyHash !== tags.bh) throw new Error(`body hash ${bodyHash} is not bh=${tags.bh}`);
    const unused = [...mail.fields];
    const signed = tags.h.split(':').map((name) => {
      const index = unused.findLastIndex((field) => field.name.toLowerCase() === name.toLowerCase());
      if (index === -1) return '';
      const [field] = unused.splice(index, 1);
      return `${name.toLowerCase()}:${relaxedValue(field.value === undefined ? '' : field.raw.slice(field.raw.indexOf(':') + 1))}\r\n`;
    });
    const ownField = `dkim-signature:${relaxedValue(signature.raw.slice(signature.raw.indexOf(':') + 1)).replace(/(^|;)(\s*b=)[^;]*/, '$1$2')}`;
    const key = createPublicKey({ key: Buffer.from(publicKey(tags.d, tags.s), 'base64'), format: 'der', type: 'spki' });
    if (!cryptoVerify('sha256', Buffer.from(signed.join('') + ownField), key, Buffer.from(tags.b, 'base64'))) throw new Error(`signature of d=${tags.d} does not verify`);
    return tags;
  });
}
