import { and, eq } from 'drizzle-orm';
import {
  defaultNotificationSettings,
  type MasterType,
  type NotificationList,
  type NotificationSettings,
  type TemperatureLog,
} from '@console/shared-sdk/contract';
import { sites, users } from '../../platform/db/schema.js';
import { raiseEvent } from '../../platform/events/raise.js';
import { alertEvents } from '../../platform/events/schema.js';
import { startJobQueue, type JobQueue } from '../../platform/jobs/queue.js';
import { demoLogins } from '../../demo.js';
import { mobileLogin } from '../../test/logs.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { emailDeliveries, notifications } from './schema.js';
import {
  alertJobNames,
  alertJobs,
  claimDelivery,
  dispatchEvents,
  escalateEvents,
  sendPendingEmails,
} from './index.js';

// Events reach the right people on each channel exactly once (issue 24): a failed reading is told at once
// to its site's admins and the organisation's admins who hear of every site, in the bell and by e-mail,
// never to another organisation; two dispatches at once, a crash mid-send and two queue instances on
// PostgreSQL tell each person once; an unacknowledged event escalates after the site's time.

/** A Tuesday: 11:00 in Brighton (BST). */
const now = '2025-06-10T10:00:00.000Z';
const minutes = (n: number) => n * 60_000;
const after = (ms: number) => new Date(Date.parse(now) + ms).toISOString();

let ctx: TestContext;
let owner: string;
let manager: string;
let otherOwner: string;
let aisha: string;
let shelf = '';
const log = { debug: jest.fn(), error: jest.fn() };

const deps = () => ({ db: ctx.db, mailer: ctx.mailer, config: ctx.config, clock: ctx.clock, log });
const dispatch = () => dispatchEvents(deps(), ctx.clock.now());
const send = () => sendPendingEmails(deps(), () => ctx.clock.now());
/** What the jobs would do after a change: fan out, then send. */
async function deliver() {
  await dispatch();
  return send();
}

/** The e-mails sent since the last call, by recipient, sorted. */
function mailed() {
  const sent = ctx.mailer.sent.map((mail) => ({ to: mail.to, subject: mail.subject, text: mail.text }));
  ctx.mailer.sent.length = 0;
  return sent.sort((a, b) => a.to.localeCompare(b.to) || a.subject.localeCompare(b.subject));
}

const bell = async (token: string, query: Record<string, string | number> = {}) => {
  const reply = await ctx.inject<{ data: NotificationList }>('GET', '/api/v1/notification/web-app-list', {
    token,
    query,
  });
  if (reply.statusCode !== 200) throw new Error(`the bell: ${reply.raw}`);
  return reply.json.data;
};

async function settings(email: string, change: Partial<NotificationSettings>) {
  await ctx.db
    .update(users)
    .set({ notificationSettings: { ...defaultNotificationSettings, ...change } })
    .where(eq(users.email, email));
}

async function failedReading(celsius = 9.4): Promise<TemperatureLog> {
  const reply = await ctx.inject<{ data: TemperatureLog }>(
    'POST',
    '/api/v1/temperature-logs/create-new-one',
    {
      token: aisha,
      body: {
        siteID: ctx.demo.sites.brighton.id,
        temperatureItemID: shelf,
        celsius,
        readAt: new Date(ctx.clock.now().getTime() - minutes(1)).toISOString(),
        correctiveAction: 'Moved the stock to the spare fridge',
      },
    },
  );
  if (reply.statusCode !== 200) throw new Error(`recording: ${reply.raw}`);
  return reply.json.data;
}

