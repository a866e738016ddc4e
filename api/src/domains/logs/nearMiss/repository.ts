import { and, asc, eq, getTableColumns, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  nearMissDefaultDays,
  nearMissStaffWrittenFields,
  nearMissWorkflow,
  type LoggedPerson,
  type LogStatus,
  type NearMiss,
  type NearMissSnapshot,
  type NearMissFollowUpRecord,
  type NearMissListQuery,
  type nearMissCreateFieldsSchema,
  type nearMissFollowUpInputSchema,
  type nearMissUpdateSchema,
} from '@console/shared-sdk/contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../../platform/db/client.js';
import { files, siteMembers, sites, users } from '../../../platform/db/schema.js';
import { nearMissPhotos, nearMisses } from '../schema.js';
import { canonicalJson } from '../../../platform/history/history.js';
import { conflict, fieldError, type FieldErrors } from '../../../platform/http/errors.js';
import { newId } from '../../../platform/db/ids.js';
import { inOrderOf, joinedPage } from '../../../platform/http/joined-page.js';
import { offsetOf, orderBy } from '../../../platform/http/list.js';
import { searchWhere } from '../../../platform/http/records.js';
import { recordsOf, type Change, type RecordScope } from '../../../platform/http/repository.js';
import type { SitePlace } from '../../../platform/http/site-scope.js';
import { personsByIds } from '../../../platform/auth/users/repository.js';
import { toUploadedFile, type FileRow } from '../../../platform/files/common-uri/repository.js';
import {
  assertMove,
  assertDeviceTime,
  isBackFilled,
  localDateRangeWhere,
  logReference,
  logReferenceSql,
  loggedPerson,
  personName,
  refuseFieldErrors,
  textOrNull,
} from '../log-records.js';

export type NearMissRow = typeof nearMisses.$inferSelect;
export type FollowUpSent = z.output<typeof nearMissFollowUpInputSchema>;

export const nearMissPrefix = 'NM';

const listDeclaration = {
  sort: {
    _id: nearMisses.id,
    occurredAt: nearMisses.occurredAt,
    reportedAt: nearMisses.reportedAt,
    category: nearMisses.category,
    title: sql`lower(${nearMisses.title})`,
    status: nearMisses.status,
    createdAt: nearMisses.createdAt,
    updatedAt: nearMisses.updatedAt,
  },
  search: [
    nearMisses.title,
    nearMisses.whatHappened,
    nearMisses.location,
    logReferenceSql(nearMissPrefix, nearMisses.id),
  ],
  filters: (query: NearMissListQuery) => {
    // `type` is the spec's name for the category filter.
    const category = query.category ?? query.type;
    return [
      category === undefined ? undefined : eq(nearMisses.category, category),
      query.status === undefined ? undefined : eq(nearMisses.status, query.status),
    ];
  },
};

export const nearMissRecords = recordsOf<typeof nearMisses, NearMissListQuery>({
  table: nearMisses,
  placedOn: 'site',
  ...listDeclaration,
});

const reporter = alias(users, 'reporter');

/** A report with its site and reporter, read in the same statement. */
const sourceColumns = {
  report: getTableColumns(nearMisses),
  site: { name: sites.name, timeZoneId: sites.timeZoneId },
  reporter: { firstName: reporter.firstName, lastName: reporter.lastName },
};
interface DtoSource {
  report: NearMissRow;
  site: { name: string; timeZoneId: string };
  reporter: { firstName: string; lastName: string } | null;
}

const joinedFrom = sql`${nearMisses} inner join ${sites} on ${eq(sites.id, nearMisses.siteId)}`;

function selectSources<Extra extends Record<string, SQL>>(db: Database | Tx, extra: Extra) {
  return db
    .select({ ...sourceColumns, ...extra })
    .from(nearMisses)
    .innerJoin(sites, eq(sites.id, nearMisses.siteId))
    .leftJoin(reporter, eq(reporter.id, nearMisses.reportedBy));
}

