import fs from 'node:fs';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@console/shared-sdk/contract';
import { HttpError, type FieldErrors } from './errors.js';

const codeForStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

function body(message: string, error: ErrorCode, fieldErrors?: FieldErrors): ErrorBody {
  return fieldErrors
    ? { status: false, message, error, details: { fieldErrors } }
    : { status: false, message, error };
}

/** PostgreSQL errors that mean the input was wrong, or a race to be run again, not a fault of the server. */
export function fromDatabase(
  error: unknown,
): { status: number; message: string; code: ErrorCode; headers?: Record<string, string> } | undefined {
  const cause = (error as { cause?: { code?: unknown; detail?: unknown } }).cause;
  const pgCode = cause?.code ?? (error as { code?: unknown }).code;
  const detail = String(cause?.detail ?? (error as { detail?: unknown }).detail ?? '');
  switch (pgCode) {
    case '23505':
      return { status: 409, message: 'A record with these details already exists', code: 'CONFLICT' };
    // A foreign key: writing a reference to a record that is not there is bad input; removing a record
    // others still refer to is a conflict with them. Either way the message names no other tenant's data.
    case '23503':
      return /still referenced/.test(detail)
        ? { status: 409, message: 'Other records still refer to this one', code: 'CONFLICT' }
        : { status: 400, message: 'A referenced record does not exist', code: 'VALIDATION_ERROR' };
    // A NUL character or a byte sequence text cannot hold; the validator refuses NUL first, this catches
    // what reaches the database another way.
    case '22021':
    case '22P05':
    case '22P02':
    case '22007':
    case '22008':
    case '22003':
      return { status: 400, message: 'A value is not in the expected format', code: 'VALIDATION_ERROR' };
    // Two transactions that each waited for a row the other held (PostgreSQL ends one of them), or a
    // serializable one overtaken: nothing of this request was written, and sending it again succeeds. The
    // kitchen app's outbox sends a 503 again by itself.
    case '40P01':
    case '40001':
      return {
        status: 503,
        message: 'The same records were being changed at that moment: nothing was saved, send it again',
        code: 'SERVER_BUSY',
        headers: { 'retry-after': '1' },
      };
    default:
      return undefined;
  }
}

/**
 * The multipart parser's (busboy's) own errors: a form without a boundary, cut short, or with a boundary
 * that never appears. It throws plain Errors for them, recognisable only by their messages.
 */
const malformedMultipart =
  /^(Multipart: Boundary not found|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data|Unsupported Content-Type\.)$/;

function isMalformedMultipart(error: FastifyError, request: FastifyRequest): boolean {
  return error.statusCode === undefined && request.isMultipart() && malformedMultipart.test(error.message);
}

/**
 * Every failure leaves as the error body of ARCHITECTURE.md with the right status: field errors for bad
 * input, and never a 500 for something the client sent.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send(body(error.message, error.code, error.fieldErrors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: FieldErrors = {};
      for (const issue of error.validation) {
        const field =
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'request';
        (fieldErrors[field] ??= []).push(issue.message ?? 'Invalid value');
      }
      const first = Object.entries(fieldErrors)[0];
      const message = first ? `${first[0]}: ${first[1][0]}` : 'The request is not valid';
      return reply.status(400).send(body(message, 'VALIDATION_ERROR', fieldErrors));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send(body('Something went wrong on our side', 'INTERNAL_ERROR'));
    }
    if (isMalformedMultipart(error, request)) {
      return reply
        .status(400)
        .send(body('The form data is malformed or incomplete; send it again', 'VALIDATION_ERROR'));
    }
    const database = fromDatabase(error);
    if (database) {
      request.log.warn({ err: error }, 'database rejected input');
      return reply
        .status(database.status)
        .headers(database.headers ?? {})
        .send(body(database.message, database.code));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = codeForStatus[status] ?? 'VALIDATION_ERROR';
      const message =
        status === 413
          ? 'The request is too large'
          : status === 415
            ? 'This content type is not accepted'
            : error.message;
      return reply.status(status).send(body(message, code));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(body('Something went wrong on our side', 'INTERNAL_ERROR'));
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      request.method === 'GET' && !pathname.startsWith('/api/') && !pathname.startsWith('/remotes/');
    if (wantsPage && app.spaIndex) {
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html')
        .send(fs.createReadStream(app.spaIndex));
    }
    return reply.status(404).send(body(`No route ${request.method} ${pathname}`, 'NOT_FOUND'));
  });
}
