import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { toCelsius, type MasterTask, type PushPayload, type StaffDay } from '@console/shared-sdk/contract';
import { serverKeys, users } from '../../../platform/db/schema.js';
import { acknowledgeEventsOf, raiseEvent } from '../../../platform/events/raise.js';
import { alertEvents } from '../../../platform/events/schema.js';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { mobileLogin } from '../../../test/logs.js';
import { departments, seedPeople } from '../../people/index.js';
import { raiseDueFollowUps } from '../../tasks/index.js';
import { dispatchEvents, pushClaimStaleMs, scanOverdueTasks, sendPendingPushes } from '../index.js';
import { pushDeliveries, pushSubscriptions } from '../schema.js';
import { privatePushServiceMessage } from './routes.js';

// The staff's own alerts as system notifications: a browser subscribes through /push, and an overdue task
// or a follow-up check falling due is pushed, encrypted, to the staff whose task it is, once per event
// and person, through a fake push service on 127.0.0.1 (the tests allow private push endpoints, as the
// webhooks' tests allow private receivers). The tests read each message as a browser would: they hold
// the subscription's private key and decrypt it.

const v1 = '/api/v1';
/** A Tuesday: 11:00 in Brighton (BST). */
const now = '2025-06-10T10:00:00.000Z';
/** When the organisation admin planned the day's tasks. */
const planned = '2025-06-10T06:00:00.000Z';
/** The tasks are due at 12:00 in Brighton: 11:00Z. */
const due = '2025-06-10T11:00:00.000Z';
const afterDue = '2025-06-10T11:05:00.000Z';