/** The photos of several reports in one query, in the order they were added. */
async function photosOf(db: Database | Tx, reportIds: readonly string[]): Promise<Map<string, FileRow[]>> {
  const byReport = new Map<string, FileRow[]>();
  if (reportIds.length === 0) return byReport;
  const rows = await db
    .select({ reportId: nearMissPhotos.nearMissId, file: files })
    .from(nearMissPhotos)
    .innerJoin(files, eq(files.id, nearMissPhotos.fileId))
    .where(inArray(nearMissPhotos.nearMissId, [...reportIds]))
    .orderBy(asc(nearMissPhotos.position));
  for (const { reportId, file } of rows) byReport.set(reportId, [...(byReport.get(reportId) ?? []), file]);
  return byReport;
}

/** Reports as the API answers them: their photos and follow-up owners loaded for all of them at once. */
async function dtosOf(db: Database | Tx, sources: readonly DtoSource[]): Promise<NearMiss[]> {
  const ids = sources.map((source) => source.report.id);
  const photos = await photosOf(db, ids);
  const owners = await personsByIds(
    db,
    sources.flatMap((source) => source.report.followUps.flatMap((follow) => follow.ownerId ?? [])),
  );
  return sources.map(({ report, site, reporter: by }) => {
    const reportedBy = loggedPerson(report.reportedBy, by);
    if (!reportedBy) throw new Error(`near miss ${report.id} has no reporter`);
    const followUps = report.followUps.map((follow) => {
      const owner = follow.ownerId === null ? undefined : owners.get(follow.ownerId);
      return {
        _id: follow._id,
        action: follow.action,
        owner: owner ? { _id: owner._id, name: personName(owner) } : null,
        dueOn: follow.dueOn,
        doneAt: follow.doneAt === null ? null : new Date(follow.doneAt).toISOString(),
      };
    });
    return {
      _id: report.id,
      logID: logReference(nearMissPrefix, report.id),
      orgId: report.orgId,
      siteID: report.siteId,
      siteName: site.name,
      timeZoneId: site.timeZoneId,
      category: report.category,
      title: report.title,
      whatHappened: report.whatHappened,
      location: report.location,
      occurredAt: report.occurredAt.toISOString(),
      peopleInvolved: report.peopleInvolved,
      injuries: report.injuries,
      immediateAction: report.immediateAction,
      followUps,
      openFollowUps: followUps.filter((follow) => follow.doneAt === null).length,
      // Reports never take DELETED (the contract's LogStatus); the column shares the wider record type.
      status: report.status as NearMiss['status'],
      outcome: report.outcome,
      photos: (photos.get(report.id) ?? []).map(toUploadedFile),
      reportedBy,
      reportedAt: report.reportedAt.toISOString(),
      receivedAt: report.receivedAt.toISOString(),
      backFilled: isBackFilled(report.reportedAt, report.receivedAt),
      closedAt: report.closedAt?.toISOString() ?? null,
      createdAt: report.createdAt.toISOString(),
      updatedAt: report.updatedAt.toISOString(),
    };
  });
}

/**
 * One page of the reports in `scope` matching the list's filters and the total, from one statement (then
 * the page's photos and follow-up owners). The date range is of each report's own site's local dates.
 */
