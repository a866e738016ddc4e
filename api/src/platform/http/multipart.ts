import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

/** Room a form's boundaries, part headers and small text fields take beside its files' bytes. */
export const formOverheadBytes = 1024 * 1024;

/** The text a site form's fields may hold in all: 100 fields of at most 256 KiB. */
const siteFormLimits = { fields: 100, fieldSize: 256 * 1024, files: 1 };

/**
 * Refuses a body whose declared length is over `maxBytes` before any of it is read: the multipart parser
 * reads a body as it comes, and would otherwise read all of one that can only end in a 413. A chunked body
 * declares no length; its parts are held to their own limits while they stream (`endAtSizeLimit`).
 */
export function refuseDeclaredLengthOver(
  request: FastifyRequest,
  maxBytes: number,
  tooLarge: () => HttpError,
) {
  if (Number(request.headers['content-length']) > maxBytes) throw tooLarge();
}

/**
 * Ends a file part with `tooLarge` as soon as it passes its size limit. Left alone, the parser truncates the
 * part but keeps reading (and discarding) the rest of it to find where it ends: all of a 512 MiB body.
 */
export function endAtSizeLimit(part: MultipartFile, tooLarge: () => HttpError) {
  part.file.once('limit', () => part.file.destroy(tooLarge()));
}

/**
 * preValidation hook for forms the spec sends as multipart (site create/update): the text fields become
 * the body, so the same zod schema validates a multipart form and a JSON body alike. Files are refused here.
 */
export async function multipartFieldsToBody(request: FastifyRequest) {
  if (!request.isMultipart()) return;
  refuseDeclaredLengthOver(
    request,
    siteFormLimits.fields * siteFormLimits.fieldSize + formOverheadBytes,
    () => new HttpError(413, 'PAYLOAD_TOO_LARGE', 'The form is larger than its fields can hold'),
  );
  const body: Record<string, string> = {};
  for await (const part of request.parts({ limits: siteFormLimits })) {
    if (part.type === 'file') {
      part.file.resume();
      throw new HttpError(400, 'VALIDATION_ERROR', `This form takes no files (got "${part.fieldname}")`, {
        [part.fieldname]: ['Files are not accepted here'],
      });
    }
    body[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
  }
  request.body = body;
}
