import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

/** An entry of a ZIP: a folder (no bytes) or a file whose bytes are read when its turn comes. */
export interface ZipEntry {
  /** The path inside the archive, '/'-separated; a folder's ends in '/'. */
  path: string;
  open?: () => Promise<Readable | null>;
  modified: Date;
}

const UTF8_NAMES = 0x0800;
const SIZES_AFTER_DATA = 0x0008;

/** MS-DOS time and date of a moment (the ZIP header fields), in UTC. */
function dosDateTime(date: Date): { time: number; day: number } {
  const year = Math.max(1980, date.getUTCFullYear());
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
    day: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

/**
 * A ZIP archive (stored, not compressed: a disk's pictures and documents are compressed already)
 * written as it goes, each file's CRC and sizes in a data descriptor after its bytes, so no file is
 * held whole in memory. Without ZIP64: archives stay under 4 GiB (the caller caps them).
 */
export async function* zipStream(entries: ZipEntry[]): AsyncGenerator<Buffer> {
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.path, 'utf8');
    const { time, day } = dosDateTime(entry.modified);
    const flags = UTF8_NAMES | (entry.open ? SIZES_AFTER_DATA : 0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(0, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(day, 12);
    // CRC and sizes 0 here: a folder has none, a file's follow its bytes.
    local.writeUInt16LE(name.length, 26);
    yield local;
    yield name;
    let crc = 0;
    let size = 0;
    const stream = entry.open ? await entry.open() : null;
    if (stream) {
      for await (const piece of stream) {
        const chunk = Buffer.from(piece as Buffer);
        crc = crc32(chunk, crc);
        size += chunk.length;
        yield chunk;
      }
    }
    let descriptorLength = 0;
    if (entry.open) {
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(crc >>> 0, 4);
      descriptor.writeUInt32LE(size, 8);
      descriptor.writeUInt32LE(size, 12);
      descriptorLength = descriptor.length;
      yield descriptor;
    }
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(flags, 8);
    header.writeUInt16LE(0, 10);
    header.writeUInt16LE(time, 12);
    header.writeUInt16LE(day, 14);
    header.writeUInt32LE(crc >>> 0, 16);
    header.writeUInt32LE(size, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.length, 28);
    // External attributes: the MS-DOS directory bit for a folder.
    header.writeUInt32LE(entry.open ? 0 : 0x10, 38);
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    offset += local.length + name.length + size + descriptorLength;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield directory;
  yield end;
}

/** The length of what zipStream writes for these entries, a file's bytes given (a folder has none). */
export function zipLength(entries: { path: string; bytes?: number }[]): number {
  const END_RECORD = 22;
  return entries.reduce((sum, entry) => {
    const name = Buffer.byteLength(entry.path, 'utf8');
    // Local header and central record (30 and 46 bytes) each with the name; a file's bytes and data descriptor.
    return sum + 30 + 46 + 2 * name + (entry.bytes === undefined ? 0 : entry.bytes + 16);
  }, END_RECORD);
}
