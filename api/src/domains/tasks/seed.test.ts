import { and, eq, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { TaskListData } from '@console/shared-sdk/contract';
import { files } from '../../platform/db/schema.js';
import { individualTasks, masterTasks, taskComments } from './schema.js';
import { createTestContext, type TestContext, demoSeedTimeoutMs } from '../../test/helper.js';
import { demoLogins } from '../../demo.js';
import { seedPeople } from '../people/index.js';
import { seedTasks } from './seed.js';

// A fresh `npm start` opens on sites that have been running their routine for weeks: the daily list, the
// dashboard and the scores have history to show, and today has tasks still to do.

let ctx: TestContext;
let token: string;
// Noon in Brighton: late in the evening every task of the day has expired, and whether any was missed is
// down to the draw, so the day is seeded and read at midday.
const now = DateTime.now().setZone('Europe/London').set({ hour: 12, minute: 0, second: 0 }).toJSDate();

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(now);
  const { organization, sites } = ctx.demo;
  const base = { orgId: organization.id, sites, now, storage: ctx.app.deps.storage };
  await ctx.db.transaction(async (tx) => {
    await seedPeople(tx, base);
    await seedTasks(tx, base);
  });
  token = await ctx.login(demoLogins.organizationAdmin);
  // Sixty days of three sites' routine: well under a minute, but a busy two-core machine is slow.
}, demoSeedTimeoutMs);
afterAll(() => ctx.close());

const siteIds = () => Object.values(ctx.demo.sites).map((site) => site.id);

test('each demo site runs a dozen master tasks from the library', async () => {
  for (const siteId of siteIds()) {
    const rows = await ctx.db
      .select({ templateId: masterTasks.templateId })
      .from(masterTasks)
      .where(eq(masterTasks.siteId, siteId));
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.every((row) => row.templateId !== null)).toBe(true);
  }
});

test('sixty days of history: mostly on time, some late, some missed, failures explained, one late sync', async () => {
  const rows = await ctx.db
    .select()
    .from(individualTasks)
    .where(and(inArray(individualTasks.siteId, siteIds())));
  const expired = rows.filter((row) => row.expireOn < now);
  const onTime = expired.filter((row) => row.status === 'COMPLETED' && row.completedAt! <= row.expireOn);
  const late = expired.filter((row) => row.status === 'COMPLETED' && row.completedAt! > row.expireOn);
  const missed = expired.filter((row) => row.status === 'PENDING');
  expect(expired.length).toBeGreaterThan(1000);
  expect(onTime.length / expired.length).toBeGreaterThan(0.75);
  expect(late.length).toBeGreaterThan(0);
  expect(missed.length).toBeGreaterThan(0);
  const failed = expired.flatMap((row) => row.items.filter((item) => item.status === 'FAILED'));
  expect(failed.length).toBeGreaterThan(0);
  expect(failed.every((item) => item.comment && item.changedBy)).toBe(true);
  const syncedLate = rows.filter(
    (row) =>
      row.completedAt && row.syncedAt && row.syncedAt.getTime() - row.completedAt.getTime() > 30 * 60_000,
  );
  expect(syncedLate.map((row) => row.siteId)).toEqual([ctx.demo.sites.brighton.id]);
});

test("today's list of a site has tasks still to do, and yesterday's is mostly done", async () => {
  const site = ctx.demo.sites.brighton;
  const today = DateTime.fromJSDate(now, { zone: 'Europe/London' });
  const day = (date: DateTime) =>
    ctx.inject<{ data: TaskListData }>('GET', '/api/v1/master-task/web-app-list', {
      token,
      query: { siteID: site.id, taskListDate: date.toISODate()!, limit: 100 },
    });
  const yesterdayReply = await day(today.minus({ days: 1 }));
  expect(yesterdayReply.statusCode).toBe(200);
  const yesterday = yesterdayReply.json.data;
  expect(yesterday.records).toBeGreaterThanOrEqual(8);
  expect(yesterday.counts.ON_TIME).toBeGreaterThan(yesterday.counts.INCOMPLETE);
  const todays = (await day(today)).json.data;
  expect(todays.records).toBeGreaterThanOrEqual(8);
  expect(todays.counts.UPCOMING + todays.counts.INCOMPLETE).toBeGreaterThan(0);
});

test("a failed temperature line has the display's photo beside its note, served like any upload", async () => {
  const photos = await ctx.db
    .select({ key: files.storageKey, contentType: files.contentType, line: taskComments.checklistItemId })
    .from(taskComments)
    .innerJoin(files, eq(files.id, taskComments.fileId))
    .where(and(inArray(taskComments.siteId, siteIds()), eq(taskComments.type, 'IMAGE')));
  expect(photos.length).toBeGreaterThan(0);
  expect(photos.every((photo) => photo.contentType === 'image/png' && photo.line !== null)).toBe(true);
  const reply = await ctx.app.inject({ method: 'GET', url: `/api/v1/common-uri/file/${photos[0]!.key}` });
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['content-type']).toBe('image/png');
  // A real PNG: its signature, then the image header.
  expect(reply.rawPayload.subarray(1, 4).toString()).toBe('PNG');
});
