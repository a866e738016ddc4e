import { isDeepStrictEqual } from 'node:util';
import type { FastifyDynamicSwaggerOptions, SwaggerTransform } from '@fastify/swagger';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';
import { abilityFor, defineRulesForApiKey } from '@console/shared-sdk/ability';
import {
  apiKeyPrefix,
  apiKeyScopeIds,
  envelope,
  errorBodySchema,
  listData,
  sensorKeyHeader,
} from '@console/shared-sdk/contract';
import { permissionsOfRoute } from '../auth/guard.js';
import { errorSchemaUrn, type ScimErrorBody } from '../directory/scim/scim-errors.js';

// The API document (OpenAPI 3.0) as integrators' tools take it: every operation with a stable operationId
// and a declared tag, the envelope, list page and error bodies as shared components, the error answers of
// each call, and nullable fields that keep their type. Routes describe themselves (schemas, summaries,
// tags, `security`); what is the same for every route is worked out here, in one place, from what the
// routes declare. api/.spectral.yaml and api/redocly.yaml hold the lint rules it is held to
// (openapi.lint.test.ts).

/** An error status a route answers that its declaration does not show; see `errorStatusesOf`. */
export type DeclaredErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Error statuses the route answers beyond those the document infers from its declaration (`errorStatusesOf`):
     * a rate limit (429), a sign-in of its own on a call without `security` (401), a refusal (403) or a
     * conflict no input shows. Documentation only: the answer is the error handler's either way.
     */
    errors?: readonly DeclaredErrorStatus[];
  }
}

type Document = OpenAPIV3.Document;
type Operation = OpenAPIV3.OperationObject;
type Schema = OpenAPIV3.SchemaObject;
type SchemaOrRef = OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject;

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
type Method = (typeof methods)[number];

/** Where the statuses worked out for a route travel from its transform to the document's (then removed). */
const errorStatusesKey = 'x-console-error-statuses';

/** The document's name of a wildcard path parameter (`/file/*`), which OpenAPI cannot name `*`. */
export const wildcardParameter = 'filePath';

const schemaRef = (name: string): OpenAPIV3.ReferenceObject => ({ $ref: `#/components/schemas/${name}` });

/** A contract schema as the document's JSON Schema: OpenAPI 3.0, as the routes' schemas are converted. */
function jsonOf(schema: z.ZodType): Schema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io: 'output',
    unrepresentable: 'any',
  }) as Schema & { $schema?: string };
  return json;
}

function propertiesOf(schema: Schema): Record<string, SchemaOrRef> {
  return schema.properties ?? {};
}

// ---- shared components -----------------------------------------------------------------------------------

function fieldsOf(schema: Schema, names: readonly string[]): Record<string, SchemaOrRef> {
  const properties = propertiesOf(schema);
  return Object.fromEntries(
    names.flatMap((name) => {
      const property = properties[name];
      return property ? [[name, property]] : [];
    }),
  );
}

/** The success envelope's and the list page's own fields, as the contract writes them (less `data`, `list`). */
const envelopeFields = fieldsOf(jsonOf(envelope(z.null())), ['status', 'message']);
const listPageFields = fieldsOf(jsonOf(listData(z.null())), ['records', 'page', 'limit']);

const scimErrorBodySchema = z.object({
  schemas: z.array(z.literal(errorSchemaUrn)).length(1),
  status: z.string().describe('The HTTP status, as a string'),
  scimType: z
    .string()
    .optional()
    .describe('RFC 7644’s kind of 400 (invalidFilter, invalidValue…), or uniqueness for a 409'),
  detail: z.string(),
});
// The schema above documents scim-errors.ts's ScimErrorBody: a change there must show here.
const scimErrorBodyMatches: ScimErrorBody extends z.infer<typeof scimErrorBodySchema> ? true : never = true;
void scimErrorBodyMatches;