/** An event nobody has acted on yet (a sensor's failure, an overdue task), raised as a domain would. */
async function openEvent(kind: 'TEMPERATURE_FAILED' | 'TASK_OVERDUE', title: string) {
  const recordId = crypto.randomUUID();
  const id = await raiseEvent(
    ctx.db,
    {
      orgId: ctx.demo.organization.id,
      siteId: ctx.demo.sites.brighton.id,
      kind,
      subject: kind === 'TASK_OVERDUE' ? 'Task' : 'TemperatureLog',
      recordId,
      title,
      occurredAt: ctx.clock.now(),
    },
    ctx.clock.now(),
  );
  if (!id) throw new Error('not raised');
  return id;
}

async function reset() {
  await ctx.db.delete(notifications);
  await ctx.db.delete(emailDeliveries);
  // Earlier tests' events are done with: dispatched, and escalated where they would be; and in no group a
  // new event could join (every test starts at the same time).
  await ctx.db
    .update(alertEvents)
    .set({ dispatchedAt: ctx.clock.now(), escalatedAt: ctx.clock.now(), groupId: null });
  await settings(demoLogins.organizationAdmin, {});
  await settings(demoLogins.siteAdmin, {});
  ctx.mailer.sent.length = 0;
}

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(now);
  [owner, manager, otherOwner, aisha] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(demoLogins.siteAdmin),
    ctx.login(ctx.other.organizationAdmin.email),
    mobileLogin(ctx, 'aisha.khan@harbourvine.example'),
  ]);
  const fridge = await ctx.inject<{ data: MasterType }>('POST', '/api/v1/masterType/create-new-one', {
    token: owner,
    body: {
      siteID: ctx.demo.sites.brighton.id,
      type: 'FRIDGE',
      name: 'Walk-in fridge',
      temperatureItems: [{ name: 'Top shelf' }],
    },
  });
  shelf = fridge.json.data.temperatureItems[0]?._id ?? '';
});
beforeEach(async () => {
  ctx.clock.set(now);
  await reset();
});
afterAll(() => ctx.close());

