import type { FastifySchemaCompiler } from 'fastify';
import { fieldError } from './errors.js';

/** The path of the first string holding a NUL character, or undefined. */
export function findNulByte(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = findNulByte(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/**
 * Wraps the validator compiler so that every validated part of every request (body, query, params, headers)
 * is refused with a field error when a string holds a NUL character, which PostgreSQL cannot store in text
 * (it would fail the query with 22021 and answer 500). Multipart forms are validated after their fields
 * become the body, so they are covered too.
 */
export function rejectingNulBytes<T>(compile: FastifySchemaCompiler<T>): FastifySchemaCompiler<T> {
  return (route) => {
    const validate = compile(route);
    return (data: unknown) => {
      const path = findNulByte(data);
      if (path) {
        const field = path.join('.') || route.httpPart || 'request';
        return { error: fieldError(field, 'Text may not contain NUL characters') };
      }
      return validate(data);
    };
  };
}
