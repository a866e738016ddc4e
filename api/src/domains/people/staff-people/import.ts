import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  defaultNotificationSettings,
  emailSchema,
  genderSchema,
  phoneSchema,
  requiredText,
  roleLabels,
  staffImportColumns,
  staffRoles,
  type Gender,
  type StaffRole,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { departments, userDepartments } from '../schema.js';
import { siteMembers, sites, users } from '../../../platform/db/schema.js';
import { badRequest, type FieldErrors } from '../../../platform/http/errors.js';
import { newId } from '../../../platform/db/ids.js';
import { inJsonList, insertAsJson } from '../../../platform/auth/users/bulk.js';
import { issuePasswordLinks } from '../../../platform/auth/password-links.js';
import type { SheetRow } from '../../../platform/http/spreadsheet.js';

// A staff import is checked whole before anything is written: each row's cells, its sites and departments
// (by name) and what the importer may do, and the addresses against each other. One bad row and the answer
// is a 400 listing every problem of every row as `rows.<row>.<column>`; otherwise everyone new is created,
// in one transaction, and addresses that already have an account are reported, not touched.

type Column = (typeof staffImportColumns)[number];

/** What a row becomes: one person to create. */
export interface PlannedPerson {
  row: number;
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string | null;
  gender: Gender | null;
  role: StaffRole;
  siteIds: string[];
  departmentIds: string[];
}

/** What the rows are checked against: the organisation's sites and departments, and the importer's rights. */
export interface ImportContext {
  sites: readonly { id: string; name: string }[];
  departments: readonly { id: string; name: string; siteId: string }[];
  /** Whether the importer may add people to this site. */
  mayPlaceOn: (siteId: string) => boolean;
  /** Whether the importer may give this role (site admins: STAFF only). */
  mayGiveRole: (role: StaffRole) => boolean;
}

/** "First name", "first_name" and "firstName" all name the firstName column. */
const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
const columnsBySquashed = new Map<string, Column>(
  staffImportColumns.map((column) => [squash(column), column]),
);
const required: readonly Column[] = ['firstName', 'lastName', 'email'];

/** Which cell holds each column, from the header row; unknown headings are ignored. */
export function columnsOf(header: readonly string[]): Map<Column, number> {
  const found = new Map<Column, number>();
  header.forEach((heading, index) => {
    const column = columnsBySquashed.get(squash(heading));
    if (column && !found.has(column)) found.set(column, index);
  });
  const missing = required.filter((column) => !found.has(column));
  if (missing.length > 0) {
    const message =
      `The first row must name the columns (${staffImportColumns.join(', ')}); ` +
      `missing: ${missing.join(', ')}. Download the template to start from.`;
    throw badRequest(message, { file: [message] });
  }
  return found;
}

/** Names separated by ';' (a comma may be part of a name: "The Harbour Kitchen, Brighton"). */
const namesIn = (cell: string) =>
  cell
    .split(';')
    .map((name) => name.trim())
    .filter((name) => name !== '');

/** "Site admin", "site-admin" and "SITE_ADMIN" are one role; so are both spellings of organisation. */
function roleOf(cell: string): StaffRole | undefined {
  if (cell === '') return 'STAFF';
  const key = cell
    .toUpperCase()
    .replace(/[\s-]+/g, '_')
    .replace('ORGANISATION', 'ORGANIZATION');
  const byLabel = staffRoles.find((role) => roleLabels[role].toLowerCase() === cell.toLowerCase());
  return byLabel ?? staffRoles.find((role) => role === key);
}

function genderOf(cell: string): Gender | null | undefined {
  if (cell === '') return null;
  const key = cell.toUpperCase().replace(/[\s_]+/g, '-');
  return genderSchema.options.find((gender) => gender === key);
}

const firstNameSchema = requiredText('First name', 100);
const lastNameSchema = requiredText('Last name', 100);

/** The first message of a failed parse. */
function problem(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message ?? 'Not valid';
}

/**
 * Checks every row and returns the people to create, or throws a 400 whose field errors name each bad
 * row's problems. Addresses are compared with each other here, and with existing accounts by the caller.
 */
