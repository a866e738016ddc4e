import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  notificationSettingsOf,
  type AlertEventKind,
  type DateFormat,
  type NotificationSettings,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../platform/db/client.js';
import { organizations, siteMembers, users } from '../../platform/db/schema.js';
import type { alertEvents } from '../../platform/events/schema.js';

// Who hears of an event, and how (issue 24). An event of a site goes to that site's admins (SITE_ADMIN
// members of the site) and to the organisation's admins whose settings ask for every site's events
// (`allSites`), or to all of them when the site has no site admin of its own; an event of the whole
// organisation (no site) to the organisation's admins. Only active,
// live people of the event's organisation, never another's. Escalation reaches every organisation admin.
// Each person's settings then choose the channels: the kind's `…InConsole` switch (under `inConsole`) the
// bell, the kind's own switch the e-mail.

export type AlertEventRow = typeof alertEvents.$inferSelect;

export interface Recipient {
  id: string;
  orgId: string;
  email: string;
  firstName: string;
  role: 'ORGANIZATION_ADMIN' | 'SITE_ADMIN';
  settings: NotificationSettings;
  /** How they read dates: as each site writes them, or their own choice. */
  dateFormat: DateFormat;
  /** The sites they are a member of. */
  siteIds: ReadonlySet<string>;
  /** The sites of their organisation that have an active site admin of their own. */
  staffedSiteIds: ReadonlySet<string>;
}

/** The e-mail switch of each kind (notificationSettings). */
export const emailSettingOf: Record<AlertEventKind, keyof NotificationSettings> = {
  TEMPERATURE_FAILED: 'temperatureFailure',
  TASK_OVERDUE: 'taskOverdue',
  CHECKS_MISSED: 'checksMissed',
  DOCUMENT_EXPIRING: 'documentExpiry',
  DOCUMENT_EXPIRED: 'documentExpiry',
  NEAR_MISS_REPORTED: 'nearMissReported',
  SENSOR_OFFLINE: 'sensorOffline',
  FOLLOW_UP_DUE: 'followUpDue',
  // An overdue corrective action is heard of as an overdue task is, and the probe and the sensor that
  // disagree as a temperature failure: the same people care, on the same switches.
  CORRECTIVE_ACTION_OVERDUE: 'taskOverdue',
  PROBE_SENSOR_DISAGREE: 'temperatureFailure',
  // A four-weekly review not signed is a check not done, heard of with the missed checks.
  REVIEW_DUE: 'checksMissed',
};

/** The bell's switch of each kind (notificationSettings), under the bell's own `inConsole`. */
export const consoleSettingOf: Record<AlertEventKind, keyof NotificationSettings> = {
  TEMPERATURE_FAILED: 'temperatureFailureInConsole',
  TASK_OVERDUE: 'taskOverdueInConsole',
  CHECKS_MISSED: 'checksMissedInConsole',
  DOCUMENT_EXPIRING: 'documentExpiryInConsole',
  DOCUMENT_EXPIRED: 'documentExpiryInConsole',
  NEAR_MISS_REPORTED: 'nearMissReportedInConsole',
  SENSOR_OFFLINE: 'sensorOfflineInConsole',
  FOLLOW_UP_DUE: 'followUpDueInConsole',
  CORRECTIVE_ACTION_OVERDUE: 'taskOverdueInConsole',
  PROBE_SENSOR_DISAGREE: 'temperatureFailureInConsole',
  REVIEW_DUE: 'checksMissedInConsole',
};

/**
 * Kinds whose e-mail goes at once: a failure, a sensor gone silent, a near miss (as before events). Every
 * other kind's e-mail is a line of the person's daily digest; an escalation's e-mail always goes at once.
 */
export const immediateKinds: ReadonlySet<AlertEventKind> = new Set<AlertEventKind>([
  'TEMPERATURE_FAILED',
  'SENSOR_OFFLINE',
  'NEAR_MISS_REPORTED',
]);

