import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  idParamSchema,
  listData,
  recurringProblemThreshold,
  reviewPeriodDays,
  reviewPeriodEpoch,
  siteQuerySchema,
  siteReviewCurrentQuerySchema,
  siteReviewListQuerySchema,
  siteReviewSchema,
  siteReviewSignSchema,
  siteReviewUpdateSchema,
} from '@console/shared-sdk/contract';
import type { Action } from '@console/shared-sdk/ability';
import { allow, authOf, orgOf } from '../../../platform/auth/guard.js';
import { assertOwnPassword } from '../../../platform/auth/own-password.js';
import { findLiveUser } from '../../../platform/auth/users/repository.js';
import type { Database, Tx } from '../../../platform/db/client.js';
import { acknowledgeEventsOf } from '../../../platform/events/raise.js';
import { actorOf, recordHistory } from '../../../platform/history/history.js';
import { unauthorized } from '../../../platform/http/errors.js';
import { listOf } from '../../../platform/http/list.js';
import { ok } from '../../../platform/http/respond.js';
import { keptOnSite, recordRoute } from '../../../platform/http/resource-routes.js';
import { siteAccess, siteListScope } from '../../../platform/http/site-scope.js';
import {
  assertDraft,
  ensureReview,
  reviewDtos,
  reviewPage,
  reviewSnapshot,
  signReview,
  siteReviewRecords,
  writeNotes,
  type SiteReviewRow,
} from './repository.js';
import { currentPeriod } from './periods.js';

// The four-weekly review (/siteReview): each site's review of its records every four weeks, drafted from
// them (drafting.ts), noted by its admins and signed by one with their password typed again; signed, it
// never changes. Site admins on their own sites, organisation admins in the organisation; staff never.

const tags = ['siteReview'];
const subject = 'SiteReview';
const what = 'Review';

const periodWords =
  `A period is ${reviewPeriodDays} of the site’s local dates, counted from ${reviewPeriodEpoch} (the same ` +
  'dates at every site).';
const contentsWords =
  'Its contents (a draft’s drafted afresh from the records on every read, a signed one’s as signed): the ' +
  `equipment and tasks that failed ${recurringProblemThreshold} times or more with their dates, checks ` +
  'missed by task, corrective actions not yet verified (whenever they happened), the near misses of the ' +
  'period, documents expired or expiring within 30 days of its end, sensors that went offline, and the ' +
  'score of the period before and of each of its weeks. `due`: its period is over and it is not signed.';

