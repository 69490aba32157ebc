import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import type { TranslateParams } from '../../../common/i18n/translate';
import { decodeRecipientText, delimiterOf, namedColumns, type MappedColumns } from '../common/recipient-columns';
import { ZIP_END_SEARCH_BYTES, ZIP_LOCAL_HEADER, type ZipEntry, zipEnd, zipEntries } from '../../../common/zip-directory';

export type ImportFormat = 'csv' | 'xlsx';

/** The most rows an import reads, CSV or XLSX (a 20 MB CSV of bare addresses has about a million). */
export const IMPORT_MAX_ROWS = 500_000;
/**
 * What an XLSX file may unpack to, as its archive declares it and as it really inflates (exceljs
 * unpacks the whole archive into memory): a sheet of IMPORT_MAX_ROWS recipients takes some tens of MB.
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

const inflate = promisify(inflateRaw);
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

/** The entries of a ZIP archive as its central directory lists them (read before anything is unpacked); null when the file is no ZIP archive. */
function archiveEntries(buffer: Buffer): ZipEntry[] | null {
  const bytes = (start: number, length: number) => new DataView(buffer.buffer, buffer.byteOffset + start, length);
  const tailStart = Math.max(0, buffer.length - ZIP_END_SEARCH_BYTES);
  const end = zipEnd(bytes(tailStart, buffer.length - tailStart));
  if (!end || end.offset > buffer.length) return null;
  return zipEntries(bytes(end.offset, buffer.length - end.offset), end.count);
}

/** An entry's bytes as stored, after its local header; null when they lie outside the file. */
function storedBytes(buffer: Buffer, entry: ZipEntry): Buffer | null {
  const at = entry.localHeaderAt;
  if (at + 30 > buffer.length || buffer.readUInt32LE(at) !== ZIP_LOCAL_HEADER) return null;
  const start = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28);
  return start + entry.compressedSize <= buffer.length ? buffer.subarray(start, start + entry.compressedSize) : null;
}

/** How many rows a worksheet's XML holds (its <row> elements). */
function rowsIn(xml: Buffer): number {
  let rows = 0;
  for (let at = xml.indexOf('<row'); at !== -1; at = xml.indexOf('<row', at + 4)) {
    if ([0x20, 0x3e, 0x2f, 0x09, 0x0a, 0x0d].includes(xml[at + 4])) rows += 1;
  }
  return rows;
}

/**
 * Checks an XLSX file before exceljs reads it (exceljs unpacks the whole archive into memory): the
 * entries its central directory declares, refused before anything is unpacked, then each entry
 * really unpacked, stopped as soon as the total passes the cap (a directory may declare less than its
 * entries inflate to), nothing kept but each worksheet's count of rows.
 */
async function checkXlsx(buffer: Buffer): Promise<void> {
  const entries = archiveEntries(buffer);
  if (!entries) throw new Error('not a ZIP archive');
  const maxBytes = XLSX_MAX_UNPACKED_MB * 1024 * 1024;
  const tooLarge = () => new ImportFileRefused('errors.recipient_imports.xlsx_too_large', { max: XLSX_MAX_UNPACKED_MB });
  if (entries.length > XLSX_MAX_ENTRIES || entries.reduce((sum, entry) => sum + entry.unpackedSize, 0) > maxBytes) throw tooLarge();
  let unpacked = 0;
  for (const entry of entries) {
    const stored = storedBytes(buffer, entry);
    if (!stored || (entry.method !== 0 && entry.method !== 8)) throw new Error('not a readable ZIP entry');
    const content =
      entry.method === 0
        ? stored
        : await inflate(stored, { maxOutputLength: maxBytes - unpacked + 1 }).catch((error: NodeJS.ErrnoException) => {
            throw error.code === 'ERR_BUFFER_TOO_LARGE' ? tooLarge() : error;
          });
    unpacked += content.length;
    if (unpacked > maxBytes) throw tooLarge();
    if (/^xl\/worksheets\/[^/]+\.xml$/.test(entry.name) && rowsIn(content) > IMPORT_MAX_ROWS) throw tooManyRows();
  }
}

/**
 * The rows of the first worksheet of an XLSX file, each cell as the text the spreadsheet shows. An
 * archive that unpacks to more than XLSX_MAX_UNPACKED_MB (a "zip bomb") or has a sheet of more than
 * IMPORT_MAX_ROWS rows is refused before it is read (checkXlsx).
 */
export async function readXlsx(buffer: Buffer): Promise<ReadRows> {
  await checkXlsx(buffer);
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
