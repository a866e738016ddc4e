import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
  maxDocumentFiles,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { forbidden, notFound } from '../../../platform/http/errors.js';
import { resourceRoutes, type Tenancy } from '../../../platform/http/resource-routes.js';
import { ok } from '../../../platform/http/respond.js';
import { assertSiteAccess, siteListScope } from '../../../platform/http/site-scope.js';
import { allow, authOf, orgOf } from '../../../platform/auth/guard.js';
import {
  documentDtos,
  documentPage,
  documentRecords,
  expiringCount,
  findDocument,
  insertDocument,
  snapshotOf,
  updateDocument,
  zoneLookingFrom,
  type DocumentPlace,
  type DocumentRow,
} from './repository.js';
import { defaultOrderWords } from '../log-records.js';

// Documents (the spec's /document): licences, certificates, policies, of one site or of the whole
// organisation, with their files and an optional expiry date. Organisation admins manage all of them; a
// site admin manages its sites' documents and reads the organisation's own. Every change is kept in the
// document's history.

const tags = ['document'];
const subject = 'Document';

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

/** A document lives on a site or on the whole organisation, and may move between them. */
const tenancy: Tenancy<
  DocumentRow,
  { siteID?: string | undefined },
  { siteID: string | null },
  { siteID?: string | null | undefined },
  DocumentPlace,
  string | null
> = {
  subject,
  where: async (request, query) => {
    // The list reads the zone of siteID, which answers for a missing site, so an empty page needs no check.
    const { confirmSite: _confirmSite, ...scope } = await siteListScope(request, subject, query.siteID);
    return scope;
  },
  admit: (request, body) => async (tx) => ({
    orgId: orgOf(request),
    siteId: await placeFor(request, 'create', body.siteID, tx),
  }),
  record: (request, action, name, row) => {
    if (!row) throw notFound(name);
    assertMayAt(request, action, { orgId: row.orgId, siteID: row.siteId });
    return row;
  },
  target: async (request, current, body, tx) =>
    body.siteID === undefined ? current.siteId : placeFor(request, 'update', body.siteID, tx),
};

const filesMessage = `Attach 1 to ${maxDocumentFiles} files (images, PDF, text, CSV, XLSX or DOCX; 10 MB each)`;

export default async function documentRoutes(app: FastifyInstance) {
  const { deps } = app;

  /** What an organisation's document's "today" is read in: the zone of the site the caller looks from. */
  const lookingFrom = async (request: FastifyRequest, siteID: string | undefined) => ({
    now: deps.clock.now(),
    zone: await zoneLookingFrom(deps.db, orgOf(request), siteID),
  });

  /** The dashboard's count, listed between the list and find-one. */
  const expiringCountRoute = () =>
    app.withTypeProvider<ZodTypeProvider>().get(
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
        const looking = await lookingFrom(request, query.siteID);
        return ok(await expiringCount(deps.db, scope, query.includeOrganisation, query.days, looking));
      },
    );

  resourceRoutes(app, {
    tenancy,
    tags,
    what: 'Document',
    label: 'Document',
    summaries: {
      list:
        'Documents: with siteID, that site’s and (unless includeOrganisation=false) the whole ' +
        'organisation’s; without, those of every site the caller may see and the organisation’s. Filters: ' +
        'category, expiry (VALID, EXPIRING within 30 days, EXPIRED, NONE), expiringWithinDays (expiry from ' +
        'today to N days ahead, expired ones excluded), search in the name. Soonest expiry first, those ' +
        'without a date last, unless sorted. The first record carries the spec’s totalResult.',
      findOne: 'One document with its files (each opens at its location)',
      history:
        'The history of a document, newest first: who added, changed or deleted it, when, and the document ' +
        'before and after (its fields and file ids)',
      delete: 'Delete a document (kept for its history; its files stay reachable from there)',
      create: 'Add a document with its files (multipart form)',
      update: 'Change a document, add files to it or take files off it (multipart form)',
    },
    descriptions: {
      list:
        '"Today" is the local date of each document’s site; a document of the whole organisation is read ' +
        'in the zone of siteID, else UTC. ' +
        defaultOrderWords(
          'the soonest expiry first, those without a date last (`expiresOn`)',
          'what needs renewing comes first',
        ),
      findOne: 'siteID names the zone a document of the whole organisation is read in (else UTC).',
      create:
        'Text fields: siteID (blank or absent: the whole organisation, for an organisation admin only), ' +
        'name, category, expiresOn (YYYY-MM-DD, blank for none), note. ' +
        `${filesMessage}, in any file field. All or nothing: a file of a type not accepted is 415 and ` +
        'nothing is kept. siteID in the query names the zone a document of the whole organisation is ' +
        'read in.',
      update:
        'Text fields: _id, and any of name, category, expiresOn (blank: no expiry), note, siteID (blank: ' +
        'the whole organisation; moving needs the right on both places), removedFileIDs (a JSON array of ' +
        `the document’s file ids). New files in any file field. A document keeps 1 to ${maxDocumentFiles} ` +
        'files. Every change is kept in its history.',
    },
    schemas: {
      listQuery: documentListQuerySchema,
      create: documentCreateFieldsSchema,
      update: documentUpdateFieldsSchema,
      item: documentSchema,
      readQuery: documentReadQuerySchema,
    },
    repository: {
      list: documentPage,
      find: findDocument,
      insert: insertDocument,
      update: updateDocument,
      remove: documentRecords.softDelete,
    },
    view: lookingFrom,
    toDtos: documentDtos,
    list: {
      carryTotal: (first, total) => {
        first.totalResult = total;
      },
    },
    forms: {
      create: { maxFiles: maxDocumentFiles, tooMany: filesMessage, required: filesMessage },
      update: { maxFiles: maxDocumentFiles, tooMany: filesMessage },
    },
    calls: ['list', expiringCountRoute, 'findOne', 'history', 'delete', 'create', 'update'],
    history: {
      snapshot: snapshotOf,
      route: { reply: documentHistorySchema },
    },
  });
}