export default async function siteReviewRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tenancy = keptOnSite(subject);

  /** The review `id` names in the caller's organisation once the caller may `action` it (404, then 403). */
  const load = async (
    request: FastifyRequest,
    db: Database | Tx,
    action: Action,
    id: string,
    forUpdate: boolean,
  ) => {
    const found = await siteReviewRecords.find(db, orgOf(request), id, { forUpdate });
    return tenancy.record(request, action, what, found);
  };

  const answer = async (db: Database | Tx, row: SiteReviewRow) => {
    const [dto] = await reviewDtos(db, [row], deps.clock.now());
    if (!dto) throw new Error(`no answer for review ${row.id}`);
    return dto;
  };

  /** Appends a change of the review to its history, in the change's transaction. */
  const keepHistory = (
    tx: Tx,
    request: FastifyRequest,
    before: SiteReviewRow,
    after: SiteReviewRow,
    reason: string | null,
  ) =>
    recordHistory(tx, {
      orgId: after.orgId,
      siteId: after.siteId,
      subject,
      recordId: after.id,
      action: 'update',
      before: reviewSnapshot(before),
      after: reviewSnapshot(after),
      reason,
      actor: actorOf(request),
      at: after.updatedAt,
    });

  r.get(
    '/web-app-list',
    {
      schema: {
        tags,
        summary:
          'The four-weekly reviews of a site (siteID), or of every site the caller may see, by state: the ' +
          'latest period first unless sorted. A period has a review once it was opened (GET /current) or ' +
          'reminded of',
        description: `${periodWords} ${contentsWords}`,
        querystring: siteReviewListQuerySchema,
        response: { 200: envelope(listData(siteReviewSchema)) },
      },
      onRequest: allow('read', subject),
    },
    async (request) => {
      const { query } = request;
      const scope = await siteListScope(request, subject, query.siteID);
      const { rows, total } = await reviewPage(deps.db, scope, query);
      if (rows.length === 0) await scope.confirmSite?.();
      return ok(listOf(await reviewDtos(deps.db, rows, deps.clock.now()), total, query));
    },
  );

  recordRoute(
    app,
    { subject, what, tags, find: siteReviewRecords.find, record: tenancy.record },
    {
      method: 'GET',
      url: '/find-one/:id',
      param: { name: 'id', schema: idParamSchema },
      action: 'read',
      summary: `One four-weekly review. ${contentsWords}`,
      reply: siteReviewSchema,
      handler: async (row, db) => ({ data: await answer(db, row) }),
    },
  );

  r.get(
    '/current',
    {
      schema: {
        tags,
        summary:
          'The review of the four weeks running today at the site, made as a draft the first time it is ' +
          'asked for',
        description: `${periodWords} ${contentsWords}`,
        querystring: siteReviewCurrentQuerySchema,
        response: { 200: envelope(siteReviewSchema) },
      },
      onRequest: allow('read', subject),
    },
    async (request) => {
      const { place, timeZoneId } = await siteAccess(request, 'read', subject, request.query.siteID);
      const now = deps.clock.now();
      const row = await ensureReview(
        deps.db,
        { orgId: place.orgId, siteId: place.siteID },
        currentPeriod(timeZoneId, now),
        now,
      );
      return ok(await answer(deps.db, row));
    },
  );

  r.put(
    '/update-one',
    {
      schema: {
        tags,
        summary:
          'A draft review’s notes (what the records show) and changes (what was changed because of it); a ' +
          'field left out stays as it is',
        description:
          'A site admin of its site or above. A signed review is 409: add to the next one. Every change is ' +
          'kept in the review’s history.',
        body: siteReviewUpdateSchema,
        querystring: siteQuerySchema,
        response: { 200: envelope(siteReviewSchema) },
      },
      onRequest: allow('update', subject),
    },
    async (request) => {
      const { _id, ...words } = request.body;
      const row = await deps.db.transaction(async (tx) => {
        const current = await load(request, tx, 'update', _id, true);
        const updated = await writeNotes(tx, current, words, deps.clock.now());
        if (updated !== current) await keepHistory(tx, request, current, updated, null);
        return updated;
      });
      return ok(await answer(deps.db, row), 'Review saved');
    },
  );

  r.put(
    '/sign',
    {
      schema: {
        tags,
        summary:
          'Sign a draft review with the signer’s own password typed again (a site admin of its site or ' +
          'above), with its last notes and changes if sent: its contents are drafted once more and kept as ' +
          'signed, and it never changes after',
        description:
          'A signed review is 409, as is a review whose four weeks have not started. A wrong password is a ' +
          '400 on `password` and counts as a failed sign-in: past the sign-in limit the answer is 429 until ' +
          'it frees. The review’s reminders are acknowledged, and its history keeps the signing with what ' +
          'was signed.',
        body: siteReviewSignSchema,
        querystring: siteQuerySchema,
        response: { 200: envelope(siteReviewSchema) },
      },
      onRequest: allow('update', subject),
    },
    async (request) => {
      const { _id, password, ...words } = request.body;
      const { user } = authOf(request);
      // Refused before the password is tried: a signing that cannot happen costs no attempt.
      assertDraft(await load(request, deps.db, 'update', _id, false));
      const person = await findLiveUser(deps.db, user.id);
      if (!person) throw unauthorized('Your account is no longer active');
      await assertOwnPassword(deps, request, person, password, 'password');
      const row = await deps.db.transaction(async (tx) => {
        const now = deps.clock.now();
        const current = await load(request, tx, 'update', _id, true);
        const noted = await writeNotes(tx, current, words, now);
        const signed = await signReview(tx, noted, user.id, now);
        // One entry: the last words and the signing, with what was signed.
        await keepHistory(tx, request, current, signed, 'Signed with the signer’s password');
        await acknowledgeEventsOf(tx, signed.orgId, signed.id, user.id, now);
        return signed;
      });
      return ok(await answer(deps.db, row), 'Review signed');
    },
  );
}
