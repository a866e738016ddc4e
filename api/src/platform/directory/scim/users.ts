import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { emailSchema, idSchema, normalizeText, phoneSchema } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { recordHistory, type HistoryActor } from '../../history/history.js';
import { voidPasswordLinks } from '../../auth/password-links.js';
import { revokeSessionsOfUser } from '../../auth/sessions.js';
import { findLiveUserByEmail, insertUser } from '../../auth/users/repository.js';
import { scimGroupMembers, scimGroups } from '../schema.js';
import { breakGlassOf, directoryDefault, isLastActiveAdmin } from './access.js';
import type { Condition, ScimValue } from './filter.js';
import {
  assertSchemas,
  booleanOf,
  isObject,
  member,
  patchOperations,
  readOnly,
  type PatchOperation,
} from './patch.js';
import { scimBadRequest, scimConflict, scimNotFound } from './scim-errors.js';

// SCIM Users (RFC 7643 section 4.1) as the organisation's people. userName is the e-mail address a person
// signs in with; name.givenName and name.familyName are their names; active is whether they may sign in;
// externalId is the directory's own id; a mobile phone number is kept if one is sent. Groups are read-only
// here (the directory changes them through Groups). Attributes the console has no place for (title,
// addresses, the enterprise extension, a password) are ignored, as RFC 7644 lets a service provider do:
// people the directory makes sign in with single sign-on, or set a password through an invitation.

export const userSchemaUrn = 'urn:ietf:params:scim:schemas:core:2.0:User';

/** Who is acting: the organisation of the token, and the directory as the history names it. */
export interface DirectoryCall {
  orgId: string;
  actor: HistoryActor;
  now: Date;
  /** The SCIM base URL, for `meta.location` and `$ref`. */
  baseUrl: string;
}

/** What the directory may set of a person. */
export interface UserFields {
  email: string;
  firstName: string;
  lastName: string;
  externalId: string | null;
  active: boolean;
  mobileNumber: string | null;
}

const columns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  externalId: users.externalId,
  status: users.status,
  role: users.role,
  mobileNumber: users.mobileNumber,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};
type UserRow = { [K in keyof typeof columns]: (typeof users.$inferSelect)[K] };

const inOrganisation = (orgId: string) => and(eq(users.orgId, orgId), isNull(users.deletedAt));

// ---- reading ----------------------------------------------------------------------------------------------

/** The people of the organisation matching the filter's conditions (SQL), or 400 invalidFilter. */
export function userWhere(conditions: readonly Condition[]): SQL | undefined {
  return and(
    ...conditions.map(({ path, value }): SQL => {
      const text = typeof value === 'string' ? value : undefined;
      const unsupported = () =>
        scimBadRequest(
          'invalidFilter',
          'Users can be filtered by userName, externalId, id or emails with eq',
        );
      if (path.attr === 'emails') {
        // The one address, the work one: `emails.value eq`, `emails[type eq "work"].value eq`, `emails[value eq]`.
        let address: ScimValue | undefined;
        if (!path.where && path.sub === 'value') address = value;
        else if (path.where?.attr === 'value' && !path.sub && value === undefined) address = path.where.value;
        else if (path.where?.attr === 'type' && path.sub === 'value') {
          const type = path.where.value;
          if (typeof type !== 'string' || type.toLowerCase() !== 'work') return sql`false`;
          address = value;
        } else throw unsupported();
        return typeof address === 'string'
          ? sql`lower(${users.email}) = ${address.toLowerCase()}`
          : sql`false`;
      }
      if (path.where || value === undefined) throw unsupported();
      if (path.attr === 'username' && !path.sub) {
        return text === undefined ? sql`false` : sql`lower(${users.email}) = ${text.toLowerCase()}`;
      }
      if (path.attr === 'externalid' && !path.sub) {
        return text === undefined ? sql`false` : eq(users.externalId, text);
      }
      if (path.attr === 'id' && !path.sub) {
        return text !== undefined && idSchema.safeParse(text).success ? eq(users.id, text) : sql`false`;
      }
      if (path.attr === 'active' && !path.sub && typeof value === 'boolean') {
        return eq(users.status, value ? 'ACTIVE' : 'INACTIVE');
      }
      throw unsupported();
    }),
  );
}

