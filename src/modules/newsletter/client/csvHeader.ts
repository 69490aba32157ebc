import { decodeRecipientText, delimiterOf } from '../common/recipient-columns';

/** The first line's bytes a header row may take; a longer first line is no header. */
const HEADER_MAX_BYTES = 64 * 1024;

/** The cells of one CSV line: the delimiter splits it outside quotes, a doubled quote is a quote. */
export function cellsOf(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index];
    if (quoted && character === '"' && line[index + 1] === '"') {
      cell += '"';
      index += 1;
    } else if (character === '"') quoted = !quoted;
    else if (character === delimiter && !quoted) {
      cells.push(cell.trim());
      cell = '';
    } else cell += character;
  }
  return [...cells, cell.trim()];
}

/**
 * The header row of a CSV file, read in the browser as the import job reads the file (UTF-8, else
 * Windows-1250; the separator the line uses most): its cells, or null when the first line names no
 * column.
 */
export async function csvHeader(file: File): Promise<string[] | null> {
  const bytes = new Uint8Array(await file.slice(0, HEADER_MAX_BYTES).arrayBuffer());
  const end = bytes.indexOf(0x0a);
  const line = bytes.subarray(0, end < 0 ? bytes.length : end);
  const text = decodeRecipientText(line).replace(/\r$/, '');
  const cells = cellsOf(text, delimiterOf(text));
  return cells.some((cell) => cell !== '') ? cells : null;
}
