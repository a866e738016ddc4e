import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { idSchema, normalizeText } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { sameName } from '../../http/repository.js';
import { scimGroupMembers, scimGroups } from '../schema.js';
import { followGroups, mappedPeople } from './access.js';
import type { Condition } from './filter.js';
import { groupWords, memberIdsOf, scimGroupRecords, type ScimGroupRow } from './groups.js';
import { assertSchemas, isObject, member, patchOperations, readOnly } from './patch.js';
import { scimBadRequest, scimConflict, scimNotFound } from './scim-errors.js';
import type { DirectoryCall } from './users.js';

// SCIM Groups (RFC 7643 section 4.2) as the organisation's directory groups: the directory makes, renames
// and deletes them and sets their members (people of the organisation, by their SCIM id); what a group
// gives its members is mapped in the console (group-routes.ts). Whenever a mapped group's members change,
// the people who joined or left it get what their groups give now, in the same transaction (access.ts).

export const groupSchemaUrn = 'urn:ietf:params:scim:schemas:core:2.0:Group';

const nameMax = 200;

// ---- reading ----------------------------------------------------------------------------------------------

/** The groups matching the filter's conditions (SQL), or 400 invalidFilter. */
export function groupWhere(conditions: readonly Condition[]): SQL | undefined {
  return and(
    ...conditions.map(({ path, value }): SQL => {
      const unsupported = () =>
        scimBadRequest(
          'invalidFilter',
          'Groups can be filtered by displayName, externalId, id or members with eq',
        );
      if (path.attr === 'members') {
        // `members[value eq "…"]` or `members.value eq "…"`: the groups that person is in.
        const who =
          path.where?.attr === 'value' && !path.sub && value === undefined
            ? path.where.value
            : !path.where && path.sub === 'value'
              ? value
              : undefined;
        if (who === undefined) throw unsupported();
        if (typeof who !== 'string' || !idSchema.safeParse(who).success) return sql`false`;
        return sql`exists (select 1 from ${scimGroupMembers} where ${scimGroupMembers.groupId} = ${scimGroups.id} and ${scimGroupMembers.userId} = ${who})`;
      }
      if (path.where || path.sub || value === undefined) throw unsupported();
      const text = typeof value === 'string' ? value : undefined;
      if (path.attr === 'displayname')
        return text === undefined ? sql`false` : sameName(scimGroups.displayName, text);
      if (path.attr === 'externalid')
        return text === undefined ? sql`false` : eq(scimGroups.externalId, text);
      if (path.attr === 'id') {
        return text !== undefined && idSchema.safeParse(text).success ? eq(scimGroups.id, text) : sql`false`;
      }
      throw unsupported();
    }),
  );
}

const liveIn = (orgId: string) => and(eq(scimGroups.orgId, orgId), isNull(scimGroups.deletedAt));

/** One page of the organisation's groups (from `startIndex`, 1-based) and how many match in all. */
export async function listGroups(
  db: Database,
  call: DirectoryCall,
  where: SQL | undefined,
  startIndex: number,
  count: number,
  withMembers: boolean,
) {
  const filter = and(liveIn(call.orgId), where);
  const total =
    (
      await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(scimGroups)
        .where(filter)
    )[0]?.n ?? 0;
  const rows =
    count === 0
      ? []
      : await db
          .select()
          .from(scimGroups)
          .where(filter)
          .orderBy(asc(scimGroups.id))
          .limit(count)
          .offset(startIndex - 1);
  return { total, resources: await groupResources(db, call, rows, withMembers) };
}

async function findGroup(
  db: Database | Tx,
  orgId: string,
  id: string,
  forUpdate = false,
): Promise<ScimGroupRow> {
  if (!idSchema.safeParse(id).success) throw scimNotFound('Group', id);
  const row = await scimGroupRecords.find(db, orgId, id, { forUpdate });
  if (!row) throw scimNotFound('Group', id);
  return row;
}

export async function getGroup(db: Database | Tx, call: DirectoryCall, id: string, withMembers: boolean) {
  const [resource] = await groupResources(db, call, [await findGroup(db, call.orgId, id)], withMembers);
  if (!resource) throw new Error('no resource for a loaded group');
  return resource;
}