describe('a failed reading', () => {
  test('reaches the site’s admins and the organisation’s admins once, in the bell and by e-mail at once', async () => {
    const reading = await failedReading();
    await ctx.settled();
    expect(ctx.jobs.sent.map((job) => job.name)).toContain(alertJobNames.dispatch);

    // Two dispatches and two senders at once: each person is told once on each channel.
    await Promise.all([dispatch(), dispatch()]);
    await Promise.all([send(), send()]);
    const mails = mailed();
    expect(mails.map((mail) => mail.to)).toEqual([demoLogins.siteAdmin, demoLogins.organizationAdmin].sort());
    const mail = mails[0];
    expect(mail?.subject).toBe(
      'Temperature failure: Walk-in fridge, Top shelf read 9.4 °C (limit 5 °C) at The Harbour Kitchen, Brighton',
    );
    expect(mail?.text).toContain('When: Tue, 10 Jun 2025, 10:59 (Europe/London time)');
    expect(mail?.text).toContain(`Open it: http://console.test/dashboard/temperatureLog?view=${reading._id}`);

    for (const token of [manager, owner]) {
      const seen = await bell(token);
      expect(seen.unreadCount).toBe(1);
      expect(seen.list).toEqual([
        expect.objectContaining({
          kind: 'TEMPERATURE_FAILED',
          title: 'Walk-in fridge, Top shelf read 9.4 °C (limit 5 °C) at The Harbour Kitchen, Brighton',
          siteName: 'The Harbour Kitchen, Brighton',
          // Its site's zone, so the bell writes its time on the clock its title's times are on.
          timeZoneId: 'Europe/London',
          readAt: null,
          escalated: false,
          link: `/dashboard/temperatureLog?view=${reading._id}`,
        }),
      ]);
      // Its corrective action came with it: acknowledged, it will not escalate.
      expect(seen.list[0]?.acknowledgedAt).not.toBeNull();
    }
    expect((await bell(otherOwner)).list).toEqual([]);

    // Nothing is told twice, however often the jobs run.
    await deliver();
    expect(mailed()).toEqual([]);
    expect(await ctx.db.select().from(notifications)).toHaveLength(2);
  });

  test('at an American site: its words in °F, its time as its locale writes it, unless a person chose their own; its details in °C with the unit', async () => {
    const brighton = ctx.demo.sites.brighton.id;
    await ctx.db.update(sites).set({ jurisdiction: 'US-NYC' }).where(eq(sites.id, brighton));
    await ctx.db
      .update(users)
      .set({ dateFormat: 'en-GB' })
      .where(eq(users.email, demoLogins.organizationAdmin));
    try {
      // 7 °C, above the shelf's 5 °C: 44.6 °F above 41 °F.
      const reading = await failedReading(7);
      expect(reading.temperatureUnit).toBe('F');
      await deliver();
      const title = 'Walk-in fridge, Top shelf read 44.6 °F (limit 41 °F) at The Harbour Kitchen, Brighton';
      const mails = new Map(mailed().map((mail) => [mail.to, mail]));
      const siteAdmin = mails.get(demoLogins.siteAdmin);
      expect(siteAdmin?.subject).toBe(`Temperature failure: ${title}`);
      expect(siteAdmin?.text).toContain('When: Tue, Jun 10, 2025, 10:59 AM (Europe/London time)');
      // The organisation admin reads dates day first, as they chose.
      expect(mails.get(demoLogins.organizationAdmin)?.text).toContain(
        'When: Tue, 10 Jun 2025, 10:59 (Europe/London time)',
      );
      expect((await bell(manager)).list[0]?.title).toBe(title);
      // What a webhook is sent: the numbers in °C, with the unit the words are in.
      const [event] = await ctx.db.select().from(alertEvents).where(eq(alertEvents.recordId, reading._id));
      expect(event?.details).toMatchObject({
        celsius: 7,
        limits: { upperLimit: 5 },
        temperatureUnit: 'F',
      });
    } finally {
      await ctx.db.update(sites).set({ jurisdiction: 'GB-ENG' }).where(eq(sites.id, brighton));
      await ctx.db
        .update(users)
        .set({ dateFormat: 'SITE' })
        .where(eq(users.email, demoLogins.organizationAdmin));
    }
  });

  test('the other organisation’s failure never reaches this one, and a passing reading raises nothing', async () => {
    await raiseEvent(
      ctx.db,
      {
        orgId: ctx.other.organization.id,
        siteId: ctx.other.site.id,
        kind: 'TEMPERATURE_FAILED',
        subject: 'TemperatureLog',
        recordId: crypto.randomUUID(),
        title: 'Their fridge',
        occurredAt: ctx.clock.now(),
      },
      ctx.clock.now(),
    );
    await deliver();
    expect(mailed().map((mail) => mail.to)).toEqual(
      [ctx.other.siteAdmin.email, ctx.other.organizationAdmin.email].sort(),
    );
    expect((await bell(owner)).list).toEqual([]);
    expect((await bell(otherOwner)).unreadCount).toBe(1);

    await failedReading(5);
    await deliver();
    expect(mailed()).toEqual([]);
  });
});

