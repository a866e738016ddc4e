import { isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  complianceLogCreateSchema,
  complianceLogHistorySchema,
  complianceLogListQuerySchema,
  complianceLogSchema,
  complianceLogUpdateSchema,
  complianceLogWorkflow,
  complianceTemplateListQuerySchema,
  complianceTemplateSchema,
  envelope,
  idParamSchema,
  listData,
  siteQuerySchema,
  type ComplianceLog,
  type ComplianceTemplate,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { checklistTemplates } from '../../tasks/index.js';
import { conflict, fieldError, notFound } from '../../../platform/http/errors.js';
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
import { allow, authOf, orgOf } from '../../../platform/auth/guard.js';
import { toTemplateDto } from '../../tasks/index.js';
import { templateRecords } from '../../tasks/index.js';
import { answersOfSubmission, correctedAnswers, logResultOf } from './answers.js';
import { assertMove, assertNotInFuture, textOrNull } from './log-records.js';
import {
  complianceLogDto,
  complianceLogPage,
  complianceLogSnapshot,
  complianceLogRecords,
  type ComplianceLogRow,
} from './repository.js';

// Compliance logs (the spec's /comlianceLog): checklists of one of the ten log types, submitted by staff
// from the mobile app and reviewed in the console. What staff recorded changes only with a reason, and
// every change is kept in the log's history.

const tags = ['comlianceLog'];
const subject = 'ComplianceLog';
const what = 'Compliance log';

const staffCall =
  'The staff member’s call: send the access token from POST /authentication/mobile-app-login in the ' +
  'Authorization header (a web admin’s token works too).';

/** The log as the API answers it, read where the change that made it happened. */
async function dtoOf(db: Database | Tx, row: Pick<ComplianceLogRow, 'id' | 'orgId'>): Promise<ComplianceLog> {
  const dto = await complianceLogDto(db, row.orgId, row.id);
  if (!dto) throw new Error(`compliance log ${row.id} could not be read back`);
  return dto;
}

/** Appends a change to the log's history, in the transaction of the change. */
async function keepHistory(
  tx: Tx,
  request: FastifyRequest,
  change: Pick<HistoryEntryInput, 'action' | 'at' | 'reason'> & {
    before: ComplianceLog | null;
    after: ComplianceLog;
  },
) {
  const entry: HistoryEntryInput = {
    orgId: change.after.orgId,
    siteId: change.after.siteID,
    subject,
    recordId: change.after._id,
    action: change.action,
    before: change.before && complianceLogSnapshot(change.before),
    after: complianceLogSnapshot(change.after),
    reason: change.reason,
    actor: actorOf(request),
    at: change.at,
  };
  if (change.action === 'update' && isNoChange(entry)) return;
  await recordHistory(tx, entry);
}

export default async function complianceLogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const gate: RecordGate<ComplianceLogRow> = {
    subject,
    what,
    tags,
    find: complianceLogRecords.find,
    record: (request, action, name, row) => assertRecordAccess(request, action, subject, name, row),
  };

  r.get(
    '/web-app-list-for-web',
    {
      schema: {
        tags,
        summary:
          'Compliance logs, newest first: by site (or every site the caller may see), a range of local ' +
          'dates of each log’s site (startDate and endDate, both or neither; default the last 30 days), ' +
          'type, status, result, and search in the title and logID',
        querystring: complianceLogListQuerySchema,
        response: { 200: envelope(listData(complianceLogSchema)) },
      },
      onRequest: allow('read', subject),
    },
    async (request) => {
      const { query } = request;
      const scope = await siteListScope(request, subject, query.siteID);
      const { list, total } = await complianceLogPage(deps.db, scope, query, deps.clock.now());
      if (list.length === 0) await scope.confirmSite?.();
      return ok(listOf(list, total, query));
    },
  );

  recordRoute(app, gate, {
    method: 'GET',
    url: '/find-one/:id',
    param: { name: 'id', schema: idParamSchema },
    action: 'read',
    summary: 'One compliance log with its answers, who submitted it and who reviewed it',
    reply: complianceLogSchema,
    handler: async (row, db) => ({ data: await dtoOf(db, row) }),
  });

  recordRoute(app, gate, {
    method: 'GET',
    url: '/log-history-list/:id',
    param: { name: 'id', schema: idParamSchema },
    action: 'read',
    summary:
      'The history of a compliance log, newest first: its submission, reviews and corrections, who made ' +
      'each, when, the log before and after, and the reason given',
    reply: complianceLogHistorySchema,
    handler: async (row, db) => {
      const entries = await historyOf(db, row.orgId, subject, row.id);
      // The snapshots are JSON this resource wrote; reading them through the contract types them.
      return { data: complianceLogHistorySchema.parse(entries.map(historyEntryDto)) };
    },
  });

  r.get(
    '/template-list',
    {
      schema: {
        tags,
        summary:
          'The organisation’s checklist templates that have a log type, with their questions, by name: ' +
          `what a compliance log can be submitted from on the site. ${staffCall}`,
        querystring: complianceTemplateListQuerySchema,
        response: { 200: envelope(z.array(complianceTemplateSchema)) },
      },
      onRequest: allow('create', subject),
    },
    async (request) => {
      const place = await assertSiteAccess(request, 'create', subject, request.query.siteID);
      const rows = await templateRecords.all(
        deps.db,
        { orgId: place.orgId },
        isNotNull(checklistTemplates.type),
        [sql`lower(${checklistTemplates.name})`],
      );
      const templates = rows
        .map(toTemplateDto)
        .flatMap(({ type, ...template }): ComplianceTemplate[] =>
          type === null ? [] : [{ ...template, type }],
        );
      return ok(templates);
    },
  );

  r.post(
    '/create-new-one',
    {
      schema: {
        tags,
        summary: 'Submit a compliance log: the answers to a template’s questions (status REPORTED)',
        description:
          '`templateID` is one of GET /template-list; `answers` gives each question’s `_id` with YES, NO or ' +
          'NA, and for a temperature `celsius` (and `checkKind`, one of the log type’s checks; left out, ' +
          'its first). Every required question needs an answer. A NO, or a temperature outside the limits ' +
          'of DOMAIN.md’s table, fails the line and needs `comment`; the log fails when a line fails. ' +
          '`submittedAt` is the device’s time (at most 5 minutes ahead of the server’s); a log received ' +
          `more than 30 minutes after it is marked back-filled. ${staffCall}`,
        body: complianceLogCreateSchema,
        querystring: siteQuerySchema,
        response: { 200: envelope(complianceLogSchema) },
      },
      onRequest: allow('create', subject),
    },
    async (request) => {
      const { body } = request;
      const now = deps.clock.now();
      assertNotInFuture('submittedAt', body.submittedAt, now, 'The submission time');
      const log = await deps.db.transaction(async (tx) => {
        const place = await assertSiteAccess(request, 'create', subject, body.siteID, tx);
        const template = await templateRecords.find(tx, place.orgId, body.templateID);
        if (!template) throw notFound('Template');
        if (template.type === null) {
          throw fieldError('templateID', 'This template has no log type, so it is not a compliance log');
        }
        const answers = answersOfSubmission(template.type, template.items, body.answers);
        const row = await complianceLogRecords.insert(
          tx,
          place,
          {
            logType: template.type,
            templateId: template.id,
            title: template.name,
            answers,
            status: 'REPORTED',
            result: logResultOf(answers).result,
            note: textOrNull(body.note),
            submittedBy: authOf(request).user.id,
            submittedAt: new Date(body.submittedAt),
            receivedAt: now,
          },
          now,
        );
        const after = await dtoOf(tx, row);
        await keepHistory(tx, request, { action: 'create', at: now, reason: null, before: null, after });
        return after;
      });
      return ok(log, 'Compliance log submitted');
    },
  );

  r.put(
    '/update-one',
    {
      schema: {
        tags,
        summary:
          'Review a compliance log (status, review note) or correct what staff recorded, with a reason',
        description:
          'Status moves REPORTED → PENDING (follow-up needed) or COMPLETED (reviewed), PENDING → COMPLETED, ' +
          'and COMPLETED → PENDING to reopen, which needs `reason`; any other move is 409. A reviewed ' +
          '(COMPLETED) log changes only once reopened. `answers` corrects lines of the log by `_id` (each ' +
          'replaced whole and judged again by the limits it was answered under); correcting answers or the ' +
          'note needs `reason`. The result is worked out again; a status move or review note records the ' +
          'caller as reviewer. Every change is kept in the history with its reason.',
        body: complianceLogUpdateSchema,
        querystring: siteQuerySchema,
        response: { 200: envelope(complianceLogSchema) },
      },
      onRequest: allow('update', subject),
    },
    async (request) => {
      const { body } = request;
      const log = await deps.db.transaction(async (tx) => {
        const found = await complianceLogRecords.find(tx, orgOf(request), body._id, { forUpdate: true });
        const current = assertRecordAccess(request, 'update', subject, what, found);
        const before = await dtoOf(tx, current);
        const now = deps.clock.now();
        const answers =
          body.answers === undefined
            ? current.answers
            : correctedAnswers(current.logType, current.answers, body.answers);
        const note = body.note === undefined ? current.note : textOrNull(body.note);
        const staffRecordChanged =
          canonicalJson(answers) !== canonicalJson(current.answers) || note !== current.note;
        if (staffRecordChanged && body.reason === undefined) {
          throw fieldError(
            'reason',
            'Give a reason: changing what staff recorded is kept in the log’s history with why',
          );
        }
        const status = before.status;
        const moves = assertMove(complianceLogWorkflow, 'compliance log', status, body.status, body.reason);
        const reviewNote = body.reviewNote === undefined ? current.reviewNote : textOrNull(body.reviewNote);
        const reviewed = moves || reviewNote !== current.reviewNote;
        if (status === 'COMPLETED' && !moves && (staffRecordChanged || reviewed)) {
          throw conflict(
            'This compliance log is reviewed and closed: reopen it (with a reason) to change it',
          );
        }
        const actor = actorOf(request);
        const updated = await complianceLogRecords.update(
          tx,
          current,
          {
            answers,
            note,
            result: logResultOf(answers).result,
            status: body.status ?? status,
            reviewNote,
            ...(reviewed ? { reviewedBy: actor.id, reviewedAt: now } : {}),
          },
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
      return ok(log, 'Compliance log updated');
    },
  );
}
