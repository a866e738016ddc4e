import { eq, inArray } from 'drizzle-orm';
import {
  defaultNotificationSettings,
  type AlertEventKind,
  type NotificationGroupList,
  type NotificationList,
  type NotificationSettings,
} from '@console/shared-sdk/contract';
import { areas, sites, users } from '../../platform/db/schema.js';
import { newId } from '../../platform/db/ids.js';
import { raiseEvent } from '../../platform/events/raise.js';
import { alertEvents } from '../../platform/events/schema.js';
import { demoLogins } from '../../demo.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { emailDeliveries, notifications, webhookDeliveries, webhooks } from './schema.js';
import { dispatchEvents, escalateEvents, makeDigests, sendPendingEmails } from './index.js';
import { bodyOf } from './webhook/deliver.js';
import { insertWebhook } from './webhook/repository.js';

// Alerts that come together are told together: events of one kind at one site within the grouping window
// (5 minutes here, the default) are one group, which the bell shows as one line, most urgent first, and
// e-mails tell once at first and then together when the window ends; each webhook delivery carries its
// event's group. Every notification is still read, and its event acknowledged, on its own.

/** A Tuesday: 11:00 in Brighton (BST). */
const now = '2025-06-10T10:00:00.000Z';
const seconds = (n: number) => n * 1_000;
const minutes = (n: number) => n * 60_000;
const days = (n: number) => n * 24 * 60 * 60_000;
let day = 0;

let ctx: TestContext;
let owner: string;
let manager: string;
let otherOwner: string;
const log = { debug: jest.fn(), error: jest.fn() };
const sitesOf = () => ctx.demo.sites;

const deps = () => ({ db: ctx.db, mailer: ctx.mailer, config: ctx.config, clock: ctx.clock, log });
const dispatch = () => dispatchEvents(deps(), ctx.clock.now());
const send = () => sendPendingEmails(deps(), () => ctx.clock.now());

/** The e-mails sent since the last call, by recipient then subject. */
function mailed() {
  const sent = ctx.mailer.sent.map((mail) => ({ to: mail.to, subject: mail.subject, text: mail.text }));
  ctx.mailer.sent.length = 0;
  return sent.sort((a, b) => a.to.localeCompare(b.to) || a.subject.localeCompare(b.subject));
}

async function groups(token: string, query: Record<string, string | number> = {}) {
  const reply = await ctx.inject<{ data: NotificationGroupList }>('GET', '/api/v1/notification/group-list', {
    token,
    query,
  });
  if (reply.statusCode !== 200) throw new Error(`the group list: ${reply.raw}`);
  return reply.json.data;
}

async function notificationsOf(token: string, query: Record<string, string | number> = {}) {
  const reply = await ctx.inject<{ data: NotificationList }>('GET', '/api/v1/notification/web-app-list', {
    token,
    query: { limit: 100, ...query },
  });
  if (reply.statusCode !== 200) throw new Error(`the notifications: ${reply.raw}`);
  return reply.json.data;
}

/** Raises an event as a domain would, happening at the clock's time. */
async function raise(
  kind: AlertEventKind,
  siteId: string | null,
  title: string,
  {
    orgId = ctx.demo.organization.id,
    occurredAt = ctx.clock.now(),
    details,
  }: { orgId?: string; occurredAt?: Date; details?: Record<string, unknown> } = {},
): Promise<string> {
  const id = await raiseEvent(
    ctx.db,
    {
      orgId,
      siteId,
      kind,
      subject: kind === 'SENSOR_OFFLINE' ? 'Sensor' : kind.startsWith('DOCUMENT') ? 'Document' : 'Task',
      recordId: crypto.randomUUID(),
      title,
      details,
      occurredAt,
    },
    ctx.clock.now(),
  );
  if (!id) throw new Error('not raised');
  return id;
}

/** Six sensors at Brighton go silent within a minute, ten seconds apart. */
async function sixSensorsOffline(): Promise<string[]> {
  const ids: string[] = [];
  for (let sensor = 1; sensor <= 6; sensor += 1) {
    ids.push(await raise('SENSOR_OFFLINE', sitesOf().brighton.id, `Sensor ${sensor} at Brighton is offline`));
    ctx.clock.advance(seconds(10));
  }
  return ids;
}