const componentSchemas: Record<string, Schema> = {
  Envelope: {
    type: 'object',
    description:
      'Every answer of the console’s calls: `status` true, perhaps a `message` to show, and `data`, which each ' +
      'call describes.',
    properties: envelopeFields,
    required: ['status'],
  },
  ListPage: {
    type: 'object',
    description:
      'A page of a list (the `data` of every web-app-list): `list` holds the page’s records, `records` how ' +
      'many match in all, `page` (from 1) and `limit` the page asked for (search, sort, page and limit in ' +
      'the query).',
    properties: listPageFields,
    required: Object.keys(listPageFields),
  },
  ErrorBody: {
    description:
      'Every error answer of the console’s calls: `status` false, a `message` to show, the `error` code, and ' +
      'for invalid input `details.fieldErrors`, each field’s path (`a.b` for nested ones) with its messages.',
    ...jsonOf(errorBodySchema),
  },
  ScimError: {
    description: 'SCIM’s error answer (RFC 7644 section 3.12), as application/scim+json.',
    ...jsonOf(scimErrorBodySchema),
  },
};

interface ErrorAnswer {
  name: string;
  description: string;
  /** For the console's error body; SCIM's answers carry no example. */
  example: z.input<typeof errorBodySchema>;
  retryAfter?: boolean;
}

const errorAnswers: Record<DeclaredErrorStatus, ErrorAnswer> = {
  400: {
    name: 'BadRequest',
    description:
      'The request is not valid (VALIDATION_ERROR): `details.fieldErrors` names each field that is wrong and why.',
    example: {
      status: false,
      message: 'name: Name is required',
      error: 'VALIDATION_ERROR',
      details: { fieldErrors: { name: ['Name is required'] } },
    },
  },
  401: {
    name: 'Unauthorized',
    description:
      'Not signed in, or the sign-in is no longer valid (UNAUTHORIZED). TOKEN_EXPIRED: refresh the access ' +
      'token with the refresh token and send the call again.',
    example: { status: false, message: 'Please sign in to continue', error: 'UNAUTHORIZED' },
  },
  403: {
    name: 'Forbidden',
    description: 'Signed in, but not allowed this call or this record (FORBIDDEN).',
    example: { status: false, message: 'You do not have permission to do this', error: 'FORBIDDEN' },
  },
  404: {
    name: 'NotFound',
    description:
      'A record the call names is not there, or belongs to another organisation (NOT_FOUND); the message says which.',
    example: { status: false, message: 'Record not found', error: 'NOT_FOUND' },
  },
  409: {
    name: 'Conflict',
    description:
      'The change conflicts with records that exist (CONFLICT: a name already taken, records that still refer ' +
      'to this one), or a write’s clientId was used for another write (CLIENT_ID_REUSED).',
    example: { status: false, message: 'A record with these details already exists', error: 'CONFLICT' },
  },
  413: {
    name: 'PayloadTooLarge',
    description: 'The body is larger than the call takes (PAYLOAD_TOO_LARGE).',
    example: { status: false, message: 'The request is too large', error: 'PAYLOAD_TOO_LARGE' },
  },
  415: {
    name: 'UnsupportedMediaType',
    description:
      'The body’s content type, or an uploaded file’s type, is not accepted (UNSUPPORTED_MEDIA_TYPE).',
    example: { status: false, message: 'This content type is not accepted', error: 'UNSUPPORTED_MEDIA_TYPE' },
  },
  429: {
    name: 'TooManyRequests',
    description: 'Too many attempts or calls (RATE_LIMITED): send it again after Retry-After seconds.',
    example: {
      status: false,
      message: 'Too many attempts. Try again in 15 minute(s).',
      error: 'RATE_LIMITED',
    },
    retryAfter: true,
  },
  503: {
    name: 'ServiceUnavailable',
    description:
      'The server is busy with work of this kind (SERVER_BUSY): send it again after Retry-After seconds.',
    example: {
      status: false,
      message: 'The server is busy: try again in a few seconds',
      error: 'SERVER_BUSY',
    },
    retryAfter: true,
  },
};

const retryAfterHeader: OpenAPIV3.HeaderObject = {
  description: 'Seconds to wait before sending the call again',
  schema: { type: 'integer', minimum: 0 },
};

/** Whose error body a path's calls answer: the console's, or SCIM's under its base path. */
interface ErrorFamily {
  prefix: string;
  schema: string;
  contentType: string;
  examples: boolean;
}

