import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  idParamSchema,
  listData,
  nearMissCreateFieldsSchema,
  nearMissHistorySchema,
  nearMissListQuerySchema,
  nearMissMaxPhotos,
  nearMissSchema,
  nearMissStaffWrittenFields,
  nearMissUpdateSchema,
  nearMissWorkflow,
  siteQuerySchema,
  uploadContentTypes,
  type LogStatus,
  type NearMiss,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { conflict, fieldError } from '../../../platform/http/errors.js';
import {
  actorOf,
  canonicalJson,
  historyEntryDto,
  historyOf,
  isNoChange,
  recordHistory,
  type HistoryEntryInput,
} from '../../../platform/history/history.js';
import { listOf } from '../../../platform/http/list.js';
import { recordRoute, type RecordGate } from '../../../platform/http/resource-routes.js';
import { ok } from '../../../platform/http/respond.js';
import { assertRecordAccess, assertSiteAccess, siteListScope } from '../../../platform/http/site-scope.js';
import { parseFormFields, readFormFiles, storeFiles } from '../../../platform/files/uploads.js';
import { allow, authOf, orgOf } from '../../../platform/auth/guard.js';
import { assertMove, assertNotInFuture, textOrNull } from '../comlianceLog/log-records.js';
import { notifyNearMiss } from './notify.js';
import {
  addPhotos,
  followUpsFrom,
  nearMissDto,
  nearMissPage,
  nearMissSnapshot,
  nearMissRecords,
  type NearMissRow,
} from './repository.js';

// Near misses and incidents (the spec's /nearMiss): reported by staff from the mobile app with photos,
// investigated and closed with an outcome in the console. The status follows REPORTED → PENDING (under
// investigation) → COMPLETED (closed); what staff wrote changes only with a reason, and every change is
// kept in the report's history.

const tags = ['nearMiss'];
const subject = 'NearMiss';
const what = 'Near miss';

const imageTypes = uploadContentTypes.filter((type) => type.startsWith('image/'));
const photosOnly = {
  types: imageTypes,
  message: 'A near-miss photo must be an image (JPEG, PNG, WebP or GIF)',
};

/** Closing straight from REPORTED skips the investigation: say what to do instead. */
const skipHint = (from: LogStatus, to: LogStatus) =>
  from === 'REPORTED' && to === 'COMPLETED'
    ? 'Investigate before closing: move this near miss to Under investigation (PENDING) first, then close ' +
      'it with an outcome'
    : undefined;

