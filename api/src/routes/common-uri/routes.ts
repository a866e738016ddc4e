import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, maxUploadBytes, uploadedFileSchema } from '@console/shared-sdk/contract';
import { fieldError, HttpError, notFound } from '../../lib/errors.js';
import { ok } from '../../lib/respond.js';
import { allow, authOf } from '../../plugins/auth.js';
import {
  cleanOriginalName,
  contentDisposition,
  detectContentType,
  isWellFormedKey,
  newStorageKey,
} from './files.js';
import { findFileByKey, insertFile, toUploadedFile } from './repository.js';

const tags = ['common-uri'];
const maxUploadMiB = maxUploadBytes / (1024 * 1024);
const tooLarge = () => new HttpError(413, 'PAYLOAD_TOO_LARGE', `The file is larger than ${maxUploadMiB} MB`);

function isFileTooLarge(error: unknown): boolean {
  return (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';
}

/** The first file part of the form, read whole; any field name is accepted. */
async function readUpload(request: FastifyRequest): Promise<{ part: MultipartFile; bytes: Buffer }> {
  const missing = () => fieldError('file', 'Choose a file to upload');
  if (!request.isMultipart()) throw missing();
  let part: MultipartFile | undefined;
  let bytes: Buffer;
  try {
    part = await request.file();
    if (!part) throw missing();
    bytes = await part.toBuffer();
  } catch (error) {
    if (isFileTooLarge(error)) throw tooLarge();
    throw error;
  }
  // The plugin stops reading at its limit; a cut-off file must never be stored as if whole.
  if (part.file.truncated || bytes.length > maxUploadBytes) throw tooLarge();
  if (bytes.length === 0) throw fieldError(part.fieldname, 'The file is empty');
  return { part, bytes };
}

export default async function commonUriRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  r.put(
    '/file-upload-s3',
    {
      schema: {
        tags,
        summary: `Upload one file (multipart form, any field name, at most ${maxUploadMiB} MB); returns its location`,
        description:
          'Accepts JPEG, PNG, WebP and GIF images, PDF, plain text, CSV, XLSX and DOCX. The type is read from ' +
          'the bytes, not from the name or the declared type. The returned location needs no Authorization header.',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(uploadedFileSchema) },
      },
      preHandler: allow('create', 'File'),
    },
    async (request) => {
      const auth = authOf(request);
      const { part, bytes } = await readUpload(request);
      const contentType = await detectContentType(bytes, part.mimetype);
      if (!contentType) {
        throw new HttpError(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          'This kind of file is not accepted; upload an image (JPEG, PNG, WebP, GIF), a PDF, text, CSV, XLSX or DOCX',
        );
      }
      const key = newStorageKey(auth.orgId, contentType, deps.clock.now());
      await deps.storage.put(key, bytes, contentType);
      try {
        const row = await insertFile(
          deps.db,
          {
            orgId: auth.orgId,
            uploadedBy: auth.user.id,
            storageKey: key,
            originalName: cleanOriginalName(part.filename),
            contentType,
            size: bytes.length,
          },
          deps.clock.now(),
        );
        return ok(toUploadedFile(row, deps.config.publicUrl), 'File uploaded');
      } catch (error) {
        // Without its row the object could never be served; do not leave it behind.
        await deps.storage.delete(key).catch(() => undefined);
        throw error;
      }
    },
  );

  r.get(
    '/file/*',
    {
      schema: {
        tags,
        summary:
          'Download an uploaded file by its key. No Authorization header: the key holds 128 random bits, so the ' +
          'URL itself is the permission (as <img src> needs). Images open inline, other types download.',
        security: [],
        params: z.object({ '*': z.string().describe('The key returned by file-upload-s3') }),
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      if (!isWellFormedKey(key)) throw notFound('File');
      const file = await findFileByKey(deps.db, key);
      if (!file) throw notFound('File');
      const stored = await deps.storage.get(key);
      if (!stored) throw notFound('File');
      return (
        reply
          .header('content-type', file.contentType)
          .header('content-length', String(file.size))
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('content-disposition', contentDisposition(file.contentType, file.originalName))
          // The key never points at other bytes, so the file may be cached for as long as browsers allow.
          .header('cache-control', 'private, max-age=31536000, immutable')
          .send(stored.body)
      );
    },
  );
}
