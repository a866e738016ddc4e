import { and, eq, inArray, isNull, type Placeholder } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { asSubject, type Action, type siteScopedSubjects } from '@console/shared-sdk/ability';
import type { Database, Tx } from '../db/client.js';
import { sites } from '../db/schema.js';
import { assertCan, authOf, orgOf } from '../auth/guard.js';
import { notFound } from './errors.js';

// Every call on a site-scoped record (supplier, food item, fridge, ...) goes through these gates, so the
// tenancy rules of DOMAIN.md live in one place: another organisation's site or record answers 404 exactly
// like a missing one (ids cannot be probed), and a site admin acting on a site it does not administer
// answers 403 from the CASL rules. An organisation record owned by other sites than the caller's answers
// 404 too (assertHeldRecord): it is theirs alone.

/** Rows a list may show: one organisation, and for site records some of its sites or all of them. */
export interface RecordScope {
  orgId: string;
  /**
   * Site records: these sites (still only live ones of `orgId`); left out, every live site. Organisation
   * records that a site may own (a repository's `ownerSite`): the organisation's and these sites' own.
   */
  siteIds?: readonly string[];
}

export type SiteScopedSubject = (typeof siteScopedSubjects)[number];

/** Where a site-scoped record lives, named as the ability conditions name it. */
export interface SitePlace {
  orgId: string;
  siteID: string;
}

/** A loaded site-scoped row. */
export interface SiteScopedRow {
  orgId: string;
  siteId: string;
}

/**
 * Ids of the organisation's live sites (optionally only some of them), as a subquery. The values may be
 * placeholders of a prepared statement (the shared repository's list pages).
 */
export function liveSiteIds(
  db: Database | Tx,
  orgId: string | Placeholder,
  only?: readonly (string | Placeholder)[],
) {
  return db
    .select({ id: sites.id })
    .from(sites)
    .where(
      and(eq(sites.orgId, orgId), isNull(sites.deletedAt), only ? inArray(sites.id, [...only]) : undefined),
    );
}

/**
 * The gate for a `siteID` the client sent: it must be a live site of the organisation the request acts in
 * (else 404 'Site not found'), and the caller must be allowed `action` on `subject` there (else 403).
 * Pass the transaction when called inside one: PGlite has a single connection.
 */
export async function assertSiteAccess(
  request: FastifyRequest,
  action: Action,
  subject: SiteScopedSubject,
  siteID: string,
  db: Database | Tx = request.server.deps.db,
): Promise<SitePlace> {
  return (await siteAccess(request, action, subject, siteID, db)).place;
}

/**
 * assertSiteAccess, also answering from the same read the site's time zone (a day's list needs it) and its
 * opening hours (a dashboard's days show them).
 */
export async function siteAccess(
  request: FastifyRequest,
  action: Action,
  subject: SiteScopedSubject,
  siteID: string,
  db: Database | Tx = request.server.deps.db,
) {
  const orgId = orgOf(request);
  const [site] = await db
    .select({
      id: sites.id,
      timeZoneId: sites.timeZoneId,
      timing: sites.timing,
      slotWindows: sites.slotWindows,
    })
    .from(sites)
    .where(and(eq(sites.id, siteID), eq(sites.orgId, orgId), isNull(sites.deletedAt)));
  if (!site) throw notFound('Site');
  const place = { orgId, siteID: site.id };
  assertCan(request, action, subject, place);
  const { timeZoneId, timing, slotWindows } = site;
  return { place, timeZoneId, hours: { timeZoneId, timing, slotWindows } };
}

/** A list's scope, and for a requested site the lookup its page did not already make. */
export interface SiteListScope extends RecordScope {
  /**
   * Run when the page came back empty: a page with rows proves the site is a live one of the organisation
   * (the scope's SQL allows no other), so only an empty one still has to tell a missing site (404) from a
   * site with nothing on it. Saves a query on every list that shows something.
   */
  confirmSite?: () => Promise<void>;
}

/**
 * The rows a `web-app-list` may show (platform/http/repository.ts turns it into SQL): live rows on live sites of the
 * caller's organisation. With `siteID`, that one site, after the gate above. Without it, every site for
 * organisation and platform admins, and for a site admin only the sites it administers (its rules allow no
 * others).
 */
export async function siteListScope(
  request: FastifyRequest,
  subject: SiteScopedSubject,
  siteID: string | undefined,
): Promise<SiteListScope> {
  const orgId = orgOf(request);
  const auth = authOf(request);
  if (siteID !== undefined) {
    const confirmSite = async () => {
      await assertSiteAccess(request, 'read', subject, siteID);
    };
    // Refused by the rules: the lookup decides between 404 (not a site of this organisation, so ids
    // cannot be probed) and 403, exactly as the gate does.
    if (!auth.ability.can('read', asSubject(subject, { orgId, siteID }))) await confirmSite();
    return { orgId, siteIds: [siteID], confirmSite };
  }
  const held = heldSiteIds(request);
  return held ? { orgId, siteIds: held } : { orgId };
}

/**
 * The sites the caller holds: a site admin's or staff member's own; undefined for organisation and
 * platform admins, who hold every site of the organisation.
 */
export function heldSiteIds(request: FastifyRequest): readonly string[] | undefined {
  const auth = authOf(request);
  const ownSitesOnly = auth.user.role === 'SITE_ADMIN' || auth.user.role === 'STAFF';
  return ownSitesOnly ? auth.siteIds : undefined;
}

/**
 * The gate for an organisation record that some sites own (a site's own template or supplier type, a task
 * category on its sites): one owned only by sites the caller does not hold answers like a missing one
 * (404), as another organisation's does, so a site never learns or uses another site's own records. One no
 * site owns (`ownerSiteIds` empty) is the organisation's, for every site.
 */
export function assertHeldRecord<Row>(
  request: FastifyRequest,
  what: string,
  row: Row | undefined,
  ownerSiteIds: (row: Row) => readonly (string | null)[],
): Row {
  if (!row) throw notFound(what);
  const held = heldSiteIds(request);
  const owners = ownerSiteIds(row).filter((id): id is string => id !== null);
  if (held && owners.length > 0 && !owners.some((id) => held.includes(id))) throw notFound(what);
  return row;
}

/** The record gate: a missing record is 404 (`what` not found), one on another's site 403. */
export function assertRecordAccess<Row extends SiteScopedRow>(
  request: FastifyRequest,
  action: Action,
  subject: SiteScopedSubject,
  what: string,
  row: Row | undefined,
): Row {
  if (!row) throw notFound(what);
  assertCan(request, action, subject, { orgId: row.orgId, siteID: row.siteId });
  return row;
}

/**
 * The site an edited record ends up on: its own when `siteID` is left out or unchanged; otherwise the
 * target site passes the gate too, so a site admin cannot move a record to a site it does not run.
 */
export async function siteAfterUpdate(
  request: FastifyRequest,
  subject: SiteScopedSubject,
  current: SiteScopedRow,
  siteID: string | undefined,
  db: Database | Tx,
): Promise<string> {
  if (siteID === undefined || siteID === current.siteId) return current.siteId;
  return (await assertSiteAccess(request, 'update', subject, siteID, db)).siteID;
}