async function settings(email: string, change: Partial<NotificationSettings>) {
  await ctx.db
    .update(users)
    .set({ notificationSettings: { ...defaultNotificationSettings, ...change } })
    .where(eq(users.email, email));
}

beforeAll(async () => {
  ctx = await createTestContext();
});
/** Signs the three admins in again: a test that moves the clock outlives the access tokens. */
async function signIn() {
  [owner, manager, otherOwner] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(demoLogins.siteAdmin),
    ctx.login(ctx.other.organizationAdmin.email),
  ]);
}

beforeEach(async () => {
  // Each test starts a day after the last, so no earlier test's group is within its window.
  day += 1;
  ctx.clock.set(new Date(Date.parse(now) + days(day)));
  await ctx.db.delete(webhookDeliveries);
  await ctx.db.delete(notifications);
  await ctx.db.delete(emailDeliveries);
  await ctx.db.update(alertEvents).set({ dispatchedAt: ctx.clock.now(), escalatedAt: ctx.clock.now() });
  await ctx.db.update(webhooks).set({ enabled: false });
  await settings(demoLogins.organizationAdmin, {});
  await settings(demoLogins.siteAdmin, {});
  ctx.mailer.sent.length = 0;
  await signIn();
});
afterAll(() => ctx.close());

describe('the bell', () => {
  test('six sensors offline at one site within a minute are one group of six, opening onto the six', async () => {
    const start = ctx.clock.now().getTime();
    const ids = await sixSensorsOffline();
    await dispatch();

    const events = await ctx.db.select().from(alertEvents).where(inArray(alertEvents.id, ids));
    expect(new Set(events.map((event) => event.groupId))).toEqual(new Set([ids[0]]));

    const bell = await groups(manager);
    expect(bell).toMatchObject({ records: 1, unreadGroupCount: 1, unreadCount: 6 });
    const [group] = bell.list;
    expect(group).toMatchObject({
      kind: 'SENSOR_OFFLINE',
      kindLabel: 'Sensor offline',
      severity: 'WARNING',
      severityLabel: 'Warning',
      count: 6,
      unreadCount: 6,
      sites: { count: 1, names: [sitesOf().brighton.name], wholeOrganisation: false },
      siteID: sitesOf().brighton.id,
      timeZoneId: 'Europe/London',
      escalated: false,
      title: `6 sensors offline at ${sitesOf().brighton.name}`,
      occurredAt: new Date(start + seconds(50)).toISOString(),
    });
    expect(group?.link).toBe(`/dashboard/notifications?groupID=${group?._id}`);

    const members = await notificationsOf(manager, { groupID: group?._id ?? '' });
    expect(members.records).toBe(6);
    expect(members.list.map((one) => one.title)).toEqual(
      [6, 5, 4, 3, 2, 1].map((sensor) => `Sensor ${sensor} at Brighton is offline`),
    );
    // The group's id is its first notification's.
    expect(members.list.at(-1)?._id).toBe(group?._id);
    expect(new Set(members.list.map((one) => one.groupID))).toEqual(new Set([group?._id]));
  });

  test('across three sites: the organisation admin has one group of every site, a site admin only theirs', async () => {
    const { brighton, manchester, brooklyn } = sitesOf();
    const ids: string[] = [];
    for (const site of [brighton, manchester, brooklyn]) {
      ids.push(await raise('SENSOR_OFFLINE', site.id, `Walk-in sensor at ${site.name} is offline`));
      ctx.clock.advance(seconds(20));
    }
    await dispatch();

    const ownerBell = await groups(owner);
    expect(ownerBell.records).toBe(1);
    const [group] = ownerBell.list;
    expect(group).toMatchObject({
      count: 3,
      title: 'Sensors offline at 3 sites',
      sites: { count: 3, wholeOrganisation: false },
      siteID: null,
      timeZoneId: null,
    });
    expect([...(group?.sites.names ?? [])].sort()).toEqual(
      [brighton.name, manchester.name, brooklyn.name].sort(),
    );
    // Each site's event began a group of its own: webhooks and e-mails group by site.
    const events = await ctx.db.select().from(alertEvents).where(inArray(alertEvents.id, ids));
    expect(events.map((event) => event.groupId === event.id)).toEqual([true, true, true]);

    const managerBell = await groups(manager);
    expect(managerBell.list.map((group) => [group.count, group.title])).toEqual([
      [1, `Walk-in sensor at ${brighton.name} is offline`],
    ]);
    // A group of one opens its record, and is that notification.
    const [only] = (await notificationsOf(manager)).list;
    expect(managerBell.list[0]).toMatchObject({ _id: only?._id, link: only?.link });
  });

  test('two dispatchers at once, each taking its batch of one outage, keep it one group', async () => {
    // More events than a dispatch batch (50): on PostgreSQL each dispatcher takes a batch at once.
    const ids: string[] = [];
    for (let sensor = 1; sensor <= 60; sensor += 1) {
      ids.push(
        await raise('SENSOR_OFFLINE', sitesOf().brighton.id, `Sensor ${sensor} at Brighton is offline`),
      );
      ctx.clock.advance(seconds(1));
    }
    await Promise.all([dispatch(), dispatch()]);
    const events = await ctx.db.select().from(alertEvents).where(inArray(alertEvents.id, ids));
    expect(events.filter((event) => event.dispatchedAt === null)).toEqual([]);
    expect(new Set(events.map((event) => event.groupId)).size).toBe(1);
    expect((await groups(manager)).list.map((group) => [group.count, group.unreadCount])).toEqual([[60, 60]]);
    expect(await ctx.db.select().from(notifications)).toHaveLength(120);
  });

  test('an event after the window begins a new group', async () => {
    const brighton = sitesOf().brighton.id;
    const first = await raise('SENSOR_OFFLINE', brighton, 'Sensor 1 at Brighton is offline');
    await dispatch();
    ctx.clock.advance(minutes(4));
    const within = await raise('SENSOR_OFFLINE', brighton, 'Sensor 2 at Brighton is offline');
    await dispatch();
    ctx.clock.advance(minutes(2));
    const after = await raise('SENSOR_OFFLINE', brighton, 'Sensor 3 at Brighton is offline');
    await dispatch();

    const events = await ctx.db
      .select({ id: alertEvents.id, groupId: alertEvents.groupId })
      .from(alertEvents)
      .where(inArray(alertEvents.id, [first, within, after]));
    expect(Object.fromEntries(events.map((event) => [event.id, event.groupId]))).toEqual({
      [first]: first,
      [within]: first,
      [after]: after,
    });
    expect((await groups(manager)).list.map((group) => group.count)).toEqual([1, 2]);
  });

  test('members are read and acknowledged one by one; "mark all read" reads every group', async () => {
    const ids = await sixSensorsOffline();
    await dispatch();
    const [group] = (await groups(manager)).list;
    const members = await notificationsOf(manager, { groupID: group?._id ?? '' });
    const opened = members.list.find((one) => one.eventID === ids[2]);
    const read = await ctx.inject('PATCH', '/api/v1/notification/mark-read', {
      token: manager,
      body: { id: opened?._id },
    });
    expect(read.statusCode).toBe(200);

    expect((await groups(manager)).list[0]).toMatchObject({ count: 6, unreadCount: 5 });
    const acknowledged = await ctx.db
      .select({ id: alertEvents.id, acknowledgedAt: alertEvents.acknowledgedAt })
      .from(alertEvents)
      .where(inArray(alertEvents.id, ids));
    expect(acknowledged.filter((event) => event.acknowledgedAt !== null).map((event) => event.id)).toEqual([
      ids[2],
    ]);
    // The organisation admin's notifications of the same events are theirs to read.
    expect((await groups(owner)).list[0]).toMatchObject({ count: 6, unreadCount: 6 });

    await ctx.inject('PATCH', '/api/v1/notification/mark-all-read', { token: manager });
    expect(await groups(manager)).toMatchObject({ unreadGroupCount: 0, unreadCount: 0 });
  });

  test('the most urgent first: an overdue task above newer information, unread above read', async () => {
    const { brighton } = sitesOf();
    const overdue = await raise('TASK_OVERDUE', brighton.id, '“Opening checks” was due by 09:00 at Brighton');
    await dispatch();
    ctx.clock.advance(minutes(10));
    const offline = await raise('SENSOR_OFFLINE', brighton.id, 'Sensor 1 at Brighton is offline');
    ctx.clock.advance(minutes(10));
    await raise('DOCUMENT_EXPIRING', brighton.id, 'Food hygiene certificate expires in 30 days');
    await dispatch();
    ctx.clock.advance(minutes(10));
    await raise('SENSOR_OFFLINE', brighton.id, 'Sensor 2 at Brighton is offline');
    await dispatch();
    await signIn();

    const bell = await groups(manager);
    expect(bell.list.map((group) => [group.severity, group.kind, group.title])).toEqual([
      ['URGENT', 'TASK_OVERDUE', '“Opening checks” was due by 09:00 at Brighton'],
      ['WARNING', 'SENSOR_OFFLINE', 'Sensor 2 at Brighton is offline'],
      ['WARNING', 'SENSOR_OFFLINE', 'Sensor 1 at Brighton is offline'],
      ['INFORMATION', 'DOCUMENT_EXPIRING', 'Food hygiene certificate expires in 30 days'],
    ]);
    expect(bell.unreadGroupCount).toBe(4);

    // Read, the newer sensor goes below the older one still unread; the overdue task stays on top.
    const newer = bell.list[1]?._id;
    await ctx.inject('PATCH', '/api/v1/notification/mark-read', { token: manager, body: { id: newer } });
    const after = await groups(manager);
    expect(after.list.map((group) => group.title)).toEqual([
      '“Opening checks” was due by 09:00 at Brighton',
      'Sensor 1 at Brighton is offline',
      'Sensor 2 at Brighton is offline',
      'Food hygiene certificate expires in 30 days',
    ]);
    expect(after.unreadGroupCount).toBe(3);
    expect(after.list.find((group) => group.title.startsWith('Sensor 1'))?.link).toBe('/dashboard/sensors');
    expect(offline).not.toBe(overdue);

    // Paged like every list.
    const second = await groups(manager, { limit: 2, page: 2 });
    expect(second).toMatchObject({ records: 4, page: 2, limit: 2 });
    expect(second.list.map((group) => group.kind)).toEqual(['SENSOR_OFFLINE', 'DOCUMENT_EXPIRING']);
  });

  test('escalations reach an organisation admin as one group of every site, marked escalated', async () => {
    await settings(demoLogins.organizationAdmin, { allSites: false });
    const { brighton } = sitesOf();
    await raise('TASK_OVERDUE', brighton.id, '“Opening checks” was due by 09:00 at Brighton');
    ctx.clock.advance(seconds(30));
    await raise('TASK_OVERDUE', brighton.id, '“Fridge checks” was due by 09:00 at Brighton');
    await dispatch();
    expect((await groups(owner)).list).toEqual([]);

    ctx.clock.advance(minutes(31));
    expect(await escalateEvents(deps(), ctx.clock.now())).toBe(2);
    await signIn();
    const owners = await groups(owner);
    expect(owners.list).toEqual([
      expect.objectContaining({ count: 2, escalated: true, title: `2 overdue tasks at ${brighton.name}` }),
    ]);
  });
});

