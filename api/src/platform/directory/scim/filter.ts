import { scimBadRequest } from './scim-errors.js';

// SCIM's filters and attribute paths (RFC 7644 sections 3.4.2.2 and 3.5.2), as far as a directory needs
// them: `attr eq value` conditions joined by `and`, on a plain attribute (`userName`), a sub-attribute
// (`name.givenName`, `emails.value`) or a value path (`emails[type eq "work"].value`, `members[value eq
// "…"]`), with the core schema's URN allowed in front. Anything else the grammar allows (or, not, other
// operators, parentheses) is refused with invalidFilter, which directories handle; anything it does not
// allow is refused the same way.

/** An attribute path, names lower-cased (SCIM's names are case-insensitive). */
export interface AttrPath {
  /** `username`, `emails`, `members`; an extension's attribute keeps its URN: `urn:…:enterprise:2.0:user:manager`. */
  attr: string;
  /** The sub-attribute after a dot: `givenname` of `name.givenName`, `value` of `emails[…].value`. */
  sub?: string;
  /** A value path's condition: `type eq "work"` of `emails[type eq "work"]`. */
  where?: { attr: string; value: ScimValue };
}

export type ScimValue = string | number | boolean | null;

/** One `path eq value` condition, or a bare value path (`members[value eq "…"]`: some member matches). */
export interface Condition {
  path: AttrPath;
  value?: ScimValue;
}

const coreUrn = /^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/i;

type Token =
  { kind: 'word'; text: string } | { kind: 'string'; text: string } | { kind: '[' | ']' | '(' | ')' };

function tokenize(source: string, fail: (why: string) => Error): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < source.length) {
    const char = source[at] ?? '';
    if (/\s/.test(char)) {
      at += 1;
    } else if (char === '[' || char === ']' || char === '(' || char === ')') {
      tokens.push({ kind: char });
      at += 1;
    } else if (char === '"') {
      // A JSON string: its escapes are JSON's.
      let end = at + 1;
      while (end < source.length && source[end] !== '"') end += source[end] === '\\' ? 2 : 1;
      if (end >= source.length) throw fail('a string is not closed');
      try {
        tokens.push({ kind: 'string', text: JSON.parse(source.slice(at, end + 1)) as string });
      } catch {
        throw fail('a string has an invalid escape');
      }
      at = end + 1;
    } else {
      let end = at;
      while (end < source.length && !/[\s[\]()"]/.test(source[end] ?? '')) end += 1;
      tokens.push({ kind: 'word', text: source.slice(at, end) });
      at = end;
    }
  }
  return tokens;
}

const attrName = /^\$?[A-Za-z][\w-]*$/;

/** `name.givenName`, `urn:…:User:userName`, an extension's `urn:…:enterprise:2.0:User:manager`. */
function attrPathOf(word: string, fail: (why: string) => Error): AttrPath {
  let rest = word;
  const core = coreUrn.exec(rest);
  if (core) rest = rest.slice(core[0].length);
  else if (/^urn:/i.test(rest)) {
    // An extension's attribute: the URN up to its last colon names the schema.
    const cut = rest.lastIndexOf(':');
    const [name = '', sub] = rest.slice(cut + 1).split('.');
    if (!attrName.test(name)) throw fail(`"${word}" is not an attribute`);
    return {
      attr: `${rest.slice(0, cut + 1)}${name}`.toLowerCase(),
      ...(sub ? { sub: sub.toLowerCase() } : {}),
    };
  }
  const parts = rest.split('.');
  if (parts.length > 2 || !parts.every((part) => attrName.test(part)))
    throw fail(`"${word}" is not an attribute`);
  const [attr = '', sub] = parts;
  return { attr: attr.toLowerCase(), ...(sub ? { sub: sub.toLowerCase() } : {}) };
}

function valueOf(token: Token | undefined, fail: (why: string) => Error): ScimValue {
  if (token?.kind === 'string') return token.text;
  if (token?.kind === 'word') {
    const word = token.text.toLowerCase();
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (word === 'null') return null;
    if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(token.text)) return Number(token.text);
  }
  throw fail('a comparison needs a value: a "string", true, false, null or a number');
}

/** Reads tokens from `at`: an attribute path, a value path (with its `[…]` and `.sub`) included. */
function readPath(
  tokens: Token[],
  at: number,
  fail: (why: string) => Error,
): { path: AttrPath; next: number } {
  const first = tokens[at];
  if (first?.kind !== 'word') throw fail('an attribute is missing');
  const path = attrPathOf(first.text, fail);
  if (tokens[at + 1]?.kind !== '[') return { path, next: at + 1 };
  if (path.sub) throw fail(`"${first.text}" cannot be filtered`);
  const inner = tokens[at + 2];
  const operator = tokens[at + 3];
  if (inner?.kind !== 'word' || operator?.kind !== 'word' || operator.text.toLowerCase() !== 'eq') {
    throw fail('a value filter [ ] supports "attribute eq value" only');
  }
  const innerPath = attrPathOf(inner.text, fail);
  if (innerPath.sub) throw fail('a value filter [ ] names a sub-attribute');
  const value = valueOf(tokens[at + 4], fail);
  if (tokens[at + 5]?.kind !== ']') throw fail('a value filter [ ] is not closed');
  let next = at + 6;
  let sub: string | undefined;
  const after = tokens[next];
  if (after?.kind === 'word' && after.text.startsWith('.')) {
    sub = after.text.slice(1).toLowerCase();
    if (!attrName.test(sub)) throw fail(`"${after.text}" is not a sub-attribute`);
    next += 1;
  }
  return { path: { attr: path.attr, where: { attr: innerPath.attr, value }, ...(sub ? { sub } : {}) }, next };
}

/** A `filter` query: conditions that must all hold. */
export function parseFilter(source: string): Condition[] {
  const fail = (why: string) => scimBadRequest('invalidFilter', `The filter cannot be read: ${why}`);
  const tokens = tokenize(source, fail);
  if (tokens.length === 0) throw fail('it is empty');
  const conditions: Condition[] = [];
  let at = 0;
  for (;;) {
    const { path, next } = readPath(tokens, at, fail);
    at = next;
    const operator = tokens[at];
    if (operator?.kind === 'word' && operator.text.toLowerCase() !== 'and') {
      if (operator.text.toLowerCase() !== 'eq') {
        throw fail(`only "eq" comparisons (joined by "and") are supported, not "${operator.text}"`);
      }
      conditions.push({ path, value: valueOf(tokens[at + 1], fail) });
      at += 2;
    } else if (path.where) {
      conditions.push({ path });
    } else {
      throw fail('a comparison needs "eq" and a value');
    }
    if (at >= tokens.length) return conditions;
    const joiner = tokens[at];
    if (joiner?.kind !== 'word' || joiner.text.toLowerCase() !== 'and') {
      throw fail('only "eq" comparisons joined by "and" are supported');
    }
    at += 1;
  }
}

/** A PATCH operation's `path`. */
export function parsePath(source: string): AttrPath {
  const fail = (why: string) => scimBadRequest('invalidPath', `The path "${source}" cannot be read: ${why}`);
  const tokens = tokenize(source, fail);
  const { path, next } = readPath(tokens, 0, fail);
  if (next !== tokens.length) throw fail('it has more after the attribute');
  return path;
}
