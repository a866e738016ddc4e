import { errorCodeLabels, type ErrorBody, type ErrorCode } from '../contract/common.js';

/** A failed API call, carrying the server's error body when there was one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK_ERROR';
  readonly fieldErrors: Record<string, string[]>;

  constructor(options: {
    status: number;
    message: string;
    code: ApiError['code'];
    fieldErrors?: Record<string, string[]>;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.fieldErrors = options.fieldErrors ?? {};
  }

  static fromBody(status: number, body: Partial<ErrorBody> | undefined, fallback: string): ApiError {
    return new ApiError({
      status,
      // Spec section 8: the server's message, else its error text (the code in words: the body was checked
      // against the contract, so it is one of its codes), else the client's own message.
      message: body?.message || (body?.error && errorCodeLabels[body.error]) || fallback,
      code: body?.error ?? 'INTERNAL_ERROR',
      fieldErrors: body?.details?.fieldErrors ?? {},
    });
  }

  get hasFieldErrors(): boolean {
    return Object.keys(this.fieldErrors).length > 0;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