/** Groups as SCIM Groups; `withMembers` false leaves members out (Entra ID asks so: excludedAttributes). */
async function groupResources(
  db: Database | Tx,
  call: DirectoryCall,
  rows: readonly ScimGroupRow[],
  withMembers: boolean,
) {
  const ids = rows.map((row) => row.id);
  const members =
    !withMembers || ids.length === 0
      ? []
      : await db
          .select({
            groupId: scimGroupMembers.groupId,
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
          })
          .from(scimGroupMembers)
          .innerJoin(users, eq(users.id, scimGroupMembers.userId))
          .where(and(inArray(scimGroupMembers.groupId, ids), isNull(users.deletedAt)))
          .orderBy(asc(scimGroupMembers.createdAt), asc(users.id));
  return rows.map((row) => ({
    schemas: [groupSchemaUrn],
    id: row.id,
    ...(row.externalId === null ? {} : { externalId: row.externalId }),
    displayName: row.displayName,
    ...(withMembers
      ? {
          members: members
            .filter((one) => one.groupId === row.id)
            .map((person) => ({
              value: person.id,
              display: `${person.firstName} ${person.lastName}`.trim(),
              $ref: `${call.baseUrl}/Users/${person.id}`,
              type: 'User',
            })),
        }
      : {}),
    meta: {
      resourceType: 'Group',
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `${call.baseUrl}/Groups/${row.id}`,
    },
  }));
}

// ---- what a request sends -------------------------------------------------------------------------------

function displayNameOf(value: unknown): string {
  if (typeof value !== 'string') throw scimBadRequest('invalidValue', 'displayName must be a string');
  const name = normalizeText(value);
  if (name === '') throw scimBadRequest('invalidValue', 'displayName is required');
  if (name.length > nameMax)
    throw scimBadRequest('invalidValue', `displayName is longer than ${nameMax} characters`);
  return name;
}

function externalIdOf(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || value.length > 255) {
    throw scimBadRequest('invalidValue', 'externalId must be a string of at most 255 characters');
  }
  return value;
}

/** The people ids of a `members` value: `[{ "value": "<id>" }, …]` (one object is taken as a list of one). */
function memberIdsOfValue(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return [
    ...new Set(
      list.map((one) => {
        const id = isObject(one) ? member(one, 'value') : undefined;
        if (typeof id !== 'string')
          throw scimBadRequest('invalidValue', 'Each member needs its "value": a User id');
        return id;
      }),
    ),
  ];
}

/** 400 invalidValue unless every id is a live person of the organisation (another's is as missing). */
async function assertPeople(tx: Tx, orgId: string, ids: readonly string[]) {
  const wellFormed = ids.filter((id) => idSchema.safeParse(id).success);
  const found =
    wellFormed.length === 0
      ? []
      : await tx
          .select({ id: users.id })
          .from(users)
          .where(and(inArray(users.id, wellFormed), eq(users.orgId, orgId), isNull(users.deletedAt)));
  const known = new Set(found.map((row) => row.id));
  const missing = ids.find((id) => !known.has(id));
  if (missing !== undefined)
    throw scimBadRequest('invalidValue', `No User ${missing}: members must be Users of this directory`);
}

/** 409 uniqueness when another live group of the organisation has the name. */
async function assertNameFree(tx: Tx, orgId: string, name: string, exceptId?: string) {
  const [clash] = await tx
    .select({ id: scimGroups.id })
    .from(scimGroups)
    .where(
      and(
        liveIn(orgId),
        sameName(scimGroups.displayName, name),
        exceptId === undefined ? undefined : ne(scimGroups.id, exceptId),
      ),
    )
    .limit(1);
  if (clash) throw scimConflict(`A group called "${name}" already exists`);
}

// ---- writing ----------------------------------------------------------------------------------------------

/**
 * Makes the group's members exactly `wanted`; when it is mapped, those who joined or left get what their
 * groups give now.
 */
async function setMembers(tx: Tx, call: DirectoryCall, group: ScimGroupRow, wanted: readonly string[]) {
  await assertPeople(tx, call.orgId, wanted);
  const held = await memberIdsOf(tx, group.id);
  const joined = wanted.filter((id) => !held.includes(id));
  const left = held.filter((id) => !wanted.includes(id));
  if (joined.length === 0 && left.length === 0) return;
  const changed = [...joined, ...left];
  const mappedBefore = group.role === null ? new Set<string>() : await mappedPeople(tx, call.orgId, changed);
  if (left.length > 0) {
    await tx
      .delete(scimGroupMembers)
      .where(and(eq(scimGroupMembers.groupId, group.id), inArray(scimGroupMembers.userId, left)));
  }
  if (joined.length > 0) {
    await tx
      .insert(scimGroupMembers)
      .values(joined.map((userId) => ({ groupId: group.id, userId, createdAt: call.now })))
      .onConflictDoNothing();
  }
  if (group.role === null) return;
  await followGroups(tx, {
    orgId: call.orgId,
    userIds: changed,
    mappedBefore,
    actor: call.actor,
    reason: `Members of directory group ${groupWords(group)} changed by the directory`,
    now: call.now,
  });
}

