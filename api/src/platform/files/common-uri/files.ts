import { randomBytes } from 'node:crypto';
// The environment-neutral entry: buffers are all we sniff, and it resolves under jest's CommonJS as well.
import { fileTypeFromBuffer } from 'file-type/core';
import { uploadContentTypes, uploadExtensions, type UploadContentType } from '@console/shared-sdk/contract';
import { newId } from '../../db/ids.js';

const accepted = new Set<string>(uploadContentTypes);
const isAccepted = (type: string): type is UploadContentType => accepted.has(type);

/** Text has no signature to sniff, so for these alone the type the client declared is believed. */
const textTypes = new Set<string>(['text/plain', 'text/csv']);

/**
 * The type the bytes really are, or undefined when it is not one we accept. A declared type is only a
 * hint: an executable or HTML page sent as image/png is refused.
 */
export async function detectContentType(
  bytes: Buffer,
  declared: string,
): Promise<UploadContentType | undefined> {
  const sniffed = await fileTypeFromBuffer(bytes);
  if (sniffed) return isAccepted(sniffed.mime) ? sniffed.mime : undefined;
  const base = declared.split(';')[0]?.trim().toLowerCase() ?? '';
  // A NUL byte means binary content; legacy encodings (Excel's Windows-1252 CSV) are still text.
  if (textTypes.has(base) && isAccepted(base) && !bytes.includes(0)) return base;
  return undefined;
}

/**
 * `<org or platform>/<yyyy>/<mm>/<uuidv7>-<128 random bits>.<ext>`. The random part makes the URL a
 * capability (it cannot be guessed from another file's), and the client's file name never reaches a path.
 */
export function newStorageKey(orgId: string | null, type: UploadContentType, now: Date): string {
  const year = String(now.getUTCFullYear());
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const secret = randomBytes(16).toString('hex');
  return `${orgId ?? 'platform'}/${year}/${month}/${newId()}-${secret}.${uploadExtensions[type]}`;
}

const keyPattern = /^[a-zA-Z0-9][a-zA-Z0-9/_.-]*$/;

/** Only keys this server could have generated; anything else is answered 404 before storage is asked. */
export const isWellFormedKey = (key: string) =>
  keyPattern.test(key) && !key.includes('..') && key.length <= 300;

/** The client's name, kept for display and downloads only: no folders, no control characters, 200 chars. */
export function cleanOriginalName(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const printable = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (printable === '' ? 'file' : printable).slice(0, 200);
}

/**
 * Images open in the page (so <img> works); everything else downloads under its original name, so an
 * uploaded document can never render as a page of this origin.
 */
export function contentDisposition(contentType: string, originalName: string): string {
  const disposition = contentType.startsWith('image/') ? 'inline' : 'attachment';
  const ascii = originalName.replace(/[^a-zA-Z0-9 ._()-]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(originalName)}`;
}
