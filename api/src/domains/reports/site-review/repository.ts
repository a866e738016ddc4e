import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { SiteReview, siteReviewListQuerySchema } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { newId } from '../../../platform/db/ids.js';
import { organizations, sites, users } from '../../../platform/db/schema.js';
import { conflict } from '../../../platform/http/errors.js';
import { recordsOf, type RecordScope } from '../../../platform/http/repository.js';
import { personName } from '../../logs/index.js';
import { localDate } from '../../sites/index.js';
import { siteReviews } from '../schema.js';
import { draftContents } from './drafting.js';
import { currentPeriod, isOver, periodBefore, type ReviewPeriod } from './periods.js';

// The four-weekly reviews' rows: one per site and period, made when the period is first looked at (its
// current review) or reminded of, so a period nobody opened and nobody was reminded of has none. A draft's
// contents are drafted from the records on every read; a signed one answers what was signed.

export type SiteReviewRow = typeof siteReviews.$inferSelect;
export type SiteReviewListQuery = z.output<typeof siteReviewListQuerySchema>;

export const siteReviewRecords = recordsOf<typeof siteReviews, SiteReviewListQuery>({
  table: siteReviews,
  placedOn: 'site',
  sort: {
    _id: siteReviews.id,
    periodStart: siteReviews.periodStart,
    state: siteReviews.state,
    signedAt: siteReviews.signedAt,
  },
  search: [siteReviews.notes, siteReviews.changes],
  filters: (query) => [query.state ? eq(siteReviews.state, query.state) : undefined],
});

/** A page of reviews in `scope`. */
export const reviewPage = (db: Database, scope: RecordScope, query: SiteReviewListQuery) =>
  siteReviewRecords.list(db, scope, query);

/**
 * The review of `period` at a site, made as a draft when it has none. Two callers at once both insert,
 * one row is kept (the site's period is unique) and both read it.
 */
export async function ensureReview(
  db: Database | Tx,
  place: { orgId: string; siteId: string },
  period: ReviewPeriod,
  now: Date,
): Promise<SiteReviewRow> {
  await db
    .insert(siteReviews)
    .values({
      id: newId(),
      orgId: place.orgId,
      siteId: place.siteId,
      periodStart: period.start,
      periodEnd: period.end,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [siteReviews.siteId, siteReviews.periodStart] });
  const [row] = await db
    .select()
    .from(siteReviews)
    .where(and(eq(siteReviews.siteId, place.siteId), eq(siteReviews.periodStart, period.start)));
  if (!row) throw new Error(`no review of ${place.siteId} from ${period.start} after making it`);
  return row;
}

/** 409 for a signed review: what was signed stays as it was. */
export function assertDraft(row: SiteReviewRow): void {
  if (row.state === 'SIGNED') throw conflict('A signed review cannot be changed; add to the next one');
}

/** What the review's history keeps of each change: the manager's words and the signing, what was signed included. */
export const reviewSnapshot = (row: SiteReviewRow) => ({
  state: row.state,
  notes: row.notes,
  changes: row.changes,
  signedBy: row.signedBy,
  signedAt: row.signedAt?.toISOString() ?? null,
  contents: row.contents,
});