export async function nearMissPage(
  db: Database | Tx,
  scope: RecordScope,
  query: NearMissListQuery,
  now: Date,
): Promise<{ list: NearMiss[]; total: number }> {
  const where = and(
    nearMissRecords.scopeWhere(db, scope),
    localDateRangeWhere(nearMisses.occurredAt, sites.timeZoneId, query, now, nearMissDefaultDays),
    searchWhere(query.search, listDeclaration.search),
    ...listDeclaration.filters(query),
  );
  const { rows, total } = await joinedPage(db, { from: joinedFrom, where }, query, (count) =>
    selectSources(db, { total: count })
      .where(where)
      .orderBy(...orderBy(query, listDeclaration.sort, nearMisses.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
  );
  return { list: await dtosOf(db, rows), total };
}

/** Loaded reports as the API answers them, with their sites, reporters, photos and owners. */
export async function nearMissDtos(db: Database | Tx, rows: readonly NearMissRow[]): Promise<NearMiss[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const found = await selectSources(db, {}).where(inArray(nearMisses.id, ids));
  return dtosOf(
    db,
    inOrderOf(rows, found, (one) => one.report.id),
  );
}

/** Adds photos to a report after those it has, in the order given. */
async function addPhotos(tx: Tx, reportId: string, fileIds: readonly string[], now: Date) {
  if (fileIds.length === 0) return;
  await tx
    .insert(nearMissPhotos)
    .values(fileIds.map((fileId, position) => ({ nearMissId: reportId, fileId, position, createdAt: now })));
}

/**
 * The people who may own a report's follow-up actions: live people of its organisation who work at its
 * site (an organisation admin works at every site).
 */
function mayOwnFollowUps(db: Database | Tx, place: { orgId: string; siteId: string }) {
  return and(
    eq(users.orgId, place.orgId),
    isNull(users.deletedAt),
    or(
      eq(users.role, 'ORGANIZATION_ADMIN'),
      inArray(
        users.id,
        db.select({ id: siteMembers.userId }).from(siteMembers).where(eq(siteMembers.siteId, place.siteId)),
      ),
    ),
  );
}

/**
 * Whom the console offers as a follow-up's owner, by name: who may own the report's actions, and the
 * owners its actions have (kept when the action is saved, even once they no longer work at the site).
 */
export async function followUpOwnerChoices(db: Database | Tx, report: NearMissRow): Promise<LoggedPerson[]> {
  const owners = report.followUps.flatMap((follow) => follow.ownerId ?? []);
  const rows = await db
    .select({ _id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      or(
        mayOwnFollowUps(db, { orgId: report.orgId, siteId: report.siteId }),
        owners.length === 0 ? undefined : and(eq(users.orgId, report.orgId), inArray(users.id, owners)),
      ),
    );
  return rows
    .map((row) => ({ _id: row._id, name: personName(row) }))
    .sort(
      (a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a._id.localeCompare(b._id),
    );
}

/** Why a follow-up's owner is refused, whoever it names. */
export const followUpOwnerRefused = 'Choose someone who works at this report’s site';

/**
 * The report's follow-up actions from the list an edit sent, in its order. An action sent with its `_id`
 * keeps it (and when it was done, while still done); `done` sets or clears when it was done; an owner must
 * be a live person who works at the report's site (an organisation admin works at every site), or the
 * owner the action already had. Anything else is a 400 on that action's field, e.g.
 * `followUps.1.ownerId`: the same words for a person of another site, of another organisation or nobody,
 * so the answer never names or confirms someone the caller may not read.
 */
async function followUpsFrom(
  db: Database | Tx,
  place: { orgId: string; siteId: string },
  current: readonly NearMissFollowUpRecord[],
  sent: readonly FollowUpSent[],
  now: Date,
): Promise<NearMissFollowUpRecord[]> {
  const errors: FieldErrors = {};
  const existing = new Map(current.map((follow) => [follow._id, follow]));
  const ownerIds = [...new Set(sent.flatMap((follow) => follow.ownerId ?? []))];
  const people =
    ownerIds.length === 0
      ? []
      : await db
          .select({ id: users.id })
          .from(users)
          .where(and(inArray(users.id, ownerIds), mayOwnFollowUps(db, place)));
  const peopleIds = new Set(people.map((person) => person.id));
  const seen = new Set<string>();
  const followUps = sent.map((follow, index) => {
    const at = `followUps.${index}`;
    const kept = follow._id === undefined ? undefined : existing.get(follow._id);
    if (follow._id !== undefined && !kept) errors[`${at}._id`] = ['Not a follow-up action of this report'];
    else if (follow._id !== undefined && seen.has(follow._id)) {
      errors[`${at}._id`] = ['This follow-up action is in the list twice'];
    }
    if (follow._id !== undefined) seen.add(follow._id);
    const keptOwner = kept !== undefined && kept.ownerId === follow.ownerId;
    if (follow.ownerId && !peopleIds.has(follow.ownerId) && !keptOwner) {
      errors[`${at}.ownerId`] = [followUpOwnerRefused];
    }
    return {
      _id: follow._id ?? newId(),
      action: follow.action,
      ownerId: follow.ownerId ?? null,
      dueOn: follow.dueOn ?? null,
      doneAt: follow.done ? (kept?.doneAt ?? now.toISOString()) : null,
    };
  });
  refuseFieldErrors(errors);
  return followUps;
}

/** What a history entry keeps of it. */
export const nearMissSnapshot = (report: NearMiss): NearMissSnapshot => ({
  siteID: report.siteID,
  category: report.category,
  title: report.title,
  whatHappened: report.whatHappened,
  location: report.location,
  occurredAt: report.occurredAt,
  peopleInvolved: report.peopleInvolved,
  injuries: report.injuries,
  immediateAction: report.immediateAction,
  followUps: report.followUps.map((follow) => ({
    _id: follow._id,
    action: follow.action,
    ownerId: follow.owner?._id ?? null,
    dueOn: follow.dueOn,
    doneAt: follow.doneAt,
  })),
  status: report.status,
  outcome: report.outcome,
  photoIDs: report.photos.map((photo) => photo._id),
});

// ---- reporting and investigating -------------------------------------------------------------------------

/** What a report writes besides its place: what staff wrote, and the device's time. */
type NearMissFields = Omit<z.output<typeof nearMissCreateFieldsSchema>, 'siteID'>;
type NearMissChanges = Omit<z.output<typeof nearMissUpdateSchema>, '_id'>;

/**
 * Neither when it happened nor when it was reported may be ahead of the server's time; the report's device
 * time must also be within the sync window (given `syncWindowHours`). When it happened may be long before
 * (an injury reported days later is still reported), so only the future is refused there. Answers the
 * times to keep: a little ahead is the server's time (log-records.ts).
 */
const reportTimes = (
  fields: Pick<NearMissFields, 'occurredAt' | 'reportedAt'>,
  now: Date,
  syncWindowHours?: number,
) => ({
  occurredAt: assertDeviceTime('occurredAt', fields.occurredAt, now, 'When it happened'),
  reportedAt: assertDeviceTime('reportedAt', fields.reportedAt, now, 'The report time', syncWindowHours),
});

/** The report's times checked before anything is read (the create's `beforeCreate`). */
export const assertReportTimes =
  (syncWindowHours: number) => (fields: Pick<NearMissFields, 'occurredAt' | 'reportedAt'>, now: Date) => {
    reportTimes(fields, now, syncWindowHours);
  };

/** A report as staff send it, REPORTED, with its photos (`change.files`) in the order sent. */
export async function insertNearMiss(
  tx: Tx,
  place: SitePlace,
  fields: NearMissFields,
  now: Date,
  change: Change,
): Promise<NearMissRow> {
  const { orgId: _orgId, ...written } = fields;
  // The times to keep (a little ahead is the receipt's); the create checked the sync window before
  // reading anything (assertReportTimes), so only the skew can still apply here.
  const { occurredAt, reportedAt } = reportTimes(fields, now);
  const row = await nearMissRecords.insert(
    tx,
    place,
    {
      ...written,
      occurredAt,
      followUps: [],
      status: 'REPORTED',
      outcome: null,
      reportedBy: change.by,
      reportedAt,
      receivedAt: now,
      closedAt: null,
    },
    now,
  );
  await addPhotos(tx, row.id, change.files, now);
  return row;
}

/** Closing straight from REPORTED skips the investigation: say what to do instead. */
const skipHint = (from: LogStatus, to: LogStatus) =>
  from === 'REPORTED' && to === 'COMPLETED'
    ? 'Investigate before closing: move this near miss to Under investigation (PENDING) first, then close ' +
      'it with an outcome'
    : undefined;

/** How many open follow-up actions a refusal names before it counts the rest. */
const openActionsNamed = 5;

/**
 * A report is closed once its follow-up actions are done (or removed): closing with one open would read
 * "Closed · 1 of 1 open". A 409 naming the open actions, also on `status` so the form shows it by the
 * status it refuses. The actions as this update leaves them count, so marking the last one done and
 * closing in one save is allowed.
 */
function refuseClosingWithOpenFollowUps(followUps: readonly NearMissFollowUpRecord[]) {
  const open = followUps.filter((follow) => follow.doneAt === null).map((follow) => `“${follow.action}”`);
  if (open.length === 0) return;
  const named = open.slice(0, openActionsNamed).join(', ');
  const more = open.length - openActionsNamed;
  const one = open.length === 1;
  const message =
    `This near miss still has ${one ? 'an open follow-up action' : `${open.length} open follow-up actions`}: ` +
    `${more > 0 ? `${named} and ${more} more` : named}. ` +
    `Mark ${one ? 'it' : 'them'} done, or remove ${one ? 'it' : 'them'}, before closing the report`;
  throw conflict(message, { status: [message] });
}

/**
 * The investigation: a status move along the workflow (closing needs an outcome and sets closedAt), the
 * follow-up actions, the outcome; a correction of what staff wrote needs a reason. A closed report
 * changes only once reopened, which needs a reason too.
 */
export async function updateNearMiss(
  tx: Tx,
  current: NearMissRow,
  _siteId: string,
  fields: NearMissChanges,
  now: Date,
): Promise<NearMissRow> {
  const staffWritten = {
    category: fields.category ?? current.category,
    whatHappened: fields.whatHappened ?? current.whatHappened,
    location: fields.location ?? current.location,
    occurredAt:
      fields.occurredAt === undefined
        ? current.occurredAt
        : assertDeviceTime('occurredAt', fields.occurredAt, now, 'When it happened'),
    peopleInvolved: fields.peopleInvolved ?? current.peopleInvolved,
    injuries: fields.injuries ?? current.injuries,
    immediateAction: fields.immediateAction ?? current.immediateAction,
  };
  const staffRecordChanged = nearMissStaffWrittenFields.some(
    (field) => canonicalJson(staffWritten[field]) !== canonicalJson(current[field]),
  );
  if (staffRecordChanged && fields.reason === undefined) {
    throw fieldError(
      'reason',
      'Give a reason: changing what staff reported is kept in the report’s history with why',
    );
  }

  // Reports never take DELETED (the contract's LogStatus); the column shares the wider record type.
  const status = current.status as NearMiss['status'];
  const moves = assertMove(nearMissWorkflow, 'near miss', status, fields.status, fields.reason, skipHint);
  const nextStatus = fields.status ?? status;
  const outcome = fields.outcome === undefined ? current.outcome : textOrNull(fields.outcome);
  if (nextStatus === 'COMPLETED' && outcome === null) {
    throw fieldError('outcome', 'Write the outcome to close the report: what was found and done');
  }
  const followUps =
    fields.followUps === undefined
      ? current.followUps
      : await followUpsFrom(
          tx,
          { orgId: current.orgId, siteId: current.siteId },
          current.followUps,
          fields.followUps,
          now,
        );
  if (moves && nextStatus === 'COMPLETED') refuseClosingWithOpenFollowUps(followUps);
  const title = fields.title ?? current.title;
  const changed =
    staffRecordChanged ||
    title !== current.title ||
    outcome !== current.outcome ||
    canonicalJson(followUps) !== canonicalJson(current.followUps);
  if (status === 'COMPLETED' && !moves && changed) {
    throw conflict('This near miss is closed: reopen it (with a reason) to change it');
  }

  const closedAt = moves ? (nextStatus === 'COMPLETED' ? now : null) : current.closedAt;
  return nearMissRecords.update(
    tx,
    current,
    { ...staffWritten, title, outcome, followUps, status: nextStatus, closedAt },
    now,
  );
}
