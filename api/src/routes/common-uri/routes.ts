import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, maxUploadBytes, uploadedFileSchema } from '@console/shared-sdk/contract';
import { notFound } from '../../lib/errors.js';
import { readUpload, storeFile } from '../../lib/uploads.js';
import { ok } from '../../lib/respond.js';
import { allow, authOf } from '../../plugins/auth.js';
import { contentDisposition, isWellFormedKey } from './files.js';
import { findFileByKey, toUploadedFile } from './repository.js';

const tags = ['common-uri'];
const maxUploadMiB = maxUploadBytes / (1024 * 1024);

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
      const upload = await readUpload(request);
      const row = await storeFile(deps, { orgId: auth.orgId, userId: auth.user.id }, upload);
      return ok(toUploadedFile(row, deps.config.publicUrl), 'File uploaded');
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
