import {
  and,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import {
  defaultEscalationMinutes,
  defaultExcursionDebounceMinutes,
  defaultActionHours,
  defaultProbeSensorToleranceCelsius,
  defaultJurisdictionFor,
  ruleSetOf,
  withNationalFigures,
  type RuleSet,
  type Person,
  type SiteInputParsed,
  type SiteListQuery,
  type SiteSortColumn,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { organizations, siteMembers, sites, users } from '../../../platform/db/schema.js';
import { localDate } from '../time-slots.js';
import { conflict, fieldError } from '../../../platform/http/errors.js';
import { newId } from '../../../platform/db/ids.js';
import { likePattern, orderBy, pageOf } from '../../../platform/http/list.js';
import { sameName } from '../../../platform/http/repository.js';
import { assertAreaOfOrganisation } from '../area/repository.js';

export type SiteRow = typeof sites.$inferSelect;

function parseLatLong(text: string | undefined): { latitude: number | null; longitude: number | null } {
  if (!text) return { latitude: null, longitude: null };
  const [lat, lng] = text.split(',').map((part) => Number(part.trim()));
  return { latitude: lat ?? null, longitude: lng ?? null };
}

async function assertNameFree(db: Database | Tx, orgId: string, name: string, exceptSiteId?: string) {
  const [clash] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(
      and(
        eq(sites.orgId, orgId),
        isNull(sites.deletedAt),
        sameName(sites.name, name),
        exceptSiteId ? ne(sites.id, exceptSiteId) : undefined,
      ),
    );
  if (clash) {
    throw conflict(`A site called "${name}" already exists`, {
      name: ['A site with this name already exists'],
    });
  }
}

/** Site admins must be live SITE_ADMIN accounts of the same organisation. */
async function assertSiteAdmins(db: Database | Tx, orgId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  const unique = [...new Set(ids)];
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, unique),
        eq(users.orgId, orgId),
        eq(users.role, 'SITE_ADMIN'),
        isNull(users.deletedAt),
      ),
    );
  if (found.length !== unique.length) {
    throw fieldError('siteAdminList', 'Every site admin must be a site admin of this organisation');
  }
}

function columnsFrom(input: SiteInputParsed) {
  return {
    name: input.name,
    description: input.description ?? '',
    add1: input.add1 ?? null,
    add2: input.add2 ?? null,
    city: input.city ?? input.location?.city ?? null,
    county: input.county ?? input.location?.county ?? null,
    state: input.state ?? input.location?.region ?? null,
    country: input.country,
    zip: input.zip ?? null,
    googlePlaceId: input.google_PlaceID ?? null,
    ...parseLatLong(input.lat_long),
    timeZoneId: input.timeZoneId,
    timing: [...input.timing].sort((a, b) => a.day - b.day),
    slotWindows: input.slotWindows ?? {},
  };
}

async function replaceSiteAdmins(db: Database | Tx, siteId: string, adminIds: readonly string[], now: Date) {
  // Only admin memberships are replaced; staff memberships of the site stay.
  const adminsNow = db.select({ id: users.id }).from(users).where(eq(users.role, 'SITE_ADMIN'));
  await db
    .delete(siteMembers)
    .where(and(eq(siteMembers.siteId, siteId), inArray(siteMembers.userId, adminsNow)));
  const unique = [...new Set(adminIds)];
  if (unique.length > 0) {
    await db.insert(siteMembers).values(unique.map((userId) => ({ siteId, userId, createdAt: now })));
  }
}

