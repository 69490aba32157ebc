/**
 * A ZIP archive's central directory, read before anything is unpacked, by the server (the XLSX
 * import's caps) and the browser (an XLSX file's header row) alike. Each side hands in the bytes it
 * has: the archive's tail, then its directory.
 */

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
/** The signature of the header before each entry's stored bytes. */
export const ZIP_LOCAL_HEADER = 0x04034b50;
/** The end record (22 bytes) closes the file, after a comment of at most 65,535 bytes. */
export const ZIP_END_SEARCH_BYTES = 22 + 0xffff;

export interface ZipEnd {
  /** How many entries the directory holds (0xFFFF in a ZIP64 archive). */
  count: number;
  size: number;
  offset: number;
}

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  unpackedSize: number;
  localHeaderAt: number;
}

/** The end record found in the archive's last ZIP_END_SEARCH_BYTES (`tail`); null when it is no ZIP archive. */
export function zipEnd(tail: DataView): ZipEnd | null {
  for (let at = tail.byteLength - 22; at >= 0; at -= 1) {
    if (tail.getUint32(at, true) === END_OF_DIRECTORY) return { count: tail.getUint16(at + 10, true), size: tail.getUint32(at + 12, true), offset: tail.getUint32(at + 16, true) };
  }
  return null;
}

/** The directory's entries (`directory`: its bytes, from the end record's offset); null when they do not fit or are no entries. */
export function zipEntries(directory: DataView, count: number): ZipEntry[] | null {
  const names = new TextDecoder();
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > directory.byteLength || directory.getUint32(at, true) !== DIRECTORY_ENTRY) return null;
    const nameLength = directory.getUint16(at + 28, true);
    if (at + 46 + nameLength > directory.byteLength) return null;
    entries.push({
      name: names.decode(new Uint8Array(directory.buffer, directory.byteOffset + at + 46, nameLength)),
      method: directory.getUint16(at + 10, true),
      compressedSize: directory.getUint32(at + 20, true),
      unpackedSize: directory.getUint32(at + 24, true),
      localHeaderAt: directory.getUint32(at + 42, true),
    });
    at += 46 + nameLength + directory.getUint16(at + 30, true) + directory.getUint16(at + 32, true);
  }
  return entries;
}
