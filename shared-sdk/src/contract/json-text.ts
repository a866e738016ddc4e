import { z } from 'zod';

// JSON reaches the API two ways: as a JSON body, and as a multipart form's text field holding JSON (a site's
// timings, a document's removed files). Both are held to one nesting limit before anything walks the parsed
// value: 20,000 `[` parse, but a recursive walk of them overflows the stack, and no form nests more than a
// few levels.

/** How deeply JSON sent to the API, as a body or as a form's text field, may nest its arrays and objects. */
export const maxJsonDepth = 32;

/** The deepest nesting of arrays and objects in JSON `text`, stopping as soon as it passes `limit`. */
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

/** What a form's JSON text field nested past the limit says. */
const tooDeepMessage = `Nested deeper than ${maxJsonDepth} levels`;

/**
 * A form's text field holding JSON, parsed and then checked by `schema`; a value that is not text (the same
 * field in a JSON body) goes to `schema` as it is. Text nested past the limit is an error on the field;
 * text that is not JSON is `invalid` (by default it goes to `schema` as text, whose error then names the
 * type it expected).
 */
export const jsonText = <T extends z.ZodType>(schema: T, invalid?: string) =>
  z.preprocess((value, context) => {
    if (typeof value !== 'string') return value;
    if (jsonDepth(value, maxJsonDepth) > maxJsonDepth) {
      context.addIssue({ code: 'custom', message: tooDeepMessage, input: value });
      return z.NEVER;
    }
    try {
      return JSON.parse(value) as unknown;
    } catch {
      if (invalid === undefined) return value;
      context.addIssue({ code: 'custom', message: invalid, input: value });
      return z.NEVER;
    }
  }, schema);
