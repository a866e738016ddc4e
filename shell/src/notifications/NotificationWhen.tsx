import type { Notification } from './notification-reads';

const format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** When it happened (in the browser's zone) and where. */
export function NotificationWhen({ notification }: { notification: Notification }) {
  const at = new Date(notification.occurredAt);
  return (
    <>
      <time dateTime={notification.occurredAt}>{format.format(at)}</time>
      {notification.siteName ? ` · ${notification.siteName}` : ''}
    </>
  );
}
