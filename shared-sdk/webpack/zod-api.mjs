// The part of zod's API the console's browser containers share (see zod.mjs): what the SDK's contracts and
// screens call at run time, and the few constructors their schemas' own methods already bring (`optional`,
// `pipe`, ...), which cost nothing more. Named re-exports, so webpack bundles only these and what they
// need: zod's own `z` namespace would bring every locale it has (88 KB gzip, where this is 26).
//
// A member a contract needs and this list lacks is a change to the shared surface: add it here in the same
// change (src/entries.test.ts checks the SDK's sources against this list) and bump the SDK's minor version,
// so a remote built on it waits for the console release that has it.
export {
  // schemas
  any,
  array,
  boolean,
  codec,
  custom,
  discriminatedUnion,
  email,
  enum,
  intersection,
  lazy,
  literal,
  never,
  null,
  nullable,
  nullish,
  number,
  object,
  optional,
  partialRecord,
  pipe,
  preprocess,
  readonly,
  record,
  string,
  stringbool,
  transform,
  undefined,
  union,
  unknown,
  uuid,
  // namespaces of schemas: z.coerce.number(), z.iso.date()
  coerce,
  iso,
  // refinements
  refine,
  superRefine,
  // errors
  NEVER,
  ZodError,
  ZodType,
  flattenError,
} from 'zod/v4';