/** Creates a site with its admins. Call inside a transaction: a rejected admin list writes nothing. */
export async function insertSite(
  db: Database | Tx,
  orgId: string,
  input: SiteInputParsed,
  now: Date,
): Promise<SiteRow> {
  await assertNameFree(db, orgId, input.name);
  await assertSiteAdmins(db, orgId, input.siteAdminList);
  if (input.areaID) await assertAreaOfOrganisation(db, orgId, input.areaID);
  // Left out, the rule set is the address's (New York City's in the five boroughs, Scotland's there).
  const jurisdiction = input.jurisdiction ?? defaultJurisdictionFor(columnsFrom(input));
  const [row] = await db
    .insert(sites)
    .values({
      id: newId(),
      orgId,
      ...columnsFrom(input),
      areaId: input.areaID ?? null,
      jurisdiction,
      // Left out, the alert timings take their defaults (30 and 15 minutes, as the columns do).
      escalationMinutes: input.escalationMinutes ?? defaultEscalationMinutes,
      excursionDebounceMinutes: input.excursionDebounceMinutes ?? defaultExcursionDebounceMinutes,
      actionHours: input.actionHours ?? defaultActionHours,
      probeSensorToleranceCelsius: input.probeSensorToleranceCelsius ?? defaultProbeSensorToleranceCelsius,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  await replaceSiteAdmins(db, row.id, input.siteAdminList, now);
  return row;
}

/**
 * What other domains do when a site's days change (new hours or a new zone), in the same transaction: the
 * tasks domain looks at the site's days again from the given local date. Handed in by the app's wiring, so
 * the sites domain, which the others stand on, knows none of them.
 */
export type SiteDaysChanged = (tx: Database | Tx, siteId: string, fromDate: string) => Promise<void>;

/**
 * Updates a site. `siteAdminList` is applied only when `replaceAdmins` is true (callers who may not manage
 * admins pass false). Call inside a transaction.
 */
export async function updateSite(
  db: Database | Tx,
  site: SiteRow,
  input: SiteInputParsed,
  options: { replaceAdmins: boolean; now: Date; daysChanged: SiteDaysChanged },
): Promise<SiteRow> {
  await assertNameFree(db, site.orgId, input.name, site.id);
  if (options.replaceAdmins) await assertSiteAdmins(db, site.orgId, input.siteAdminList);
  if (input.areaID && input.areaID !== site.areaId) {
    await assertAreaOfOrganisation(db, site.orgId, input.areaID);
  }
  const [row] = await db
    .update(sites)
    .set({
      ...columnsFrom(input),
      // Left out, a site stays in its area (a form that does not know areas changes nothing).
      ...(input.areaID === undefined ? {} : { areaId: input.areaID }),
      // Left out, a site keeps its rule set (a form that does not know the setting changes nothing).
      ...(input.jurisdiction === undefined ? {} : { jurisdiction: input.jurisdiction }),
      // So do its alert timings.
      ...(input.escalationMinutes === undefined ? {} : { escalationMinutes: input.escalationMinutes }),
      ...(input.excursionDebounceMinutes === undefined
        ? {}
        : { excursionDebounceMinutes: input.excursionDebounceMinutes }),
      ...(input.actionHours === undefined ? {} : { actionHours: input.actionHours }),
      ...(input.probeSensorToleranceCelsius === undefined
        ? {}
        : { probeSensorToleranceCelsius: input.probeSensorToleranceCelsius }),
      updatedAt: options.now,
    })
    .where(eq(sites.id, site.id))
    .returning();
  if (!row) throw new Error('update returned no row');
  if (options.replaceAdmins) await replaceSiteAdmins(db, site.id, input.siteAdminList, options.now);
  // New hours or zone: the days from today on are looked at again (a day now open gets its tasks).
  const todays = [localDate(site.timeZoneId, options.now), localDate(row.timeZoneId, options.now)].sort();
  await options.daysChanged(db, site.id, todays[0] ?? localDate(row.timeZoneId, options.now));
  return row;
}

/**
 * Which sites a caller may see inside the organisation it acts in: all of them (`siteIds` null), or only
 * those listed.
 */
export interface SiteScope {
  orgId: string;
  siteIds: readonly string[] | null;
}

function inScope(scope: SiteScope): SQL | undefined {
  return and(
    eq(sites.orgId, scope.orgId),
    scope.siteIds === null ? undefined : inArray(sites.id, [...scope.siteIds]),
  );
}

const sortColumns: Record<SiteSortColumn, AnyColumn> = {
  _id: sites.id,
  name: sites.name,
  city: sites.city,
  country: sites.country,
  createdAt: sites.createdAt,
  updatedAt: sites.updatedAt,
};

/** One page of the sites in scope, and how many there are in all. */
export async function listSites(
  db: Database,
  scope: SiteScope,
  query: SiteListQuery,
): Promise<{ rows: SiteRow[]; total: number }> {
  const pattern = query.search === '' ? undefined : likePattern(query.search);
  const where = and(
    inScope(scope),
    query.status ? isNull(sites.deletedAt) : isNotNull(sites.deletedAt),
    query.country ? eq(sites.country, query.country) : undefined,
    pattern
      ? or(
          ilike(sites.name, pattern),
          ilike(sites.city, pattern),
          ilike(sites.county, pattern),
          ilike(sites.state, pattern),
          ilike(sites.add1, pattern),
          ilike(sites.zip, pattern),
        )
      : undefined,
  );
  return pageOf<SiteRow>(
    db,
    { table: sites, columns: getTableColumns(sites) },
    where,
    orderBy(query, sortColumns, sites.id),
    query,
  );
}

/** Every live site in scope, by name. */
export async function liveSitesByName(db: Database, scope: SiteScope): Promise<SiteRow[]> {
  return db
    .select()
    .from(sites)
    .where(and(inScope(scope), isNull(sites.deletedAt)))
    .orderBy(sql`lower(${sites.name})`, sites.id);
}

/**
 * A site of the organisation by id; another organisation's site is not found, like a missing one.
 * `forUpdate` locks the row so concurrent edits of one site apply one after the other.
 */
export async function findSite(
  db: Database | Tx,
  orgId: string,
  id: string,
  options: { includeDeleted?: boolean; forUpdate?: boolean } = {},
): Promise<SiteRow | undefined> {
  const query = db
    .select()
    .from(sites)
    .where(
      and(
        eq(sites.id, id),
        eq(sites.orgId, orgId),
        options.includeDeleted ? undefined : isNull(sites.deletedAt),
      ),
    );
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

export async function softDeleteSite(db: Database | Tx, siteId: string, now: Date): Promise<void> {
  await db.update(sites).set({ deletedAt: now, updatedAt: now }).where(eq(sites.id, siteId));
}

/** The site admins of several sites in one query, by site id, each list by name. */
export async function adminsBySite(
  db: Database | Tx,
  siteIds: readonly string[],
): Promise<Map<string, Person[]>> {
  const bySite = new Map<string, Person[]>();
  if (siteIds.length === 0) return bySite;
  const rows = await db
    .select({
      siteId: siteMembers.siteId,
      _id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(siteMembers)
    .innerJoin(users, eq(users.id, siteMembers.userId))
    .where(
      and(inArray(siteMembers.siteId, [...siteIds]), eq(users.role, 'SITE_ADMIN'), isNull(users.deletedAt)),
    )
    .orderBy(users.firstName, users.lastName, users.id);
  for (const { siteId, ...person } of rows) {
    const list = bySite.get(siteId) ?? [];
    list.push(person);
    bySite.set(siteId, list);
  }
  return bySite;
}

/**
 * The rules a site's readings are judged by now: its jurisdiction's set, with its organisation's national
 * figures where the set leaves them to it (the EU's).
 */
export async function rulesOfSite(db: Database | Tx, siteId: string): Promise<RuleSet> {
  const [site] = await db
    .select({ jurisdiction: sites.jurisdiction, nationalFigures: organizations.nationalFigures })
    .from(sites)
    .innerJoin(organizations, eq(organizations.id, sites.orgId))
    .where(eq(sites.id, siteId));
  return withNationalFigures(ruleSetOf(site?.jurisdiction), site?.nationalFigures);
}