describe('notification settings', () => {
  test('choose the channels per person and kind; an organisation admin may hear only escalations', async () => {
    await settings(demoLogins.siteAdmin, { inConsole: false });
    await settings(demoLogins.organizationAdmin, { allSites: false });
    await failedReading();
    await deliver();
    expect(mailed().map((mail) => mail.to)).toEqual([demoLogins.siteAdmin]);
    expect((await bell(manager)).list).toEqual([]);
    expect((await bell(owner)).list).toEqual([]);

    await settings(demoLogins.siteAdmin, { temperatureFailure: false });
    await failedReading(10);
    await deliver();
    expect(mailed()).toEqual([]);
    expect((await bell(manager)).unreadCount).toBe(1);
  });

  test('the bell is chosen per kind too, and the same switches choose an escalation’s channels', async () => {
    await settings(demoLogins.siteAdmin, { temperatureFailureInConsole: false });
    await settings(demoLogins.organizationAdmin, { allSites: false, temperatureFailureInConsole: false });
    await openEvent('TEMPERATURE_FAILED', 'Walk-in fridge read 9.4 °C (limit 5 °C) at Brighton');
    await openEvent('TASK_OVERDUE', '“Opening checks” was due by 09:00 at The Harbour Kitchen, Brighton');
    await deliver();
    // The failure still comes by e-mail; only the bell left it out.
    expect(mailed().map((mail) => mail.to)).toEqual([demoLogins.siteAdmin]);
    expect((await bell(manager)).list.map((item) => item.kind)).toEqual(['TASK_OVERDUE']);

    ctx.clock.set(after(minutes(31)));
    expect(await escalateEvents(deps(), ctx.clock.now())).toBe(2);
    await send();
    const later = await ctx.login(demoLogins.organizationAdmin);
    expect((await bell(later)).list.map((item) => [item.kind, item.escalated])).toEqual([
      ['TASK_OVERDUE', true],
    ]);
    expect(
      mailed()
        .map((mail) => [mail.to, mail.subject.split(':')[0]])
        .sort(),
    ).toEqual([
      [demoLogins.organizationAdmin, 'Escalated'],
      [demoLogins.organizationAdmin, 'Escalated'],
    ]);
  });

  test('a site with no site admin of its own is heard by the organisation’s admins first-hand', async () => {
    await settings(demoLogins.organizationAdmin, { allSites: false });
    // Manchester has staff but no site admin.
    await raiseEvent(
      ctx.db,
      {
        orgId: ctx.demo.organization.id,
        siteId: ctx.demo.sites.manchester.id,
        kind: 'TEMPERATURE_FAILED',
        subject: 'TemperatureLog',
        recordId: crypto.randomUUID(),
        title: 'Bar fridge read 9.1 °C (limit 5 °C) at Manchester',
        occurredAt: ctx.clock.now(),
      },
      ctx.clock.now(),
    );
    await deliver();
    expect(mailed().map((mail) => mail.to)).toEqual([demoLogins.organizationAdmin]);
    expect((await bell(owner)).list.map((item) => item.title)).toEqual([
      'Bar fridge read 9.1 °C (limit 5 °C) at Manchester',
    ]);
    expect((await bell(manager)).list).toEqual([]);
  });

  test('settings stored before the new kinds read as their defaults, and the spec’s call still changes them', async () => {
    const old = {
      taskOverdue: true,
      temperatureFailure: false,
      nearMissReported: true,
      documentExpiry: true,
      weeklySummary: false,
    };
    await ctx.db
      .update(users)
      .set({ notificationSettings: old as NotificationSettings })
      .where(eq(users.email, demoLogins.siteAdmin));
    const me = await ctx.inject<{ data: { notificationSettings: NotificationSettings } }>(
      'GET',
      '/api/v1/user-profile/view-me',
      { token: manager },
    );
    expect(me.json.data.notificationSettings).toEqual({ ...defaultNotificationSettings, ...old });
    const changed = await ctx.inject<{ data: NotificationSettings }>(
      'PATCH',
      '/api/v1/user-profile/change-notification-settings',
      { token: manager, body: { checksMissed: false, inConsole: false } },
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json.data).toMatchObject({
      temperatureFailure: false,
      checksMissed: false,
      inConsole: false,
    });
  });
});

