import { useSyncExternalStore } from 'react';
import { siteChoicesStore } from '@console/shared-sdk';
import { SiteTime } from '@console/shared-sdk/ui';
import type { Notification } from './notification-reads';

/**
 * The locale of a notification's site, from the site list the layout loads: an event at an American site
 * reads month first on a 12-hour clock whichever site is selected. Undefined for an event of the whole
 * organisation or a site not in the list (then the selected site's).
 */
function useLocaleOfSite(siteID: string | null): string | undefined {
  const choices = useSyncExternalStore(siteChoicesStore.subscribe, siteChoicesStore.getState);
  return siteID === null ? undefined : choices.sites.find((site) => site._id === siteID)?.locale;
}

/**
 * When it happened, on its site's clock and in its site's locale as its title's times are (the selected
 * site's for an event of the whole organisation), unless the person chose their own date format; and where.
 */
export function NotificationWhen({ notification }: { notification: Notification }) {
  const locale = useLocaleOfSite(notification.siteID);
  return (
    <>
      <SiteTime value={notification.occurredAt} zone={notification.timeZoneId} locale={locale} />
      {notification.siteName ? ` · ${notification.siteName}` : ''}
    </>
  );
}
