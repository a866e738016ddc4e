import type { TFunction } from 'i18next';
import { defaultDateLocale, pushPayloadSchema, type PushPayload } from '@console/shared-sdk/contract';
import { timeIn } from '../i18n/format';

// A push message is data (the alert, its task, its site, when it is due); the words are the app's, in the
// language of the device's person, from the same catalogue as the screens.

export interface PushNotice {
  title: string;
  options: NotificationOptions;
}

/** The push message's data, or null when it is not one the app knows. */
export function pushPayloadOf(data: unknown): PushPayload | null {
  const parsed = pushPayloadSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/**
 * The system notification for `payload`, in `t`'s language; `language` and the site's date locale (the
 * person's date format, else the site's) format its time.
 */
export function noticeOf(
  payload: PushPayload,
  t: TFunction,
  language: string,
  dateLocale: string = defaultDateLocale,
): PushNotice {
  const time = timeIn(payload.dueAt, payload.timeZoneId, language, dateLocale);
  const values = { taskName: payload.taskName, siteName: payload.siteName, time };
  return {
    title: t(`push.${payload.kind}.title`, values),
    options: {
      body: t(`push.${payload.kind}.body`, values),
      // One notification per alert: the same event pushed again replaces it.
      tag: payload.eventId,
      lang: language,
      icon: '/kitchen/icons/icon-192.png',
      badge: '/kitchen/icons/icon-192.png',
      data: { url: payload.url },
    },
  };
}

/** Where a tap on a notification opens the app: its URL when it is one of the app's, else the app's start. */
export function openUrlOf(data: unknown, origin: string): string {
  const url =
    data && typeof data === 'object' && 'url' in data && typeof data.url === 'string' ? data.url : '';
  try {
    // Only the app's own address is opened, on this origin (the server may name itself differently).
    const target = new URL(url, origin);
    if (target.pathname === '/kitchen' || target.pathname.startsWith('/kitchen/'))
      return new URL(`${target.pathname}${target.search}`, origin).href;
  } catch {
    // Not a URL: the start.
  }
  return new URL('/kitchen/', origin).href;
}