describe('escalation', () => {
  test('an event nobody acknowledges reaches every organisation admin after the site’s time, once', async () => {
    await settings(demoLogins.organizationAdmin, { allSites: false });
    const id = await openEvent(
      'TASK_OVERDUE',
      '“Opening checks” was due by 09:00 at The Harbour Kitchen, Brighton',
    );
    await deliver();
    // An overdue task goes to the digest, not at once.
    expect(mailed()).toEqual([]);
    expect((await bell(manager)).unreadCount).toBe(1);
    expect((await bell(owner)).unreadCount).toBe(0);

    ctx.clock.set(after(minutes(29)));
    expect(await escalateEvents(deps(), ctx.clock.now())).toBe(0);
    ctx.clock.set(after(minutes(30)));
    const [first, second] = await Promise.all([
      escalateEvents(deps(), ctx.clock.now()),
      escalateEvents(deps(), ctx.clock.now()),
    ]);
    expect((first ?? 0) + (second ?? 0)).toBe(1);
    await send();
    const mails = mailed();
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [
        demoLogins.organizationAdmin,
        'Escalated: Overdue task: “Opening checks” was due by 09:00 at The Harbour Kitchen, Brighton',
      ],
    ]);
    expect(mails[0]?.text).toContain('Nobody has acknowledged this within 30 minutes');
    // (Signed in again: the access token of 30 minutes ago has expired.)
    const seen = await bell(await ctx.login(demoLogins.organizationAdmin));
    expect(seen.list.map((one) => [one.eventID, one.escalated])).toEqual([[id, true]]);

    ctx.clock.set(after(minutes(90)));
    expect(await escalateEvents(deps(), ctx.clock.now())).toBe(0);
    await deliver();
    expect(mailed()).toEqual([]);
  });

  test('opening the notification acknowledges it in time, and the site’s own time counts', async () => {
    await openEvent('TEMPERATURE_FAILED', 'Sensor fridge read 12 °C');
    await deliver();
    mailed();
    const [opened] = (await bell(manager)).list;
    const read = await ctx.inject<{ data: { unreadCount: number } }>(
      'PATCH',
      '/api/v1/notification/mark-read',
      {
        token: manager,
        body: { id: opened?._id },
      },
    );
    expect(read.json.data.unreadCount).toBe(0);
    ctx.clock.set(after(minutes(60)));
    expect(await escalateEvents(deps(), ctx.clock.now())).toBe(0);
  });
});

describe('opening a record in the console', () => {
  test('acknowledges its events: the site admin opens the reading, and nothing escalates', async () => {
    const reading = await failedReading(8.9);
    await ctx.db.update(alertEvents).set({ acknowledgedAt: null, acknowledgedBy: null });
    const [event] = await ctx.db.select().from(alertEvents).where(eq(alertEvents.recordId, reading._id));
    expect(event?.acknowledgedAt).toBeNull();

    const opened = await ctx.inject('GET', `/api/v1/temperature-logs/find-one/${reading._id}`, {
      token: manager,
      query: { siteID: ctx.demo.sites.brighton.id },
    });
    expect(opened.statusCode).toBe(200);
    const [seen] = await ctx.db.select().from(alertEvents).where(eq(alertEvents.recordId, reading._id));
    expect(seen?.acknowledgedAt).toEqual(ctx.clock.now());
    ctx.clock.set(after(minutes(60)));
    expect(await escalateEvents(deps(), ctx.clock.now())).toBe(0);
  });
});