/** Kinds that go on to the organisation's admins when nobody acknowledges them in the site's time. */
export const escalatingKinds: readonly AlertEventKind[] = [
  'TEMPERATURE_FAILED',
  'TASK_OVERDUE',
  'FOLLOW_UP_DUE',
  'CORRECTIVE_ACTION_OVERDUE',
];

/** The active, live admins of these (live) organisations, with their sites and settings. */
export async function adminsOf(db: Database | Tx, orgIds: readonly string[]): Promise<Recipient[]> {
  if (orgIds.length === 0) return [];
  const rows = await db
    .select({
      id: users.id,
      orgId: users.orgId,
      email: users.email,
      firstName: users.firstName,
      role: users.role,
      settings: users.notificationSettings,
      dateFormat: users.dateFormat,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    .where(
      and(
        inArray(users.orgId, [...orgIds]),
        isNull(users.deletedAt),
        isNull(organizations.deletedAt),
        eq(users.status, 'ACTIVE'),
        inArray(users.role, ['ORGANIZATION_ADMIN', 'SITE_ADMIN']),
      ),
    )
    .orderBy(users.id);
  const ids = rows.map((row) => row.id);
  const memberships =
    ids.length === 0
      ? []
      : await db
          .select({ userId: siteMembers.userId, siteId: siteMembers.siteId })
          .from(siteMembers)
          .where(inArray(siteMembers.userId, ids));
  const siteAdmins = new Set(rows.filter((row) => row.role === 'SITE_ADMIN').map((row) => row.id));
  const staffedByOrg = new Map<string, Set<string>>();
  for (const row of rows) {
    if (row.orgId === null || !siteAdmins.has(row.id)) continue;
    const staffed = staffedByOrg.get(row.orgId) ?? new Set<string>();
    for (const membership of memberships) if (membership.userId === row.id) staffed.add(membership.siteId);
    staffedByOrg.set(row.orgId, staffed);
  }
  return rows.flatMap(({ orgId, role, settings, ...person }) =>
    orgId !== null && (role === 'ORGANIZATION_ADMIN' || role === 'SITE_ADMIN')
      ? [
          {
            ...person,
            orgId,
            role,
            settings: notificationSettingsOf(settings),
            siteIds: new Set(memberships.filter((m) => m.userId === person.id).map((m) => m.siteId)),
            staffedSiteIds: staffedByOrg.get(orgId) ?? new Set<string>(),
          },
        ]
      : [],
  );
}

/** Whether a person hears of an event when it is dispatched (before any escalation). */
export function hearsOf(person: Recipient, event: Pick<AlertEventRow, 'orgId' | 'siteId' | 'details'>) {
  if (person.orgId !== event.orgId) return false;
  // Nobody is told of their own report (a near miss's reporter).
  if (event.details.actorUserId === person.id) return false;
  // A site nobody administers but the organisation's admins: they are its first level.
  if (person.role === 'ORGANIZATION_ADMIN')
    return event.siteId === null || person.settings.allSites || !person.staffedSiteIds.has(event.siteId);
  return event.siteId !== null && person.siteIds.has(event.siteId);
}

/** Whether an escalation reaches the person: every organisation admin of the event's organisation. */
export const hearsOfEscalation = (person: Recipient, event: Pick<AlertEventRow, 'orgId'>) =>
  person.orgId === event.orgId && person.role === 'ORGANIZATION_ADMIN';

/** Whether the person wants this kind in the console's bell. */
export const wantsInConsole = (person: Recipient, kind: AlertEventKind) =>
  person.settings.inConsole && person.settings[consoleSettingOf[kind]];

/** Whether the person wants this kind by e-mail. */
export const wantsEmail = (person: Recipient, kind: AlertEventKind) => person.settings[emailSettingOf[kind]];

/** The idempotency key of an event's e-mail to a person: one per event, person and channel. */
export const emailKeyOf = (eventId: string, userId: string) => `${eventId}:${userId}:EMAIL`;

/** The idempotency key of a person's digest of a local date. */
export const digestKeyOf = (userId: string, date: string) => `digest:${userId}:${date}`;