/** One page of the organisation's people (from `startIndex`, 1-based) and how many match in all. */
export async function listUsers(
  db: Database,
  call: DirectoryCall,
  where: SQL | undefined,
  startIndex: number,
  count: number,
) {
  const filter = and(inOrganisation(call.orgId), where);
  const rows: (UserRow & { total: number })[] = await db
    .select({
      ...columns,
      total: sql<number>`(select count(*) from ${users} where ${filter})`.mapWith(Number),
    })
    .from(users)
    .where(filter)
    .orderBy(asc(users.id))
    .limit(Math.max(count, 1))
    .offset(startIndex - 1);
  const total =
    rows[0]?.total ??
    (
      await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(users)
        .where(filter)
    )[0]?.n ??
    0;
  const page = count === 0 ? [] : rows;
  return { total, resources: await userResources(db, call, page) };
}

/** A person of the organisation by SCIM id; another organisation's (or a malformed id) is 404. */
async function findUser(db: Database | Tx, orgId: string, id: string, forUpdate = false): Promise<UserRow> {
  if (!idSchema.safeParse(id).success) throw scimNotFound('User', id);
  const query = db
    .select(columns)
    .from(users)
    .where(and(eq(users.id, id), inOrganisation(orgId)));
  const [row] = await (forUpdate ? query.for('update') : query);
  if (!row) throw scimNotFound('User', id);
  return row;
}

export async function getUser(db: Database | Tx, call: DirectoryCall, id: string) {
  const [resource] = await userResources(db, call, [await findUser(db, call.orgId, id)]);
  if (!resource) throw new Error('no resource for a loaded person');
  return resource;
}

/** People as SCIM Users, with the groups they are in. */
async function userResources(db: Database | Tx, call: DirectoryCall, rows: readonly UserRow[]) {
  const ids = rows.map((row) => row.id);
  const memberships =
    ids.length === 0
      ? []
      : await db
          .select({ userId: scimGroupMembers.userId, id: scimGroups.id, displayName: scimGroups.displayName })
          .from(scimGroupMembers)
          .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
          .where(
            and(
              sql`${scimGroupMembers.userId} = any(${sql.param(ids)}::uuid[])`,
              eq(scimGroups.orgId, call.orgId),
              isNull(scimGroups.deletedAt),
            ),
          )
          .orderBy(asc(scimGroups.id));
  return rows.map((row) => ({
    schemas: [userSchemaUrn],
    id: row.id,
    ...(row.externalId === null ? {} : { externalId: row.externalId }),
    userName: row.email,
    name: {
      formatted: `${row.firstName} ${row.lastName}`.trim(),
      givenName: row.firstName,
      familyName: row.lastName,
    },
    displayName: `${row.firstName} ${row.lastName}`.trim(),
    emails: [{ value: row.email, type: 'work', primary: true }],
    ...(row.mobileNumber ? { phoneNumbers: [{ value: row.mobileNumber, type: 'mobile' }] } : {}),
    active: row.status === 'ACTIVE',
    groups: memberships
      .filter((one) => one.userId === row.id)
      .map((group) => ({
        value: group.id,
        display: group.displayName,
        $ref: `${call.baseUrl}/Groups/${group.id}`,
      })),
    meta: {
      resourceType: 'User',
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `${call.baseUrl}/Users/${row.id}`,
    },
  }));
}

// ---- what a request sends -------------------------------------------------------------------------------

const nameMax = 100;
const externalIdMax = 255;

function nameOf(value: unknown, attribute: string): string {
  if (typeof value !== 'string') throw scimBadRequest('invalidValue', `${attribute} must be a string`);
  const name = normalizeText(value);
  if (name === '') throw scimBadRequest('invalidValue', `${attribute} must not be empty`);
  if (name.length > nameMax)
    throw scimBadRequest('invalidValue', `${attribute} is longer than ${nameMax} characters`);
  return name;
}

