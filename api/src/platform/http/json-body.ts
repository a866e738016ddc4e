import type { FastifyInstance } from 'fastify';
import { jsonDepth, maxJsonDepth } from '@console/shared-sdk/contract';
import { badRequest } from './errors.js';

// JSON bodies are parsed by Fastify's own parser (which refuses __proto__ and constructor.prototype), after
// two limits checked on the raw text, before anything walks the parsed value: the body's size, and how
// deeply its arrays and objects nest (the contract's limit, which a form's JSON text fields share).

/** The JSON body limit (uploads have their own, larger one). */
export const maxJsonBodyBytes = 1024 * 1024;

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
