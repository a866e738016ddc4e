import { SiteTime } from '@console/shared-sdk/ui';
import type { Notification } from './notification-reads';

/**
 * When it happened, on its site's clock as its title's times are (the selected site's for an event of the
 * whole organisation), and where.
 */
export function NotificationWhen({ notification }: { notification: Notification }) {
  return (
    <>
      <SiteTime value={notification.occurredAt} zone={notification.timeZoneId} />
      {notification.siteName ? ` · ${notification.siteName}` : ''}
    </>
  );
}
