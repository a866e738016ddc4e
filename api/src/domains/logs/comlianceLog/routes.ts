import { isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  complianceLogCreateSchema,
  complianceLogHistorySchema,
  complianceLogListQuerySchema,
  complianceLogSchema,
  complianceLogUpdateSchema,
  complianceTemplateListQuerySchema,
  complianceTemplateSchema,
  envelope,
  type ComplianceTemplate,
} from '@console/shared-sdk/contract';
import { checklistTemplates, templateRecords, toTemplateDto } from '../../tasks/index.js';
import { keptOnSite, resourceRoutes } from '../../../platform/http/resource-routes.js';
import { ok } from '../../../platform/http/respond.js';
import { assertSiteAccess } from '../../../platform/http/site-scope.js';
import { allow } from '../../../platform/auth/guard.js';
import { assertDeviceTime, defaultOrderWords } from '../log-records.js';
import { openFailedLines } from './deviations.js';
import {
  complianceLogDtos,
  complianceLogPage,
  complianceLogRecords,
  complianceLogSnapshot,
  insertComplianceLog,
  updateComplianceLog,
} from './repository.js';

// Compliance logs (the spec's /comlianceLog): checklists of one of the ten log types, submitted by staff
// from the mobile app and reviewed in the console. What staff recorded changes only with a reason, and
// every change is kept in the log's history.

const tags = ['comlianceLog'];
const subject = 'ComplianceLog';

const staffCall =
  'The staff member’s call: send the access token from POST /authentication/mobile-app-login in the ' +
  'Authorization header (a web admin’s token works too).';

export default async function complianceLogRoutes(app: FastifyInstance) {
  const { deps } = app;

  /** What a compliance log can be submitted from: GET /template-list, listed between history and create. */
  const templateList = () =>
    app.withTypeProvider<ZodTypeProvider>().get(
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
          { orgId: place.orgId, siteIds: [place.siteID] },
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

  resourceRoutes(app, {
    tenancy: keptOnSite(subject),
    tags,
    what: 'Compliance log',
    label: 'Compliance log',
    verbs: { create: 'submitted' },
    summaries: {
      list:
        'Compliance logs, newest first: by site (or every site the caller may see), a range of local ' +
        'dates of each log’s site (startDate and endDate, both or neither; default the last 30 days), ' +
        'type, status, result, and search in the title and logID',
      findOne: 'One compliance log with its answers, who submitted it and who reviewed it',
      history:
        'The history of a compliance log, newest first: its submission, reviews and corrections, who made ' +
        'each, when, the log before and after, and the reason given',
      create: 'Submit a compliance log: the answers to a template’s questions (status REPORTED)',
      update: 'Review a compliance log (status, review note) or correct what staff recorded, with a reason',
    },
    descriptions: {
      list: defaultOrderWords('newest submission first (`-submittedAt`)'),
      create:
        '`templateID` is one of GET /template-list; `answers` gives each question’s `_id` with YES, NO or ' +
        'NA, and for a temperature `celsius` (and `checkKind`, one of the log type’s checks; left out, ' +
        'its first). Every required question needs an answer. A NO, or a temperature outside the limits ' +
        'of DOMAIN.md’s table, fails the line and needs `comment`; the log fails when a line fails. ' +
        '`submittedAt` is the device’s time (at most 2 minutes ahead of the server’s, and within the sync ' +
        'window, 72 hours by default, before it: otherwise 400); a log received ' +
        `more than 30 minutes after it is marked back-filled. ${staffCall}`,
      update:
        'Status moves REPORTED → PENDING (follow-up needed) or COMPLETED (reviewed), PENDING → COMPLETED, ' +
        'and COMPLETED → PENDING to reopen, which needs `reason`; any other move is 409. A reviewed ' +
        '(COMPLETED) log changes only once reopened. `answers` corrects lines of the log by `_id` (each ' +
        'replaced whole and judged again by the limits it was answered under); correcting answers or the ' +
        'note needs `reason`. The result is worked out again; a status move or review note records the ' +
        'caller as reviewer. Every change is kept in the history with its reason.',
    },
    schemas: {
      listQuery: complianceLogListQuerySchema,
      create: complianceLogCreateSchema,
      update: complianceLogUpdateSchema,
      item: complianceLogSchema,
    },
    // A failing line opens its corrective action in the transaction that records or corrects the log
    // (deviations.ts).
    repository: {
      find: complianceLogRecords.find,
      insert: async (tx, place, fields, now, change) => {
        const row = await insertComplianceLog(tx, place, fields, now, change);
        await openFailedLines(tx, row, now);
        return row;
      },
      update: async (tx, current, target, fields, now, change) => {
        const row = await updateComplianceLog(tx, current, target, fields, now, change);
        if (fields.answers !== undefined) await openFailedLines(tx, row, now);
        return row;
      },
    },
    list: {
      url: '/web-app-list-for-web',
      page: (db, scope, query) => complianceLogPage(db, scope, query, deps.clock.now()),
    },
    toDtos: complianceLogDtos,
    // The kitchen app sends its queue again after a lost answer: a copy records nothing twice.
    clientWrites: true,
    beforeCreate: (body, now) =>
      assertDeviceTime(
        'submittedAt',
        body.submittedAt,
        now,
        'The submission time',
        deps.config.syncWindowHours,
      ),
    calls: ['list', 'findOne', 'history', templateList, 'create', 'update'],
    history: {
      snapshot: complianceLogSnapshot,
      route: { reply: complianceLogHistorySchema },
    },
  });
}