/** POST /Groups: a new group, unmapped (it gives nothing until an organisation admin maps it). */
export async function createGroup(tx: Tx, call: DirectoryCall, body: unknown): Promise<string> {
  if (!isObject(body)) throw scimBadRequest('invalidSyntax', 'Send a Group object');
  assertSchemas(body, groupSchemaUrn);
  const displayName = displayNameOf(member(body, 'displayName'));
  await assertNameFree(tx, call.orgId, displayName);
  const group = await scimGroupRecords.insert(
    tx,
    { orgId: call.orgId },
    { displayName, externalId: externalIdOf(member(body, 'externalId')), role: null, siteIds: [] },
    call.now,
  );
  const members = member(body, 'members');
  if (members !== undefined && members !== null) await setMembers(tx, call, group, memberIdsOfValue(members));
  return group.id;
}

/** Renames a group and sets its directory id, as its row. */
async function writeGroup(
  tx: Tx,
  call: DirectoryCall,
  group: ScimGroupRow,
  fields: { displayName: string; externalId: string | null },
): Promise<ScimGroupRow> {
  if (fields.displayName === group.displayName && fields.externalId === group.externalId) return group;
  if (fields.displayName !== group.displayName)
    await assertNameFree(tx, call.orgId, fields.displayName, group.id);
  return scimGroupRecords.update(tx, group, fields, call.now);
}

/**
 * PUT /Groups/{id}: the name, and the directory id and members when the body has them (a directory that
 * leaves members out of a PUT does not mean to empty the group).
 */
export async function replaceGroup(tx: Tx, call: DirectoryCall, id: string, body: unknown) {
  if (!isObject(body)) throw scimBadRequest('invalidSyntax', 'Send a Group object');
  assertSchemas(body, groupSchemaUrn);
  const current = await findGroup(tx, call.orgId, id, true);
  const externalId = member(body, 'externalId');
  const group = await writeGroup(tx, call, current, {
    displayName: displayNameOf(member(body, 'displayName')),
    externalId: externalId === undefined ? current.externalId : externalIdOf(externalId),
  });
  const members = member(body, 'members');
  if (members !== undefined)
    await setMembers(tx, call, group, members === null ? [] : memberIdsOfValue(members));
}

/** PATCH /Groups/{id}: a rename, its directory id, and members added, removed or replaced. */
export async function patchGroup(tx: Tx, call: DirectoryCall, id: string, body: unknown) {
  const operations = patchOperations(body);
  const current = await findGroup(tx, call.orgId, id, true);
  let fields = { displayName: current.displayName, externalId: current.externalId };
  const held = await memberIdsOf(tx, current.id);
  let members = [...held];
  for (const operation of operations) {
    const { op, path, value } = operation;
    switch (path.attr) {
      case 'displayname':
        if (op === 'remove')
          throw scimBadRequest('invalidValue', 'displayName is required and cannot be removed');
        fields = { ...fields, displayName: displayNameOf(value) };
        break;
      case 'externalid':
        fields = { ...fields, externalId: op === 'remove' ? null : externalIdOf(value) };
        break;
      case 'members': {
        if (path.sub) throw scimBadRequest('invalidPath', 'Members are changed as a whole: path "members"');
        if (path.where) {
          // Entra ID removes one member by `members[value eq "<id>"]`.
          if (op !== 'remove' || path.where.attr !== 'value') {
            throw scimBadRequest('invalidPath', 'A member filter works with remove and value eq only');
          }
          const gone = path.where.value;
          members = members.filter((memberId) => memberId !== gone);
        } else if (op === 'add') {
          members = [...new Set([...members, ...memberIdsOfValue(value)])];
        } else if (op === 'replace') {
          members = value === null ? [] : memberIdsOfValue(value);
        } else {
          // Remove the members listed in the value, or every member without one.
          const gone = value === undefined || value === null ? members : memberIdsOfValue(value);
          members = members.filter((memberId) => !gone.includes(memberId));
        }
        break;
      }
      case 'id':
      case 'meta':
        readOnly(operation, path.attr);
        break;
      default:
      // An attribute the console has no place for: ignored.
    }
  }
  const group = await writeGroup(tx, call, current, fields);
  await setMembers(tx, call, group, members);
}

/** DELETE /Groups/{id}: gone (kept as deleted), and what it gave its members with it. */
export async function deleteGroup(tx: Tx, call: DirectoryCall, id: string) {
  const group = await findGroup(tx, call.orgId, id, true);
  const members = await memberIdsOf(tx, group.id);
  const mappedBefore = group.role === null ? new Set<string>() : await mappedPeople(tx, call.orgId, members);
  await tx.delete(scimGroupMembers).where(eq(scimGroupMembers.groupId, group.id));
  await scimGroupRecords.softDelete(tx, group.id, call.now);
  if (group.role === null) return;
  await followGroups(tx, {
    orgId: call.orgId,
    userIds: members,
    mappedBefore,
    actor: call.actor,
    reason: `Directory group ${groupWords(group)} deleted by the directory`,
    now: call.now,
  });
}
