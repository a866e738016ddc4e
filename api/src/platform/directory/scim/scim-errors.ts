import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../../http/errors.js';
import { fromDatabase } from '../../http/error-handler.js';

// SCIM's own error answers (RFC 7644 section 3.12): `{ schemas: [Error], status: "400", scimType?, detail }`
// as application/scim+json, with the HTTP status. Everything that fails under /scim/v2 leaves this way, the
// parser's and the guard's failures included, so a directory never meets the console's error body.

export const scimContentType = 'application/scim+json; charset=utf-8';
export const errorSchemaUrn = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** The `scimType`s RFC 7644 names for a 400 (and `uniqueness` for a 409). */
export type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers'
  | 'sensitive';

export class ScimError extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly scimType?: ScimType,
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'ScimError';
  }
}

export const scimBadRequest = (scimType: ScimType, detail: string) => new ScimError(400, detail, scimType);
export const scimNotFound = (what: 'User' | 'Group' | 'Resource', id: string) =>
  new ScimError(404, `${what} ${id} not found`);
export const scimConflict = (detail: string) => new ScimError(409, detail, 'uniqueness');

export interface ScimErrorBody {
  schemas: [typeof errorSchemaUrn];
  status: string;
  scimType?: ScimType;
  detail: string;
}

export function errorBody(status: number, detail: string, scimType?: ScimType): ScimErrorBody {
  return {
    schemas: [errorSchemaUrn],
    status: String(status),
    ...(scimType ? { scimType } : {}),
    detail,
  };
}

/** A failure as SCIM's error: what it is, never a server's insides. */
function asScimError(error: FastifyError): ScimError {
  if (error instanceof ScimError) return error;
  if (error instanceof HttpError) {
    const scimType =
      error.statusCode === 400 ? 'invalidValue' : error.statusCode === 409 ? 'uniqueness' : undefined;
    return new ScimError(error.statusCode, error.message, scimType, error.headers);
  }
  const database = fromDatabase(error);
  if (database) {
    const scimType =
      database.status === 409 ? 'uniqueness' : database.status === 400 ? 'invalidValue' : undefined;
    return new ScimError(database.status, database.message, scimType, database.headers);
  }
  const status = error.statusCode ?? 500;
  if (status === 413) return new ScimError(413, 'The request is too large');
  if (status === 415) return new ScimError(415, 'Send the body as application/scim+json or application/json');
  // The JSON parser's own (a body that is not JSON, an empty one) and any other refusal of the request.
  if (status === 400)
    return new ScimError(400, `The request body is not valid JSON: ${error.message}`, 'invalidSyntax');
  if (status > 400 && status < 500) return new ScimError(status, error.message);
  return new ScimError(500, 'Something went wrong on our side');
}

/** The error handler and the unknown-path answer of the /scim/v2 plugin (its own, by encapsulation). */
export function registerScimErrors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const scim = asScimError(error);
    if (scim.status >= 500) request.log.error({ err: error }, 'SCIM request failed');
    if (scim.headers) reply.headers(scim.headers);
    return reply
      .status(scim.status)
      .type(scimContentType)
      .send(errorBody(scim.status, scim.message, scim.scimType));
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    return reply
      .status(404)
      .type(scimContentType)
      .send(errorBody(404, `No SCIM endpoint ${request.method} ${path}`));
  });
}
