import type { ScimTokenCreated } from '@console/shared-sdk/contract';
import type { Reply, TestContext } from './helper.js';

// The company's directory as the SCIM tests play it: a token made in the console by an organisation admin,
// and calls to /scim/v2 with it, bodies sent as application/scim+json as Entra ID and Okta send them.

export const scimBase = '/scim/v2';

/** A SCIM token made in the console by `adminToken`'s admin: the token and its row's answer. */
export async function makeScimToken(
  ctx: TestContext,
  adminToken: string,
  body: { name: string; expiresInDays?: number | null } = { name: 'Entra ID' },
): Promise<ScimTokenCreated> {
  const reply = await ctx.inject<{ data: ScimTokenCreated }>('POST', '/api/v1/scim-token/create-new-one', {
    token: adminToken,
    body,
  });
  if (reply.statusCode !== 200) throw new Error(`a SCIM token: ${reply.statusCode} ${reply.raw}`);
  return reply.json.data;
}

/** What a SCIM answer holds: a resource, a ListResponse or an Error, loosely. */
export type ScimBody = Record<string, unknown> & {
  id?: string;
  schemas?: string[];
  status?: string;
  scimType?: string;
  detail?: string;
  totalResults?: number;
  Resources?: (Record<string, unknown> & { id: string })[];
};

/** A SCIM client of one token. */
export function scimClient(ctx: TestContext, token: string) {
  return (
    method: string,
    path: string,
    options: {
      body?: unknown;
      query?: Record<string, string | number>;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Reply<ScimBody>> =>
    ctx.inject<ScimBody>(method, `${scimBase}${path}`, {
      headers: {
        authorization: `Bearer ${token}`,
        ...(options.body === undefined ? {} : { 'content-type': 'application/scim+json' }),
        ...options.headers,
      },
      ...(options.body === undefined
        ? {}
        : { body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) }),
      query: options.query,
    });
}

export type ScimClient = ReturnType<typeof scimClient>;

/** Entra ID's POST /Users, as its provisioning service sends it. */
export function entraUser(email: string, externalId: string, names = { given: 'Dana', family: 'Lee' }) {
  return {
    schemas: [
      'urn:ietf:params:scim:schemas:core:2.0:User',
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
    ],
    externalId,
    userName: email,
    active: true,
    displayName: `${names.given} ${names.family}`,
    emails: [{ primary: true, type: 'work', value: email }],
    meta: { resourceType: 'User' },
    name: { formatted: `${names.given} ${names.family}`, familyName: names.family, givenName: names.given },
    title: 'Head chef',
    'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': {
      department: 'Kitchen',
      employeeNumber: '42',
    },
    roles: [],
  };
}

/** Okta's POST /Users, as its SCIM 2.0 integration sends it (a password too, which is never kept). */
export function oktaUser(email: string, externalId: string, names = { given: 'Sam', family: 'Okafor' }) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    userName: email,
    name: { givenName: names.given, familyName: names.family },
    emails: [{ primary: true, value: email, type: 'work' }],
    displayName: `${names.given} ${names.family}`,
    locale: 'en-GB',
    externalId,
    groups: [],
    password: 'Sup3r-secret-from-okta',
    active: true,
  };
}

/** A PatchOp of some operations. */
export const patchOp = (...operations: Record<string, unknown>[]) => ({
  schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
  Operations: operations,
});
