import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, maxUploadBytes, uploadedFileSchema } from '@console/shared-sdk/contract';
import { files } from '../../db/schema.js';
import { conflict, fieldError, forbidden, HttpError } from '../../http/errors.js';
import { newId } from '../../db/ids.js';
import { ok } from '../../http/respond.js';
import { cleanOriginalName, detectContentType, isWellFormedKey } from './files.js';
import { organisationIsOpen, toUploadedFile } from './repository.js';

// The other half of POST /pre-signed-url: the client PUTs the file's bytes as the whole body, with no
// Authorization header, as it would to an S3 pre-signed URL. The signed ticket in the query is the
// permission, and it fixes the key, the type and the size; the bytes are sniffed as any upload's are.

export async function preSignedUploadRoute(app: FastifyInstance) {
  const { deps } = app;
  // In this route's scope alone, every body is raw bytes (text/plain too: a CSV in Windows-1252 must not
  // be decoded), up to the upload limit; a larger one is a 413 before it is read.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxUploadBytes }, (_request, body, done) => {
    done(null, body);
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/pre-signed-upload',
    {
      schema: {
        tags: ['common-uri'],
        summary: 'Send the bytes of the file a pre-signed URL was made for (no Authorization header)',
        description:
          'The body is the file itself, with the content type given with the URL. A second PUT to the same ' +
          'URL is refused with 409; an altered or expired URL, or one of a closed organisation, with 403.',
        security: [],
        // In the query, as S3 signs its URLs (a path segment is limited to 100 characters).
        querystring: z.object({ ticket: z.string().min(1).max(4096) }),
        response: { 200: envelope(uploadedFileSchema) },
        errors: [403, 409],
      },
    },
    async (request) => {
      const ticket = await deps.tokens.verifyUpload(request.query.ticket);
      // A signed ticket's key is trusted to be this server's, but storage refuses one that could leave its
      // folder (a key holding `..`) by throwing: that is bad input, checked before a row claims the key.
      if (!isWellFormedKey(ticket.key)) {
        throw fieldError('ticket', 'This upload link names a file this server could not have made');
      }
      // A ticket outlives sign-out like an S3 URL, but not its organisation: closing one withdraws them all.
      if (ticket.orgId !== null && !(await organisationIsOpen(deps.db, ticket.orgId))) {
        throw forbidden('This upload link is no longer valid: its organisation was closed');
      }
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes) || bytes.length === 0) {
        throw fieldError('file', 'Send the file’s bytes as the body of the request');
      }
      if (bytes.length !== ticket.size) {
        throw fieldError(
          'file',
          `This link is for a file of ${ticket.size} bytes; ${bytes.length} were sent`,
        );
      }
      const contentType = await detectContentType(bytes, ticket.contentType);
      if (contentType !== ticket.contentType) {
        throw new HttpError(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          `This link is for a file of type ${ticket.contentType}`,
        );
      }
      const now = deps.clock.now();
      // The row claims the key before the bytes are written: of two PUTs to one link, the second finds the
      // key taken and is refused before it could overwrite the first one's file.
      const [row] = await deps.db
        .insert(files)
        .values({
          id: newId(),
          orgId: ticket.orgId,
          uploadedBy: ticket.userId,
          storageKey: ticket.key,
          originalName: cleanOriginalName(ticket.fileName),
          contentType,
          size: bytes.length,
          createdAt: now,
        })
        .onConflictDoNothing({ target: files.storageKey })
        .returning();
      if (!row) throw conflict('This upload link was already used; ask for a new one');
      try {
        await deps.storage.put(ticket.key, bytes, contentType);
      } catch (error) {
        await deps.db.delete(files).where(eq(files.id, row.id));
        throw error;
      }
      return ok(toUploadedFile(row), 'File uploaded');
    },
  );
}
