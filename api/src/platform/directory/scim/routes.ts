import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonDepth, maxJsonDepth, scimBasePath } from '@console/shared-sdk/contract';
import { countCall } from '../../auth/login-limit.js';
import { maxJsonBodyBytes } from '../../http/json-body.js';
import type { DeclaredErrorStatus } from '../../http/openapi.js';
import {
  serviceProviderConfig,
  resourceTypes,
  schemas,
  listResponseUrn,
  scimMaxResults,
} from './discovery.js';
import { parseFilter } from './filter.js';
import {
  createGroup,
  deleteGroup,
  getGroup,
  groupWhere,
  listGroups,
  patchGroup,
  replaceGroup,
} from './group-resources.js';
import {
  registerScimErrors,
  scimBadRequest,
  scimContentType,
  ScimError,
  scimNotFound,
} from './scim-errors.js';
import { markUsed, tokenOfSecret, type ScimTokenRow } from './tokens.js';
import {
  createUser,
  deleteUser,
  getUser,
  listUsers,
  patchUser,
  replaceUser,
  userWhere,
  type DirectoryCall,
  type RetirePerson,
} from './users.js';

// /scim/v2: the company's directory (Entra ID, Okta) provisions the organisation's people over SCIM 2.0
// (RFC 7644) with a bearer token an organisation admin made in the console. Every call acts in the token's
// organisation alone: another organisation's ids are 404, like missing ones. A token is limited to
// `scimRequestsPerMinute` calls (429 with Retry-After, which both directories honour). Everything here
// answers application/scim+json, errors in SCIM's own body (scim-errors.ts), and takes bodies sent as
// application/scim+json or application/json.

/** Calls one token may make in a minute: a directory's full sync of thousands of people takes minutes. */
export const scimRequestsPerMinute = 600;
const minuteMs = 60_000;

export interface ScimRoutesOptions {
  /** What deleting a person does in the console (the people domain's), for DELETE /Users. */
  retirePerson: RetirePerson;
}

const tags = ['scim'];
const security = [{ scimToken: [] }];

/** The token of each call, once the guard has checked it. */
const tokenOfCall = new WeakMap<FastifyRequest, ScimTokenRow>();

/** The bearer token of `Authorization: Bearer <token>`. */
function bearerOf(header: string | undefined): string | undefined {
  const match = /^bearer\s+(\S+)\s*$/i.exec(header?.trim() ?? '');
  return match?.[1];
}

/** One value of a query parameter (the first, when it is repeated). */
function queryValue(request: FastifyRequest, name: string): string | undefined {
  const query = request.query as Record<string, unknown>;
  const found = Object.entries(query).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
  const value = Array.isArray(found) ? found[0] : found;
  return typeof value === 'string' ? value : undefined;
}

function wholeNumber(request: FastifyRequest, name: string, fallback: number): number {
  const text = queryValue(request, name);
  if (text === undefined || text.trim() === '') return fallback;
  if (!/^-?\d+$/.test(text.trim())) throw scimBadRequest('invalidValue', `${name} must be a whole number`);
  return Number(text);
}

/** The names of `attributes` or `excludedAttributes`, top-level and lower-cased (`name.givenName`: `name`). */
function attributeNames(request: FastifyRequest, name: string): Set<string> | undefined {
  const text = queryValue(request, name);
  if (text === undefined || text.trim() === '') return undefined;
  return new Set(
    text
      .split(',')
      .map((one) => one.trim().replace(/^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/i, ''))
      .map((one) => (one.split('.')[0] ?? '').toLowerCase()),
  );
}

/** `attributes` and `excludedAttributes` (RFC 7644 section 3.9): id, schemas and meta always stay. */
function projection(request: FastifyRequest) {
  const only = attributeNames(request, 'attributes');
  const except = attributeNames(request, 'excludedAttributes');
  const always = new Set(['id', 'schemas', 'meta']);
  return {
    excludes: (attribute: string) => except?.has(attribute.toLowerCase()) === true && !only,
    apply: <T extends Record<string, unknown>>(resource: T): Partial<T> =>
      Object.fromEntries(
        Object.entries(resource).filter(([key]) => {
          const lower = key.toLowerCase();
          if (always.has(lower)) return true;
          if (only) return only.has(lower);
          return !except?.has(lower);
        }),
      ) as Partial<T>,
  };
}

function send(reply: FastifyReply, status: number, body: unknown) {
  return reply.status(status).type(scimContentType).send(body);
}

/** A list's ListResponse, from `startIndex` (1-based; less is 1) and `count` (0 to scimMaxResults). */
function paging(request: FastifyRequest) {
  const startIndex = Math.max(1, wholeNumber(request, 'startIndex', 1));
  const count = Math.min(scimMaxResults, Math.max(0, wholeNumber(request, 'count', 100)));
  return { startIndex, count };
}

