import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  correctiveActionCountsSchema,
  correctiveActionDefaultDays,
  correctiveActionHistorySchema,
  correctiveActionListQuerySchema,
  correctiveActionRecordSchema,
  correctiveActionReopenSchema,
  correctiveActionSchema,
  correctiveActionsOfRecordQuerySchema,
  correctiveActionVerifySchema,
  envelope,
  siteQuerySchema,
  standardActionListSchema,
  standardActionQuerySchema,
  standardActionUpdateSchema,
} from '@console/shared-sdk/contract';
import type { Action } from '@console/shared-sdk/ability';
import type { Database, Tx } from '../../../platform/db/client.js';
import { allow, assertCan, authOf, orgOf } from '../../../platform/auth/guard.js';
import { assertOwnPassword } from '../../../platform/auth/own-password.js';
import { findLiveUser } from '../../../platform/auth/users/repository.js';
import { actorOf } from '../../../platform/history/history.js';
import { notFound, unauthorized } from '../../../platform/http/errors.js';
import { ok } from '../../../platform/http/respond.js';
import { catalogueOf, keptOnSite, resourceRoutes } from '../../../platform/http/resource-routes.js';
import { siteListScope } from '../../../platform/http/site-scope.js';
import { defaultOrderWords } from '../log-records.js';
import { correctiveActionCountsQuerySchema, correctiveActionDtoSnapshot } from './dto.js';
import {
  actionCounts,
  actionsOfRecord,
  assertVerifiable,
  correctiveActionDtos,
  correctiveActionPage,
  correctiveActionRecords,
  recordAction,
  reopenAction,
  setStandardActions,
  sourcePlace,
  sourceWhat,
  standardActionLists,
  verifyAction,
} from './repository.js';

// Corrective actions (the console's /correctiveAction; HACCP principles 5 and 6): every deviation opens
// one in the transaction of its record (platform/corrective-actions/open.ts). Here they are listed, read
// with their history, recorded (OPEN → ACTION_RECORDED, staff on the kitchen app or an admin), verified
// by a site admin or above who did not record it, with their password typed again (→ VERIFIED), and
// reopened with a reason (→ OPEN). Nothing creates or deletes one here: they come from deviations and are
// kept. The organisation's standard actions, offered when recording, are here too.

const tags = ['correctiveAction'];
const subject = 'CorrectiveAction';
const what = 'Corrective action';

const staffCall =
  'The staff member’s call too: send the access token from POST /authentication/mobile-app-login in the ' +
  'Authorization header (a web admin’s token works as well).';

