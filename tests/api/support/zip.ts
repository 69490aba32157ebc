import { deflateRawSync } from 'node:zlib';

/**
 * A ZIP archive of deflated entries, written by hand so that it can lie: `declaredSize` is the
 * unpacked size its headers state instead of the real one (a "zip bomb"). No checksums: what reads
 * it here refuses it before any would be checked.
 */
export function zipOf(entries: { name: string; content: Buffer; declaredSize?: number }[]): Buffer {
  const stored: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const { name, content, declaredSize = content.length } of entries) {
    const data = deflateRawSync(content);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declaredSize, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const listed = Buffer.alloc(46);
    listed.writeUInt32LE(0x02014b50, 0);
    listed.writeUInt16LE(20, 4);
    listed.writeUInt16LE(20, 6);
    listed.writeUInt16LE(8, 10);
    listed.writeUInt32LE(data.length, 20);
    listed.writeUInt32LE(declaredSize, 24);
    listed.writeUInt16LE(nameBytes.length, 28);
    listed.writeUInt32LE(offset, 42);
    stored.push(local, nameBytes, data);
    directory.push(listed, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const listing = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(listing.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...stored, listing, end]);
}
