/**
 * The first row of an XLSX file's first worksheet, read in the browser without a spreadsheet
 * library: the archive's directory, then only the parts the row needs, unpacked by the browser's
 * own DecompressionStream and stopped as soon as the row (and the shared strings it names) has
 * been read, so a large file costs no more than its first row.
 */
import { ZIP_END_SEARCH_BYTES, zipEnd, type ZipEntry, zipEntries } from '../../../common/zip-directory';

const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

async function bytesOf(file: Blob, start: number, end: number): Promise<DataView> {
  return new DataView(await file.slice(start, end).arrayBuffer());
}

/** The archive's entries by name, from its central directory; null when the file is no ZIP archive. */
async function directoryOf(file: Blob): Promise<Map<string, ZipEntry> | null> {
  const end = zipEnd(await bytesOf(file, Math.max(0, file.size - ZIP_END_SEARCH_BYTES), file.size));
  const entries = end && zipEntries(await bytesOf(file, end.offset, end.offset + end.size), end.count);
  return entries && new Map(entries.map((entry) => [entry.name, entry]));
}

/**
 * An entry's text, unpacked piece by piece until `enough` says the text so far suffices (then the
 * rest is never unpacked), or to its end.
 */
async function entryText(file: Blob, entry: ZipEntry, enough: (text: string) => boolean = () => false): Promise<string> {
  const local = await bytesOf(file, entry.localHeaderAt, entry.localHeaderAt + 30);
  if (local.getUint32(0, true) !== LOCAL_HEADER) throw new Error('not a ZIP entry');
  const dataAt = entry.localHeaderAt + 30 + local.getUint16(26, true) + local.getUint16(28, true);
  const packed = file.slice(dataAt, dataAt + entry.compressedSize).stream();
  if (entry.method !== STORED && entry.method !== DEFLATED) throw new Error('unknown ZIP compression');
  const stream = entry.method === DEFLATED ? packed.pipeThrough(new DecompressionStream('deflate-raw')) : packed;
  const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text;
    text += value;
    if (enough(text)) {
      await reader.cancel();
      return text;
    }
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML character data as text: the five named entities and numeric references. */
function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });
}

/** The text of every <t> inside an element (a rich text's runs joined, phonetic hints left out). */
const textsOf = (xml: string) =>
  [...xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((match) => unescapeXml(match[1])).join('');

/** The path of the workbook's first worksheet (its order in workbook.xml, as the import reads it). */
async function firstSheetPath(file: Blob, entries: Map<string, ZipEntry>): Promise<string | null> {
  const workbook = entries.get('xl/workbook.xml');
  const relations = entries.get('xl/_rels/workbook.xml.rels');
  if (!workbook || !relations) return null;
  const sheet = /<sheet\b[^>]*\br:id="([^"]+)"/.exec(await entryText(file, workbook));
  if (!sheet) return null;
  const relation = [...(await entryText(file, relations)).matchAll(/<Relationship\b[^>]*>/g)].map((match) => match[0]).find((tag) => tag.includes(`Id="${sheet[1]}"`));
  const target = relation && /Target="([^"]+)"/.exec(relation)?.[1];
  if (!target) return null;
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

/** A cell reference's column as a 0-based index ("C7" → 2). */
function columnIndex(reference: string): number {
  let index = 0;
  for (const letter of /^[A-Z]+/.exec(reference)?.[0] ?? '') index = index * 26 + letter.charCodeAt(0) - 64;
  return index - 1;
}

interface Cell {
  column: number;
  type: string;
  xml: string;
}

/** The cells of the first row that holds any, each at its column. */
function firstRowCells(sheet: string): Cell[] {
  for (const row of sheet.matchAll(/<row\b[^>]*?(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const cells: Cell[] = [];
    for (const cell of (row[1] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const reference = /\br="([A-Z]+)\d+"/.exec(cell[1])?.[1];
      cells.push({ column: reference ? columnIndex(reference) : cells.length, type: /\bt="([^"]+)"/.exec(cell[1])?.[1] ?? 'n', xml: cell[2] ?? '' });
    }
    if (cells.some((cell) => cell.xml !== '')) return cells;
  }
  return [];
}

/**
 * The header row of an XLSX file, as the import job reads it (its first worksheet's first row with
 * a value, each cell's text at its column): its cells, or null when the file is no readable XLSX
 * or the row names nothing.
 */
export async function xlsxHeader(file: Blob): Promise<string[] | null> {
  try {
    const entries = await directoryOf(file);
    const sheetPath = entries && (await firstSheetPath(file, entries));
    const sheetEntry = sheetPath ? entries.get(sheetPath) : undefined;
    if (!entries || !sheetEntry) return null;
    // Only up to the end of the first row with a value: a file of many rows is never unpacked whole.
    const cells = firstRowCells(await entryText(file, sheetEntry, (text) => firstRowCells(text).length > 0));
    const valueOf = (cell: Cell) => /<v>([\s\S]*?)<\/v>/.exec(cell.xml)?.[1];
    const shared = cells.filter((cell) => cell.type === 's').map((cell) => Number(valueOf(cell)));
    const needed = shared.length ? Math.max(...shared) + 1 : 0;
    const stringsEntry = entries.get('xl/sharedStrings.xml');
    const strings =
      needed && stringsEntry
        ? [...(await entryText(file, stringsEntry, (text) => (text.match(/<\/si>/g)?.length ?? 0) >= needed)).matchAll(/<si\b[^>]*>([\s\S]*?)<\/si>/g)].map((match) => textsOf(match[1]))
        : [];
    const header: string[] = [];
    for (const cell of cells) {
      const value = valueOf(cell);
      const text = cell.type === 's' ? strings[Number(value)] : cell.type === 'inlineStr' ? textsOf(cell.xml) : value === undefined ? '' : unescapeXml(value);
      header[cell.column] = (text ?? '').trim();
    }
    const filled = Array.from(header, (text) => text ?? '');
    return filled.some((text) => text !== '') ? filled : null;
  } catch {
    return null;
  }
}