function emailOf(value: unknown): string {
  const parsed = emailSchema.safeParse(value);
  if (!parsed.success) {
    throw scimBadRequest(
      'invalidValue',
      'userName must be the e-mail address the person signs in with (map the directory’s mail or user principal name to it)',
    );
  }
  return parsed.data;
}

function externalIdOf(value: unknown): string | null {
  if (value === null) return null;
  if (typeof value !== 'string' || value.length > externalIdMax) {
    throw scimBadRequest(
      'invalidValue',
      `externalId must be a string of at most ${externalIdMax} characters`,
    );
  }
  return value === '' ? null : value;
}

function phoneOf(value: unknown): string | null {
  if (value === null || value === '') return null;
  const parsed = phoneSchema.safeParse(value);
  if (!parsed.success)
    throw scimBadRequest('invalidValue', 'phoneNumbers: the mobile number is not a phone number');
  return parsed.data;
}

/** The mobile number of a `phoneNumbers` list: the one typed mobile, else the primary one, else the first. */
function mobileOfList(value: unknown): string | null {
  const list = Array.isArray(value) ? value : [value];
  const numbers = list.filter(isObject);
  const chosen =
    numbers.find((one) => String(member(one, 'type')).toLowerCase() === 'mobile') ??
    numbers.find((one) => member(one, 'primary') === true) ??
    numbers[0];
  return chosen ? phoneOf(member(chosen, 'value')) : null;
}

/**
 * A POST's or PUT's User: userName (an e-mail) is required; names come from name.givenName and
 * name.familyName, else from displayName or the address. `current` (a PUT) keeps what the body leaves out of
 * active, externalId and the phone number, which a directory does not always send.
 */
export function userFieldsOf(body: unknown, current?: UserFields): UserFields {
  if (!isObject(body)) throw scimBadRequest('invalidSyntax', 'Send a User object');
  assertSchemas(body, userSchemaUrn);
  const userName = member(body, 'userName');
  if (userName === undefined) throw scimBadRequest('invalidValue', 'userName is required');
  const email = emailOf(userName);
  const name = member(body, 'name');
  if (name !== undefined && name !== null && !isObject(name)) {
    throw scimBadRequest('invalidSyntax', 'name must be an object');
  }
  const given = isObject(name) ? member(name, 'givenName') : undefined;
  const family = isObject(name) ? member(name, 'familyName') : undefined;
  const displayName = member(body, 'displayName');
  const [firstWord = '', ...otherWords] =
    typeof displayName === 'string' ? normalizeText(displayName).split(/\s+/) : [];
  const active = member(body, 'active');
  const externalId = member(body, 'externalId');
  const phoneNumbers = member(body, 'phoneNumbers');
  return {
    email,
    firstName:
      given !== undefined && given !== null
        ? nameOf(given, 'name.givenName')
        : firstWord !== ''
          ? nameOf(firstWord, 'displayName')
          : (current?.firstName ?? nameOf(email.split('@')[0], 'userName')),
    lastName:
      family !== undefined && family !== null
        ? nameOf(family, 'name.familyName')
        : firstWord !== ''
          ? normalizeText(otherWords.join(' ')).slice(0, nameMax)
          : (current?.lastName ?? ''),
    externalId: externalId === undefined ? (current?.externalId ?? null) : externalIdOf(externalId),
    active: active === undefined || active === null ? (current?.active ?? true) : booleanOf(active, 'active'),
    mobileNumber: phoneNumbers === undefined ? (current?.mobileNumber ?? null) : mobileOfList(phoneNumbers),
  };
}

