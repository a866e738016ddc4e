import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import * as z from 'zod';

/**
 * How answers are written: by fast-json-stringify, compiled from each route's response schema (the JSON
 * Schema of the zod schema's output), instead of zod's encode followed by JSON.stringify. Zod checked every
 * field of every answer and built a copy of it before it was written: for a page of twenty tasks, three
 * times the CPU of writing it straight from the schema (bench/README.md). Both write only the fields the
 * schema names, so a row's other columns never reach a client either way.
 *
 * What zod's encode did besides is kept by the tests: with `checkAgainstZod`, every answer is also encoded by
 * zod, which must accept it and agree with what was written (parsed, as key order may differ), or the call
 * fails with a 500. The API's tests run with it, so a schema fast-json-stringify reads otherwise than zod
 * fails the suite before it reaches a client.
 */
export function answerSerializerCompiler(options: {
  checkAgainstZod: boolean;
}): FastifySerializerCompiler<unknown> {
  return (route) => {
    const schema = zodSchemaOf(route.schema);
    // Not a zod schema: as the zod provider writes it (it refuses what it cannot read, as before).
    if (!schema) return zodSerializerCompiler(route as never) as (data: unknown) => string;
    const zodWrite = zodSerializerCompiler(route as never) as (data: unknown) => string;
    // Compiled on the first answer, not when the route is registered: an instance starts without compiling
    // the ~170 routes' schemas, most of which a test or an instance never answers.
    let write: ((data: unknown) => string) | undefined;
    const compiled = () =>
      (write ??= fastJson(
        z.toJSONSchema(schema, {
          io: 'output',
          target: 'draft-7',
          // An answer's schema has no transforms; what JSON Schema cannot say is written as JSON.stringify would.
          unrepresentable: 'any',
        }) as Parameters<typeof fastJson>[0],
      ));
    if (!options.checkAgainstZod) return (data) => compiled()(data);
    return (data) => {
      const checked = zodWrite(data);
      const written = compiled()(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(checked))) {
        throw new Error(
          `${route.method} ${route.url}: the answer written from its JSON Schema differs from zod's encoding: ` +
            `${written.slice(0, 500)} against ${checked.slice(0, 500)}`,
        );
      }
      return written;
    };
  };
}

/** The route's response schema as zod, whether given as it is or as `{ properties }`. */
function zodSchemaOf(schema: unknown): z.ZodType | undefined {
  if (schema instanceof z.ZodType) return schema;
  if (typeof schema === 'object' && schema !== null && 'properties' in schema) {
    const { properties } = schema;
    if (properties instanceof z.ZodType) return properties;
  }
  return undefined;
}
