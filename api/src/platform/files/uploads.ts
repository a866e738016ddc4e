import { inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { maxUploadBytes, type UploadContentType } from '@console/shared-sdk/contract';
import type { AppDeps } from '../app-deps.js';
import { files } from '../db/schema.js';
import { cleanOriginalName, detectContentType, newStorageKey } from './common-uri/files.js';
import { insertFile, type FileRow } from './common-uri/repository.js';
import { badRequest, fieldError, HttpError, type FieldErrors } from '../http/errors.js';
import { endAtSizeLimit, formOverheadBytes, refuseDeclaredLengthOver } from '../http/multipart.js';

// Files sent in multipart forms: the one-file upload route and the forms that carry a file beside their
// fields (a task comment's photo). The type is read from the bytes, a file cut off at the size limit is
// refused rather than stored short (and the rest of the form is not read), and a stored object always has
// its row.

const maxUploadMiB = maxUploadBytes / (1024 * 1024);
const tooLarge = () => new HttpError(413, 'PAYLOAD_TOO_LARGE', `The file is larger than ${maxUploadMiB} MB`);
export const isFileTooLarge = (error: unknown) =>
  (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';

/** A file part read whole. */
export interface ReceivedFile {
  fieldname: string;
  filename: string | undefined;
  mimetype: string;
  bytes: Buffer;
}

/** A multipart form: its text fields, and its one file if it has one. */
export interface ReceivedForm {
  fields: Record<string, string>;
  file: ReceivedFile | undefined;
}

/** A multipart form with any number of files (up to the caller's limit), in the order they were sent. */
export interface ReceivedFiles {
  fields: Record<string, string>;
  files: ReceivedFile[];
}

/** Reads a whole multipart form with at most one file; a second file is a 400 naming its field. */
export async function readForm(request: FastifyRequest): Promise<ReceivedForm> {
  const { fields, files } = await readFormFiles(request, 1, 'Send one file at a time');
  return { fields, file: files[0] };
}

/**
 * Reads a whole multipart form with at most `maxFiles` files (a report's photos, a document's files); one
 * more is a 400 naming its field. A repeated text field keeps its last value.
 */
export async function readFormFiles(
  request: FastifyRequest,
  maxFiles: number,
  tooManyMessage = `Send at most ${maxFiles} files`,
): Promise<ReceivedFiles> {
  if (!request.isMultipart()) throw badForm();
  const limits = { fields: 100, fieldSize: 64 * 1024, files: maxFiles + 1 };
  refuseDeclaredLengthOver(
    request,
    maxFiles * maxUploadBytes + limits.fields * limits.fieldSize + formOverheadBytes,
    tooLarge,
  );
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      endAtSizeLimit(part, tooLarge);
      const bytes = await part.toBuffer();
      if (files.length >= maxFiles) throw fieldError(part.fieldname, tooManyMessage);
      if (part.file.truncated || bytes.length > maxUploadBytes) throw tooLarge();
      if (bytes.length === 0) throw fieldError(part.fieldname, 'The file is empty');
      files.push({ fieldname: part.fieldname, filename: part.filename, mimetype: part.mimetype, bytes });
    }
  } catch (error) {
    if (isFileTooLarge(error)) throw tooLarge();
    throw error;
  }
  return { fields, files };
}

const badForm = () => badRequest('Send the form as multipart/form-data');

/**
 * A multipart form's text fields through its schema, with the same 400 and field messages as a validated
 * JSON body (route schemas cannot validate a form read by hand).
 */
export function parseFormFields<Schema extends z.ZodType>(schema: Schema, fields: unknown): z.output<Schema> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const fieldErrors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    (fieldErrors[issue.path.join('.') || 'request'] ??= []).push(issue.message);
  }
  const [first] = Object.entries(fieldErrors);
  throw badRequest(first ? `${first[0]}: ${first[1][0]}` : 'The form is not valid', fieldErrors);
}

/** The first file of the form, read whole; any field name is accepted. */
export async function readUpload(
  request: FastifyRequest,
  missingMessage = 'Choose a file to upload',
): Promise<ReceivedFile> {
  const missing = () => fieldError('file', missingMessage);
  if (!request.isMultipart()) throw missing();
  refuseDeclaredLengthOver(request, maxUploadBytes + formOverheadBytes, tooLarge);
  let received: ReceivedFile;
  try {
    const part = await request.file();
    if (!part) throw missing();
    endAtSizeLimit(part, tooLarge);
    const bytes = await part.toBuffer();
    if (part.file.truncated || bytes.length > maxUploadBytes) throw tooLarge();
    if (bytes.length === 0) throw fieldError(part.fieldname, 'The file is empty');
    received = { fieldname: part.fieldname, filename: part.filename, mimetype: part.mimetype, bytes };
  } catch (error) {
    if (isFileTooLarge(error)) throw tooLarge();
    throw error;
  }
  return received;
}

const anyAcceptedType =
  'This kind of file is not accepted; upload an image (JPEG, PNG, WebP, GIF), a PDF, text, CSV, XLSX or DOCX';

/**
 * Stores a received file and its row. `accept` narrows the accepted types (e.g. images only), with the
 * message that says so.
 */
export async function storeFile(
  deps: Pick<AppDeps, 'db' | 'storage' | 'clock'>,
  owner: { orgId: string | null; userId: string },
  file: ReceivedFile,
  accept?: { types: readonly UploadContentType[]; message: string },
): Promise<FileRow> {
  const contentType = await detectContentType(file.bytes, file.mimetype);
  if (!contentType || (accept && !accept.types.includes(contentType))) {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', accept?.message ?? anyAcceptedType);
  }
  const now = deps.clock.now();
  const key = newStorageKey(owner.orgId, contentType, now);
  await deps.storage.put(key, file.bytes, contentType);
  try {
    return await insertFile(
      deps.db,
      {
        orgId: owner.orgId,
        uploadedBy: owner.userId,
        storageKey: key,
        originalName: cleanOriginalName(file.filename),
        contentType,
        size: file.bytes.length,
      },
      now,
    );
  } catch (error) {
    // Without its row the object could never be served; do not leave it behind.
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
}

/** Files stored for a change that may still be refused, and how to take them back. */
export interface StoredFiles {
  stored: FileRow[];
  /** Removes the objects and their rows: call it when the change they were stored for fails. */
  discard: () => Promise<void>;
}

/**
 * Stores the files of one form, all or none (a report's photos, a document's files): when one is refused
 * (a type not accepted, or not one of `accept`'s: 415) the ones already stored are removed, objects and
 * rows, so a refused form leaves nothing behind.
 */
export async function storeFiles(
  deps: Pick<AppDeps, 'db' | 'storage' | 'clock'>,
  owner: { orgId: string | null; userId: string },
  received: readonly ReceivedFile[],
  accept?: { types: readonly UploadContentType[]; message: string },
): Promise<StoredFiles> {
  const stored: FileRow[] = [];
  const discard = async () => {
    if (stored.length === 0) return;
    await deps.db.delete(files).where(
      inArray(
        files.id,
        stored.map((file) => file.id),
      ),
    );
    await Promise.all(stored.map((file) => deps.storage.delete(file.storageKey).catch(() => undefined)));
  };
  try {
    for (const file of received) stored.push(await storeFile(deps, owner, file, accept));
  } catch (error) {
    await discard();
    throw error;
  }
  return { stored, discard };
}