function listResponse(total: number, startIndex: number, resources: unknown[]) {
  return {
    schemas: [listResponseUrn],
    totalResults: total,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

export default async function scimRoutes(app: FastifyInstance, options: ScimRoutesOptions) {
  const { deps } = app;
  const baseUrl = `${deps.config.publicUrl}${scimBasePath}`;
  registerScimErrors(app);

  // SCIM's own media type, read as JSON with the same limits as the API's JSON bodies; plain text, which
  // the API takes elsewhere, is no SCIM body (415).
  app.removeContentTypeParser('text/plain');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(
    'application/scim+json',
    { parseAs: 'string', bodyLimit: maxJsonBodyBytes },
    (request, body, done) => {
      const text = body as string;
      if (jsonDepth(text, maxJsonDepth) > maxJsonDepth) {
        done(
          scimBadRequest('invalidSyntax', `The request body nests deeper than ${maxJsonDepth} levels`),
          undefined,
        );
        return;
      }
      void parseJson(request, text, done);
    },
  );

  // The token first, before anything reads the request: a caller without one learns nothing else.
  app.addHook('onRequest', async (request) => {
    const secret = bearerOf(request.headers.authorization);
    const refuse = (detail: string) =>
      new ScimError(401, detail, undefined, { 'www-authenticate': 'Bearer realm="SCIM"' });
    if (!secret) throw refuse('Send the SCIM token from the console as "Authorization: Bearer <token>"');
    const now = deps.clock.now();
    const token = await tokenOfSecret(deps.db, secret, now);
    if (!token) throw refuse('This SCIM token is not valid: it is unknown, revoked or expired');
    const wait = await countCall(deps.db, now, `scim:${token.id}`, scimRequestsPerMinute, minuteMs);
    if (wait !== null) {
      throw new ScimError(
        429,
        `This token made more than ${scimRequestsPerMinute} calls in a minute. Try again in ${wait} second(s).`,
        undefined,
        { 'retry-after': String(wait) },
      );
    }
    await markUsed(deps.db, token, request.ip, now);
    tokenOfCall.set(request, token);
  });

  const callOf = (request: FastifyRequest): DirectoryCall => {
    const token = tokenOfCall.get(request);
    if (!token) throw new ScimError(401, 'Send the SCIM token from the console');
    return {
      orgId: token.orgId,
      actor: { id: null, name: `Directory (${token.name})` },
      now: deps.clock.now(),
      baseUrl,
    };
  };
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
  const filterOf = (request: FastifyRequest) => {
    const filter = queryValue(request, 'filter');
    return filter === undefined || filter.trim() === '' ? [] : parseFilter(filter);
  };
  /** A call's schema; every call counts against its token's limit (429), and `errors` adds its own. */
  const schema = (summary: string, description?: string, errors: readonly DeclaredErrorStatus[] = []) => ({
    tags,
    summary,
    ...(description ? { description } : {}),
    security,
    errors: [...errors, 429 as const],
  });
  /** A list's filter, startIndex and count; a body's syntax and values. */
  const invalid = [400] as const;

  // ---- discovery ----------------------------------------------------------------------------------------

  app.get(
    '/ServiceProviderConfig',
    { schema: schema('What this SCIM service supports') },
    async (_request, reply) => send(reply, 200, serviceProviderConfig(baseUrl)),
  );
  app.get(
    '/ResourceTypes',
    { schema: schema('The resource types: User and Group') },
    async (_request, reply) => {
      const types = resourceTypes(baseUrl);
      return send(reply, 200, listResponse(types.length, 1, types));
    },
  );
  app.get('/ResourceTypes/:id', { schema: schema('One resource type') }, async (request, reply) => {
    const found = resourceTypes(baseUrl).find((type) => type.id === idOf(request));
    if (!found) throw scimNotFound('Resource', idOf(request));
    return send(reply, 200, found);
  });
  app.get(
    '/Schemas',
    { schema: schema('The User and Group schemas, as far as this service keeps them') },
    async (_request, reply) => {
      const all = schemas(baseUrl);
      return send(reply, 200, listResponse(all.length, 1, all));
    },
  );
  app.get('/Schemas/:id', { schema: schema('One schema, by its URN') }, async (request, reply) => {
    const found = schemas(baseUrl).find((one) => one.id.toLowerCase() === idOf(request).toLowerCase());
    if (!found) throw scimNotFound('Resource', idOf(request));
    return send(reply, 200, found);
  });

  // ---- Users ------------------------------------------------------------------------------------------------

  app.get(
    '/Users',
    {
      schema: schema(
        'The organisation’s people, paged (startIndex, count up to 200)',
        'filter: userName, externalId, id or emails (emails.value, emails[type eq "work"].value) with eq, ' +
          'joined by and; anything else is 400 invalidFilter.',
        invalid,
      ),
    },
    async (request, reply) => {
      const call = callOf(request);
      const where = userWhere(filterOf(request));
      const { startIndex, count } = paging(request);
      const { total, resources } = await listUsers(deps.db, call, where, startIndex, count);
      const view = projection(request);
      return send(reply, 200, listResponse(total, startIndex, resources.map(view.apply)));
    },
  );

  app.post(
    '/Users',
    {
      schema: schema(
        'Make a person, or adopt the one of this organisation with the same userName (201)',
        'userName is the e-mail the person signs in with. A new person is staff of no site, without a ' +
          'password, until a mapped group gives them more. The address of another organisation’s person is ' +
          '409 uniqueness.',
        [400, 409],
      ),
    },
    async (request, reply) => {
      const call = callOf(request);
      const id = await deps.db.transaction((tx) => createUser(tx, call, request.body));
      const resource = await getUser(deps.db, call, id);
      reply.header('location', resource.meta.location);
      return send(reply, 201, projection(request).apply(resource));
    },
  );

  app.get('/Users/:id', { schema: schema('One person') }, async (request, reply) =>
    send(reply, 200, projection(request).apply(await getUser(deps.db, callOf(request), idOf(request)))),
  );

  app.put(
    '/Users/:id',
    {
      schema: schema(
        'Replace a person’s userName, names, active, externalId and mobile number',
        'active false deactivates the person and ends their sessions at once.',
        invalid,
      ),
    },
    async (request, reply) => {
      const call = callOf(request);
      await deps.db.transaction((tx) => replaceUser(tx, call, idOf(request), request.body));
      return send(reply, 200, projection(request).apply(await getUser(deps.db, call, idOf(request))));
    },
  );

  app.patch(
    '/Users/:id',
    {
      schema: schema(
        'Change a person (PatchOp: add, replace, remove)',
        'Entra ID’s {"op":"Replace","path":"active","value":"False"} and Okta’s ' +
          '{"op":"replace","value":{"active":false}} both deactivate the person and end their sessions at once.',
        invalid,
      ),
    },
    async (request, reply) => {
      const call = callOf(request);
      await deps.db.transaction((tx) => patchUser(tx, call, idOf(request), request.body));
      return send(reply, 200, projection(request).apply(await getUser(deps.db, call, idOf(request))));
    },
  );

  app.delete(
    '/Users/:id',
    {
      schema: schema(
        'Delete a person, as the console does: their sessions end and the records they made keep their name',
      ),
    },
    async (request, reply) => {
      const call = callOf(request);
      await deps.db.transaction((tx) => deleteUser(tx, call, idOf(request), options.retirePerson));
      return reply.status(204).send();
    },
  );

  // ---- Groups -----------------------------------------------------------------------------------------------

  app.get(
    '/Groups',
    {
      schema: schema(
        'The directory’s groups, paged (startIndex, count up to 200)',
        'filter: displayName, externalId, id or members[value eq "<user id>"] with eq; excludedAttributes=members ' +
          'leaves the members out.',
        invalid,
      ),
    },
    async (request, reply) => {
      const call = callOf(request);
      const where = groupWhere(filterOf(request));
      const { startIndex, count } = paging(request);
      const view = projection(request);
      const { total, resources } = await listGroups(
        deps.db,
        call,
        where,
        startIndex,
        count,
        !view.excludes('members'),
      );
      return send(reply, 200, listResponse(total, startIndex, resources.map(view.apply)));
    },
  );

  app.post(
    '/Groups',
    {
      schema: schema(
        'Make a group, with its members (201)',
        'It gives its members nothing until an organisation admin maps it to a role and sites.',
        [400, 409],
      ),
    },
    async (request, reply) => {
      const call = callOf(request);
      const id = await deps.db.transaction((tx) => createGroup(tx, call, request.body));
      const view = projection(request);
      const resource = await getGroup(deps.db, call, id, !view.excludes('members'));
      reply.header('location', resource.meta.location);
      return send(reply, 201, view.apply(resource));
    },
  );

  app.get('/Groups/:id', { schema: schema('One group, with its members') }, async (request, reply) => {
    const view = projection(request);
    return send(
      reply,
      200,
      view.apply(await getGroup(deps.db, callOf(request), idOf(request), !view.excludes('members'))),
    );
  });

  app.put(
    '/Groups/:id',
    { schema: schema('Replace a group’s name, externalId and (when sent) members', undefined, invalid) },
    async (request, reply) => {
      const call = callOf(request);
      await deps.db.transaction((tx) => replaceGroup(tx, call, idOf(request), request.body));
      const view = projection(request);
      return send(
        reply,
        200,
        view.apply(await getGroup(deps.db, call, idOf(request), !view.excludes('members'))),
      );
    },
  );

  app.patch(
    '/Groups/:id',
    {
      schema: schema(
        'Rename a group or change its members (PatchOp); answers 204',
        'Members are added with {"op":"add","path":"members","value":[{"value":"<id>"}]}, removed with ' +
          '{"op":"remove","path":"members[value eq \\"<id>\\"]"} or a value list, and replaced with replace. The ' +
          'members who joined or left a mapped group get what their groups give at once.',
        invalid,
      ),
    },
    async (request, reply) => {
      const call = callOf(request);
      await deps.db.transaction((tx) => patchGroup(tx, call, idOf(request), request.body));
      return reply.status(204).send();
    },
  );

  app.delete(
    '/Groups/:id',
    { schema: schema('Delete a group: its members lose what it gave them') },
    async (request, reply) => {
      const call = callOf(request);
      await deps.db.transaction((tx) => deleteGroup(tx, call, idOf(request)));
      return reply.status(204).send();
    },
  );
}