/** A PATCH's operations applied to what the person has now. */
export function patchedUser(current: UserFields, operations: readonly PatchOperation[]): UserFields {
  const next = { ...current };
  const required = (attribute: string) =>
    scimBadRequest('invalidValue', `${attribute} is required and cannot be removed`);
  for (const operation of operations) {
    const { op, path, value } = operation;
    switch (path.attr) {
      case 'active':
        if (op === 'remove') throw required('active');
        next.active = booleanOf(value, 'active');
        break;
      case 'username':
        if (op === 'remove') throw required('userName');
        next.email = emailOf(value);
        break;
      case 'name':
        if (path.sub === 'givenname' || path.sub === 'familyname') {
          if (op === 'remove')
            throw required(`name.${path.sub === 'givenname' ? 'givenName' : 'familyName'}`);
          if (path.sub === 'givenname') next.firstName = nameOf(value, 'name.givenName');
          else next.lastName = nameOf(value, 'name.familyName');
        } else if (path.sub === undefined) {
          if (op === 'remove') throw required('name');
          if (!isObject(value)) throw scimBadRequest('invalidSyntax', 'name must be an object');
          const given = member(value, 'givenName');
          const family = member(value, 'familyName');
          if (given !== undefined) next.firstName = nameOf(given, 'name.givenName');
          if (family !== undefined) next.lastName = nameOf(family, 'name.familyName');
        }
        break;
      case 'externalid':
        next.externalId = op === 'remove' ? null : externalIdOf(value);
        break;
      case 'phonenumbers':
        next.mobileNumber =
          op === 'remove' ? null : path.sub || path.where ? phoneOf(value) : mobileOfList(value);
        break;
      case 'id':
      case 'meta':
      case 'groups':
        readOnly(operation, path.attr === 'id' ? 'id' : path.attr);
        break;
      default:
      // An attribute the console has no place for (displayName, emails, title, an extension's): ignored.
    }
  }
  return next;
}

// ---- writing ----------------------------------------------------------------------------------------------

const fieldsOfRow = (row: UserRow): UserFields => ({
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  externalId: row.externalId,
  active: row.status === 'ACTIVE',
  mobileNumber: row.mobileNumber,
});

/** What the history keeps of a person the directory changed. */
const snapshotOf = (fields: UserFields) => ({
  email: fields.email,
  firstName: fields.firstName,
  lastName: fields.lastName,
  status: fields.active ? 'ACTIVE' : 'INACTIVE',
  externalId: fields.externalId,
  mobileNumber: fields.mobileNumber,
});

/** 400 mutability unless the directory may end this person's access (deactivate or delete them). */
async function assertMayEnd(tx: Tx, call: DirectoryCall, person: UserRow, doing: string) {
  if ((await breakGlassOf(tx, call.orgId)) === person.id) {
    throw scimBadRequest(
      'mutability',
      `This person is the break-glass admin of the organisation’s single sign-on: the directory cannot ${doing} them`,
    );
  }
  if (
    person.role === 'ORGANIZATION_ADMIN' &&
    person.status === 'ACTIVE' &&
    (await isLastActiveAdmin(tx, call.orgId, person.id))
  ) {
    throw scimBadRequest(
      'mutability',
      `This person is the organisation’s last active organisation admin: appoint another one before you ${doing} them`,
    );
  }
}

/** 409 uniqueness when another live person, of any organisation, has the address. */
async function assertAddressFree(tx: Tx, email: string, exceptId: string) {
  const holder = await findLiveUserByEmail(tx, email);
  if (holder && holder.id !== exceptId) throw scimConflict('A person with this userName already exists');
}

/**
 * Writes what the directory sent over what the person has: a new address voids the links e-mailed to the
 * old one; deactivating ends every session at once (the sign-in triggers tell every instance).
 */
async function writeUser(tx: Tx, call: DirectoryCall, person: UserRow, next: UserFields, reason: string) {
  const before = fieldsOfRow(person);
  if (next.email !== before.email) await assertAddressFree(tx, next.email, person.id);
  const deactivating = before.active && !next.active;
  if (deactivating) await assertMayEnd(tx, call, person, 'deactivate');
  await tx
    .update(users)
    .set({
      email: next.email,
      firstName: next.firstName,
      lastName: next.lastName,
      externalId: next.externalId,
      mobileNumber: next.mobileNumber,
      status: next.active ? 'ACTIVE' : 'INACTIVE',
      provisionedBy: 'SCIM',
      updatedAt: call.now,
    })
    .where(eq(users.id, person.id));
  if (next.email !== before.email) await voidPasswordLinks(tx, person.id, call.now);
  if (deactivating) await revokeSessionsOfUser(tx, person.id, 'deactivated by the directory', call.now);
  await recordHistory(tx, {
    orgId: call.orgId,
    siteId: null,
    subject: 'Staff',
    recordId: person.id,
    action: 'update',
    before: snapshotOf(before),
    after: snapshotOf(next),
    reason,
    actor: call.actor,
    at: call.now,
  });
}

