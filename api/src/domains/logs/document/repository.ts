import {
  and,
  asc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  max,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import {
  documentExpiryDays,
  documentExpiryOf,
  type DocumentExpiringCount,
  type DocumentListQuery,
  type DocumentRecord,
  type DocumentSnapshot,
  type documentCreateFieldsSchema,
  type documentUpdateFieldsSchema,
  maxDocumentFiles,
} from '@console/shared-sdk/contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../../platform/db/client.js';
import { documentFiles, documents } from '../schema.js';
import { files, sites } from '../../../platform/db/schema.js';
import { fieldError, notFound } from '../../../platform/http/errors.js';
import { orderBy, pageOf } from '../../../platform/http/list.js';
import { searchWhere } from '../../../platform/http/records.js';
import {
  recordsOf,
  type Change,
  type OwnColumns,
  type RecordScope,
} from '../../../platform/http/repository.js';
import type { FindRecord } from '../../../platform/http/resource-routes.js';
import { liveSiteIds } from '../../../platform/http/site-scope.js';
import { personsByIds } from '../../../platform/auth/users/repository.js';
import { toUploadedFile, type FileRow } from '../../../platform/files/common-uri/repository.js';
import { personName } from '../log-records.js';
import { localDate } from '../../sites/index.js';

// A document lives on one site or, with no site, on the whole organisation. The record repository places
// records on the organisation (id, orgId, timestamps, soft delete); the optional site is one of the
// document's own columns, which the routes gate themselves, and every query here shows only documents of
// live sites or of the organisation.

export type DocumentRow = typeof documents.$inferSelect;

/** An organisation's document has no zone of its own: its "today" is read in this one unless told. */
export const defaultZone = 'UTC';

const listDeclaration = {
  sort: {
    _id: documents.id,
    name: sql`lower(${documents.name})`,
    // Ascending puts documents without a date last, descending first: no date never expires.
    expiresOn: documents.expiresOn,
    createdAt: documents.createdAt,
    updatedAt: documents.updatedAt,
  },
  search: [documents.name],
};

/**
 * What a document writes: its own columns and its site. The repository's place is the organisation and it
 * writes whatever else it is given, so the site (gated by the routes) travels with the rest rather than
 * in a statement of its own.
 */
type DocumentColumns = OwnColumns<typeof documents> & { siteId: string | null };
type DocumentColumnChanges = Partial<OwnColumns<typeof documents>> & { siteId: string | null };

/** Where a document goes: its organisation, and one of its sites or none (the whole organisation). */
export interface DocumentPlace {
  orgId: string;
  siteId: string | null;
}

export const documentRecords = recordsOf<typeof documents, DocumentListQuery>({
  table: documents,
  placedOn: 'organisation',
  ...listDeclaration,
});

/** Where the documents a scope covers are: its live sites, and the organisation's own unless left out. */
function placeWhere(db: Database | Tx, scope: RecordScope, includeOrganisation: boolean): SQL | undefined {
  const onSites = inArray(documents.siteId, liveSiteIds(db, scope.orgId, scope.siteIds));
  return and(
    documentRecords.scopeWhere(db, scope),
    includeOrganisation ? or(onSites, isNull(documents.siteId)) : onSites,
  );
}

/** One live document of the organisation, on a live site or of the whole organisation. */
export const findDocument: FindRecord<DocumentRow> = async (db, orgId, id, options = {}) => {
  const query = db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), placeWhere(db, { orgId }, true)));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
};

/**
 * The zone an organisation's document is judged in when the caller looks from `siteID` (the console's
 * selected site); without one, UTC. A site that is not a live one of the organisation is 404.
 */
export async function zoneLookingFrom(
  db: Database | Tx,
  orgId: string,
  siteID: string | undefined,
): Promise<string> {
  if (siteID === undefined) return defaultZone;
  const [site] = await db
    .select({ timeZoneId: sites.timeZoneId })
    .from(sites)
    .where(and(eq(sites.id, siteID), eq(sites.orgId, orgId), isNull(sites.deletedAt)));
  if (!site) throw notFound('Site');
  return site.timeZoneId;
}

/**
 * Days from each document's today (its site's zone, else `zone`) to its expiry date; null without one.
 * `zone` may be SQL: the portfolio judges the organisation's documents in each of its sites' zones at once;
 * `now` may be a prepared statement's placeholder (the site dashboard's).
 */
function daysToExpirySql(now: Date | Placeholder, zone: string | SQL): SQL<number | null> {
  const documentZone = sql`coalesce((select ${sites.timeZoneId} from ${sites} where ${sites.id} = ${documents.siteId}), ${zone})`;
  return sql<
    number | null
  >`(${documents.expiresOn} - (${now instanceof Date ? now.toISOString() : now}::timestamptz at time zone ${documentZone})::date)`;
}

