import { parse } from 'csv-parse/sync';
import type { TranslateParams } from '../../../common/i18n/translate';
import { decodeRecipientText, delimiterOf, namedColumns, type MappedColumns } from '../common/recipient-columns';
import { ZIP_END_SEARCH_BYTES, zipEnd, zipEntries } from '../../../common/zip-directory';

export type ImportFormat = 'csv' | 'xlsx';

/** The most rows an import reads, CSV or XLSX (a 20 MB CSV of bare addresses has about a million). */
export const IMPORT_MAX_ROWS = 500_000;
/**
 * What an XLSX file may unpack to, as its archive declares it (exceljs unpacks the whole archive
 * into memory): a sheet of IMPORT_MAX_ROWS recipients takes some tens of MB.
 */
export const XLSX_MAX_UNPACKED_MB = 100;
const XLSX_MAX_ENTRIES = 1000;

/** A file the import refuses as a whole: the catalogue key of the reason, with its params. */
export class ImportFileRefused extends Error {
  constructor(
    readonly key: string,
    readonly params: TranslateParams,
  ) {
    super(key);
  }
}

const tooManyRows = () => new ImportFileRefused('errors.recipient_imports.too_many_rows', { max: IMPORT_MAX_ROWS });

/** One row of the file: its number as a spreadsheet shows it (the first line is 1) and its cells. */
export interface FileRow {
  row: number;
  cells: string[];
}

export interface ReadRows {
  rows: FileRow[];
  /** Rows that are not CSV (a quote never closed, text after a closing quote): their numbers. */
  unreadable: number[];
}

/** The format the first bytes show: XLSX is a ZIP archive, CSV is text (no NUL byte); anything else is neither. */
export function detectFormat(head: Buffer): ImportFormat | null {
  if (head.length >= 4 && head.readUInt32BE(0) === 0x504b0304) return 'xlsx';
  return head.includes(0) ? null : 'csv';
}

/**
 * The rows of a CSV file, one per line: a line without quotes is split at once, one with quotes
 * goes through csv-parse. A cell never spans lines (no name or address holds a line break), so a
 * quote left open breaks its own row only: it is reported by its number and the next line is read
 * as usual, and one stray quote never swallows the valid rows after it.
 */
export function readCsv(buffer: Buffer): ReadRows {
  const lines = decodeRecipientText(buffer).split(/\r\n|\n|\r/);
  if (lines.filter((line) => line.trim() !== '').length > IMPORT_MAX_ROWS) throw tooManyRows();
  const delimiter = delimiterOf(lines.find((line) => line.trim() !== '') ?? '');
  const rows: FileRow[] = [];
  const unreadable: number[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    if (!line.includes('"')) {
      rows.push({ row: index + 1, cells: line.split(delimiter) });
      return;
    }
    try {
      const [record] = parse(line, { delimiter, relax_column_count: true, relax_quotes: true }) as string[][];
      rows.push({ row: index + 1, cells: record ?? [] });
    } catch {
      unreadable.push(index + 1);
    }
  });
  return { rows, unreadable };
}

/**
 * The number of entries and the bytes they unpack to, as a ZIP archive's central directory declares
 * them (read before anything is unpacked); null when the file is no ZIP archive. ZIP64 archives
 * mark their counts 0xFFFF and sizes 0xFFFFFFFF here, both beyond the caps.
 */
function declaredContents(buffer: Buffer): { entries: number; unpackedBytes: number } | null {
  const bytes = (start: number, length: number) => new DataView(buffer.buffer, buffer.byteOffset + start, length);
  const tailStart = Math.max(0, buffer.length - ZIP_END_SEARCH_BYTES);
  const end = zipEnd(bytes(tailStart, buffer.length - tailStart));
  if (!end || end.offset > buffer.length) return null;
  const entries = zipEntries(bytes(end.offset, buffer.length - end.offset), end.count);
  return entries && { entries: end.count, unpackedBytes: entries.reduce((sum, entry) => sum + entry.unpackedSize, 0) };
}

/**
 * The rows of the first worksheet of an XLSX file, each cell as the text the spreadsheet shows. An
 * archive declaring more than XLSX_MAX_UNPACKED_MB (a "zip bomb") is refused before it is unpacked.
 */
export async function readXlsx(buffer: Buffer): Promise<ReadRows> {
  const contents = declaredContents(buffer);
  if (!contents) throw new Error('not a ZIP archive');
  if (contents.entries > XLSX_MAX_ENTRIES || contents.unpackedBytes > XLSX_MAX_UNPACKED_MB * 1024 * 1024) {
    throw new ImportFileRefused('errors.recipient_imports.xlsx_too_large', { max: XLSX_MAX_UNPACKED_MB });
  }
  // Loaded by the first XLSX import, not at start (a large library most servers never need).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (sheet && sheet.actualRowCount > IMPORT_MAX_ROWS) throw tooManyRows();
  const rows: FileRow[] = [];
  sheet?.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column += 1) cells.push(row.getCell(column).text ?? '');
    rows.push({ row: rowNumber, cells });
  });
  return { rows, unreadable: [] };
}

export interface Columns extends MappedColumns {
  /** Whether the first row names the columns (and so is no recipient). */
  header: boolean;
}

/**
 * Which column holds what: named by the first row (email / e-mail / adres e-mail, nazwa / imię i
 * nazwisko / name, tagi / tags), or, when the first row names none and holds an e-mail address in
 * its first cell, the order e-mail, name, tags. Null when no column holds the e-mail address.
 */
export function columnsOf(first: FileRow | undefined): Columns | null {
  if (!first) return null;
  const named = namedColumns(first.cells);
  if (named.email >= 0) return { ...named, header: true };
  if (first.cells[0]?.includes('@')) return { email: 0, name: 1, tags: 2, header: false };
  return null;
}

/** Tags in one cell, separated by commas, semicolons or vertical bars. */
export function tagsOf(cell: string | undefined): string[] {
  return (cell ?? '')
    .split(/[,;|]/)
    .map((tag) => tag.trim())
    .filter(Boolean);
}
