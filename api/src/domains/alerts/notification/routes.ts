import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  notificationGroupListQuerySchema,
  notificationGroupListSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationMarkReadSchema,
  notificationUnreadSchema,
} from '@console/shared-sdk/contract';
import { authOf, signedIn } from '../../../platform/auth/guard.js';
import { notFound } from '../../../platform/http/errors.js';
import { ok } from '../../../platform/http/respond.js';
import { markAllRead, markRead, notificationGroupPage, notificationPage, unreadCount } from './repository.js';

// /notification (issue 24): the signed-in person's notification centre, the shell's bell. Each call acts on
// the caller's own notifications only; an id that is not theirs (another person's, another organisation's)
// is 404, and a filter naming another's site, area or group matches nothing. A console call: a staff
// member's mobile token gets 403 like every call not on the staff list (platform/auth/audience.ts); staff
// are never sent notifications anyway.

const tags = ['notification'];

export default async function notificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  r.get(
    '/web-app-list',
    {
      schema: {
        tags,
        summary: 'The signed-in person’s notifications, newest first, with how many are unread',
        description:
          'Paged (page, limit); unread=true lists only the unread ones, unread=false only the read ones; ' +
          'siteID, areaID (the sites in that area), kind and groupID (a group of the group list) keep only ' +
          'those. Each names its event’s kind, severity, title, site and time, its group, whether it reached ' +
          'the caller by escalation, whether someone acknowledged it, and the console path of its record ' +
          '(`link`). `unreadCount` counts all the unread ones, whatever the filters.',
        querystring: notificationListQuerySchema,
        response: { 200: envelope(notificationListSchema) },
      },
      onRequest: signedIn,
    },
    async (request) => ok(await notificationPage(deps.db, authOf(request).user.id, request.query)),
  );

  r.get(
    '/group-list',
    {
      schema: {
        tags,
        summary: 'The signed-in person’s notifications in groups, most urgent first, for the bell',
        description:
          'Notifications of one kind that reached the caller within the grouping window (ALERT_GROUP_MINUTES, ' +
          '5 by default; a site admin’s of one site, an organisation admin’s of any site) are one group. ' +
          'Paged (page, limit); ordered by the kind’s severity (failures and overdue, then warnings, then ' +
          'information), then groups with unread notifications, then the newest. Each group says its kind, ' +
          'severity, how many notifications it holds and how many are unread, its sites (how many, the first ' +
          'few names), its newest times, whether any reached the caller by escalation, a title in words and a ' +
          'link: a group of one opens its record, a larger one the notifications page showing the group ' +
          '(`web-app-list?groupID=` lists its notifications). `unreadGroupCount` counts the groups with unread ' +
          'notifications (the bell’s badge), `unreadCount` the unread notifications.',
        querystring: notificationGroupListQuerySchema,
        response: { 200: envelope(notificationGroupListSchema) },
      },
      onRequest: signedIn,
    },
    async (request) => ok(await notificationGroupPage(deps.db, authOf(request).user.id, request.query)),
  );

  r.patch(
    '/mark-read',
    {
      schema: {
        tags,
        summary:
          'Mark some of the caller’s notifications read (opening them), which acknowledges their events',
        description:
          'Send `id` or `ids` (at most 100). Opening a notification acknowledges its event, which stops its ' +
          'escalation. An id that is not one of the caller’s notifications is 404, and nothing is changed.',
        body: notificationMarkReadSchema,
        response: { 200: envelope(notificationUnreadSchema) },
      },
      onRequest: signedIn,
    },
    async (request) => {
      const { user } = authOf(request);
      const ids = [...new Set([...(request.body.ids ?? []), ...(request.body.id ? [request.body.id] : [])])];
      if (!(await markRead(deps.db, user, ids, deps.clock.now()))) throw notFound('Notification');
      return ok({ unreadCount: await unreadCount(deps.db, user.id) });
    },
  );

  r.patch(
    '/mark-all-read',
    {
      schema: {
        tags,
        summary: 'Mark all the caller’s notifications read',
        description: 'Clears the bell’s count; it acknowledges no event, since none was opened.',
        response: { 200: envelope(notificationUnreadSchema) },
      },
      onRequest: signedIn,
    },
    async (request) => {
      const { user } = authOf(request);
      await markAllRead(deps.db, user.id, deps.clock.now());
      return ok({ unreadCount: 0 }, 'All notifications marked read');
    },
  );
}
