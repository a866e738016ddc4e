import type { FastifyInstance } from 'fastify';
import {
  idParamSchema,
  nearMissCreateFieldsSchema,
  nearMissFollowUpOwnersSchema,
  nearMissHistorySchema,
  nearMissListQuerySchema,
  nearMissMaxPhotos,
  nearMissSchema,
  nearMissUpdateSchema,
  uploadContentTypes,
} from '@console/shared-sdk/contract';
import { keptOnSite, resourceRoutes } from '../../../platform/http/resource-routes.js';
import { dispatchJobName, raiseEvent } from '../../../platform/events/raise.js';
import { openCorrectiveAction } from '../../../platform/corrective-actions/open.js';
import { nearMissDeviation, nearMissEvent } from './notify.js';
import { rulesOfSite } from '../../sites/index.js';
import {
  assertReportTimes,
  followUpOwnerChoices,
  insertNearMiss,
  nearMissDtos,
  nearMissPage,
  nearMissRecords,
  nearMissSnapshot,
  updateNearMiss,
} from './repository.js';
import { defaultOrderWords } from '../log-records.js';

// Near misses and incidents (the spec's /nearMiss): reported by staff from the mobile app with photos,
// investigated and closed with an outcome in the console. The status follows REPORTED → PENDING (under
// investigation) → COMPLETED (closed); what staff wrote changes only with a reason, and every change is
// kept in the report's history.

export default async function nearMissRoutes(app: FastifyInstance) {
  const { deps } = app;
  const { publicUrl } = deps.config;

  const reports = resourceRoutes(app, {
    tenancy: keptOnSite('NearMiss'),
    tags: ['nearMiss'],
    what: 'Near miss',
    label: 'Near miss',
    verbs: { create: 'reported' },
    summaries: {
      list:
        'Near misses and incidents, latest first: by site (or every site the caller may see), a range of ' +
        'local dates of when each happened on its site (startDate and endDate, both or neither; default ' +
        'the last 90 days), category (or `type`, the spec’s name for it), status, and search in the ' +
        'title, what happened, where and the logID',
      findOne: 'One near miss with its follow-up actions and photos',
      history:
        'The history of a near miss, newest first: its report, investigation and closing, who made each ' +
        'change, when, the report before and after, and the reason given',
      create: `Report a near miss or incident, with up to ${nearMissMaxPhotos} photos (status REPORTED)`,
      update:
        'Investigate, close or reopen a near miss; edit its follow-up actions; correct it with a reason',
    },
    descriptions: {
      list: defaultOrderWords('the latest occurrence first (`-occurredAt`)'),
      create:
        'A multipart form: siteID, category (ACCIDENT, INCIDENT, FOOD POISONING, ALLERGIC REACTION), ' +
        'title, whatHappened, location (where), occurredAt (not in the future), peopleInvolved, injuries, ' +
        'immediateAction, reportedAt (the device’s time: at most 2 minutes ahead of the server’s, and within the sync window, 72 hours by default, before it), and up ' +
        `to ${nearMissMaxPhotos} image files (JPEG, PNG, WebP, GIF; 10 MB each) in any file field. All or ` +
        'nothing: when a photo is refused (415) no report and no file is kept. A report received more ' +
        'than 30 minutes after reportedAt is marked back-filled. The site’s admins who asked for it get an ' +
        'e-mail and a notification. The staff member’s call: send the access token from POST ' +
        '/authentication/mobile-app-login in the Authorization header (a web admin’s token works too).',
      update:
        'Status moves REPORTED → PENDING (under investigation) → COMPLETED (closed: needs `outcome`, sets ' +
        '`closedAt`), and COMPLETED → PENDING to reopen, which needs `reason`. Closing straight from ' +
        'REPORTED, or any other move, is 409; so is closing while a follow-up action is open (the message ' +
        'names the open actions; marking them done in the closing update is allowed). A closed report ' +
        'changes only once reopened. `followUps` replaces the list: an action sent with its `_id` keeps ' +
        'it, `done` sets or clears when it was done, and an owner must be someone who works at the ' +
        'report’s site (or the owner the action already had). Changing what staff wrote (category, what ' +
        'happened, where, when, who was involved, injuries, immediate action) needs `reason`. Every change ' +
        'is kept in the history with its reason.',
    },
    schemas: {
      listQuery: nearMissListQuerySchema,
      create: nearMissCreateFieldsSchema,
      update: nearMissUpdateSchema,
      item: nearMissSchema,
    },
    repository: {
      find: nearMissRecords.find,
      // The report's alert is raised, and its corrective action opened, in the transaction that records it
      // (notify.ts).
      insert: async (tx, place, fields, now, change) => {
        const row = await insertNearMiss(tx, place, fields, now, change);
        const [report] = await nearMissDtos(tx, [row]);
        if (report) {
          const { locale } = await rulesOfSite(tx, report.siteID);
          const event = nearMissEvent(publicUrl, report, locale);
          await raiseEvent(tx, event, now);
          await openCorrectiveAction(tx, nearMissDeviation(report, event), now);
        }
        return row;
      },
      update: updateNearMiss,
    },
    list: {
      page: (db, scope, query) => nearMissPage(db, scope, query, deps.clock.now()),
    },
    toDtos: nearMissDtos,
    // The kitchen app sends its queue again after a lost answer: a copy records nothing twice.
    clientWrites: true,
    forms: {
      create: {
        maxFiles: nearMissMaxPhotos,
        tooMany: `Send at most ${nearMissMaxPhotos} photos with a report`,
        accept: {
          types: uploadContentTypes.filter((type) => type.startsWith('image/')),
          message: 'A near-miss photo must be an image (JPEG, PNG, WebP or GIF)',
        },
      },
    },
    beforeCreate: assertReportTimes(deps.config.syncWindowHours),
    afterCreate: { what: 'alert dispatch', run: () => deps.jobs.send(dispatchJobName) },
    calls: ['list', 'findOne', 'history', 'create', 'update'],
    history: {
      snapshot: nearMissSnapshot,
      route: { reply: nearMissHistorySchema },
    },
  });

  reports.recordRoute({
    method: 'GET',
    url: '/follow-up-owner-list/:id',
    param: { name: 'id', schema: idParamSchema },
    action: 'read',
    summary:
      'Who may own the near miss’s follow-up actions, by name: the people who work at its site ' +
      '(organisation admins work at every site), and the owners its actions have',
    reply: nearMissFollowUpOwnersSchema,
    handler: async (report, db) => ({ data: await followUpOwnerChoices(db, report) }),
  });
}