/** What the push service heard: the subscription's path, the headers and the encrypted body. */
interface Heard {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A push service on 127.0.0.1: each path a subscription; it answers 201, or the statuses it is given. */
class FakePushService {
  readonly heard: Heard[] = [];
  private readonly answers = new Map<string, number[]>();
  private readonly server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      this.heard.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      const status = this.answers.get(path)?.shift() ?? 201;
      response.writeHead(status).end();
    });
  });
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }
  origin() {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  answer(path: string, ...statuses: number[]) {
    this.answers.set(path, statuses);
  }
  /** What it heard since the last call, by subscription path. */
  take(): Heard[] {
    return this.heard.splice(0).sort((a, b) => a.path.localeCompare(b.path));
  }
  async stop() {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A browser's push subscription: its keys, which decrypt what is sent to it. */
class Browser {
  private readonly ecdh = crypto.createECDH('prime256v1');
  private readonly authSecret = crypto.randomBytes(16);
  readonly path: string;
  constructor(readonly name: string) {
    this.ecdh.generateKeys();
    this.path = `/send/${name}`;
  }
  subscription() {
    return {
      endpoint: `${service.origin()}${this.path}`,
      keys: {
        p256dh: this.ecdh.getPublicKey().toString('base64url'),
        auth: this.authSecret.toString('base64url'),
      },
    };
  }
  /** The message of an aes128gcm body (RFC 8188, RFC 8291), as the browser decrypts it. */
  read(body: Buffer): PushPayload {
    const salt = body.subarray(0, 16);
    const keyLength = body.readUInt8(20);
    const serverKey = body.subarray(21, 21 + keyLength);
    const sealed = body.subarray(21 + keyLength);
    const shared = this.ecdh.computeSecret(serverKey);
    const info = (text: string) => Buffer.from(`Content-Encoding: ${text}\0`);
    const ikm = crypto.hkdfSync(
      'sha256',
      shared,
      this.authSecret,
      Buffer.concat([Buffer.from('WebPush: info\0'), this.ecdh.getPublicKey(), serverKey]),
      32,
    );
    const key = Buffer.from(crypto.hkdfSync('sha256', Buffer.from(ikm), salt, info('aes128gcm'), 16));
    const nonce = Buffer.from(crypto.hkdfSync('sha256', Buffer.from(ikm), salt, info('nonce'), 12));
    const decipher = crypto.createDecipheriv('aes-128-gcm', key, nonce);
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    const padded = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
    // The last record ends with the delimiter 0x02, then any padding.
    return JSON.parse(padded.subarray(0, padded.lastIndexOf(2)).toString('utf8')) as PushPayload;
  }
}

const service = new FakePushService();
let ctx: TestContext;
let owner: string;
let manager: string;
let aisha: string;
let tom: string;
let chloe: string;
const browsers = {
  aishaPhone: new Browser('aisha-phone'),
  tomPhone: new Browser('tom-phone'),
  tablet: new Browser('brighton-tablet'),
  chloePhone: new Browser('chloe-phone'),
  managerLaptop: new Browser('manager-laptop'),
  bensPhone: new Browser('ben-phone'),
  diegoPhone: new Browser('diego-phone'),
};
const tasks = {
  kitchen: {} as MasterTask,
  toms: {} as MasterTask,
  anyone: {} as MasterTask,
  manchester: {} as MasterTask,
};
const log = { debug: jest.fn(), error: jest.fn() };
const deps = () => ({ db: ctx.db, clock: ctx.clock, config: ctx.config, log, mailer: ctx.mailer });

/** What the jobs do after a scan: fan out, then send the pushes. */
async function pushOwed() {
  await dispatchEvents(deps(), ctx.clock.now());
  return sendPendingPushes(deps(), () => ctx.clock.now());
}

const subscribe = (token: string | undefined, body: unknown) =>
  ctx.inject('POST', `${v1}/push/subscribe`, { token, body });

async function subscribed(token: string, browser: Browser) {
  const reply = await subscribe(token, browser.subscription());
  if (reply.statusCode !== 200) throw new Error(`subscribing ${browser.name}: ${reply.raw}`);
}

async function publicKey(token = aisha): Promise<string> {
  const reply = await ctx.inject<{ data: { publicKey: string } }>('GET', `${v1}/push/public-key`, { token });
  if (reply.statusCode !== 200) throw new Error(`the public key: ${reply.raw}`);
  return reply.json.data.publicKey;
}

async function masterTask(name: string, extra: Record<string, unknown>, siteID = ctx.demo.sites.brighton.id) {
  const reply = await ctx.inject<{ data: MasterTask }>('POST', `${v1}/master-task/create-new-one`, {
    token: owner,
    body: {
      siteID,
      name,
      checkListItems: [{ text: 'Done' }],
      schedule: { repeat: 'DAILY', startDate: '2025-06-10', dueTime: '12:00' },
      ...extra,
    },
  });
  if (reply.statusCode !== 200) throw new Error(`creating ${name}: ${reply.raw}`);
  return reply.json.data;
}

async function userIdOf(where: { email?: string; firstName?: string }) {
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(where.email ? eq(users.email, where.email) : eq(users.firstName, where.firstName ?? ''));
  if (!row) throw new Error(`no such person: ${JSON.stringify(where)}`);
  return row.id;
}

/** Raises an event at Brighton now about `recordId`, as a scan or a follow-up check would. */
async function raised(
  kind: 'TASK_OVERDUE' | 'FOLLOW_UP_DUE' | 'TEMPERATURE_FAILED',
  recordId: string,
  dedupeKey: string,
  details: Record<string, unknown> = { taskName: 'Sweep the terrace' },
) {
  const at = ctx.clock.now();
  const eventId = await raiseEvent(
    ctx.db,
    {
      orgId: ctx.demo.organization.id,
      siteId: ctx.demo.sites.brighton.id,
      kind,
      subject: kind === 'TEMPERATURE_FAILED' ? 'TemperatureLog' : 'Task',
      recordId,
      dedupeKey,
      title: `${kind} in a test`,
      details,
      occurredAt: at,
    },
    at,
  );
  if (!eventId) throw new Error(`${dedupeKey} was raised before`);
  return eventId;
}

/** The occurrence of `master` today, as its person's day makes it. */
async function occurrenceOf(token: string, master: MasterTask) {
  const day = await ctx.inject<{ data: StaffDay }>('GET', `${v1}/task-new-version/my-tasks`, { token });
  const found = day.json.data.list.find((task) => task.masterTaskID === master._id);
  if (!found) throw new Error(`${master.name} is not in the day`);
  return found;
}

/** Who heard what: browser name → the task names of the messages it decrypted. */
function heardBy(heard: readonly Heard[]) {
  const all = Object.values(browsers);
  const byBrowser: Record<string, string[]> = {};
  for (const one of heard) {
    const browser = all.find((candidate) => candidate.path === one.path);
    if (!browser) throw new Error(`a push to an unknown subscription: ${one.path}`);
    (byBrowser[browser.name] ??= []).push(browser.read(one.body).taskName);
  }
  for (const names of Object.values(byBrowser)) names.sort();
  return byBrowser;
}

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' } });
  await service.start();
  ctx.clock.set(planned);
  const { organization, sites } = ctx.demo;
  await ctx.db.transaction((tx) => seedPeople(tx, { orgId: organization.id, sites, now: ctx.clock.now() }));
  owner = await ctx.login(demoLogins.organizationAdmin);
  const [kitchen] = await ctx.db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.siteId, sites.brighton.id), eq(departments.name, 'Kitchen')));
  tasks.kitchen = await masterTask('Prep list', { departmentID: [kitchen?.id] });
  tasks.toms = await masterTask('Polish the glasses', {
    assigneeIDs: [await userIdOf({ email: 'tom.fletcher@harbourvine.example' })],
  });
  tasks.anyone = await masterTask('Sweep the terrace', {});
  tasks.manchester = await masterTask('Bake the scones', {}, sites.manchester.id);
  ctx.clock.set(now);
  [owner, manager, aisha, tom, chloe] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(demoLogins.siteAdmin),
    mobileLogin(ctx, 'aisha.khan@harbourvine.example'),
    mobileLogin(ctx, 'tom.fletcher@harbourvine.example'),
    mobileLogin(ctx, 'chloe.evans@harbourvine.example'),
  ]);
  // The day's occurrences, made as the staff open their day.
  await occurrenceOf(aisha, tasks.anyone);
  await occurrenceOf(chloe, tasks.manchester);
});
afterEach(() => {
  service.take();
  ctx.clock.set(now);
});
afterAll(async () => {
  await service.stop();
  await ctx.close();
});