describe('the notifications page’s filters', () => {
  test('by site, area, kind, read or unread and group; another organisation’s ids find nothing', async () => {
    const { brighton, manchester } = sitesOf();
    const area = newId();
    await ctx.db.insert(areas).values({
      id: area,
      orgId: ctx.demo.organization.id,
      name: 'North',
      createdAt: ctx.clock.now(),
      updatedAt: ctx.clock.now(),
    });
    await ctx.db.update(sites).set({ areaId: area }).where(eq(sites.id, manchester.id));
    await ctx.db.update(sites).set({ areaId: null }).where(eq(sites.id, brighton.id));
    await raise('SENSOR_OFFLINE', brighton.id, 'Sensor at Brighton is offline');
    await raise('SENSOR_OFFLINE', manchester.id, 'Sensor at Manchester is offline');
    await raise('TASK_OVERDUE', manchester.id, '“Closing checks” was due at Manchester');
    await dispatch();
    const titles = async (query: Record<string, string>) =>
      (await notificationsOf(owner, query)).list.map((one) => one.title).sort();

    expect(await titles({ siteID: manchester.id })).toEqual([
      'Sensor at Manchester is offline',
      '“Closing checks” was due at Manchester',
    ]);
    expect(await titles({ areaID: area })).toEqual(await titles({ siteID: manchester.id }));
    expect(await titles({ kind: 'SENSOR_OFFLINE' })).toEqual([
      'Sensor at Brighton is offline',
      'Sensor at Manchester is offline',
    ]);
    expect(await titles({ kind: 'SENSOR_OFFLINE', areaID: area })).toEqual([
      'Sensor at Manchester is offline',
    ]);

    const overdue = (await notificationsOf(owner, { kind: 'TASK_OVERDUE' })).list[0];
    await ctx.inject('PATCH', '/api/v1/notification/mark-read', { token: owner, body: { id: overdue?._id } });
    expect(await titles({ unread: 'false' })).toEqual(['“Closing checks” was due at Manchester']);
    expect(await titles({ unread: 'true' })).toEqual([
      'Sensor at Brighton is offline',
      'Sensor at Manchester is offline',
    ]);
    const sensors = (await groups(owner)).list.find((group) => group.kind === 'SENSOR_OFFLINE');
    expect(await titles({ groupID: sensors?._id ?? '' })).toEqual(await titles({ kind: 'SENSOR_OFFLINE' }));
    const filtered = await notificationsOf(owner, { unread: 'true', siteID: brighton.id });
    // The unread count is every unread notification's, whatever the filters.
    expect(filtered).toMatchObject({ records: 1, unreadCount: 2 });

    // Another organisation's site, area and group, and ids of nothing: nothing.
    const otherArea = newId();
    await ctx.db.insert(areas).values({
      id: otherArea,
      orgId: ctx.other.organization.id,
      name: 'North',
      createdAt: ctx.clock.now(),
      updatedAt: ctx.clock.now(),
    });
    await ctx.db.update(sites).set({ areaId: otherArea }).where(eq(sites.id, ctx.other.site.id));
    await raise('SENSOR_OFFLINE', ctx.other.site.id, 'Their sensor is offline', {
      orgId: ctx.other.organization.id,
    });
    await dispatch();
    const theirGroup = (await groups(otherOwner)).list[0]?._id ?? '';
    expect(theirGroup).not.toBe('');
    const foreign: Record<string, string>[] = [
      { siteID: ctx.other.site.id },
      { areaID: otherArea },
      { groupID: theirGroup },
      { groupID: crypto.randomUUID() },
    ];
    for (const query of foreign) {
      expect(await notificationsOf(owner, query)).toMatchObject({ list: [], records: 0 });
    }
    // The other organisation's admin, filtering by this one's site, area or group, finds nothing either.
    expect(await notificationsOf(otherOwner, { areaID: area })).toMatchObject({ list: [], records: 0 });
    expect(await notificationsOf(otherOwner, { groupID: sensors?._id ?? '' })).toMatchObject({ records: 0 });
  });

  test('malformed filters are a 400 naming the field', async () => {
    for (const [field, value] of [
      ['siteID', 'not-an-id'],
      ['areaID', '42'],
      ['groupID', 'x'],
      ['kind', 'FRIDGE_ON_FIRE'],
      ['unread', 'maybe'],
    ] as const) {
      const reply = await ctx.inject('GET', '/api/v1/notification/web-app-list', {
        token: owner,
        query: { [field]: value },
      });
      expect([field, reply.statusCode]).toEqual([field, 400]);
      expect(reply.json.details?.fieldErrors).toHaveProperty(field);
    }
    const page = await ctx.inject('GET', '/api/v1/notification/group-list', {
      token: owner,
      query: { page: 0 },
    });
    expect(page.statusCode).toBe(400);
  });
});

