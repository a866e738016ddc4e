import { promisify } from 'node:util';
import zlib from 'node:zlib';

// Unpacking an uploaded zip (an XLSX) within limits counted while inflating, never trusted from the zip's
// own directory: a 400 KB file can declare a few kilobytes and inflate to gigabytes. Each entry is inflated
// by Node's zlib on its thread pool (the event loop keeps answering) with `maxOutputLength` set to what is
// left of the budget, so inflating stops as soon as the real bytes pass it. What is read is then packed
// again, uncompressed, into a new zip that holds exactly the entries counted, for the library that reads it.

const inflateRaw = promisify(zlib.inflateRaw);

export interface ZipLimits {
  /** The most bytes all entries together may unpack to. */
  maxBytes: number;
  /** The most entries the zip may hold. */
  maxEntries: number;
}

export type Unpacked =
  | { kind: 'entries'; entries: { name: string; data: Buffer }[] }
  | { kind: 'too-big'; limitBytes: number }
  | { kind: 'too-many-entries'; limitEntries: number };

/** A zip this server does not read: damaged, encrypted, ZIP64 or compressed other than by deflate. */
export class UnreadableZipError extends Error {
  constructor(reason: string) {
    super(`not a readable zip file: ${reason}`);
    this.name = 'UnreadableZipError';
  }
}

const endSignature = 0x06054b50;
const centralSignature = 0x02014b50;
const localSignature = 0x04034b50;

/** Where the end-of-central-directory record starts, or -1. */
function endRecordAt(bytes: Buffer): number {
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= earliest; at -= 1) {
    if (bytes.readUInt32LE(at) === endSignature) return at;
  }
  return -1;
}

/**
 * Every entry of the zip, inflated, unless together they pass `limits` (counted in real inflated bytes)
 * or the zip cannot be read (UnreadableZipError).
 */
export async function unzipWithin(bytes: Buffer, limits: ZipLimits): Promise<Unpacked> {
  const end = endRecordAt(bytes);
  if (end < 0) throw new UnreadableZipError('no central directory');
  const count = bytes.readUInt16LE(end + 10);
  if (count === 0xffff) throw new UnreadableZipError('ZIP64');
  if (count > limits.maxEntries) return { kind: 'too-many-entries', limitEntries: limits.maxEntries };
  let at = bytes.readUInt32LE(end + 16);
  let unpacked = 0;
  const entries: { name: string; data: Buffer }[] = [];
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== centralSignature) {
      throw new UnreadableZipError('damaged central directory');
    }
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const declaredSize = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const localAt = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    if (flags & 0x1) throw new UnreadableZipError('encrypted');
    const left = limits.maxBytes - unpacked;
    // A directory that owns up to too much is refused at once; one that under-declares is caught below.
    if (declaredSize > left) return { kind: 'too-big', limitBytes: limits.maxBytes };
    if (compressedSize === 0xffffffff || localAt === 0xffffffff) throw new UnreadableZipError('ZIP64');
    if (localAt + 30 > bytes.length || bytes.readUInt32LE(localAt) !== localSignature) {
      throw new UnreadableZipError('damaged entry');
    }
    const dataAt = localAt + 30 + bytes.readUInt16LE(localAt + 26) + bytes.readUInt16LE(localAt + 28);
    if (dataAt + compressedSize > bytes.length) throw new UnreadableZipError('entry runs past the end');
    const compressed = bytes.subarray(dataAt, dataAt + compressedSize);
    let data: Buffer;
    if (method === 0) {
      if (compressed.length > left) return { kind: 'too-big', limitBytes: limits.maxBytes };
      data = compressed;
    } else if (method === 8) {
      try {
        // One byte over what is left is enough to know the budget is spent.
        data = await inflateRaw(compressed, { maxOutputLength: left + 1 });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
          return { kind: 'too-big', limitBytes: limits.maxBytes };
        }
        throw new UnreadableZipError('damaged deflate data');
      }
      if (data.length > left) return { kind: 'too-big', limitBytes: limits.maxBytes };
    } else {
      throw new UnreadableZipError(`compression method ${method}`);
    }
    unpacked += data.length;
    entries.push({ name, data });
  }
  return { kind: 'entries', entries };
}

/** A zip of `entries` stored uncompressed (what a reader inflates from it is exactly these bytes). */
export function storedZip(entries: readonly { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const fileName = Buffer.from(name, 'utf8');
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(localSignature, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // the name is UTF-8
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(centralSignature, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6); // version needed
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(endSignature, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
