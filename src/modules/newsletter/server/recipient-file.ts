import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';

export type ImportFormat = 'csv' | 'xlsx';

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

/** UTF-8 (with or without its byte order mark), else Windows-1250, as Polish spreadsheets save CSV. */
function decode(buffer: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    text = new TextDecoder('windows-1250').decode(buffer);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The separator of the first line: the most frequent of semicolon, comma and tab (Polish Excel writes semicolons). */
function delimiterOf(firstLine: string): string {
  const counts = [';', ',', '\t'].map((candidate) => [candidate, firstLine.split(candidate).length - 1] as const);
  const [best] = counts.sort((a, b) => b[1] - a[1]);
  return best[1] > 0 ? best[0] : ',';
}

/**
 * The rows of a CSV file, one per line: a line without quotes is split at once, one with quotes
 * goes through csv-parse. A cell never spans lines (no name or address holds a line break), so a
 * quote left open breaks its own row only: it is reported by its number and the next line is read
 * as usual, and one stray quote never swallows the valid rows after it.
 */
export function readCsv(buffer: Buffer): ReadRows {
  const lines = decode(buffer).split(/\r\n|\n|\r/);
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

/** The rows of the first worksheet of an XLSX file, each cell as the text the spreadsheet shows. */
export async function readXlsx(buffer: Buffer): Promise<ReadRows> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: FileRow[] = [];
  sheet?.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column += 1) cells.push(row.getCell(column).text ?? '');
    rows.push({ row: rowNumber, cells });
  });
  return { rows, unreadable: [] };
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

export interface Columns {
  email: number;
  name: number;
  tags: number;
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
  const keys = first.cells.map(headerKey);
  const find = (names: readonly string[]) => keys.findIndex((key) => names.includes(key));
  const email = find(HEADERS.email);
  if (email >= 0) return { email, name: find(HEADERS.name), tags: find(HEADERS.tags), header: true };
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
