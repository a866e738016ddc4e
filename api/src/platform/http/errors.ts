import type { ErrorCode } from '@console/shared-sdk/contract';

export type FieldErrors = Record<string, string[]>;

/** An error the client caused or must hear about; the error handler turns it into the error body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, fieldErrors?: FieldErrors) =>
  new HttpError(400, 'VALIDATION_ERROR', message, fieldErrors);
/** One field's problem, answered like a schema validation error. */
export const fieldError = (field: string, message: string) =>
  new HttpError(400, 'VALIDATION_ERROR', message, { [field]: [message] });
export const unauthorized = (message = 'Please sign in to continue', code: ErrorCode = 'UNAUTHORIZED') =>
  new HttpError(401, code, message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new HttpError(403, 'FORBIDDEN', message);
export const notFound = (what = 'Record') => new HttpError(404, 'NOT_FOUND', `${what} not found`);
export const conflict = (message: string, fieldErrors?: FieldErrors) =>
  new HttpError(409, 'CONFLICT', message, fieldErrors);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, 'RATE_LIMITED', message, undefined, { 'retry-after': String(retryAfterSeconds) });
/** A bound on work of one kind running at once is reached: the client tries again after the wait. */
export const serverBusy = (message: string, retryAfterSeconds: number) =>
  new HttpError(503, 'SERVER_BUSY', message, undefined, { 'retry-after': String(retryAfterSeconds) });