describe('/notification', () => {
  test('mark-read marks only the caller’s own; another’s id is 404 and changes nothing', async () => {
    await failedReading();
    await deliver();
    const [mine] = (await bell(manager)).list;
    const [owners] = (await bell(owner)).list;
    const refused = await ctx.inject('PATCH', '/api/v1/notification/mark-read', {
      token: manager,
      body: { ids: [mine?._id, owners?._id] },
    });
    expect(refused.statusCode).toBe(404);
    const theirs = await ctx.inject('PATCH', '/api/v1/notification/mark-read', {
      token: otherOwner,
      body: { id: mine?._id },
    });
    expect(theirs.statusCode).toBe(404);
    expect((await bell(manager)).unreadCount).toBe(1);

    const empty = await ctx.inject('PATCH', '/api/v1/notification/mark-read', { token: manager, body: {} });
    expect(empty.statusCode).toBe(400);

    const read = await ctx.inject<{ data: { unreadCount: number } }>(
      'PATCH',
      '/api/v1/notification/mark-read',
      {
        token: manager,
        body: { id: mine?._id },
      },
    );
    expect(read.json.data).toEqual({ unreadCount: 0 });
    expect((await bell(manager)).list[0]?.readAt).toBe(now);
    expect((await bell(owner)).unreadCount).toBe(1);

    await ctx.inject('PATCH', '/api/v1/notification/mark-all-read', { token: owner });
    expect((await bell(owner)).unreadCount).toBe(0);
  });

  test('lists newest first, paged, and only the unread ones when asked', async () => {
    await failedReading(9);
    ctx.clock.set(after(minutes(1)));
    await failedReading(10);
    await deliver();
    const [newest] = (await bell(manager)).list;
    await ctx.inject('PATCH', '/api/v1/notification/mark-read', {
      token: manager,
      body: { id: newest?._id },
    });
    const page = await bell(manager, { limit: 1, page: 2 });
    expect(page).toMatchObject({ records: 2, page: 2, limit: 1, unreadCount: 1 });
    expect(page.list[0]?.title).toContain('read 9 °C');
    const unread = await bell(manager, { unread: 'true' });
    expect(unread.list.map((one) => one.title)).toEqual([page.list[0]?.title]);
  });

  test('a staff member’s mobile token is refused', async () => {
    const reply = await ctx.inject('GET', '/api/v1/notification/web-app-list', { token: aisha });
    expect(reply.statusCode).toBe(403);
  });
});

describe('e-mail sending', () => {
  test('a delivery claimed by an instance that died is sent once after the claim goes stale', async () => {
    await failedReading();
    await dispatch();
    // An instance claims the manager's e-mail and dies before sending it (kill -9).
    const claimed = await claimDelivery(ctx.db, ctx.clock.now());
    expect(claimed?.attempts).toBe(1);
    await send();
    expect(mailed()).toHaveLength(1);
    ctx.clock.set(after(minutes(5)));
    await send();
    expect(mailed()).toEqual([]);
    ctx.clock.set(after(minutes(11)));
    await Promise.all([send(), send()]);
    // Whichever attempt reaches the mail server, the message has one identity, so a copy is dropped.
    expect(ctx.mailer.sent.map((mail) => mail.messageId)).toEqual([
      `<alert-${claimed?.id}@${new URL(ctx.config.publicUrl).hostname}>`,
    ]);
    expect(mailed()).toHaveLength(1);
    await send();
    expect(mailed()).toEqual([]);
    const [row] = await ctx.db
      .select()
      .from(emailDeliveries)
      .where(eq(emailDeliveries.id, claimed?.id ?? ''));
    expect(row).toMatchObject({ status: 'SENT', attempts: 2 });
  });

  test('a failing mail server is retried, and given up after five attempts', async () => {
    await settings(demoLogins.organizationAdmin, { allSites: false });
    await failedReading();
    await dispatch();
    const spy = jest.spyOn(ctx.mailer, 'send').mockRejectedValue(new Error('SMTP down'));
    try {
      for (let attempt = 0; attempt < 6; attempt += 1) {
        ctx.clock.set(after(minutes(11 * attempt)));
        await send();
      }
    } finally {
      spy.mockRestore();
    }
    const rows = await ctx.db.select().from(emailDeliveries);
    expect(rows.map((row) => [row.status, row.attempts, row.lastError])).toEqual([
      ['FAILED', 5, 'SMTP down'],
    ]);
    expect(log.error).toHaveBeenCalled();
  });
});

const onPostgres = process.env.DATABASE_URL ? test : test.skip;