/** The sites reviews are of: their names and zones, for the answers and the drafting. */
async function sitesOf(db: Database | Tx, siteIds: readonly string[]) {
  if (siteIds.length === 0) return new Map<string, { name: string; timeZoneId: string }>();
  const rows = await db
    .select({ id: sites.id, name: sites.name, timeZoneId: sites.timeZoneId })
    .from(sites)
    .where(inArray(sites.id, [...new Set(siteIds)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Reviews as the API answers them: a draft's contents drafted now, one after the other. */
export async function reviewDtos(
  db: Database | Tx,
  rows: readonly SiteReviewRow[],
  now: Date,
): Promise<SiteReview[]> {
  const siteById = await sitesOf(
    db,
    rows.map((row) => row.siteId),
  );
  const signerIds = [...new Set(rows.flatMap((row) => row.signedBy ?? []))];
  const signers = new Map(
    signerIds.length === 0
      ? []
      : (
          await db
            .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
            .from(users)
            .where(inArray(users.id, signerIds))
        ).map((person) => [person.id, personName(person)]),
  );
  const answers: SiteReview[] = [];
  for (const row of rows) {
    const site = siteById.get(row.siteId);
    if (!site) throw new Error(`review ${row.id} of a site that is not there`);
    const period = { start: row.periodStart, end: row.periodEnd };
    const contents =
      row.state === 'SIGNED' && row.contents
        ? row.contents
        : await draftContents(
            db,
            { id: row.siteId, orgId: row.orgId, timeZoneId: site.timeZoneId },
            period,
            now,
          );
    answers.push({
      _id: row.id,
      orgId: row.orgId,
      siteID: row.siteId,
      siteName: site.name,
      timeZoneId: site.timeZoneId,
      periodStart: row.periodStart,
      periodEnd: row.periodEnd,
      state: row.state,
      contents,
      notes: row.notes,
      changes: row.changes,
      signedBy: row.signedBy ? { _id: row.signedBy, name: signers.get(row.signedBy) ?? '' } : null,
      signedAt: row.signedAt?.toISOString() ?? null,
      due: row.state === 'DRAFT' && isOver(row.periodEnd, site.timeZoneId, now),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    });
  }
  return answers;
}

/** A draft's notes and changes as asked (a field left out stays as it is); the row as it is now. */
export async function writeNotes(
  tx: Tx,
  current: SiteReviewRow,
  words: { notes?: string | undefined; changes?: string | undefined },
  now: Date,
): Promise<SiteReviewRow> {
  assertDraft(current);
  const notes = words.notes ?? current.notes;
  const changes = words.changes ?? current.changes;
  if (notes === current.notes && changes === current.changes) return current;
  const [row] = await tx
    .update(siteReviews)
    .set({ notes, changes, updatedAt: now })
    .where(eq(siteReviews.id, current.id))
    .returning();
  if (!row) throw new Error(`review ${current.id} went while it was locked`);
  return row;
}

/**
 * Signs a draft (its notes and changes as they are by now): its contents drafted in the same transaction
 * and kept, with the signer and the time. The row was locked by the caller, so of two signings the second
 * finds it signed (409).
 */
export async function signReview(
  tx: Tx,
  current: SiteReviewRow,
  signer: string,
  now: Date,
): Promise<SiteReviewRow> {
  assertDraft(current);
  const [site] = await tx
    .select({ timeZoneId: sites.timeZoneId })
    .from(sites)
    .where(eq(sites.id, current.siteId));
  if (!site) throw new Error(`review ${current.id} of a site that is not there`);
  if (current.periodStart > localDate(site.timeZoneId, now)) {
    throw conflict('This review’s four weeks have not started yet');
  }
  const contents = await draftContents(
    tx,
    { id: current.siteId, orgId: current.orgId, timeZoneId: site.timeZoneId },
    { start: current.periodStart, end: current.periodEnd },
    now,
  );
  const [row] = await tx
    .update(siteReviews)
    .set({ state: 'SIGNED', contents, signedBy: signer, signedAt: now, updatedAt: now })
    .where(eq(siteReviews.id, current.id))
    .returning();
  if (!row) throw new Error(`review ${current.id} went while it was locked`);
  return row;
}

/** A review whose four weeks are over, unsigned and not yet reminded of, with what its reminder says. */
export interface ReviewToRemind {
  id: string;
  orgId: string;
  siteId: string;
  siteName: string;
  timeZoneId: string;
  jurisdiction: string;
  periodStart: string;
  periodEnd: string;
}

/**
 * For every live site of a live organisation, the review of the period before the one running there now:
 * made as a draft where it has none (a site made after that period ended has none to review), and answered
 * when unsigned and not yet reminded of. A site's rows are read first, so a pass with nothing new writes
 * nothing.
 */
export async function reviewsToRemind(db: Database, now: Date): Promise<ReviewToRemind[]> {
  const live = await db
    .select({
      id: sites.id,
      orgId: sites.orgId,
      name: sites.name,
      timeZoneId: sites.timeZoneId,
      jurisdiction: sites.jurisdiction,
      createdAt: sites.createdAt,
    })
    .from(sites)
    .innerJoin(organizations, eq(organizations.id, sites.orgId))
    .where(and(isNull(sites.deletedAt), isNull(organizations.deletedAt)));
  const owed = live.flatMap((site) => {
    const period = periodBefore(currentPeriod(site.timeZoneId, now));
    return localDate(site.timeZoneId, site.createdAt) <= period.end ? [{ site, period }] : [];
  });
  if (owed.length === 0) return [];
  const starts = [...new Set(owed.map(({ period }) => period.start))];
  const known = async () =>
    new Map(
      (
        await db
          .select()
          .from(siteReviews)
          .where(
            and(
              inArray(
                siteReviews.siteId,
                owed.map(({ site }) => site.id),
              ),
              inArray(siteReviews.periodStart, starts),
            ),
          )
      ).map((row) => [`${row.siteId} ${row.periodStart}`, row]),
    );
  let rows = await known();
  const missing = owed.filter(({ site, period }) => !rows.has(`${site.id} ${period.start}`));
  if (missing.length > 0) {
    await db
      .insert(siteReviews)
      .values(
        missing.map(({ site, period }) => ({
          id: newId(),
          orgId: site.orgId,
          siteId: site.id,
          periodStart: period.start,
          periodEnd: period.end,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing({ target: [siteReviews.siteId, siteReviews.periodStart] });
    rows = await known();
  }
  return owed.flatMap(({ site, period }) => {
    const row = rows.get(`${site.id} ${period.start}`);
    if (!row || row.state !== 'DRAFT' || row.remindedAt !== null) return [];
    return [
      {
        id: row.id,
        orgId: row.orgId,
        siteId: site.id,
        siteName: site.name,
        timeZoneId: site.timeZoneId,
        jurisdiction: site.jurisdiction,
        periodStart: row.periodStart,
        periodEnd: row.periodEnd,
      },
    ];
  });
}

/** Notes that the reviews' reminders were raised: a later pass leaves them be. */
export async function markReminded(db: Database, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(siteReviews)
    .set({ remindedAt: now })
    .where(and(inArray(siteReviews.id, [...ids]), isNull(siteReviews.remindedAt)));
}