export default async function correctiveActionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tenancy = keptOnSite(subject);

  /**
   * The action `id` names in the caller's organisation, once the caller may `action` it (404, then 403);
   * in a move's transaction, locked until it commits, so of two moves at once the second reads the first's
   * outcome (and is refused with 409 where that outcome no longer allows it).
   */
  const load = async (
    request: FastifyRequest,
    db: Database | Tx,
    action: Action,
    id: string,
    forUpdate = true,
  ) => {
    const found = await correctiveActionRecords.find(db, orgOf(request), id, { forUpdate });
    return tenancy.record(request, action, what, found);
  };

  /** The answer of a move: the action as it is now. */
  const answer = async (db: Database | Tx, row: Parameters<typeof correctiveActionDtos>[1][number]) => {
    const [dto] = await correctiveActionDtos(db, [row], deps.clock.now());
    if (!dto) throw new Error(`no answer for corrective action ${row.id}`);
    return dto;
  };

  /** Who makes a move, by id and name as the history keeps them. */
  const mover = (request: FastifyRequest) => ({ ...actorOf(request), id: authOf(request).user.id });

  const recordList = () =>
    r.get(
      '/record-list',
      {
        schema: {
          tags,
          summary:
            'The corrective actions one record opened (a reading, a compliance log, a task occurrence, a ' +
            'near miss), oldest first, for the record’s view',
          description:
            'A record that is not the organisation’s (or none) is 404 like a missing one; a record on a ' +
            'site the caller does not hold is 403.',
          querystring: correctiveActionsOfRecordQuerySchema,
          response: { 200: envelope(z.array(correctiveActionSchema)) },
        },
        onRequest: allow('read', subject),
      },
      async (request) => {
        const { subject: source, recordID } = request.query;
        const orgId = orgOf(request);
        const place = await sourcePlace(deps.db, orgId, source, recordID);
        if (!place) throw notFound(sourceWhat(source));
        assertCan(request, 'read', subject, { orgId, siteID: place.siteId });
        const list = await actionsOfRecord(
          deps.db,
          { orgId, siteIds: [place.siteId] },
          { subject: source, recordId: recordID },
          deps.clock.now(),
        );
        return ok(list);
      },
    );

  const counts = () =>
    r.get(
      '/counts',
      {
        schema: {
          tags,
          summary:
            'How many corrective actions await action, await verification, and are overdue (open past ' +
            'their due time), whenever their deviation happened: of one site (siteID), or of every site ' +
            'the caller may see',
          querystring: correctiveActionCountsQuerySchema,
          response: { 200: envelope(correctiveActionCountsSchema) },
        },
        onRequest: allow('read', subject),
      },
      async (request) => {
        const scope = await siteListScope(request, subject, request.query.siteID);
        const counted = await actionCounts(deps.db, scope, deps.clock.now());
        if (counted.awaitingAction + counted.awaitingVerification === 0) await scope.confirmSite?.();
        return ok(counted);
      },
    );

  const recordActionRoute = () =>
    r.put(
      '/record-action',
      {
        schema: {
          tags,
          summary:
            'Record what was done about a deviation: the action taken (a standard action’s words or one’s ' +
            'own), whether food was discarded and how much. The action then awaits verification',
          description:
            'Only an action awaiting action (OPEN) takes one: any other is 409 (reopen it first). Staff ' +
            'record on their own sites, admins on the sites they run. The action’s overdue alert is ' +
            `acknowledged. Every change is kept in the action’s history. ${staffCall}`,
          body: correctiveActionRecordSchema,
          querystring: siteQuerySchema,
          response: { 200: envelope(correctiveActionSchema) },
        },
        onRequest: allow('update', subject),
      },
      async (request) => {
        const { _id, ...recorded } = request.body;
        const row = await deps.db.transaction(async (tx) =>
          recordAction(
            tx,
            await load(request, tx, 'update', _id),
            recorded,
            mover(request),
            deps.clock.now(),
          ),
        );
        return ok(await answer(deps.db, row), 'Corrective action recorded');
      },
    );

  const verify = () =>
    r.put(
      '/verify',
      {
        schema: {
          tags,
          summary:
            'Verify a recorded corrective action (HACCP’s verification): a site admin of its site, an ' +
            'organisation admin or the platform admin who did not record it, with their own password ' +
            'typed again and an optional note',
          description:
            'Staff cannot verify (403), nor can the person who recorded the action (403). Only an action ' +
            'awaiting verification (ACTION_RECORDED) is verified: any other is 409, and of two verifications ' +
            'at once the second is 409. A wrong password is a 400 on `password` and counts as a failed ' +
            'sign-in: past the sign-in limit the answer is 429 until it frees. Every open alert about the ' +
            'action and about the record that went wrong is acknowledged.',
          body: correctiveActionVerifySchema,
          querystring: siteQuerySchema,
          response: { 200: envelope(correctiveActionSchema) },
          errors: [429],
        },
        onRequest: allow('verify', subject),
      },
      async (request) => {
        const { _id, password, note } = request.body;
        const { user } = authOf(request);
        // Refused before the password is tried: a verification that cannot happen costs no attempt.
        assertVerifiable(await load(request, deps.db, 'verify', _id, false), user.id);
        const person = await findLiveUser(deps.db, user.id);
        if (!person) throw unauthorized('Your account is no longer active');
        await assertOwnPassword(deps, request, person, password, 'password');
        const row = await deps.db.transaction(async (tx) =>
          verifyAction(
            tx,
            await load(request, tx, 'verify', _id),
            note ?? null,
            mover(request),
            deps.clock.now(),
          ),
        );
        return ok(await answer(deps.db, row), 'Corrective action verified');
      },
    );

  const reopen = () =>
    r.put(
      '/reopen',
      {
        schema: {
          tags,
          summary:
            'Reopen a recorded or verified corrective action with a reason: it awaits action again, due ' +
            'the site’s action hours from now',
          description:
            'A site admin of its site or above (staff 403). An action already awaiting action is 409. The ' +
            'recorded action and its verification leave the action; its history keeps both, and the reason.',
          body: correctiveActionReopenSchema,
          querystring: siteQuerySchema,
          response: { 200: envelope(correctiveActionSchema) },
        },
        onRequest: allow('verify', subject),
      },
      async (request) => {
        const { _id, reason } = request.body;
        const row = await deps.db.transaction(async (tx) =>
          reopenAction(
            tx,
            await load(request, tx, 'verify', _id),
            reason,
            actorOf(request),
            deps.clock.now(),
          ),
        );
        return ok(await answer(deps.db, row), 'Corrective action reopened');
      },
    );

  const standardActionList = () =>
    r.get(
      '/standard-action-list',
      {
        schema: {
          tags,
          summary:
            'The organisation’s standard actions, offered when recording what was done: every check type’s ' +
            'list (or one, `checkType`), the organisation’s own or, until it sets one, the defaults ' +
            '(isDefault)',
          description: staffCall,
          querystring: standardActionQuerySchema,
          response: { 200: envelope(z.array(standardActionListSchema)) },
        },
        onRequest: allow('read', 'StandardAction'),
      },
      async (request) => {
        const orgId = catalogueOf(request, 'StandardAction', 'read');
        return ok(await standardActionLists(deps.db, orgId, request.query.checkType));
      },
    );

  const standardActionsUpdate = () =>
    r.put(
      '/standard-actions',
      {
        schema: {
          tags,
          summary:
            'Replace the organisation’s standard actions of one check type (organisation admins): up to 30, ' +
            'each once. The change is kept in the organisation’s history',
          body: standardActionUpdateSchema,
          querystring: siteQuerySchema,
          response: { 200: envelope(standardActionListSchema) },
        },
        onRequest: allow('update', 'StandardAction'),
      },
      async (request) => {
        const orgId = catalogueOf(request, 'StandardAction', 'update');
        const list = await deps.db.transaction((tx) =>
          setStandardActions(tx, orgId, request.body, actorOf(request), deps.clock.now()),
        );
        return ok(list, 'Standard actions saved');
      },
    );

  resourceRoutes(app, {
    tenancy,
    tags,
    what,
    label: what,
    summaries: {
      list:
        'Corrective actions, the latest deviation first: by site (or every site the caller may see), ' +
        'state, kind, check type, `overdue` (open past their due time), a range of local dates of when ' +
        `each deviation happened on its site (startDate and endDate, both or neither; default the last ${correctiveActionDefaultDays} ` +
        'days, but none for what is still to do: state OPEN or ACTION_RECORDED, or overdue), and search in ' +
        'the deviation’s words and the ref',
      findOne: 'One corrective action: its deviation and record, what was done, and its verification',
      history:
        'The history of a corrective action, newest first: its opening, each action recorded, ' +
        'verification and reopening, who made each change, when, the action before and after, and the reason',
    },
    descriptions: {
      list: `${defaultOrderWords('the latest deviation first (`-occurredAt`)')} ${staffCall}`,
      findOne: staffCall,
    },
    schemas: { listQuery: correctiveActionListQuerySchema, item: correctiveActionSchema },
    repository: { find: correctiveActionRecords.find },
    // Whether an action is overdue is read against the time of the call.
    view: async () => deps.clock.now(),
    list: { page: correctiveActionPage },
    toDtos: correctiveActionDtos,
    calls: [
      'list',
      'findOne',
      'history',
      recordList,
      counts,
      recordActionRoute,
      verify,
      reopen,
      standardActionList,
      standardActionsUpdate,
    ],
    history: {
      snapshot: correctiveActionDtoSnapshot,
      route: { reply: correctiveActionHistorySchema },
    },
  });
}
