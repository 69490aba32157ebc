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
