import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

// JSON bodies are parsed by Fastify's own parser (which refuses __proto__ and constructor.prototype), after
// two limits checked on the raw text, before anything walks the parsed value: the body's size, and how
// deeply its arrays and objects nest. A body of 20,000 `[` parses, but every recursive walk of it (the NUL
// check, zod, a serializer) overflows the stack; no form of the console nests more than a few levels.

/** The JSON body limit (uploads have their own, larger one). */
export const maxJsonBodyBytes = 1024 * 1024;
/** How deeply a JSON body's arrays and objects may nest. */
export const maxJsonDepth = 32;

/** The deepest nesting of arrays and objects in `text`, stopping as soon as it passes `limit`. */
export function jsonDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text.charCodeAt(at);
    if (inString) {
      if (char === 0x5c /* \ */) at += 1;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) depth -= 1;
  }
  return deepest;
}

/** Replaces the JSON parser with one that checks the size and depth limits first (a 400 past the depth). */
export function registerJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: maxJsonBodyBytes },
    (request, body, done) => {
      const text = body as string;
      if (jsonDepth(text, maxJsonDepth) > maxJsonDepth) {
        done(badRequest(`The request body nests deeper than ${maxJsonDepth} levels`), undefined);
        return;
      }
      void parse(request, text, done);
    },
  );
}
