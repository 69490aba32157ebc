/**
 * How a recipients file names its columns, shared by the import job (server) and the client's
 * import screen, which reads the header row in the browser and proposes the mapping from it.
 */

/** A recipients file's text: UTF-8 (with or without its byte order mark), else Windows-1250, as Polish spreadsheets save CSV. */
export function decodeRecipientText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1250').decode(bytes);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The separator of the first line: the most frequent of semicolon, comma and tab (Polish Excel writes semicolons). */
export function delimiterOf(firstLine: string): string {
  const counts = [';', ',', '\t'].map((candidate) => [candidate, firstLine.split(candidate).length - 1] as const);
  const [best] = counts.sort((a, b) => b[1] - a[1]);
  return best[1] > 0 ? best[0] : ',';
}

/** A header cell as compared: lower case, no Polish diacritics, letters and digits only. */
const headerKey = (cell: string) =>
  cell
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/[^a-z0-9]/g, '');

const HEADERS = {
  email: ['email', 'adresemail', 'mail', 'emailaddress', 'adres'],
  name: ['name', 'nazwa', 'nazwaodbiorcy', 'odbiorca', 'imieinazwisko', 'imie', 'fullname'],
  tags: ['tags', 'tagi', 'tag'],
} as const;

/** What an import reads from the file's columns, each by its position (-1: none). */
export interface MappedColumns {
  email: number;
  name: number;
  tags: number;
}

export const MAPPED_FIELDS = ['email', 'name', 'tags'] as const;

/** The columns a header row names (email / e-mail / adres e-mail, nazwa / imię i nazwisko / name, tagi / tags), -1 where none. */
export function namedColumns(cells: readonly string[]): MappedColumns {
  const keys = cells.map(headerKey);
  const find = (names: readonly string[]) => keys.findIndex((key) => names.includes(key));
  return { email: find(HEADERS.email), name: find(HEADERS.name), tags: find(HEADERS.tags) };
}
