import type { DKIMResult } from 'mailauth';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { type AddressObject, simpleParser } from 'mailparser';
import { decodeEncodedWords } from './outbox';

/**
 * A received message as a mail client reads it, parsed by mailparser (not by anything the panel
 * sends with): its header fields in order, its addresses, its text and HTML bodies decoded.
 */
export interface ParsedMail {
  /** Every header field's name, lower-cased, in order. */
  fieldNames: string[];
  /** The value of the only field of that name (case-insensitive) as written, unfolded; undefined when absent, an error when repeated. */
  header(name: string): string | undefined;
  /** The same, encoded words (=?UTF-8?Q?…?=) decoded: an unstructured field as a mail client shows it. */
  text(name: string): string | undefined;
  /** The addresses of the From field, names decoded. */
  from: { name: string; address: string }[];
  /** The text/plain and text/html parts, transfer encoding undone. */
  parts: { type: string; content: string }[];
}

export async function parseMail(source: string): Promise<ParsedMail> {
  const parsed = await simpleParser(source);
  const fields = parsed.headerLines.map(({ key, line }) => ({ name: key, value: line.slice(line.indexOf(':') + 1).replace(/\r?\n/g, '').trim() }));
  const header = (name: string) => {
    const found = fields.filter((field) => field.name === name.toLowerCase());
    if (found.length > 1) throw new Error(`${found.length} ${name} fields`);
    return found[0]?.value;
  };
  const addresses = (field: AddressObject | AddressObject[] | undefined) =>
    [field ?? []].flat().flatMap((group) => group.value.map(({ name, address }) => ({ name, address: address ?? '' })));
  return {
    fieldNames: fields.map((field) => field.name),
    header,
    text: (name) => {
      const value = header(name);
      return value === undefined ? undefined : decodeEncodedWords(value);
    },
    from: addresses(parsed.from),
    parts: [
      { type: 'text/plain', content: parsed.text },
      { type: 'text/html', content: parsed.html || undefined },
    ].flatMap(({ type, content }) => (content === undefined ? [] : [{ type, content }])),
  };
}

/** A DKIM signature that verified: its selector and domain (s=, d=) and the header fields it signs, lower-cased. */
export interface VerifiedSignature {
  selector: string;
  domain: string;
  signed: string[];
}

/**
 * Verifies every DKIM-Signature of a received message with mailauth (RFC 6376), independently of the
 * signer. `publicKey` gives the key DNS would answer for d= and s= (the p= value). Resolves to the
 * signatures, each of which verified; rejects, with mailauth's reason, when there is none or one does not.
 */
export async function verifyDkim(source: string, publicKey: (domain: string, selector: string) => string): Promise<VerifiedSignature[]> {
  const resolver = async (name: string) => {
    const [selector, domain] = name.split('._domainkey.');
    const key = publicKey(domain, selector);
    if (!key) throw Object.assign(new Error(`no record ${name}`), { code: 'ENOTFOUND' });
    return [[`v=DKIM1; k=rsa; p=${key}`]];
  };
  const { results } = await dkimVerify(Buffer.from(source), { resolver });
  if (results.length === 0) throw new Error('no DKIM-Signature');
  // What each signature covered is in the result, though not in mailauth's types.
  return (results as (DKIMResult & { signingHeaders: { keys: string } })[]).map((result) => {
    if (result.status.result !== 'pass') throw new Error(`the signature of d=${result.signingDomain} did not verify: ${result.status.comment}`);
    return { selector: result.selector ?? '', domain: result.signingDomain, signed: result.signingHeaders.keys.toLowerCase().split(': ') };
  });
}
