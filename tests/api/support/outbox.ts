import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The mailer's outbox (an .eml file per message when no SMTP server is set), read by API and e2e tests. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The .eml file as written. */
  raw: string;
}

/** Every e-mail written to an outbox folder (DATA_DIR/outbox) so far, oldest first. */
export async function readOutboxDir(dir: string): Promise<Mail[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(names.map(async (name) => parseEml(await readFile(path.join(dir, name), 'utf8'))));
}

function parseEml(source: string): Mail {
  const split = source.indexOf('\n\n');
  const headerLines = source.slice(0, split).replace(/\n[ \t]+/g, ' ').split('\n');
  const headers = new Map(
    headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  const body = source.slice(split + 2);
  const encoding = headers.get('content-transfer-encoding');
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { to: headers.get('to') ?? '', subject: decodeEncodedWords(headers.get('subject') ?? ''), text, raw: source };
}

export function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

export function decodeEncodedWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_whole, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

