import { parsePath, type AttrPath } from './filter.js';
import { scimBadRequest } from './scim-errors.js';

// A PATCH request (RFC 7644 section 3.5.2) read as a list of operations, the way both directories send
// them: Entra ID writes `"op": "Replace"` with a path and sends booleans as strings ("False"); Okta writes
// `"op": "replace"` without a path and the attributes in the value (`{ "active": false }`). A value without
// a path is turned into one operation per attribute, so each resource applies only operations with paths.

export const patchOpUrn = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

export type PatchOp = 'add' | 'replace' | 'remove';

export interface PatchOperation {
  op: PatchOp;
  path: AttrPath;
  /** Undefined for a remove without a value. */
  value: unknown;
  /** The operation named its path; an attribute inside a path-less value did not (see `readOnly`). */
  explicit: boolean;
}

/** A JSON object (not an array, not null). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A member of an object by its name, ignoring case (SCIM's attribute names are case-insensitive). */
export function member(object: Record<string, unknown>, name: string): unknown {
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(object)) if (key.toLowerCase() === lower) return value;
  return undefined;
}

/** A boolean, or Entra ID's "True" and "False". */
export function booleanOf(value: unknown, attribute: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw scimBadRequest('invalidValue', `${attribute} must be true or false`);
}

/** The request's `schemas` name `urn` (a request without `schemas` is taken as it is). */
export function assertSchemas(body: Record<string, unknown>, urn: string) {
  const schemas = member(body, 'schemas');
  if (schemas === undefined) return;
  if (
    !Array.isArray(schemas) ||
    !schemas.some((one) => typeof one === 'string' && one.toLowerCase() === urn.toLowerCase())
  ) {
    throw scimBadRequest('invalidSyntax', `schemas must include ${urn}`);
  }
}

const ops: Record<string, PatchOp> = { add: 'add', replace: 'replace', remove: 'remove' };

/** The PatchOp body's operations, each with a path; 400 invalidSyntax, invalidPath or noTarget otherwise. */
export function patchOperations(body: unknown): PatchOperation[] {
  if (!isObject(body)) throw scimBadRequest('invalidSyntax', 'Send a PatchOp object');
  assertSchemas(body, patchOpUrn);
  const operations = member(body, 'Operations');
  if (!Array.isArray(operations) || operations.length === 0) {
    throw scimBadRequest('invalidSyntax', 'Operations must be a list of at least one operation');
  }
  return operations.flatMap((operation, index): PatchOperation[] => {
    const where = `Operations[${index}]`;
    if (!isObject(operation)) throw scimBadRequest('invalidSyntax', `${where} must be an object`);
    const opName = member(operation, 'op');
    const op = typeof opName === 'string' ? ops[opName.toLowerCase()] : undefined;
    if (!op) throw scimBadRequest('invalidSyntax', `${where}.op must be add, replace or remove`);
    const path = member(operation, 'path');
    const value = member(operation, 'value');
    if (path !== undefined && typeof path !== 'string') {
      throw scimBadRequest('invalidPath', `${where}.path must be a string`);
    }
    if (path !== undefined && path.trim() !== '') {
      if (op !== 'remove' && value === undefined) {
        throw scimBadRequest('invalidSyntax', `${where} needs a value to ${op}`);
      }
      return [{ op, path: parsePath(path), value, explicit: true }];
    }
    if (op === 'remove') throw scimBadRequest('noTarget', `${where}: remove needs a path`);
    if (!isObject(value)) {
      throw scimBadRequest(
        'invalidSyntax',
        `${where}: without a path, value must be an object of attributes`,
      );
    }
    return Object.entries(value).map(([name, inner]) => ({
      op,
      path: parsePath(name),
      value: inner,
      explicit: false,
    }));
  });
}

/** An attribute the directory may not change: 400 mutability when named by a path, ignored inside a value. */
export function readOnly(operation: PatchOperation, attribute: string): void {
  if (operation.explicit) throw scimBadRequest('mutability', `${attribute} cannot be changed`);
}
