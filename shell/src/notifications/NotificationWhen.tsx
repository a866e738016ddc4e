import { SiteTime, useSiteFormatOf } from '@console/shared-sdk/ui';
import type { Notification } from './notification-reads';

/**
 * When it happened, on its site's clock and in its site's locale as its title's times are (the selected
 * site's for an event of the whole organisation), unless the person chose their own date format; and where.
 */
export function NotificationWhen({
  notification,
}: {
  notification: Pick<Notification, 'siteID' | 'siteName' | 'occurredAt' | 'timeZoneId'>;
}) {
  // The site's locale from the site list, so an event at an American site reads month first on a 12-hour
  // clock whichever site is selected; its clock is the event's own zone, which it carries even for a site
  // the list does not hold.
  const { locale } = useSiteFormatOf(notification.siteID);
  return (
    <>
      <SiteTime value={notification.occurredAt} zone={notification.timeZoneId} locale={locale} />
      {notification.siteName ? ` · ${notification.siteName}` : ''}
    </>
  );
}