/** Documents whose days to expiry fall in [from, to] (null: unbounded); never those without a date. */
function daysWithin(days: SQL, [from, to]: readonly [number | null, number | null]): SQL | undefined {
  return and(
    sql`${documents.expiresOn} is not null`,
    from === null ? undefined : sql`${days} >= ${from}`,
    to === null ? undefined : sql`${days} <= ${to}`,
  );
}

/** Documents in an expiry status (EXPIRING, EXPIRED, VALID) as seen at `now`, for a condition in SQL. */
export const documentExpiryWhere = (
  now: Date | Placeholder,
  zone: string | SQL,
  status: keyof typeof documentExpiryDays,
): SQL | undefined => daysWithin(daysToExpirySql(now, zone), documentExpiryDays[status]);

/** What a list, the count and the dates are read against. */
export interface Looking {
  now: Date;
  /** The zone of the organisation's documents (see zoneLookingFrom). */
  zone: string;
}

/** One page of the documents in `scope` matching the list's filters, and how many match in all. */
export async function documentPage(
  db: Database | Tx,
  scope: RecordScope,
  query: DocumentListQuery,
  looking: Looking,
): Promise<{ rows: DocumentRow[]; total: number }> {
  const days = daysToExpirySql(looking.now, looking.zone);
  const where = and(
    placeWhere(db, scope, query.includeOrganisation),
    searchWhere(query.search, listDeclaration.search),
    query.category === undefined ? undefined : eq(documents.category, query.category),
    query.expiry === undefined
      ? undefined
      : query.expiry === 'NONE'
        ? isNull(documents.expiresOn)
        : daysWithin(days, documentExpiryDays[query.expiry]),
    query.expiringWithinDays === undefined ? undefined : daysWithin(days, [0, query.expiringWithinDays]),
  );
  return pageOf<DocumentRow>(
    db,
    { table: documents, columns: getTableColumns(documents) },
    where,
    orderBy(query, listDeclaration.sort, documents.id),
    query,
  );
}

/** How many documents in `scope` expire within `withinDays` from today, and how many have expired. */
export async function expiringCount(
  db: Database,
  scope: RecordScope,
  includeOrganisation: boolean,
  withinDays: number,
  looking: Looking,
): Promise<DocumentExpiringCount> {
  const days = daysToExpirySql(looking.now, looking.zone);
  const [row] = await db
    .select({
      expiring: sql<number>`count(*) filter (where ${daysWithin(days, [0, withinDays])})`.mapWith(Number),
      expired: sql<number>`count(*) filter (where ${daysWithin(days, documentExpiryDays.EXPIRED)})`.mapWith(
        Number,
      ),
    })
    .from(documents)
    .where(and(placeWhere(db, scope, includeOrganisation), sql`${documents.expiresOn} is not null`));
  return row ?? { expiring: 0, expired: 0 };
}

/** Days from `today` to `expiresOn`, both local dates (negative: expired). */
export const daysBetween = (today: string, expiresOn: string) =>
  Math.round((Date.parse(expiresOn) - Date.parse(today)) / 86_400_000);

/** The files documents hold now, in the order they were added, for several documents in one query. */
async function filesOf(db: Database | Tx, documentIds: readonly string[]): Promise<Map<string, FileRow[]>> {
  const byDocument = new Map<string, FileRow[]>();
  if (documentIds.length === 0) return byDocument;
  const rows = await db
    .select({ documentId: documentFiles.documentId, file: files })
    .from(documentFiles)
    .innerJoin(files, eq(files.id, documentFiles.fileId))
    .where(and(inArray(documentFiles.documentId, [...documentIds]), isNull(documentFiles.removedAt)))
    .orderBy(asc(documentFiles.position));
  for (const { documentId, file } of rows) {
    byDocument.set(documentId, [...(byDocument.get(documentId) ?? []), file]);
  }
  return byDocument;
}

