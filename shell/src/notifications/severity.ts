import type { AlertSeverity } from '@console/shared-sdk/profile';
import type { Notification, NotificationGroup } from './notification-reads';

/** The colour of each severity: the dashboard's red for failures and overdue, amber for warnings. */
export const severityColors: Record<AlertSeverity, string> = {
  URGENT: 'error.main',
  WARNING: 'warning.main',
  INFORMATION: 'info.main',
};

/** When and where a group is, as a notification's time is written: its newest, at its one site if one. */
export const groupWhen = (
  group: NotificationGroup,
): Pick<Notification, 'siteID' | 'siteName' | 'occurredAt' | 'timeZoneId'> => ({
  siteID: group.siteID,
  siteName: group.siteID === null ? null : (group.sites.names[0] ?? null),
  occurredAt: group.occurredAt,
  timeZoneId: group.timeZoneId,
});
