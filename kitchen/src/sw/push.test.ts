import i18next from 'i18next';
import type { PushPayload } from '@console/shared-sdk/contract';
import { catalogueOf, englishCatalogue } from '../i18n/resources';
import { noticeOf, openUrlOf, pushPayloadOf } from './push';

// A push message carries data; the service worker words it in the device person's language.

const payload: PushPayload = {
  kind: 'FOLLOW_UP_DUE',
  eventId: '0190a000-0000-7000-8000-000000000601',
  siteID: '0190a000-0000-7000-8000-0000000000c1',
  siteName: 'Brighton',
  taskName: 'Chicken curry cooling',
  dueAt: '2026-11-28T14:30:00.000Z',
  timeZoneId: 'Europe/London',
  url: '/kitchen/task/a/b',
};

async function wordsIn(language: 'en' | 'pl') {
  const t = i18next.createInstance();
  await t.init({
    lng: language,
    fallbackLng: 'en',
    resources: { en: { translation: englishCatalogue }, pl: { translation: await catalogueOf('pl') } },
    interpolation: { escapeValue: false },
  });
  return t.t;
}

test('a follow-up check falling due, in English, at the site’s time', async () => {
  const notice = noticeOf(payload, await wordsIn('en'), 'en');
  expect(notice.title).toBe('Follow-up check due: Chicken curry cooling');
  expect(notice.options.body).toBe('Due at 14:30 at Brighton.');
  // One notification per alert, opening the task.
  expect(notice.options).toMatchObject({ tag: payload.eventId, data: { url: '/kitchen/task/a/b' } });
});

test('an overdue task, in Polish, for a person who reads Polish', async () => {
  const notice = noticeOf({ ...payload, kind: 'TASK_OVERDUE' }, await wordsIn('pl'), 'pl');
  expect(notice.title).toBe('Po terminie: Chicken curry cooling');
  expect(notice.options.body).toBe('Termin minął o 14:30, Brighton.');
});

test('a message that is not one the app knows shows nothing', () => {
  expect(pushPayloadOf({ kind: 'SOMETHING_ELSE' })).toBeNull();
  expect(pushPayloadOf(payload)).toEqual(payload);
});

test('a tap opens the app at the alert’s address, never another site', () => {
  const origin = 'https://console.example';
  expect(openUrlOf({ url: '/kitchen/task/a/b' }, origin)).toBe('https://console.example/kitchen/task/a/b');
  // The server names the task by its ids; under another host name of the server, still this origin.
  expect(
    openUrlOf({ url: 'http://localhost:8080/kitchen/?individualTaskID=i1&masterTaskID=m1' }, origin),
  ).toBe('https://console.example/kitchen/?individualTaskID=i1&masterTaskID=m1');
  expect(openUrlOf({ url: 'https://evil.example/phish' }, origin)).toBe('https://console.example/kitchen/');
  expect(openUrlOf({ url: '/dashboard' }, origin)).toBe('https://console.example/kitchen/');
  expect(openUrlOf(undefined, origin)).toBe('https://console.example/kitchen/');
});