function errorResponse(status: DeclaredErrorStatus, family: ErrorFamily): OpenAPIV3.ResponseObject {
  const answer = errorAnswers[status];
  return {
    description: answer.description,
    ...(answer.retryAfter ? { headers: { 'Retry-After': retryAfterHeader } } : {}),
    content: {
      [family.contentType]: {
        schema: schemaRef(family.schema),
        ...(family.examples ? { example: answer.example } : {}),
      },
    },
  };
}

// ---- tags --------------------------------------------------------------------------------------------------

/** One tag per resource root (or domain), in the words an integrator meets it in. */
export const tagDescriptions: Record<string, string> = {
  authentication:
    'Signing in and out: the web console’s and the mobile app’s password sign-in, a kitchen tablet’s ' +
    'person, single sign-on through the organisation’s provider, refresh tokens and password links.',
  organization:
    'Organisations: the platform admin’s list of them, and an organisation’s own record and figures.',
  'sso-provider': 'The organisation’s single sign-on provider (OpenID Connect) and the domains it signs in.',
  'user-profile': 'The signed-in person’s own profile, password, kitchen PIN and notification settings.',
  'site-panel': 'Sites: their records, opening times and places, and their compliance scores and portfolio.',
  location: 'Countries, regions and cities to place a site in.',
  area: 'Areas that group an organisation’s sites.',
  'common-uri': 'Uploaded files: uploads, pre-signed uploads, downloads by key, and what the caller may do.',
  supplier: 'A site’s suppliers.',
  supplierType: 'The organisation’s kinds of supplier.',
  foodItem: 'A site’s food items and probes, with their temperature limits.',
  masterType: 'A site’s fridges and freezers, with their temperature items and limits.',
  sensor: 'Temperature sensors: their registration and keys, and the readings they post.',
  'kitchen-device': 'Shared kitchen tablets: their enrolment, codes and the people who sign in on them.',
  'master-task': 'Master tasks: what a site does on a schedule, and the day’s occurrences made from them.',
  'department-panel': 'A site’s departments and who sits in them.',
  'staff-people':
    'The organisation’s people: invitations, sites, departments, status, spreadsheets and tasks.',
  'task-category': 'Categories that group master tasks.',
  'template-panel': 'The organisation’s checklist templates.',
  'pre-defined-template': 'The library of checklist templates an organisation may import.',
  'individual-task':
    'One occurrence of a task, as the web console works it: checklist lines, completion, follow-ups.',
  'comment-task': 'Comments and photos on task occurrences.',
  'task-new-version':
    'The staff mobile app’s tasks: the day’s list, one task, ticking, comments and completion.',
  'task-dashboard': 'A site’s task dashboard: buckets and the weekly schedule.',
  'temperature-logs': 'Temperature readings: recording, correcting, lists, charts and exports.',
  comlianceLog: 'Compliance logs: checklists submitted against templates, reviewed and corrected.',
  nearMiss: 'Near misses and incidents: reports, investigations and follow-up actions.',
  correctiveAction: 'Corrective actions opened by deviations: what was done, verification and reopening.',
  document: 'Documents and certificates of a site or the organisation, with their expiry.',
  'record-history': 'The tamper-evident history of records, and its check.',
  report: 'Inspection packs (PDF or spreadsheet) and their verification.',
  inspectorLink: 'Links that let an inspector view a site’s records without an account.',
  inspect: 'What an inspector link opens (no sign-in: the link’s token, and its passcode, are the proof).',
  siteReview: 'Four-weekly site reviews: drafted from the records, noted and signed.',
  notification: 'The signed-in person’s notifications (the bell).',
  webhook: 'Webhooks that hear of the organisation’s events, and their deliveries.',
  push: 'Browser push notifications of the signed-in person’s alerts.',
  'scim-token': 'Tokens the company’s directory provisions people with over SCIM.',
  'scim-group': 'The directory’s groups, and the role and sites each one gives its members.',
  'api-key':
    'API keys the organisation makes for integrators’ systems: their scopes, sites, expiry and last use ' +
    '(the key itself is shown once, when it is made).',
  role:
    'Custom roles the organisation gives site admins (subject × action pairs), who holds them, and the ' +
    'organisation’s own defaults for the subjects remotes bring.',
  auth: 'The calling person’s rules, for a domain’s own backend that enforces them with the token it was sent.',
  scim: 'SCIM 2.0 (RFC 7644) for the company’s directory (Entra ID, Okta): people and groups, with a SCIM token.',
};

