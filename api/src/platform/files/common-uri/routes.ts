import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  maxFilesPerUpload,
  maxUploadBytes,
  myAccessSchema,
  preSignedUploadRequestSchema,
  preSignedUploadSchema,
  uploadedFileSchema,
  uploadedFilesSchema,
} from '@console/shared-sdk/contract';
import { fieldError, notFound } from '../../http/errors.js';
import { readFormFiles, readUpload, storeFile, storeFiles } from '../uploads.js';
import { ok } from '../../http/respond.js';
import { allow, authOf, signedIn } from '../../auth/guard.js';
import { contentDisposition, isWellFormedKey, newStorageKey } from './files.js';
import { findFileByKey, fileLocation, toUploadedFile } from './repository.js';
import { preSignedUploadRoute } from './pre-signed-upload.js';

const tags = ['common-uri'];
const maxUploadMiB = maxUploadBytes / (1024 * 1024);
/** How long a pre-signed upload URL works: long enough for a slow phone connection, no longer. */
const preSignedUploadSeconds = 15 * 60;

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
          'the bytes, not from the name or the declared type. The returned location is a path on this API ' +
          '(resolve it against the URL the upload was sent to) and needs no Authorization header.',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(uploadedFileSchema) },
      },
      preHandler: allow('create', 'File'),
    },
    async (request) => {
      const auth = authOf(request);
      const upload = await readUpload(request);
      const row = await storeFile(deps, { orgId: auth.orgId, userId: auth.user.id }, upload);
      return ok(toUploadedFile(row), 'File uploaded');
    },
  );

  r.post(
    '/form-data-upload',
    {
      schema: {
        tags,
        summary: `Upload up to ${maxFilesPerUpload} files in one multipart form (any field names); all are stored or none`,
        description:
          'Each file is checked as file-upload-s3 checks one; when one is refused, none of the form is kept. ' +
          'The files come back in the order they were sent.',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(uploadedFilesSchema) },
      },
      preHandler: allow('create', 'File'),
    },
    async (request) => {
      const auth = authOf(request);
      const form = await readFormFiles(request, maxFilesPerUpload);
      if (form.files.length === 0) throw fieldError('file', 'Choose at least one file to upload');
      const { stored } = await storeFiles(deps, { orgId: auth.orgId, userId: auth.user.id }, form.files);
      const uploaded = stored.map(toUploadedFile);
      return ok(uploaded, uploaded.length === 1 ? 'File uploaded' : `${uploaded.length} files uploaded`);
    },
  );

  r.post(
    '/pre-signed-url',
    {
      schema: {
        tags,
        summary: 'A URL to PUT one file to without an Authorization header (as S3 pre-signed URLs work)',
        description:
          `The URL works once, for ${preSignedUploadSeconds / 60} minutes, for a file of exactly the declared ` +
          'type and size: the bytes are checked on arrival as file-upload-s3 checks them.',
        body: preSignedUploadRequestSchema,
        response: { 200: envelope(preSignedUploadSchema) },
      },
      preHandler: allow('create', 'File'),
    },
    async (request) => {
      const auth = authOf(request);
      const { fileName, contentType, size } = request.body;
      const key = newStorageKey(auth.orgId, contentType, deps.clock.now());
      const { token, expiresAt } = await deps.tokens.signUpload(
        { userId: auth.user.id, orgId: auth.orgId, key, contentType, size, fileName },
        preSignedUploadSeconds,
      );
      return ok({
        uploadUrl: `${deps.config.publicUrl}/api/v1/common-uri/pre-signed-upload?ticket=${token}`,
        method: 'PUT' as const,
        headers: { 'content-type': contentType },
        key,
        location: fileLocation(key),
        expiresAt: expiresAt.toISOString(),
      });
    },
  );

  await r.register(preSignedUploadRoute);

  r.get(
    '/know-my-access',
    {
      schema: {
        tags,
        summary: "The caller's role, organisation, sites and permission rules, as the server sees them now",
        response: { 200: envelope(myAccessSchema) },
      },
      onRequest: signedIn,
    },
    async (request) => {
      // The rules this very request is checked by: the session's, with its role facts.
      const { user, siteIds, ability } = authOf(request);
      return ok({
        userID: user.id,
        role: user.role,
        orgId: user.orgId,
        siteIds,
        ability: ability.rules,
      });
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
        params: z.object({
          '*': z
            .string()
            .describe('The key returned by file-upload-s3, its slashes as they are or encoded (%2F)'),
        }),
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