describe('two instances', () => {
  onPostgres(
    'an instance that starts fans out and mails at once, though a dead one still holds the dispatch',
    async () => {
      // The "dead" instance: its dispatch run does not end while the test runs, as a run of a killed process
      // stays active in the queue until its expiry (5 minutes), and a sweep runs once at a time.
      let entered: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (entered = resolve));
      let release: () => void = () => undefined;
      const hung = new Promise<void>((resolve) => (release = resolve));
      const dead = await startJobQueue(
        ctx.jobStore,
        [{ name: alertJobNames.dispatch, kind: 'sweep', run: () => (entered(), hung) }],
        { log: { ...log, warn: jest.fn() }, pollingSeconds: 0.5 },
      );
      let starting: JobQueue | undefined;
      try {
        await dead.send(alertJobNames.dispatch);
        await held;
        await failedReading();
        starting = await startJobQueue(ctx.jobStore, alertJobs(deps()), {
          log: { ...log, warn: jest.fn() },
          pollingSeconds: 0.5,
        });
        // Waits for the work (not for a time), at most 20 s where the held run would block it for 5 minutes.
        for (let waited = 0; waited < 20_000 && ctx.mailer.sent.length < 2; waited += 100)
          await new Promise((resolve) => setTimeout(resolve, 100));
      } finally {
        await starting?.stop();
        // Only now is the held run let go, so the "dead" queue stops before the file ends (its timers would
        // otherwise outlive the test and break the next file in this worker).
        release();
        await dead.stop();
      }
      expect(mailed()).toHaveLength(2);
    },
  );

  onPostgres(
    'two job queues on PostgreSQL tell each person once, a group’s later failures together',
    async () => {
      const queues: JobQueue[] = [];
      /** Waits for the work to be done (not for a time): `count` e-mails sent and none pending. */
      async function untilMailed(count: number) {
        for (let waited = 0; waited < 20_000; waited += 100) {
          const pending = await ctx.db
            .select()
            .from(emailDeliveries)
            .where(and(eq(emailDeliveries.status, 'PENDING')));
          if (ctx.mailer.sent.length >= count && pending.length === 0) return;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      try {
        for (let i = 0; i < 2; i += 1) {
          queues.push(
            await startJobQueue(ctx.jobStore, alertJobs(deps()), {
              log: { ...log, warn: jest.fn() },
              pollingSeconds: 0.5,
            }),
          );
        }
        for (let i = 0; i < 3; i += 1) await failedReading(9 + i);
        await Promise.all(
          queues.flatMap((queue) => [queue.send(alertJobNames.dispatch), queue.send(alertJobNames.dispatch)]),
        );
        // The first failure at once to each of the two admins; the two after it held for the group's window.
        for (let waited = 0; waited < 20_000 && ctx.mailer.sent.length < 2; waited += 100)
          await new Promise((resolve) => setTimeout(resolve, 100));
        await Promise.all(queues.map((queue) => queue.send(alertJobNames.sendEmail)));
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect(ctx.mailer.sent).toHaveLength(2);
        ctx.clock.set(after(minutes(6)));
        await Promise.all(
          queues.flatMap((queue) => [
            queue.send(alertJobNames.sendEmail),
            queue.send(alertJobNames.sendEmail),
          ]),
        );
        await untilMailed(4);
        await Promise.all(queues.map((queue) => queue.send(alertJobNames.sendEmail)));
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      } finally {
        await Promise.all(queues.map((queue) => queue.stop()));
      }
      const mails = mailed();
      expect(mails).toHaveLength(4);
      expect(new Set(mails.map((mail) => `${mail.to} ${mail.subject}`)).size).toBe(4);
      expect(mails.map((mail) => mail.subject).filter((subject) => subject.includes('2 more'))).toEqual([
        'Temperature failure: 2 more temperature failures at The Harbour Kitchen, Brighton',
        'Temperature failure: 2 more temperature failures at The Harbour Kitchen, Brighton',
      ]);
      expect(await ctx.db.select().from(notifications)).toHaveLength(6);
    },
  );
});