export default async function nearMissRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const { publicUrl } = deps.config;

  /** The report as the API answers it, read where the change that made it happened. */
  async function dtoOf(db: Database | Tx, row: Pick<NearMissRow, 'id' | 'orgId'>): Promise<NearMiss> {
    const dto = await nearMissDto(db, row.orgId, row.id, publicUrl);
    if (!dto) throw new Error(`near miss ${row.id} could not be read back`);
    return dto;
  }

  /** Appends a change to the report's history, in the transaction of the change. */
  async function keepHistory(
    tx: Tx,
    request: FastifyRequest,
    change: Pick<HistoryEntryInput, 'action' | 'at' | 'reason'> & {
      before: NearMiss | null;
      after: NearMiss;
    },
  ) {
    const entry: HistoryEntryInput = {
      orgId: change.after.orgId,
      siteId: change.after.siteID,
      subject,
      recordId: change.after._id,
      action: change.action,
      before: change.before && nearMissSnapshot(change.before),
      after: nearMissSnapshot(change.after),
      reason: change.reason,
      actor: actorOf(request),
      at: change.at,
    };
    if (change.action === 'update' && isNoChange(entry)) return;
    await recordHistory(tx, entry);
  }

  const gate: RecordGate<NearMissRow> = {
    subject,
    what,
    tags,
    find: nearMissRecords.find,
    record: (request, action, name, row) => assertRecordAccess(request, action, subject, name, row),
  };

  r.get(
    '/web-app-list',
    {
      schema: {
        tags,
        summary:
          'Near misses and incidents, latest first: by site (or every site the caller may see), a range of ' +
          'local dates of when each happened on its site (startDate and endDate, both or neither; default ' +
          'the last 90 days), category (or `type`, the spec’s name for it), status, and search in the ' +
          'title, what happened, where and the logID',
        querystring: nearMissListQuerySchema,
        response: { 200: envelope(listData(nearMissSchema)) },
      },
      onRequest: allow('read', subject),
    },
    async (request) => {
      const { query } = request;
      const scope = await siteListScope(request, subject, query.siteID);
      const { list, total } = await nearMissPage(deps.db, scope, query, deps.clock.now(), publicUrl);
      if (list.length === 0) await scope.confirmSite?.();
      return ok(listOf(list, total, query));
    },
  );

  recordRoute(app, gate, {
    method: 'GET',
    url: '/find-one/:id',
    param: { name: 'id', schema: idParamSchema },
    action: 'read',
    summary: 'One near miss with its follow-up actions and photos',
    reply: nearMissSchema,
    handler: async (row, db) => ({ data: await dtoOf(db, row) }),
  });

  recordRoute(app, gate, {
    method: 'GET',
    url: '/log-history-list/:id',
    param: { name: 'id', schema: idParamSchema },
    action: 'read',
    summary:
      'The history of a near miss, newest first: its report, investigation and closing, who made each ' +
      'change, when, the report before and after, and the reason given',
    reply: nearMissHistorySchema,
    handler: async (row, db) => {
      const entries = await historyOf(db, row.orgId, subject, row.id);
      // The snapshots are JSON this resource wrote; reading them through the contract types them.
      return { data: nearMissHistorySchema.parse(entries.map(historyEntryDto)) };
    },
  });

  r.post(
    '/create-new-one',
    {
      schema: {
        tags,
        summary: `Report a near miss or incident, with up to ${nearMissMaxPhotos} photos (status REPORTED)`,
        description:
          'A multipart form: siteID, category (ACCIDENT, INCIDENT, FOOD POISONING, ALLERGIC REACTION), ' +
          'title, whatHappened, location (where), occurredAt (not in the future), peopleInvolved, injuries, ' +
          'immediateAction, reportedAt (the device’s time, at most 5 minutes ahead of the server’s), and up ' +
          `to ${nearMissMaxPhotos} image files (JPEG, PNG, WebP, GIF; 10 MB each) in any file field. All or ` +
          'nothing: when a photo is refused (415) no report and no file is kept. A report received more ' +
          'than 30 minutes after reportedAt is marked back-filled. The site’s admins who asked for it get an ' +
          'e-mail. The staff member’s call: send the access token from POST ' +
          '/authentication/mobile-app-login in the Authorization header (a web admin’s token works too).',
        consumes: ['multipart/form-data'],
        querystring: siteQuerySchema,
        response: { 200: envelope(nearMissSchema) },
      },
      onRequest: allow('create', subject),
    },
    async (request, reply) => {
      const form = await readFormFiles(
        request,
        nearMissMaxPhotos,
        `Send at most ${nearMissMaxPhotos} photos with a report`,
      );
      const fields = parseFormFields(nearMissCreateFieldsSchema, form.fields);
      const now = deps.clock.now();
      assertNotInFuture('occurredAt', fields.occurredAt, now, 'When it happened');
      assertNotInFuture('reportedAt', fields.reportedAt, now, 'The report time');
      const place = await assertSiteAccess(request, 'create', subject, fields.siteID);
      const reporter = authOf(request).user.id;
      const photos = await storeFiles(deps, { orgId: place.orgId, userId: reporter }, form.files, photosOnly);
      let report: NearMiss;
      try {
        report = await deps.db.transaction(async (tx) => {
          const { siteID: _siteID, orgId: _orgId, ...written } = fields;
          const row = await nearMissRecords.insert(
            tx,
            place,
            {
              ...written,
              occurredAt: new Date(fields.occurredAt),
              followUps: [],
              status: 'REPORTED',
              outcome: null,
              reportedBy: reporter,
              reportedAt: new Date(fields.reportedAt),
              receivedAt: now,
              closedAt: null,
            },
            now,
          );
          await addPhotos(
            tx,
            row.id,
            photos.stored.map((file) => file.id),
            now,
          );
          const after = await dtoOf(tx, row);
          await keepHistory(tx, request, { action: 'create', at: now, reason: null, before: null, after });
          return after;
        });
      } catch (error) {
        await photos.discard();
        throw error;
      }
      app.afterReply.run(reply, 'near-miss e-mail', () => notifyNearMiss(deps, report));
      return ok(report, 'Near miss reported');
    },
  );

  r.put(
    '/update-one',
    {
      schema: {
        tags,
        summary:
          'Investigate, close or reopen a near miss; edit its follow-up actions; correct it with a reason',
        description:
          'Status moves REPORTED → PENDING (under investigation) → COMPLETED (closed: needs `outcome`, sets ' +
          '`closedAt`), and COMPLETED → PENDING to reopen, which needs `reason`. Closing straight from ' +
          'REPORTED, or any other move, is 409; a closed report changes only once reopened. `followUps` ' +
          'replaces the list: an action sent with its `_id` keeps it, `done` sets or clears when it was done, ' +
          'and an owner must be a person of the organisation. Changing what staff wrote (category, what ' +
          'happened, where, when, who was involved, injuries, immediate action) needs `reason`. Every change ' +
          'is kept in the history with its reason.',
        body: nearMissUpdateSchema,
        querystring: siteQuerySchema,
        response: { 200: envelope(nearMissSchema) },
      },
      onRequest: allow('update', subject),
    },
    async (request) => {
      const { body } = request;
      const report = await deps.db.transaction(async (tx) => {
        const found = await nearMissRecords.find(tx, orgOf(request), body._id, { forUpdate: true });
        const current = assertRecordAccess(request, 'update', subject, what, found);
        const before = await dtoOf(tx, current);
        const now = deps.clock.now();

        if (body.occurredAt !== undefined) {
          assertNotInFuture('occurredAt', body.occurredAt, now, 'When it happened');
        }
        const staffWritten = {
          category: body.category ?? current.category,
          whatHappened: body.whatHappened ?? current.whatHappened,
          location: body.location ?? current.location,
          occurredAt: body.occurredAt === undefined ? current.occurredAt : new Date(body.occurredAt),
          peopleInvolved: body.peopleInvolved ?? current.peopleInvolved,
          injuries: body.injuries ?? current.injuries,
          immediateAction: body.immediateAction ?? current.immediateAction,
        };
        const staffRecordChanged = nearMissStaffWrittenFields.some(
          (field) => canonicalJson(staffWritten[field]) !== canonicalJson(current[field]),
        );
        if (staffRecordChanged && body.reason === undefined) {
          throw fieldError(
            'reason',
            'Give a reason: changing what staff reported is kept in the report’s history with why',
          );
        }

        const status = before.status;
        const moves = assertMove(nearMissWorkflow, 'near miss', status, body.status, body.reason, skipHint);
        const nextStatus = body.status ?? status;
        const outcome = body.outcome === undefined ? current.outcome : textOrNull(body.outcome);
        if (nextStatus === 'COMPLETED' && outcome === null) {
          throw fieldError('outcome', 'Write the outcome to close the report: what was found and done');
        }
        const followUps =
          body.followUps === undefined
            ? current.followUps
            : await followUpsFrom(tx, current.orgId, current.followUps, body.followUps, now);
        const title = body.title ?? current.title;
        const changed =
          staffRecordChanged ||
          title !== current.title ||
          outcome !== current.outcome ||
          canonicalJson(followUps) !== canonicalJson(current.followUps);
        if (status === 'COMPLETED' && !moves && changed) {
          throw conflict('This near miss is closed: reopen it (with a reason) to change it');
        }

        const closedAt = moves ? (nextStatus === 'COMPLETED' ? now : null) : current.closedAt;
        const updated = await nearMissRecords.update(
          tx,
          current,
          { ...staffWritten, title, outcome, followUps, status: nextStatus, closedAt },
          now,
        );
        const after = await dtoOf(tx, updated);
        await keepHistory(tx, request, {
          action: 'update',
          at: now,
          reason: body.reason ?? null,
          before,
          after,
        });
        return after;
      });
      return ok(report, 'Near miss updated');
    },
  );
}