// ---- operation ids -----------------------------------------------------------------------------------------

/** Words (path segments) as one camel-case name: `web-app-list` is webAppList, `jwks.json` jwksJson. */
const camel = (words: readonly string[]) =>
  words
    .flatMap((word) => word.split(/[^A-Za-z0-9]+/))
    .filter((word) => word !== '')
    .map((word, index) =>
      index === 0
        ? word.charAt(0).toLowerCase() + word.slice(1)
        : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join('');

const isParameter = (segment: string) => /^\{.+\}$/.test(segment);

/** What a method does to the path's record or collection, where one path's call needs a word to tell them apart. */
function verbOf(method: Method, path: string): string {
  const onOne = isParameter(path.split('/').pop() ?? '');
  const verbs: Partial<Record<Method, string>> = {
    get: onOne ? 'get' : 'list',
    post: 'create',
    put: 'replace',
    patch: 'update',
    delete: 'delete',
  };
  return verbs[method] ?? method;
}

/**
 * `root.call`: the path's resource root (the segment after a mount such as `/api/v1`, or the mount's own
 * root, `scim` for /scim/v2) and its call, its other fixed segments in camel case: `supplier.webAppList`
 * for /api/v1/supplier/web-app-list. Where calls would share an id (one path with several methods, or paths
 * that differ only by their parameters) each adds its method's verb: `scim.usersList`, `scim.usersGet`;
 * a call with no fixed segment of its own is its verb alone (`inspect.get` for /api/v1/inspect/{token}).
 */
function operationIds(document: Document, mounts: readonly Mount[]): Map<Operation, string> {
  const found: { operation: Operation; method: Method; path: string; root: string; call: string }[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const mount = mounts.find((one) => path.startsWith(`${one.path}/`));
    const segments = path
      .slice(mount ? mount.path.length : 0)
      .split('/')
      .filter((segment) => segment !== '');
    const [root = '', ...rest] = mount?.root ? [mount.root, ...segments] : segments;
    const call = camel(rest.filter((segment) => !isParameter(segment)));
    for (const method of methods) {
      const operation = item?.[method];
      if (operation) found.push({ operation, method, path, root: camel([root]), call });
    }
  }
  const uses = new Map<string, number>();
  for (const { root, call } of found) uses.set(`${root}.${call}`, (uses.get(`${root}.${call}`) ?? 0) + 1);
  return new Map(
    found.map(({ operation, method, path, root, call }) => {
      const shared = call === '' || (uses.get(`${root}.${call}`) ?? 0) > 1;
      return [operation, `${root}.${shared ? camel([call, verbOf(method, path)]) : call}`];
    }),
  );
}

// ---- error answers -----------------------------------------------------------------------------------------

/** Whether a JSON schema (a route's params, query or body) holds a record's id at its top level. */
function namesRecord(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const { properties } = schema as Schema;
  return Object.values(properties ?? {}).some(
    (property) => 'format' in property && property.format === 'uuid',
  );
}

const writes = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const bodyMethods = new Set(['POST', 'PUT', 'PATCH']);

/**
 * The error statuses a route answers, from what it declares:
 * - 400 where it takes input it validates (params, query, headers or a body);
 * - 401 where it needs a sign-in (any security scheme), 403 where that sign-in is the console's (the
 *   caller's abilities, and which app the token is for, are checked on every call);
 * - 404 where it names a record: a path parameter, or an id in its query or body;
 * - 409 on a signed-in write that takes a body or names a record (a name already taken, records that still
 *   refer to it, a reused clientId);
 * - 413 and 415 on every call with a body (the body limit and the content types are the server's, for
 *   every route);
 * and what the route adds in `schema.errors`.
 */
function errorStatusesOf(
  method: string,
  url: string,
  schema: Record<string, unknown>,
  transformed: Record<string, unknown>,
  defaultSecurity: readonly Record<string, readonly string[]>[],
): DeclaredErrorStatus[] {
  const security = (schema.security as typeof defaultSecurity | undefined) ?? defaultSecurity;
  const schemes = security.flatMap((requirement) => Object.keys(requirement));
  const hasBody = schema.body !== undefined;
  const input = ['params', 'querystring', 'headers', 'body'].some((part) => schema[part] !== undefined);
  const record = /[:*]/.test(url) || namesRecord(transformed.querystring) || namesRecord(transformed.body);
  const statuses = new Set<DeclaredErrorStatus>(
    (schema.errors as readonly DeclaredErrorStatus[] | undefined) ?? [],
  );
  if (input) statuses.add(400);
  if (schemes.length > 0) statuses.add(401);
  if (schemes.includes('accessToken') || schemes.includes('apiKey')) statuses.add(403);
  if (record) statuses.add(404);
  if (schemes.length > 0 && writes.has(method) && (hasBody || record)) statuses.add(409);
  if (bodyMethods.has(method) || hasBody) {
    statuses.add(413);
    statuses.add(415);
  }
  return [...statuses].sort((a, b) => a - b);
}

// ---- nullable ----------------------------------------------------------------------------------------------

/**
 * OpenAPI 3.0 reads `nullable: true` only beside a `type`. A nullable union (`anyOf` of a string and an
 * empty string, say) comes out of zod without one: where its members share a type it gets that type;
 * otherwise each typed member becomes nullable itself.
 */
function typeNullables(node: unknown): void {
  if (Array.isArray(node)) {
    for (const one of node) typeNullables(one);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Schema & { $ref?: string };
  if (schema.nullable === true && schema.type === undefined && schema.$ref === undefined) {
    const members = (schema.anyOf ?? schema.oneOf ?? []) as Schema[];
    const types = new Set(members.map((member) => member.type));
    const [only] = [...types];
    if (members.length > 0 && types.size === 1 && only !== undefined) {
      (schema as { type?: Schema['type'] }).type = only;
    } else {
      for (const member of members) if (member.type !== undefined) member.nullable = true;
      delete schema.nullable;
    }
  }
  for (const value of Object.values(node)) typeNullables(value);
}

// ---- envelope and list page --------------------------------------------------------------------------------

function isSchemaObject(schema: unknown): schema is Schema {
  return typeof schema === 'object' && schema !== null && !('$ref' in schema);
}

/** Whether `schema` is an object of exactly `fields` (some optional) whose `shared` fields are `expected`. */
function hasShape(
  schema: Schema,
  fields: { required: readonly string[]; optional?: readonly string[] },
  expected: Record<string, unknown>,
): boolean {
  const properties = propertiesOf(schema);
  const names = Object.keys(properties);
  const allowed = new Set([...fields.required, ...(fields.optional ?? [])]);
  return (
    schema.type === 'object' &&
    fields.required.every((name) => names.includes(name)) &&
    names.every((name) => allowed.has(name)) &&
    Object.entries(expected).every(
      ([name, value]) => !(name in properties) || isDeepStrictEqual(properties[name], value),
    )
  );
}

/** A list page (`listData`) as the ListPage component and its `list`. */
function sharedListPage(schema: SchemaOrRef): SchemaOrRef {
  if (!isSchemaObject(schema)) return schema;
  const listFields = { required: ['list', ...Object.keys(listPageFields)] };
  if (!hasShape(schema, listFields, listPageFields)) return schema;
  return {
    allOf: [
      schemaRef('ListPage'),
      { type: 'object', properties: { list: propertiesOf(schema).list as SchemaOrRef }, required: ['list'] },
    ],
  };
}

/** An answer in the success envelope as the Envelope component and its `data` (a list page's shared too). */
function sharedEnvelope(schema: SchemaOrRef): SchemaOrRef {
  if (!isSchemaObject(schema)) return schema;
  if (!hasShape(schema, { required: ['status', 'data'], optional: ['message'] }, envelopeFields))
    return schema;
  const data = propertiesOf(schema).data as SchemaOrRef;
  return {
    allOf: [
      schemaRef('Envelope'),
      { type: 'object', properties: { data: sharedListPage(data) }, required: ['data'] },
    ],
  };
}

// ---- the options -------------------------------------------------------------------------------------------

/** A path prefix the document's operation ids start after; `root` names the calls under it where they have none. */
export interface Mount {
  path: string;
  root?: string;
}

export interface OpenApiSettings {
  /** The API's own public address when it is configured (PUBLIC_URL); else the document names a relative one. */
  publicUrl?: string | undefined;
  /** Prefixes the operation ids are read after: the API's `/api/v1`, SCIM's `/scim/v2` (root `scim`). */
  mounts: readonly Mount[];
  /** Where SCIM's calls live: their errors are SCIM's body. */
  scimPath: string;
}

const defaultSecurity = [{ accessToken: [] }];

/** A call a key may make takes the person's token or the key. */
const personOrKey = [{ accessToken: [] }, { apiKey: [] }];

/**
 * The `security` of a call whose guard would let a key by though its handler refuses every key (it asks
 * for more than the guard does, of the record or the person it names).
 */
export const personOnly = defaultSecurity;

/** The `security` of a call only a key makes. */
export const keyOnly = [{ apiKey: [] }];

/** What a key holding every scope, on every site, may do: a call it cannot pass refuses every key. */
const everyScope = abilityFor(
  defineRulesForApiKey({
    orgId: '00000000-0000-0000-0000-000000000000',
    siteIds: null,
    scopes: apiKeyScopeIds,
  }),
);

/**
 * Whether some key reaches the route: one the console's token calls (not the mobile app's alone), whose
 * guard asks for permissions a key's scopes can grant. A call for people only (`signedIn`) asks for none;
 * a route whose handler refuses keys though its guard would not says so with its own `security`.
 */
function takesKeys(route: Parameters<typeof permissionsOfRoute>[0] & { config?: unknown }): boolean {
  const permissions = permissionsOfRoute(route);
  if (permissions.length === 0) return false;
  const { audiences } = (route.config ?? {}) as { audiences?: readonly string[] };
  if (audiences && !audiences.includes('web')) return false;
  // A grant on some records only (a sensor's readings) is a call of its own, which says so.
  return permissions.every(
    ({ action, subject }) =>
      everyScope.can(action, subject) &&
      !everyScope.rulesFor(action, subject).some((rule) => rule.inverted && rule.conditions),
  );
}

const consoleErrors: ErrorFamily = {
  prefix: '',
  schema: 'ErrorBody',
  contentType: 'application/json',
  examples: true,
};
const scimErrors: ErrorFamily = {
  prefix: 'Scim',
  schema: 'ScimError',
  contentType: 'application/scim+json',
  examples: false,
};

/** @fastify/swagger's options for the API's document. */
export function openApiOptions(settings: OpenApiSettings): FastifyDynamicSwaggerOptions {
  const zodTransform = createJsonSchemaTransform({ zodToJsonConfig: { target: 'openapi-3.0' } });
  const familyOf = (path: string) => (path.startsWith(`${settings.scimPath}/`) ? scimErrors : consoleErrors);

  const transform: SwaggerTransform = (input) => {
    // OpenAPI cannot name a path parameter `*`: the document names it, and the route keeps its wildcard.
    const wildcard = input.url.endsWith('*');
    const url = wildcard ? `${input.url.slice(0, -1)}:${wildcardParameter}` : input.url;
    if (!input.schema) return { ...zodTransform(input), url };
    const { errors: _declared, ...routeSchema } = input.schema;
    const result = zodTransform({ ...input, schema: routeSchema });
    const transformed = result.schema as Record<string, unknown>;
    if (transformed.hide) return { schema: result.schema, url };
    if (wildcard) renameWildcard(transformed);
    const method = ([input.route.method].flat()[0] ?? 'GET').toUpperCase();
    if (input.schema.security === undefined && takesKeys(input.route)) transformed.security = personOrKey;
    transformed[errorStatusesKey] = errorStatusesOf(
      method,
      input.url,
      input.schema as Record<string, unknown>,
      transformed,
      defaultSecurity,
    );
    return { schema: transformed, url };
  };

  const transformObject: FastifyDynamicSwaggerOptions['transformObject'] = (input) => {
    if (!('openapiObject' in input)) throw new Error('The API document is OpenAPI 3, not Swagger 2');
    // Built by @fastify/swagger from the options above (openapi 3.0.3) and the routes: a whole document.
    const document = input.openapiObject as Document;
    const ids = operationIds(document, settings.mounts);
    const usedTags: string[] = [];
    const responses: Record<string, OpenAPIV3.ResponseObject> = {};
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of methods) {
        const operation = item?.[method];
        if (!operation) continue;
        const id = ids.get(operation);
        const withId: Operation = id ? { operationId: id, ...operation } : operation;
        for (const tag of withId.tags ?? []) if (!usedTags.includes(tag)) usedTags.push(tag);
        for (const answer of Object.values(withId.responses)) {
          const content = 'content' in answer ? answer.content : undefined;
          for (const media of Object.values(content ?? {})) {
            if (media.schema) media.schema = sharedEnvelope(media.schema);
          }
        }
        const extensions = withId as Operation & { [errorStatusesKey]?: DeclaredErrorStatus[] };
        const statuses = extensions[errorStatusesKey] ?? [];
        delete extensions[errorStatusesKey];
        const family = familyOf(path);
        for (const status of statuses) {
          const name = `${family.prefix}${errorAnswers[status].name}`;
          responses[name] ??= errorResponse(status, family);
          withId.responses[String(status)] = { $ref: `#/components/responses/${name}` };
        }
        (item as Record<Method, Operation>)[method] = withId;
      }
    }
    typeNullables(document.paths);
    const usedSchemas = new Set(
      [
        ...JSON.stringify({ paths: document.paths, responses }).matchAll(/#\/components\/schemas\/(\w+)/g),
      ].map((match) => match[1]),
    );
    const schemas = Object.fromEntries(
      Object.entries(componentSchemas).filter(([name]) => usedSchemas.has(name)),
    );
    return {
      ...document,
      tags: usedTags.map((name) => ({
        name,
        ...(tagDescriptions[name] ? { description: tagDescriptions[name] } : {}),
      })),
      components: {
        ...document.components,
        schemas: { ...document.components?.schemas, ...schemas },
        responses: sortedByName(responses),
      },
    };
  };

  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Compliance Console API',
        version: '1',
        description:
          'Every call of the console. Send the access token from web-app-login in the Authorization header ' +
          '(raw or as "Bearer <token>"). A platform admin acts in one organisation by adding orgId. Answers ' +
          'come in the Envelope; errors as ErrorBody, with `details.fieldErrors` for invalid input.',
        contact: {
          name: 'The operators of this console',
          ...(settings.publicUrl ? { url: settings.publicUrl } : {}),
        },
        // The console is proprietary (UNLICENSED): there is no licence text to link to.
        license: { name: 'Proprietary: all rights reserved' },
      },
      servers: settings.publicUrl
        ? [{ url: settings.publicUrl, description: 'This console' }]
        : [{ url: '/', description: 'This console (the address the document was read from)' }],
      components: {
        securitySchemes: {
          accessToken: { type: 'apiKey', in: 'header', name: 'Authorization' },
          // An integrator's system calls with a key the organisation's admins made; the calls that list
          // this scheme take one.
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              `An API key made under Organisation → API keys, sent as \`Authorization: Bearer ${apiKeyPrefix}…\`. ` +
              'It acts in its own organisation, within its scopes and on its sites (all of them unless it names ' +
              'some), as an organisation admin would. Only the calls that list this scheme take a key; every ' +
              'other call refuses one (403). Calls are limited per key and minute (429 with Retry-After).',
          },
          // The company's directory provisions people at /scim/v2 with a token made in the console.
          scimToken: { type: 'http', scheme: 'bearer' },
          // A temperature sensor posts its readings with the device key made when it was registered.
          sensorKey: { type: 'apiKey', in: 'header', name: sensorKeyHeader },
        },
      },
      security: defaultSecurity,
    },
    transform,
    transformObject,
  };
}

function sortedByName<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

/** The wildcard's path parameter under its document name. */
function renameWildcard(transformed: Record<string, unknown>) {
  const params = transformed.params as Schema | undefined;
  const properties = params?.properties;
  if (!params || !properties?.['*']) return;
  const { '*': wildcard, ...others } = properties;
  params.properties = { ...others, [wildcardParameter]: wildcard };
  params.required = (params.required ?? []).map((name) => (name === '*' ? wildcardParameter : name));
}