describe('the public key', () => {
  test('is the one pair kept in the database, the same for staff and admins, made once', async () => {
    const key = await publicKey(aisha);
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect(await publicKey(manager)).toBe(key);
    const kept = await ctx.db.select().from(serverKeys).where(eq(serverKeys.name, 'vapid'));
    expect(kept).toHaveLength(1);
    expect(kept[0]?.value.publicKey).toBe(key);
    expect((await ctx.inject('GET', `${v1}/push/public-key`)).statusCode).toBe(401);
  });
});

describe('subscribe and unsubscribe', () => {
  test('an endpoint must be a public https address, with keys of the right size', async () => {
    const push = ctx.config.push;
    push.allowPrivateEndpoints = false;
    try {
      const keys = browsers.aishaPhone.subscription().keys;
      const refused = async (endpoint: string) => {
        const reply = await subscribe(aisha, { endpoint, keys });
        expect(reply.statusCode).toBe(400);
        return reply.json.details?.fieldErrors.endpoint;
      };
      expect(await refused('http://push.example.com/send/1')).toEqual([
        'Must be the https address of a push service',
      ]);
      for (const inside of [
        'https://127.0.0.1/send/1',
        'https://localhost/send/1',
        'https://10.1.2.3/x',
        'https://[::1]/x',
      ]) {
        expect(await refused(inside)).toEqual([privatePushServiceMessage]);
      }
      expect(await refused('not a url')).toEqual(['Must be the https address of a push service']);
      const outside = await subscribe(aisha, { endpoint: 'https://8.8.8.8/send/aisha', keys });
      expect(outside.statusCode).toBe(200);
      await ctx.db
        .delete(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, 'https://8.8.8.8/send/aisha'));
    } finally {
      push.allowPrivateEndpoints = true;
    }
    const endpoint = browsers.aishaPhone.subscription().endpoint;
    const badKeys = await subscribe(aisha, { endpoint, keys: { p256dh: 'BAAA', auth: 'short' } });
    expect(badKeys.statusCode).toBe(400);
    expect(Object.keys(badKeys.json.details?.fieldErrors ?? {}).sort()).toEqual(['keys.auth', 'keys.p256dh']);
    expect((await subscribe(undefined, browsers.aishaPhone.subscription())).statusCode).toBe(401);
  });

  test('a shared tablet’s subscription follows whoever subscribed on it last; only its owner can drop it', async () => {
    await subscribed(aisha, browsers.tablet);
    await subscribed(tom, browsers.tablet);
    const rows = await ctx.db
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, browsers.tablet.subscription().endpoint));
    expect(rows).toEqual([{ userId: await userIdOf({ email: 'tom.fletcher@harbourvine.example' }) }]);

    const drop = (token: string) =>
      ctx.inject('POST', `${v1}/push/unsubscribe`, {
        token,
        body: { endpoint: browsers.tablet.subscription().endpoint },
      });
    expect((await drop(aisha)).statusCode).toBe(200);
    expect(await ctx.db.select().from(pushSubscriptions)).toHaveLength(1);
    expect((await drop(tom)).statusCode).toBe(200);
    expect(await ctx.db.select().from(pushSubscriptions)).toHaveLength(0);
  });
});

