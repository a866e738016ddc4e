import zlib from 'node:zlib';

// Zip bombs for the tests of the decompression limits: built in a few milliseconds from one compressed
// megabyte repeated (each Z_SYNC_FLUSH block stands alone), as an attacker builds them.

/** A raw deflate stream that inflates to `mebibytes` MiB of spaces, about 1 KB compressed per MiB. */
export function deflateBomb(mebibytes: number): Buffer {
  const block = zlib.deflateRawSync(Buffer.alloc(1024 * 1024, 0x20), {
    level: 9,
    finishFlush: zlib.constants.Z_SYNC_FLUSH,
  });
  // 0x03 0x00: a final, empty block.
  return Buffer.concat([...Array.from({ length: mebibytes }, () => block), Buffer.from([0x03, 0x00])]);
}

export interface ZipEntry {
  name: string;
  /** Deflated data (method 8) or, with `stored`, the bytes themselves. */
  data: Buffer;
  stored?: boolean;
  /** The uncompressed size the local header and directory declare (a bomb under-declares it). */
  declaredSize: number;
}

/** A zip of `entries` as given: their sizes are what the entries declare, not what they unpack to. */
export function zipOf(entries: readonly ZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const method = entry.stored ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, name, entry.data);
    centrals.push(central, name);
    offset += 30 + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}