describe('e-mail', () => {
  test('the first of a group at once; the later ones together when the window ends; once however often it runs', async () => {
    const { brighton } = sitesOf();
    await settings(demoLogins.organizationAdmin, { allSites: false });
    await raise('SENSOR_OFFLINE', brighton.id, 'Sensor 1 at Brighton is offline');
    await Promise.all([dispatch(), dispatch()]);
    await Promise.all([send(), send()]);
    expect(mailed().map((mail) => [mail.to, mail.subject])).toEqual([
      [demoLogins.siteAdmin, 'Sensor offline: Sensor 1 at Brighton is offline'],
    ]);

    for (let sensor = 2; sensor <= 4; sensor += 1) {
      ctx.clock.advance(minutes(1));
      await raise('SENSOR_OFFLINE', brighton.id, `Sensor ${sensor} at Brighton is offline`);
      await Promise.all([dispatch(), dispatch()]);
      await Promise.all([send(), send()]);
    }
    // Held while the group's five minutes run.
    expect(mailed()).toEqual([]);
    ctx.clock.advance(minutes(1) + seconds(59));
    await send();
    expect(mailed()).toEqual([]);

    ctx.clock.advance(seconds(1));
    await Promise.all([send(), send(), dispatch()]);
    const mails = mailed();
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [demoLogins.siteAdmin, `Sensor offline: 3 more sensors offline at ${brighton.name}`],
    ]);
    const text = mails[0]?.text ?? '';
    expect(text).toContain(`3 more sensors offline at ${brighton.name} since the first was e-mailed to you:`);
    for (const sensor of [2, 3, 4]) expect(text).toContain(`- Sensor ${sensor} at Brighton is offline`);
    expect(text).not.toContain('Sensor 1 at');
    expect(text.indexOf('Sensor 2 at')).toBeLessThan(text.indexOf('Sensor 4 at'));
    expect(text).toContain('http://console.test/dashboard/sensors');

    // One that happened within the window but was raised after it joins the group, and goes at once.
    const start = ctx.clock.now().getTime() - minutes(5);
    await raise('SENSOR_OFFLINE', brighton.id, 'Sensor 5 at Brighton is offline', {
      occurredAt: new Date(start + minutes(4) + seconds(30)),
    });
    ctx.clock.advance(seconds(30));
    await Promise.all([dispatch(), dispatch()]);
    await Promise.all([send(), send()]);
    expect(mailed().map((mail) => mail.subject)).toEqual([
      `Sensor offline: 1 more sensor offline at ${brighton.name}`,
    ]);
    // One that happened after the window begins a group of its own: at once.
    await raise('SENSOR_OFFLINE', brighton.id, 'Sensor 6 at Brighton is offline');
    await Promise.all([dispatch(), dispatch()]);
    await Promise.all([send(), send()]);
    expect(mailed().map((mail) => mail.subject)).toEqual(['Sensor offline: Sensor 6 at Brighton is offline']);
    expect(await ctx.db.select().from(emailDeliveries).where(eq(emailDeliveries.status, 'PENDING'))).toEqual(
      [],
    );
  });

  test('a later near miss keeps its report’s own words in the group’s e-mail', async () => {
    const { brighton } = sitesOf();
    await settings(demoLogins.organizationAdmin, { allSites: false });
    const report = (what: string) => ({
      subject: `Near miss at Brighton: ${what}`,
      lines: [`Aisha Khan reported a near miss at Brighton.`, '', `What: ${what}`],
    });
    await raise('NEAR_MISS_REPORTED', brighton.id, 'Incident at Brighton: Slip by the dish wash', {
      details: report('Slip by the dish wash'),
    });
    ctx.clock.advance(minutes(1));
    await raise('NEAR_MISS_REPORTED', brighton.id, 'Incident at Brighton: Wet floor by the pass', {
      details: report('Wet floor by the pass'),
    });
    await dispatch();
    await send();
    expect(mailed().map((mail) => mail.subject)).toEqual(['Near miss at Brighton: Slip by the dish wash']);
    ctx.clock.advance(minutes(4));
    await send();
    const [held] = mailed();
    expect(held?.subject).toBe(`Near miss reported: 1 more near miss reported at ${brighton.name}`);
    expect(held?.text).toContain(
      '- Incident at Brighton: Wet floor by the pass\n  Aisha Khan reported a near miss at Brighton.\n\n  What: Wet floor by the pass\n',
    );
  });

  test('an escalation’s e-mail goes at once, never held for a group', async () => {
    const { brighton } = sitesOf();
    await settings(demoLogins.organizationAdmin, { allSites: false });
    await raise('TEMPERATURE_FAILED', brighton.id, 'Walk-in fridge read 9 °C at Brighton');
    ctx.clock.advance(seconds(1));
    await raise('TEMPERATURE_FAILED', brighton.id, 'Walk-in fridge read 10 °C at Brighton');
    await dispatch();
    await send();
    expect(mailed().map((mail) => mail.subject)).toEqual([
      'Temperature failure: Walk-in fridge read 9 °C at Brighton',
    ]);
    ctx.clock.advance(minutes(30));
    expect(await escalateEvents(deps(), ctx.clock.now())).toBe(2);
    await send();
    expect(mailed().map((mail) => [mail.to, mail.subject])).toEqual([
      // The held one went when the window ended, with the escalations.
      [demoLogins.siteAdmin, `Temperature failure: 1 more temperature failure at ${sitesOf().brighton.name}`],
      [demoLogins.organizationAdmin, 'Escalated: Temperature failure: Walk-in fridge read 10 °C at Brighton'],
      [demoLogins.organizationAdmin, 'Escalated: Temperature failure: Walk-in fridge read 9 °C at Brighton'],
    ]);
  });
});

