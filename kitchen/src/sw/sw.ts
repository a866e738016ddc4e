/// <reference types="webpack/module" />
import i18next from 'i18next';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import type { PrecacheEntry } from 'workbox-precaching';
import { currentLanguage } from '../local/db';
import { currentDateLocaleAt } from '../local/sites';
import { englishCatalogue, isCatalogue, isKitchenLanguage, type Catalogue } from '../i18n/resources';
import { noticeOf, openUrlOf, pushPayloadOf } from './push';

// The kitchen app's service worker, at /kitchen/sw.js with the scope /kitchen/. It keeps the app's files
// (precached at install: the page, its scripts, the catalogues and the icons), so the app starts with no
// network, any address under /kitchen/ opening the page; photos of stored files are kept once loaded. The
// API's answers are not cached here: the app keeps its own data in IndexedDB. It also shows the staff's
// push alerts, worded in the language of the person on the device's screen.

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/kitchen/index.html'), { allowlist: [/^\/kitchen(\/|$)/] }),
);

// A stored file's key never changes what it points at: the copy on the device is as good as the server's.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    url.pathname.startsWith('/api/v1/common-uri/file/'),
  new CacheFirst({
    cacheName: 'kitchen-photos',
    plugins: [
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// A new version takes over at once: a kitchen tablet is never closed, so it would otherwise never update.
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** Every catalogue in src/locales, English with the words it shares with the console. */
function catalogues(): Record<string, Catalogue> {
  const files = import.meta.webpackContext('../locales', { regExp: /\.json$/, recursive: false });
  const all: Record<string, Catalogue> = {};
  for (const file of files.keys()) {
    const language = file.replace(/^\.\//, '').replace(/\.json$/, '');
    const catalogue: unknown = files(file);
    if (!isKitchenLanguage(language) || !isCatalogue(catalogue)) continue;
    all[language] = language === 'en' ? englishCatalogue : catalogue;
  }
  return all;
}

let words: Promise<typeof i18next> | null = null;

function wordsIn(language: string) {
  words ??= (async () => {
    const instance = i18next.createInstance();
    const resources = Object.fromEntries(
      Object.entries(catalogues()).map(([code, catalogue]) => [code, { translation: catalogue }]),
    );
    await instance.init({ lng: 'en', fallbackLng: 'en', resources, interpolation: { escapeValue: false } });
    return instance;
  })();
  return words.then((instance) => instance.changeLanguage(language));
}

self.addEventListener('push', (event) => {
  const payload = pushPayloadOf(event.data?.json());
  if (!payload) return;
  event.waitUntil(
    (async () => {
      const stored = await currentLanguage().catch(() => null);
      const language = stored && isKitchenLanguage(stored) ? stored : 'en';
      const t = await wordsIn(language);
      const dateLocale = await currentDateLocaleAt(payload.siteID).catch(() => undefined);
      const notice = noticeOf(payload, t, language, dateLocale);
      await self.registration.showNotification(notice.title, notice.options);
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = openUrlOf(event.notification.data, self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).pathname.startsWith('/kitchen'));
      if (open) {
        await open.focus();
        await open.navigate(url).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