/**
 * POST /Users. A new address makes a person: staff of no site (what their groups give comes once a group is
 * mapped), without a password, provisioned by the directory. An address a person of this organisation
 * already has (someone invited by hand) adopts them: the directory's id and fields are written over theirs,
 * their role and sites stay until a mapped group covers them. An address of another organisation's person,
 * or of someone already linked to another directory id, is 409 uniqueness, which says nothing more.
 */
export async function createUser(tx: Tx, call: DirectoryCall, body: unknown): Promise<string> {
  const fields = userFieldsOf(body);
  const holder = await findLiveUserByEmail(tx, fields.email);
  if (holder) {
    const linkedElsewhere =
      holder.externalId !== null && fields.externalId !== null && holder.externalId !== fields.externalId;
    if (holder.orgId !== call.orgId || linkedElsewhere) {
      throw scimConflict('A person with this userName already exists');
    }
    const person = await findUser(tx, call.orgId, holder.id, true);
    await writeUser(tx, call, person, fields, 'Matched by the directory by e-mail address');
    return person.id;
  }
  const made = await insertUser(
    tx,
    {
      orgId: call.orgId,
      email: fields.email,
      firstName: fields.firstName,
      lastName: fields.lastName,
      role: directoryDefault.role,
      mobileNumber: fields.mobileNumber,
      status: fields.active ? 'ACTIVE' : 'INACTIVE',
    },
    call.now,
  );
  await tx
    .update(users)
    .set({ externalId: fields.externalId, provisionedBy: 'SCIM' })
    .where(eq(users.id, made.id));
  await recordHistory(tx, {
    orgId: call.orgId,
    siteId: null,
    subject: 'Staff',
    recordId: made.id,
    action: 'create',
    before: null,
    after: { ...snapshotOf(fields), role: directoryDefault.role, siteIDs: [] },
    reason: 'Made by the directory',
    actor: call.actor,
    at: call.now,
  });
  return made.id;
}

/** PUT /Users/{id}: the person's fields replaced by the body's. */
export async function replaceUser(tx: Tx, call: DirectoryCall, id: string, body: unknown) {
  const person = await findUser(tx, call.orgId, id, true);
  const next = userFieldsOf(body, fieldsOfRow(person));
  await writeUser(tx, call, person, next, 'Replaced by the directory');
}

/** PATCH /Users/{id}. */
export async function patchUser(tx: Tx, call: DirectoryCall, id: string, body: unknown) {
  const operations = patchOperations(body);
  const person = await findUser(tx, call.orgId, id, true);
  const next = patchedUser(fieldsOfRow(person), operations);
  await writeUser(tx, call, person, next, 'Changed by the directory');
}

/** What deleting a person does in the console: `retirePerson` (the people domain's). */
export type RetirePerson = (tx: Tx, userId: string, reason: string, now: Date) => Promise<void>;

/** DELETE /Users/{id}: as the console deletes a person, and out of every directory group. */
export async function deleteUser(tx: Tx, call: DirectoryCall, id: string, retirePerson: RetirePerson) {
  const person = await findUser(tx, call.orgId, id, true);
  await assertMayEnd(tx, call, person, 'delete');
  await tx.delete(scimGroupMembers).where(eq(scimGroupMembers.userId, person.id));
  await retirePerson(tx, person.id, 'deleted by the directory', call.now);
  await recordHistory(tx, {
    orgId: call.orgId,
    siteId: null,
    subject: 'Staff',
    recordId: person.id,
    action: 'delete',
    before: snapshotOf(fieldsOfRow(person)),
    after: null,
    reason: 'Deleted by the directory',
    actor: call.actor,
    at: call.now,
  });
}