describe('delivery', () => {
  beforeAll(async () => {
    await subscribed(aisha, browsers.aishaPhone);
    await subscribed(tom, browsers.tomPhone);
    await subscribed(aisha, browsers.tablet);
    await subscribed(tom, browsers.tablet);
    await subscribed(chloe, browsers.chloePhone);
    // Admins may subscribe, but their alerts are the console's.
    await subscribed(manager, browsers.managerLaptop);
    // Ben sits in Brighton's kitchen but was deactivated; a subscription he left behind gets nothing.
    const ben = await userIdOf({ firstName: 'Ben' });
    const [orgId, at] = [ctx.demo.organization.id, ctx.clock.now()];
    await ctx.db.insert(pushSubscriptions).values({
      id: crypto.randomUUID(),
      orgId,
      userId: ben,
      ...browsers.bensPhone.subscription(),
      ...browsers.bensPhone.subscription().keys,
      createdAt: at,
      updatedAt: at,
    });
  });

  test('an overdue task is pushed once to each staff member whose task it is, encrypted, signed and as data', async () => {
    const occurrence = await occurrenceOf(aisha, tasks.anyone);
    const key = await publicKey();
    ctx.clock.set(afterDue);
    expect(await scanOverdueTasks(deps(), ctx.clock.now())).toBe(4);
    // Two instances fanning out and sending at once.
    await Promise.all([pushOwed(), pushOwed()]);
    const heard = service.take();
    expect(heardBy(heard)).toEqual({
      // The kitchen's prep list (Aisha's department), and everyone's sweep.
      'aisha-phone': ['Prep list', 'Sweep the terrace'],
      // Tom's own glasses and the sweep, on his phone and on the tablet he signed in on last.
      'tom-phone': ['Polish the glasses', 'Sweep the terrace'],
      'brighton-tablet': ['Polish the glasses', 'Sweep the terrace'],
      // Manchester's scones: Chloe works there.
      'chloe-phone': ['Bake the scones'],
    });
    // Nothing more however often the jobs run again.
    await pushOwed();
    expect(service.take()).toEqual([]);

    const sweep = heard.find(
      (one) =>
        one.path === browsers.aishaPhone.path &&
        browsers.aishaPhone.read(one.body).taskName === 'Sweep the terrace',
    );
    if (!sweep) throw new Error('the sweep did not reach Aisha');
    const message = browsers.aishaPhone.read(sweep.body);
    const [event] = await ctx.db.select().from(alertEvents).where(eq(alertEvents.recordId, occurrence._id));
    expect(message).toEqual({
      kind: 'TASK_OVERDUE',
      eventId: event?.id,
      siteID: ctx.demo.sites.brighton.id,
      siteName: 'The Harbour Kitchen, Brighton',
      taskName: 'Sweep the terrace',
      dueAt: due,
      timeZoneId: 'Europe/London',
      url: `http://console.test/kitchen/?individualTaskID=${occurrence._id}&masterTaskID=${tasks.anyone._id}`,
    });
    expect(sweep.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      ttl: '3600',
      urgency: 'high',
      topic: event?.id.replace(/-/g, ''),
    });
    // VAPID: signed for this push service with the key browsers subscribe with.
    const vapid = /^vapid t=([^,]+), k=(.+)$/.exec(String(sweep.headers.authorization));
    expect(vapid?.[2]).toBe(key);
    const [header = '', claims = '', signature = ''] = (vapid?.[1] ?? '').split('.');
    expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({ aud: service.origin() });
    const raw = Buffer.from(vapid?.[2] ?? '', 'base64url');
    const verifier = crypto.createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    const signed = Buffer.from(`${header}.${claims}`);
    expect(
      crypto.verify(
        'sha256',
        signed,
        { key: verifier, dsaEncoding: 'ieee-p1363' },
        Buffer.from(signature, 'base64url'),
      ),
    ).toBe(true);
  });

  test('a follow-up check falling due is pushed; other kinds of alert are not', async () => {
    const occurrence = await occurrenceOf(tom, tasks.toms);
    await raised('FOLLOW_UP_DUE', occurrence._id, `FOLLOW_UP_DUE:test:${occurrence._id}`, {
      masterTaskId: tasks.toms._id,
      taskDate: '2025-06-10',
      taskName: 'Cooling check: curry',
    });
    await raised('TEMPERATURE_FAILED', occurrence._id, 'TEMPERATURE_FAILED:test');
    await pushOwed();
    const heard = service.take();
    expect(heardBy(heard)).toEqual({
      'brighton-tablet': ['Cooling check: curry'],
      'tom-phone': ['Cooling check: curry'],
    });
    const onPhone = heard.find((one) => one.path === browsers.tomPhone.path);
    expect(onPhone && browsers.tomPhone.read(onPhone.body).kind).toBe('FOLLOW_UP_DUE');
  });

  test('an American site’s follow-up is pushed with its time as the site writes it: 2:00 PM, not 14:00', async () => {
    const brooklyn = ctx.demo.sites.brooklyn;
    /** 2:00 PM in Brooklyn (EDT) that Tuesday, when the short rib came off the heat. */
    const cookedAt = '2025-06-10T18:00:00.000Z';
    /** Its first cooling check is due 2 hours on, by New York City's rules. */
    const checkDue = '2025-06-10T20:00:00.000Z';
    const food = await ctx.inject<{ data: { _id: string } }>('POST', `${v1}/foodItem/create-new-one`, {
      token: owner,
      body: { siteID: brooklyn.id, type: 'FOODITEM', name: 'Short rib' },
    });
    expect(food.statusCode).toBe(200);
    // Diego signs in after the last moment the test moves the clock to, so his token serves throughout.
    ctx.clock.set('2025-06-10T21:00:00.000Z');
    const diego = await mobileLogin(ctx, 'diego.ramirez@harbourvine.example');
    await subscribed(diego, browsers.diegoPhone);
    ctx.clock.set(cookedAt);
    const cooked = await ctx.inject('POST', `${v1}/temperature-logs/create-new-one`, {
      token: diego,
      body: {
        siteID: brooklyn.id,
        foodItemID: food.json.data._id,
        logType: 'COOKING_COOLING',
        checkKind: 'COOKED',
        celsius: toCelsius(170, 'F'),
        readAt: cookedAt,
      },
    });
    expect(cooked.statusCode).toBe(200);
    ctx.clock.set('2025-06-10T20:05:00.000Z');
    expect(await raiseDueFollowUps({ db: ctx.db, log }, ctx.clock.now())).toBe(1);
    await pushOwed();
    const heard = service.take().filter((one) => one.path === browsers.diegoPhone.path);
    expect(heard).toHaveLength(1);
    const message = browsers.diegoPhone.read(heard[0]?.body ?? Buffer.alloc(0));
    expect(message).toMatchObject({
      kind: 'FOLLOW_UP_DUE',
      siteID: brooklyn.id,
      siteName: 'Harbour Kitchen Brooklyn',
      taskName: 'Cooling check 1 of 2: Short rib (cooling began 2:00 PM)',
      dueAt: checkDue,
      // The app writes the due time on the site's clock, in the site's locale.
      timeZoneId: 'America/New_York',
    });
  });

  test('a subscription the push service dropped (404, 410) is not used again; a failure is retried', async () => {
    service.answer(browsers.tomPhone.path, 410);
    service.answer(browsers.aishaPhone.path, 503);
    const sweep = await occurrenceOf(aisha, tasks.anyone);
    /** The browsers the push service heard since the last look. */
    const reached = () => Object.keys(heardBy(service.take())).sort();
    /** The browsers an overdue sweep reaches once the jobs have run. */
    const overdueReaches = async (key: string) => {
      await raised('TASK_OVERDUE', sweep._id, key);
      await pushOwed();
      return reached();
    };
    await raised('TASK_OVERDUE', sweep._id, 'TASK_OVERDUE:test:gone-1');
    // Tom's on the tablet; Aisha's waits.
    expect(await pushOwed()).toEqual({ sent: 1, failed: 0 });
    expect(reached()).toEqual(['aisha-phone', 'brighton-tablet', 'tom-phone']);
    const [tomsPhone] = await ctx.db
      .select({ goneAt: pushSubscriptions.goneAt })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, browsers.tomPhone.subscription().endpoint));
    expect(tomsPhone?.goneAt).not.toBeNull();
    // Aisha's push service failed: her delivery waits, and is sent once its claim has lapsed.
    const [waiting] = await ctx.db
      .select()
      .from(pushDeliveries)
      .where(
        and(
          eq(pushDeliveries.status, 'PENDING'),
          eq(pushDeliveries.userId, await userIdOf({ email: 'aisha.khan@harbourvine.example' })),
        ),
      );
    expect(waiting).toMatchObject({ attempts: 1, lastError: expect.stringMatching(/HTTP 503/) });
    await pushOwed();
    expect(service.take()).toEqual([]);
    ctx.clock.advance(pushClaimStaleMs + 1000);
    expect((await pushOwed()).sent).toBe(1);
    expect(reached()).toEqual(['aisha-phone']);

    // The next alert reaches Tom on the tablet only; subscribing his phone again brings it back.
    expect(await overdueReaches('TASK_OVERDUE:test:gone-2')).toEqual(['aisha-phone', 'brighton-tablet']);
    await subscribed(tom, browsers.tomPhone);
    const everyone = ['aisha-phone', 'brighton-tablet', 'tom-phone'];
    expect(await overdueReaches('TASK_OVERDUE:test:gone-3')).toEqual(everyone);
    // A 404 drops it too: the tablet's browser data was cleared.
    service.answer(browsers.tablet.path, 404);
    expect(await overdueReaches('TASK_OVERDUE:test:gone-4')).toEqual(everyone);
    expect(await overdueReaches('TASK_OVERDUE:test:gone-5')).toEqual(['aisha-phone', 'tom-phone']);
  });

  test('a task done before its push went out is not pushed', async () => {
    const occurrence = await occurrenceOf(aisha, tasks.anyone);
    const at = ctx.clock.now();
    const eventId = await raised('TASK_OVERDUE', occurrence._id, 'TASK_OVERDUE:test:done');
    await dispatchEvents(deps(), at);
    await acknowledgeEventsOf(
      ctx.db,
      ctx.demo.organization.id,
      occurrence._id,
      await userIdOf({ email: 'aisha.khan@harbourvine.example' }),
      at,
    );
    expect(await sendPendingPushes(deps(), () => ctx.clock.now())).toEqual({ sent: 0, failed: 0 });
    expect(service.take()).toEqual([]);
    const rows = await ctx.db.select().from(pushDeliveries).where(eq(pushDeliveries.eventId, eventId));
    // Aisha's and Tom's, both settled with nothing sent.
    expect(rows.map((row) => [row.status, row.lastError])).toEqual([
      ['SENT', 'Nothing to send any more'],
      ['SENT', 'Nothing to send any more'],
    ]);
  });
});
