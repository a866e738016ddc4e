import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

/**
 * preValidation hook for forms the spec sends as multipart (site create/update): the text fields become
 * the body, so the same zod schema validates a multipart form and a JSON body alike. Files are refused here.
 */
export async function multipartFieldsToBody(request: FastifyRequest) {
  if (!request.isMultipart()) return;
  const body: Record<string, string> = {};
  for await (const part of request.parts({ limits: { fields: 100, fieldSize: 256 * 1024, files: 1 } })) {
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