export function planImport(
  header: readonly string[],
  rows: readonly SheetRow[],
  context: ImportContext,
): PlannedPerson[] {
  const columns = columnsOf(header);
  if (rows.length === 0) {
    const message = 'The file has no people under its header row';
    throw badRequest(message, { file: [message] });
  }
  const siteByName = new Map(context.sites.map((site) => [site.name.toLowerCase(), site]));
  const errors: FieldErrors = {};
  const badRows = new Set<number>();
  const firstRowOf = new Map<string, number>();
  const planned: PlannedPerson[] = [];

  for (const { row, cells } of rows) {
    const cell = (column: Column) => {
      const index = columns.get(column);
      return index === undefined ? '' : (cells[index] ?? '');
    };
    const fail = (column: Column, message: string) => {
      (errors[`rows.${row}.${column}`] ??= []).push(message);
      badRows.add(row);
    };

    const firstName = firstNameSchema.safeParse(cell('firstName'));
    if (!firstName.success) fail('firstName', problem(firstName));
    const lastName = lastNameSchema.safeParse(cell('lastName'));
    if (!lastName.success) fail('lastName', problem(lastName));
    const email = emailSchema.safeParse(cell('email'));
    if (!email.success) fail('email', cell('email') === '' ? 'E-mail is required' : problem(email));
    else {
      const earlier = firstRowOf.get(email.data);
      if (earlier !== undefined) fail('email', `This address is also on row ${earlier}`);
      else firstRowOf.set(email.data, row);
    }
    const mobile = cell('mobileNumber');
    const mobileNumber = mobile === '' ? undefined : phoneSchema.safeParse(mobile);
    if (mobileNumber && !mobileNumber.success) fail('mobileNumber', problem(mobileNumber));
    const gender = genderOf(cell('gender'));
    if (gender === undefined)
      fail('gender', `Use one of ${genderSchema.options.join(', ')}, or leave it empty`);
    const role = roleOf(cell('userRole'));
    if (role === undefined) fail('userRole', `Use one of ${staffRoles.join(', ')} (empty means STAFF)`);
    else if (!context.mayGiveRole(role)) fail('userRole', 'You can only add staff');

    const siteIds: string[] = [];
    for (const name of namesIn(cell('sites'))) {
      const site = siteByName.get(name.toLowerCase());
      if (!site) fail('sites', `There is no site called "${name}"`);
      else if (!context.mayPlaceOn(site.id)) fail('sites', `You do not administer "${site.name}"`);
      else if (!siteIds.includes(site.id)) siteIds.push(site.id);
    }
    if (siteIds.length === 0 && role !== 'ORGANIZATION_ADMIN' && !errors[`rows.${row}.sites`]) {
      fail('sites', 'Name at least one site (names separated by ";")');
    }

    // A department name is looked up on the person's sites: a cook at two sites with a "Kitchen" each
    // sits in both kitchens.
    const departmentIds: string[] = [];
    for (const name of namesIn(cell('departments'))) {
      const matches = context.departments.filter(
        (department) =>
          department.name.toLowerCase() === name.toLowerCase() && siteIds.includes(department.siteId),
      );
      if (matches.length === 0) fail('departments', `No department called "${name}" at this person's sites`);
      for (const department of matches) {
        if (!departmentIds.includes(department.id)) departmentIds.push(department.id);
      }
    }

    if (firstName.success && lastName.success && email.success && role && gender !== undefined) {
      planned.push({
        row,
        firstName: firstName.data,
        lastName: lastName.data,
        email: email.data,
        mobileNumber: mobileNumber?.success ? mobileNumber.data : null,
        gender,
        role,
        siteIds,
        departmentIds,
      });
    }
  }

  if (badRows.size > 0) {
    const count = badRows.size;
    const which = count === 1 ? '1 row has a problem' : `${count} rows have problems`;
    throw badRequest(
      `${which} (of ${rows.length}); nothing was imported. Fix ${count === 1 ? 'it' : 'them'} and upload the file again.`,
      errors,
    );
  }
  return planned;
}

/** The organisation's live sites and their live departments, which rows name. */
export async function importContextData(db: Database | Tx, orgId: string) {
  const siteRows = await db
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(and(eq(sites.orgId, orgId), isNull(sites.deletedAt)));
  const departmentRows = await db
    .select({ id: departments.id, name: departments.name, siteId: departments.siteId })
    .from(departments)
    .innerJoin(sites, eq(sites.id, departments.siteId))
    .where(and(eq(departments.orgId, orgId), isNull(departments.deletedAt), isNull(sites.deletedAt)));
  return { sites: siteRows, departments: departmentRows };
}

/** The addresses among `emails` (lower case) that already have a live account, in any organisation. */
export async function takenAddresses(db: Database | Tx, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(and(inJsonList(sql`lower(${users.email})`, emails), isNull(users.deletedAt)));
  return new Set(rows.map((row) => row.email));
}

/**
 * Creates the planned people with their sites, departments and invitation links, in the caller's
 * transaction, one statement a table; returns each new person with the token of their link, for the
 * e-mails sent after the reply.
 */
export async function createPeople(
  tx: Tx,
  orgId: string,
  people: readonly PlannedPerson[],
  now: Date,
): Promise<{ id: string; person: PlannedPerson; token: string }[]> {
  const created = people.map((person) => ({ id: newId(), person }));
  await insertAsJson(
    tx,
    users,
    [
      [users.id, 'uuid'],
      [users.orgId, 'uuid'],
      [users.email, 'text'],
      [users.firstName, 'text'],
      [users.lastName, 'text'],
      [users.role, 'text'],
      [users.mobileNumber, 'text'],
      [users.gender, 'text'],
      [users.notificationSettings, 'jsonb'],
      [users.status, 'text'],
      [users.createdAt, 'timestamptz'],
      [users.updatedAt, 'timestamptz'],
    ],
    created.map(({ id, person }) => [
      id,
      orgId,
      person.email,
      person.firstName,
      person.lastName,
      person.role,
      person.mobileNumber,
      person.gender,
      defaultNotificationSettings,
      'ACTIVE',
      now,
      now,
    ]),
  );
  await insertAsJson(
    tx,
    siteMembers,
    [
      [siteMembers.siteId, 'uuid'],
      [siteMembers.userId, 'uuid'],
      [siteMembers.createdAt, 'timestamptz'],
    ],
    created.flatMap(({ id, person }) => person.siteIds.map((siteId) => [siteId, id, now])),
  );
  await insertAsJson(
    tx,
    userDepartments,
    [
      [userDepartments.userId, 'uuid'],
      [userDepartments.departmentId, 'uuid'],
      [userDepartments.createdAt, 'timestamptz'],
    ],
    created.flatMap(({ id, person }) => person.departmentIds.map((departmentId) => [id, departmentId, now])),
  );
  const tokens = await issuePasswordLinks(
    tx,
    created.map(({ id }) => id),
    'INVITE',
    now,
  );
  return created.map(({ id, person }) => ({ id, person, token: tokens.get(id) ?? '' }));
}
