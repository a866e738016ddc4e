// What zod's schemas (zod/v4/classic/schemas.js) import of its JSON Schema generator, in the console's
// browser builds (config.cjs, ZodWithoutJsonSchemaPlugin). Every zod schema wires a JSON Schema processor
// and a `toJSONSchema` method when it is made, so the generator (to-json-schema.js and
// json-schema-processors.js: 5.4 KB gzip, a fifth of zod on every page) came with the first schema, though
// no browser code converts a schema to JSON Schema: the API does, in Node, with the real package.
//
// Here the processors and the two method factories only say so if called; parsing, errors and the checks'
// getters (`minLength`, `maxLength`, `format`, ... read `aggregateChecks`, which stays zod's own) are zod's.
// When zod's schemas import a member this module lacks, the build fails on it: add it here.
export { aggregateChecks } from 'zod-internal/json-schema-processors';

function unavailable() {
  throw new Error(
    "zod's JSON Schema generation is not part of the console's browser builds (shared-sdk/webpack/zod-json-schema.mjs)",
  );
}

/** to-json-schema.js: `schema.toJSONSchema()` and the Standard Schema `jsonSchema` methods. */
export const createToJSONSchemaMethod = () => unavailable;
export const createStandardJSONSchemaMethod = () => unavailable;

// json-schema-processors.js: one per kind of schema, called only while generating JSON Schema.
export const anyProcessor = unavailable;
export const arrayProcessor = unavailable;
export const bigintProcessor = unavailable;
export const booleanProcessor = unavailable;
export const catchProcessor = unavailable;
export const customProcessor = unavailable;
export const dateProcessor = unavailable;
export const defaultProcessor = unavailable;
export const enumProcessor = unavailable;
export const fileProcessor = unavailable;
export const functionProcessor = unavailable;
export const intersectionProcessor = unavailable;
export const lazyProcessor = unavailable;
export const literalProcessor = unavailable;
export const mapProcessor = unavailable;
export const nanProcessor = unavailable;
export const neverProcessor = unavailable;
export const nonoptionalProcessor = unavailable;
export const nullProcessor = unavailable;
export const nullableProcessor = unavailable;
export const numberProcessor = unavailable;
export const objectProcessor = unavailable;
export const optionalProcessor = unavailable;
export const pipeProcessor = unavailable;
export const prefaultProcessor = unavailable;
export const promiseProcessor = unavailable;
export const readonlyProcessor = unavailable;
export const recordProcessor = unavailable;
export const setProcessor = unavailable;
export const stringProcessor = unavailable;
export const successProcessor = unavailable;
export const symbolProcessor = unavailable;
export const templateLiteralProcessor = unavailable;
export const transformProcessor = unavailable;
export const tupleProcessor = unavailable;
export const undefinedProcessor = unavailable;
export const unionProcessor = unavailable;
export const unknownProcessor = unavailable;
export const voidProcessor = unavailable;