describe('the daily digest', () => {
  test('lists a group as one line with its count, linking to the notifications page of its kind and site', async () => {
    const { brighton, manchester } = sitesOf();
    for (let task = 1; task <= 4; task += 1) {
      await raise('TASK_OVERDUE', brighton.id, `“Check ${task}” was due by 10:00 at Brighton`);
      ctx.clock.advance(seconds(10));
    }
    await raise('TASK_OVERDUE', manchester.id, '“Bar check” was due by 10:00 at Manchester');
    await dispatch();
    // 08:00 the next morning in Brighton.
    ctx.clock.advance(minutes(21 * 60));
    expect((await makeDigests(deps(), ctx.clock.now())).made).toBeGreaterThan(0);
    await send();
    const digest = mailed().find((mail) => mail.to === demoLogins.organizationAdmin);
    expect(digest?.subject).toBe('Your daily digest: 5 alerts');
    const text = digest?.text ?? '';
    // Within the minute: one time.
    expect(text).toMatch(/- Overdue task: 4 overdue tasks \(\w+, [^()]+, 11:00\)\n/);
    expect(text).toContain(
      `http://console.test/dashboard/notifications?kind=TASK_OVERDUE&siteID=${brighton.id}`,
    );
    expect(text).not.toContain('“Check 2”');
    // A group of one keeps its own line.
    expect(text).toContain('- Overdue task: “Bar check” was due by 10:00 at Manchester');
  });
});

describe('webhooks', () => {
  test('each event is still one delivery, carrying its group’s id', async () => {
    const hook = await ctx.db.transaction((tx) =>
      insertWebhook(
        tx,
        ctx.demo.organization.id,
        { name: 'Grouped', url: 'https://93.184.215.14/hook', events: ['SENSOR_OFFLINE'], enabled: true },
        ctx.clock.now(),
        { by: ctx.demo.organizationAdmin.id, files: [] },
      ),
    );
    const ids = await sixSensorsOffline();
    await Promise.all([dispatch(), dispatch()]);
    const rows = await ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, hook.id));
    expect(rows.map((row) => row.eventId).sort()).toEqual([...ids].sort());
    const bodies = rows.map((row) => JSON.parse(bodyOf(row.payload as never, ctx.config.publicUrl)));
    expect(bodies.map((body: { groupId: string }) => body.groupId)).toEqual(ids.map(() => ids[0]));
  });
});
