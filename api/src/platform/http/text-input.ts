import type { FastifySchemaCompiler } from 'fastify';
import { fieldError } from './errors.js';

/**
 * The path of the first string holding a NUL character, or undefined. Walked with a stack of its own, not
 * by recursion, so no nesting a parser lets through can overflow the call stack.
 */
export function findNulByte(value: unknown, path: string[] = []): string[] | undefined {
  const pending: { value: unknown; path: string[] }[] = [{ value, path }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value === 'string') {
      if (next.value.includes('\u0000')) return next.path;
    } else if (next.value !== null && typeof next.value === 'object') {
      const entries = Object.entries(next.value);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, item] = entries[index]!;
        pending.push({ value: item, path: [...next.path, key] });
      }
    }
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