/** Documents as the API answers them: sites, files and who added them loaded for all of them at once. */
export async function documentDtos(
  db: Database | Tx,
  rows: readonly DocumentRow[],
  looking: Looking,
): Promise<DocumentRecord[]> {
  const siteIds = [...new Set(rows.flatMap((row) => row.siteId ?? []))];
  const siteRows =
    siteIds.length === 0
      ? []
      : await db
          .select({ id: sites.id, name: sites.name, timeZoneId: sites.timeZoneId })
          .from(sites)
          .where(inArray(sites.id, siteIds));
  const sitesById = new Map(siteRows.map((site) => [site.id, site]));
  const filesByDocument = await filesOf(
    db,
    rows.map((row) => row.id),
  );
  const people = await personsByIds(
    db,
    rows.flatMap((row) => row.createdBy ?? []),
  );
  const todayIn = new Map<string, string>();
  const today = (zone: string) => {
    const known = todayIn.get(zone);
    if (known) return known;
    const date = localDate(zone, looking.now);
    todayIn.set(zone, date);
    return date;
  };
  return rows.map((row) => {
    const site = row.siteId === null ? undefined : sitesById.get(row.siteId);
    const timeZoneId = site?.timeZoneId ?? looking.zone;
    const daysToExpiry = row.expiresOn === null ? null : daysBetween(today(timeZoneId), row.expiresOn);
    const creator = row.createdBy === null ? undefined : people.get(row.createdBy);
    return {
      _id: row.id,
      orgId: row.orgId,
      siteID: row.siteId,
      siteName: site?.name ?? null,
      timeZoneId,
      name: row.name,
      category: row.category,
      expiresOn: row.expiresOn,
      expiry: documentExpiryOf(daysToExpiry),
      daysToExpiry,
      note: row.note,
      files: (filesByDocument.get(row.id) ?? []).map(toUploadedFile),
      createdBy: creator ? { _id: creator._id, name: personName(creator) } : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** What a history entry keeps of a document. */
export const snapshotOf = (document: DocumentRecord): DocumentSnapshot => ({
  siteID: document.siteID,
  name: document.name,
  category: document.category,
  expiresOn: document.expiresOn,
  note: document.note,
  fileIDs: document.files.map((file) => file._id),
});

/** The ids of the files a document holds now. */
async function heldFileIds(db: Database | Tx, documentId: string): Promise<string[]> {
  const rows = await db
    .select({ fileId: documentFiles.fileId })
    .from(documentFiles)
    .where(and(eq(documentFiles.documentId, documentId), isNull(documentFiles.removedAt)));
  return rows.map((row) => row.fileId);
}

/** Adds files to a document after every file it ever held, in the order given. */
async function attachFiles(tx: Tx, documentId: string, fileIds: readonly string[], now: Date) {
  if (fileIds.length === 0) return;
  const [last] = await tx
    .select({ position: max(documentFiles.position) })
    .from(documentFiles)
    .where(eq(documentFiles.documentId, documentId));
  const after = (last?.position ?? -1) + 1;
  await tx
    .insert(documentFiles)
    .values(
      fileIds.map((fileId, index) => ({ documentId, fileId, position: after + index, createdAt: now })),
    );
}

/** Takes files off a document; their rows stay, so the history's file ids still name them. */
async function detachFiles(tx: Tx, documentId: string, fileIds: readonly string[], now: Date) {
  if (fileIds.length === 0) return;
  await tx
    .update(documentFiles)
    .set({ removedAt: now })
    .where(
      and(
        eq(documentFiles.documentId, documentId),
        inArray(documentFiles.fileId, [...fileIds]),
        isNull(documentFiles.removedAt),
      ),
    );
}

// ---- adding and changing ---------------------------------------------------------------------------------

type DocumentFields = Omit<z.output<typeof documentCreateFieldsSchema>, 'siteID'>;
type DocumentChanges = Omit<z.output<typeof documentUpdateFieldsSchema>, '_id' | 'siteID'>;

/**
 * A document with its files (`change.files`). The record repository places it on the organisation; its
 * site (gated by the routes) is one of its own columns.
 */
export async function insertDocument(
  tx: Tx,
  place: DocumentPlace,
  fields: DocumentFields,
  now: Date,
  change: Change,
): Promise<DocumentRow> {
  const columns: DocumentColumns = { ...fields, siteId: place.siteId, createdBy: change.by };
  const row = await documentRecords.insert(tx, { orgId: place.orgId }, columns, now);
  await attachFiles(tx, row.id, change.files, now);
  return row;
}

/**
 * A change to a document, moved to `siteId`, with new files (`change.files`) and files taken off it
 * (`removedFileIDs`, which must be its own); it keeps 1 to maxDocumentFiles files.
 */
export async function updateDocument(
  tx: Tx,
  current: DocumentRow,
  siteId: string | null,
  fields: DocumentChanges,
  now: Date,
  change: Change,
): Promise<DocumentRow> {
  const { removedFileIDs = [], ...own } = fields;
  const held = new Set(await heldFileIds(tx, current.id));
  const notHeld = removedFileIDs.filter((id) => !held.has(id));
  if (notHeld.length > 0) throw fieldError('removedFileIDs', 'Not a file of this document');
  const keeps = held.size - removedFileIDs.length + change.files.length;
  if (keeps === 0) throw fieldError('files', 'A document keeps at least one file: add one first');
  if (keeps > maxDocumentFiles) {
    throw fieldError('files', `A document holds at most ${maxDocumentFiles} files`);
  }
  const changes: DocumentColumnChanges = { ...own, siteId };
  const updated = await documentRecords.update(tx, current, changes, now);
  await detachFiles(tx, current.id, removedFileIDs, now);
  await attachFiles(tx, current.id, change.files, now);
  return updated;
}
