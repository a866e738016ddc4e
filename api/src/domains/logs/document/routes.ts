import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asSubject, type Action } from '@console/shared-sdk/ability';
import {
  documentCreateFieldsSchema,
  documentExpiringCountQuerySchema,
  documentExpiringCountSchema,
  documentExpiryWarningDays,
  documentHistorySchema,
  documentListQuerySchema,
  documentReadQuerySchema,
  documentSchema,
  documentUpdateFieldsSchema,
  envelope,
  idParamSchema,
  listData,
  maxDocumentFiles,
  type DocumentRecord,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { fieldError, forbidden, notFound } from '../../../platform/http/errors.js';
import {
  actorOf,
  historyEntryDto,
  historyOf,
  isNoChange,
  recordHistory,
  type HistoryEntryInput,
} from '../../../platform/history/history.js';
import { listOf } from '../../../platform/http/list.js';
import { recordRoute, type RecordGate } from '../../../platform/http/resource-routes.js';
import { ok } from '../../../platform/http/respond.js';
import { assertSiteAccess, siteListScope } from '../../../platform/http/site-scope.js';
import {
  parseFormFields,
  readFormFiles,
  storeFiles,
  type StoredFiles,
} from '../../../platform/files/uploads.js';
import { allow, authOf, orgOf } from '../../../platform/auth/guard.js';
import {
  attachFiles,
  defaultZone,
  detachFiles,
  documentDtos,
  documentPage,
  documentRecords,
  expiringCount,
  findDocument,
  heldFileIds,
  snapshotOf,
  zoneLookingFrom,
  type DocumentChanges,
  type DocumentColumns,
  type DocumentRow,
} from './repository.js';

// Documents (the spec's /document): licences, certificates, policies, of one site or of the whole
// organisation, with their files and an optional expiry date. Organisation admins manage all of them; a
// site admin manages its sites' documents and reads the organisation's own. Every change is kept in the
// document's history.

const tags = ['document'];
const subject = 'Document';
const what = 'Document';

const organisationOnly = 'Documents of the whole organisation are managed by its organisation admins';

/**
 * Whether the caller may `action` documents at a place: a site (its admins, and the organisation's) or the
 * whole organisation (null: its admins; site admins only read there).
 */
function assertMayAt(
  request: FastifyRequest,
  action: Action,
  place: { orgId: string; siteID: string | null },
) {
  if (authOf(request).ability.can(action, asSubject(subject, place))) return;
  throw forbidden(place.siteID === null ? organisationOnly : undefined);
}

/** The gate for one loaded document: missing (or another organisation's) is 404, not the caller's is 403. */
function documentGate(request: FastifyRequest, action: Action, name: string, row: DocumentRow | undefined) {
  if (!row) throw notFound(name);
  assertMayAt(request, action, { orgId: row.orgId, siteID: row.siteId });
  return row;
}

/**
 * Where a new or moved document may go: a live site of the organisation the caller may `action` there
 * (else 404 or 403, the site gate), or null for the whole organisation (its admins only).
 */
async function placeFor(
  request: FastifyRequest,
  action: Action,
  siteID: string | null,
  db: Database | Tx,
): Promise<string | null> {
  if (siteID === null) {
    assertMayAt(request, action, { orgId: orgOf(request), siteID: null });
    return null;
  }
  return (await assertSiteAccess(request, action, subject, siteID, db)).siteID;
}

const filesMessage = `Attach 1 to ${maxDocumentFiles} files (images, PDF, text, CSV, XLSX or DOCX; 10 MB each)`;

export default async function documentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const { publicUrl } = deps.config;

  /** The document as the API answers it, read where the change that made it happened. */
  async function dtoOf(db: Database | Tx, row: DocumentRow, zone: string): Promise<DocumentRecord> {
    const [dto] = await documentDtos(db, [row], { now: deps.clock.now(), zone, publicUrl });
    if (!dto) throw new Error(`document ${row.id} could not be read back`);
    return dto;
  }

  /** Appends a change to the document's history, in the transaction of the change. */
  async function keepHistory(
    tx: Tx,
    request: FastifyRequest,
    change: Pick<HistoryEntryInput, 'action' | 'at'> & {
      before: DocumentRecord | null;
      after: DocumentRecord | null;
    },
  ) {
    const document = change.after ?? change.before;
    if (!document) throw new Error('a history entry needs the document before or after');
    const entry: HistoryEntryInput = {
      orgId: document.orgId,
      siteId: document.siteID,
      subject,
      recordId: document._id,
      action: change.action,
      before: change.before && snapshotOf(change.before),
      after: change.after && snapshotOf(change.after),
      reason: null,
      actor: actorOf(request),
      at: change.at,
    };
    if (change.action === 'update' && isNoChange(entry)) return;
    await recordHistory(tx, entry);
  }

  /** Runs `change` with the files it was given stored; when it fails, they are removed again. */
  async function withFiles<T>(stored: StoredFiles, change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } catch (error) {
      await stored.discard();
      throw error;
    }
  }

  const gate: RecordGate<DocumentRow> = { subject, what, tags, find: findDocument, record: documentGate };

  r.get(
    '/web-app-list',
    {
      schema: {
        tags,
        summary:
          'Documents: with siteID, that site’s and (unless includeOrganisation=false) the whole ' +
          'organisation’s; without, those of every site the caller may see and the organisation’s. Filters: ' +
          'category, expiry (VALID, EXPIRING within 30 days, EXPIRED, NONE), expiringWithinDays (expiry from ' +
          'today to N days ahead, expired ones excluded), search in the name. Soonest expiry first, those ' +
          'without a date last, unless sorted. The first record carries the spec’s totalResult.',
        description:
          '"Today" is the local date of each document’s site; a document of the whole organisation is read ' +
          'in the zone of siteID, else UTC.',
        querystring: documentListQuerySchema,
        response: { 200: envelope(listData(documentSchema)) },
      },
      onRequest: allow('read', subject),
    },
    async (request) => {
      const { query } = request;
      const scope = await siteListScope(request, subject, query.siteID);
      const looking = {
        now: deps.clock.now(),
        zone: await zoneLookingFrom(deps.db, scope.orgId, query.siteID),
      };
      const { rows, total } = await documentPage(deps.db, scope, query, looking);
      const list = await documentDtos(deps.db, rows, { ...looking, publicUrl });
      const [first] = list;
      if (first) first.totalResult = total;
      return ok(listOf(list, total, query));
    },
  );

  r.get(
    '/expiring-count',
    {
      schema: {
        tags,
        summary: `How many documents expire within \`days\` (default ${documentExpiryWarningDays}) from today, and how many have expired, for the dashboard`,
        description:
          'Covers the same documents as web-app-list: with siteID, that site’s and the organisation’s.',
        querystring: documentExpiringCountQuerySchema,
        response: { 200: envelope(documentExpiringCountSchema) },
      },
      onRequest: allow('read', subject),
    },
    async (request) => {
      const { query } = request;
      const scope = await siteListScope(request, subject, query.siteID);
      const looking = {
        now: deps.clock.now(),
        zone: await zoneLookingFrom(deps.db, scope.orgId, query.siteID),
      };
      return ok(await expiringCount(deps.db, scope, query.includeOrganisation, query.days, looking));
    },
  );

  r.get(
    '/find-one/:id',
    {
      schema: {
        tags,
        summary: 'One document with its files (each opens at its location)',
        description: 'siteID names the zone a document of the whole organisation is read in (else UTC).',
        params: idParamSchema,
        querystring: documentReadQuerySchema,
        response: { 200: envelope(documentSchema) },
      },
      onRequest: allow('read', subject),
    },
    async (request) => {
      const orgId = orgOf(request);
      const row = documentGate(request, 'read', what, await findDocument(deps.db, orgId, request.params.id));
      return ok(await dtoOf(deps.db, row, await zoneLookingFrom(deps.db, orgId, request.query.siteID)));
    },
  );

  recordRoute(app, gate, {
    method: 'GET',
    url: '/log-history-list/:id',
    param: { name: 'id', schema: idParamSchema },
    action: 'read',
    summary:
      'The history of a document, newest first: who added, changed or deleted it, when, and the document ' +
      'before and after (its fields and file ids)',
    reply: documentHistorySchema,
    handler: async (row, db) => {
      const entries = await historyOf(db, row.orgId, subject, row.id);
      // The snapshots are JSON this resource wrote; reading them through the contract types them.
      return { data: documentHistorySchema.parse(entries.map(historyEntryDto)) };
    },
  });

  recordRoute(app, gate, {
    method: 'DELETE',
    url: '/delete-one/:id',
    param: { name: 'id', schema: idParamSchema },
    action: 'delete',
    summary: 'Delete a document (kept for its history; its files stay reachable from there)',
    reply: z.null(),
    handler: async (row, db, request) => {
      // A record route runs a change inside its transaction.
      const tx = db as Tx;
      const before = await dtoOf(tx, row, defaultZone);
      const at = deps.clock.now();
      await documentRecords.softDelete(tx, row.id, at);
      await keepHistory(tx, request, { action: 'delete', at, before, after: null });
      return { data: null, message: 'Document deleted' };
    },
  });

  r.post(
    '/create-new-one',
    {
      schema: {
        tags,
        summary: 'Add a document with its files (multipart form)',
        description:
          'Text fields: siteID (blank or absent: the whole organisation, for an organisation admin only), ' +
          'name, category, expiresOn (YYYY-MM-DD, blank for none), note. ' +
          `${filesMessage}, in any file field. All or nothing: a file of a type not accepted is 415 and ` +
          'nothing is kept. siteID in the query names the zone a document of the whole organisation is ' +
          'read in.',
        consumes: ['multipart/form-data'],
        querystring: documentReadQuerySchema,
        response: { 200: envelope(documentSchema) },
      },
      onRequest: allow('create', subject),
    },
    async (request) => {
      const form = await readFormFiles(request, maxDocumentFiles, filesMessage);
      const fields = parseFormFields(documentCreateFieldsSchema, form.fields);
      const orgId = orgOf(request);
      const siteId = await placeFor(request, 'create', fields.siteID, deps.db);
      if (form.files.length === 0) throw fieldError('files', filesMessage);
      const zone = await zoneLookingFrom(deps.db, orgId, request.query.siteID);
      const createdBy = authOf(request).user.id;
      const stored = await storeFiles(deps, { orgId, userId: createdBy }, form.files);
      const document = await withFiles(stored, () =>
        deps.db.transaction(async (tx) => {
          const at = deps.clock.now();
          const { siteID: _siteID, ...own } = fields;
          const columns: DocumentColumns = { ...own, siteId, createdBy };
          const row = await documentRecords.insert(tx, { orgId }, columns, at);
          await attachFiles(
            tx,
            row.id,
            stored.stored.map((file) => file.id),
            at,
          );
          const after = await dtoOf(tx, row, zone);
          await keepHistory(tx, request, { action: 'create', at, before: null, after });
          return after;
        }),
      );
      return ok(document, 'Document created');
    },
  );

  r.put(
    '/update-one',
    {
      schema: {
        tags,
        summary: 'Change a document, add files to it or take files off it (multipart form)',
        description:
          'Text fields: _id, and any of name, category, expiresOn (blank: no expiry), note, siteID (blank: ' +
          'the whole organisation; moving needs the right on both places), removedFileIDs (a JSON array of ' +
          `the document’s file ids). New files in any file field. A document keeps 1 to ${maxDocumentFiles} ` +
          'files. Every change is kept in its history.',
        consumes: ['multipart/form-data'],
        querystring: documentReadQuerySchema,
        response: { 200: envelope(documentSchema) },
      },
      onRequest: allow('update', subject),
    },
    async (request) => {
      const form = await readFormFiles(request, maxDocumentFiles, filesMessage);
      const {
        _id,
        siteID,
        removedFileIDs = [],
        ...own
      } = parseFormFields(documentUpdateFieldsSchema, form.fields);
      const orgId = orgOf(request);
      /** The document, loaded and gated, and where it ends up. */
      const admit = async (db: Database | Tx, forUpdate: boolean) => {
        const current = documentGate(
          request,
          'update',
          what,
          await findDocument(db, orgId, _id, { forUpdate }),
        );
        const siteId = siteID === undefined ? current.siteId : await placeFor(request, 'update', siteID, db);
        return { current, siteId };
      };
      // Files are stored only for a caller who may make the change; the transaction checks again.
      if (form.files.length > 0) await admit(deps.db, false);
      const zone = await zoneLookingFrom(deps.db, orgId, request.query.siteID);
      const stored = await storeFiles(deps, { orgId, userId: authOf(request).user.id }, form.files);
      const document = await withFiles(stored, () =>
        deps.db.transaction(async (tx) => {
          const { current, siteId } = await admit(tx, true);
          const held = new Set(await heldFileIds(tx, current.id));
          const notHeld = removedFileIDs.filter((id) => !held.has(id));
          if (notHeld.length > 0) throw fieldError('removedFileIDs', 'Not a file of this document');
          const keeps = held.size - removedFileIDs.length + stored.stored.length;
          if (keeps === 0) throw fieldError('files', 'A document keeps at least one file: add one first');
          if (keeps > maxDocumentFiles) {
            throw fieldError('files', `A document holds at most ${maxDocumentFiles} files`);
          }
          const before = await dtoOf(tx, current, zone);
          const at = deps.clock.now();
          const changes: DocumentChanges = { ...own, siteId };
          const updated = await documentRecords.update(tx, current, changes, at);
          await detachFiles(tx, current.id, removedFileIDs, at);
          await attachFiles(
            tx,
            current.id,
            stored.stored.map((file) => file.id),
            at,
          );
          const after = await dtoOf(tx, updated, zone);
          await keepHistory(tx, request, { action: 'update', at, before, after });
          return after;
        }),
      );
      return ok(document, 'Document updated');
    },
  );
}
