import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type {
  ListData,
  Webhook,
  WebhookDelivery,
  WebhookInput,
  WebhookWithSecret,
} from '@console/shared-sdk/contract';
import { demoLogins } from '../../../demo.js';
import { alertEvents } from '../../../platform/events/schema.js';
import { raiseEvent } from '../../../platform/events/raise.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { webhookDeliveries, webhooks } from '../schema.js';
import { retryDelaysMs, sendDueDeliveries, type DeliveryDeps } from './deliver.js';
import { enqueueWebhookDeliveries, webhookJobs, webhookDeliveryJobName } from './index.js';

const base = '/api/v1/webhook';
const missingId = '01890000-0000-7000-8000-000000000000';

/** What the receiver heard: each request's headers and raw body. */
interface Heard {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 that answers the statuses it is given, in turn (then 200), and keeps what it heard. */
class Receiver {
  readonly heard: Heard[] = [];
  private answers: number[] = [];
  private readonly server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      this.heard.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = this.answers.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status >= 300 ? 'Receiver is down for maintenance' : 'ok');
    });
  });
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }
  url(path = '/hook') {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }
  answerNext(...statuses: number[]) {
    this.answers.push(...statuses);
  }
  reset() {
    this.heard.length = 0;
    this.answers = [];
  }
  async stop() {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * The README's and the OpenAPI's recipe, as an integrator would copy it: the signature over
 * "<timestamp>.<raw body>" under the secret, and a timestamp no older than 5 minutes.
 */
function verify(
  secret: string,
  headers: http.IncomingHttpHeaders,
  rawBody: string,
  // The console's clock is the tests' (it moves through retries); a receiver's is its own.
  nowMs = ctx.clock.now().getTime(),
) {
  const timestamp = Number(headers['x-console-timestamp']);
  if (!Number.isInteger(timestamp) || Math.abs(nowMs / 1000 - timestamp) > 300) return false;
  const expected =
    'v1=' +
    crypto
      .createHmac('sha256', secret)
      .update(timestamp + '.' + rawBody)
      .digest('hex');
  const given = String(headers['x-console-signature'] ?? '');
  return (
    given.length === expected.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected))
  );
}

let ctx: TestContext;
let owner: string;
let manager: string;
let otherOwner: string;
let deliveryDeps: DeliveryDeps;
const receiver = new Receiver();

beforeAll(async () => {
  // The receiver is on 127.0.0.1: the tests allow private addresses (as the issue says they should).
  ctx = await createTestContext({ env: { WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' } });
  await receiver.start();
  owner = await ctx.login(demoLogins.organizationAdmin);
  manager = await ctx.login(demoLogins.siteAdmin);
  otherOwner = await ctx.login(ctx.other.organizationAdmin.email);
  deliveryDeps = { db: ctx.db, clock: ctx.clock, config: ctx.config };
});
afterAll(async () => {
  await receiver.stop();
  await ctx.close();
});
beforeEach(async () => {
  receiver.reset();
  // Retries move the clock by hours, past the access token's life: sign in afresh.
  owner = await ctx.login(demoLogins.organizationAdmin);
});

function form(name: string, extra: Partial<WebhookInput> = {}): WebhookInput {
  return { name, url: receiver.url(), events: ['TEMPERATURE_FAILED'], enabled: true, ...extra };
}

const create = (body: unknown, token = owner) =>
  ctx.inject<{ data: WebhookWithSecret }>('POST', `${base}/create-new-one`, { token, body });

async function created(name: string, extra: Partial<WebhookInput> = {}, token = owner) {
  const reply = await create(form(name, extra), token);
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

const sendTest = (webhookID: string, token = owner) =>
  ctx.inject<{ data: WebhookDelivery }>('POST', `${base}/send-test`, { token, query: { webhookID } });

const deliveries = (webhookID: string, token = owner, query: Record<string, number> = {}) =>
  ctx.inject<{ data: ListData<WebhookDelivery> }>('GET', `${base}/delivery-list`, {
    token,
    query: { webhookID, ...query },
  });

/** Raises a failed reading's event on Brighton and answers its row. */
async function failedReading(title: string) {
  const id = await raiseEvent(
    ctx.db,
    {
      orgId: ctx.demo.organization.id,
      siteId: ctx.demo.sites.brighton.id,
      kind: 'TEMPERATURE_FAILED',
      subject: 'TemperatureLog',
      recordId: crypto.randomUUID(),
      title,
      details: { celsius: 9.4 },
      occurredAt: ctx.clock.now(),
    },
    ctx.clock.now(),
  );
  if (!id) throw new Error('no event raised');
  const [event] = await ctx.db.select().from(alertEvents).where(eq(alertEvents.id, id));
  if (!event) throw new Error('the event was not stored');
  return event;
}

describe('create-new-one, web-app-list, update-one, delete-one', () => {
  test('creating answers the whole secret once; the list and find-one show only its start', async () => {
    const reply = await create(form('Kitchen display'));
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Webhook created: copy its secret now, it is not shown again');
    const hook = reply.json.data;
    expect(hook).toMatchObject({ name: 'Kitchen display', events: ['TEMPERATURE_FAILED'], enabled: true });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(hook.secretPrefix).toBe(`${hook.secret.slice(0, 12)}…`);

    const list = await ctx.inject<{ data: ListData<Webhook> }>('GET', `${base}/web-app-list`, {
      token: owner,
      query: { search: 'kitchen display' },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json.data.list).toHaveLength(1);
    expect(list.raw).not.toContain(hook.secret);
    const found = await ctx.inject('GET', `${base}/find-one/${hook._id}`, { token: owner });
    expect(found.statusCode).toBe(200);
    expect(found.raw).not.toContain(hook.secret);
  });

  test('bad input is a 400 naming the field, and stores nothing', async () => {
    const before = (await ctx.db.select().from(webhooks)).length;
    for (const [field, change] of [
      ['url', { url: 'ftp://files.example/drop' }],
      ['url', { url: 'not a url' }],
      ['events', { events: [] }],
      ['events', { events: ['SOMETHING_ELSE'] }],
      ['name', { name: '  ' }],
    ] as const) {
      const reply = await create({ ...form('Bad'), ...change });
      expect([field, reply.statusCode]).toEqual([field, 400]);
      const named = Object.keys(reply.json.details?.fieldErrors ?? {});
      expect([field, named.some((path) => path.split('.')[0] === field)]).toEqual([field, true]);
    }
    expect((await ctx.db.select().from(webhooks)).length).toBe(before);
  });

  test('a name already used in the organisation answers 409', async () => {
    await created('Duplicate me');
    const reply = await create(form('DUPLICATE ME'));
    expect(reply.statusCode).toBe(409);
    expect(reply.json.details?.fieldErrors.name).toBeDefined();
  });

  test('updating changes the fields but keeps the secret', async () => {
    const hook = await created('Before');
    const reply = await ctx.inject<{ data: Webhook }>('PUT', `${base}/update-one`, {
      token: owner,
      body: { _id: hook._id, ...form('After', { events: ['TASK_OVERDUE', 'TASK_OVERDUE'], enabled: false }) },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toMatchObject({ name: 'After', events: ['TASK_OVERDUE'], enabled: false });
    expect(reply.json.data.secretPrefix).toBe(hook.secretPrefix);
  });

  test('rotating the secret answers a new one, and the next delivery is signed with it', async () => {
    const hook = await created('Rotating');
    const reply = await ctx.inject<{ data: WebhookWithSecret }>('POST', `${base}/rotate-secret`, {
      token: owner,
      query: { webhookID: hook._id },
    });
    expect(reply.statusCode).toBe(200);
    const rotated = reply.json.data.secret;
    expect(rotated).not.toBe(hook.secret);
    expect(reply.json.data.secretPrefix).toBe(`${rotated.slice(0, 12)}…`);
    expect((await sendTest(hook._id)).json.data.status).toBe('DELIVERED');
    const [heard] = receiver.heard;
    if (!heard) throw new Error('nothing was delivered');
    expect(verify(rotated, heard.headers, heard.body)).toBe(true);
    expect(verify(hook.secret, heard.headers, heard.body)).toBe(false);
  });

  test('deleting hides the webhook; its pending deliveries are not sent', async () => {
    const hook = await created('Short-lived');
    const event = await failedReading('Walk-in fridge read 9.4 °C');
    expect(await enqueueWebhookDeliveries(ctx.db, event, ctx.clock.now())).toBeGreaterThanOrEqual(1);
    const removed = await ctx.inject('DELETE', `${base}/delete-one/${hook._id}`, { token: owner });
    expect(removed.statusCode).toBe(200);
    expect(removed.json.message).toBe('Webhook deleted');
    expect((await ctx.inject('GET', `${base}/find-one/${hook._id}`, { token: owner })).statusCode).toBe(404);
    await sendDueDeliveries(deliveryDeps);
    const [row] = await ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, hook._id));
    expect(row).toMatchObject({ status: 'FAILED', lastError: 'The webhook was deleted' });
    expect(receiver.heard.filter((one) => one.headers['x-console-delivery'] === row?.id)).toEqual([]);
  });

  test('a site admin may not see or touch webhooks (403); without a token, 401', async () => {
    const hook = await created('Admins only');
    expect((await ctx.inject('GET', `${base}/web-app-list`, { token: manager })).statusCode).toBe(403);
    expect((await create(form('By a manager'), manager)).statusCode).toBe(403);
    expect((await sendTest(hook._id, manager)).statusCode).toBe(403);
    expect((await deliveries(hook._id, manager)).statusCode).toBe(403);
    expect((await ctx.inject('GET', `${base}/web-app-list`)).statusCode).toBe(401);
  });
});

describe('another organisation’s webhook', () => {
  test('is not found (404) on every call, and stays as it was', async () => {
    const theirs = await created('Their webhook', {}, otherOwner);
    const calls = [
      ctx.inject('GET', `${base}/find-one/${theirs._id}`, { token: owner }),
      ctx.inject('PUT', `${base}/update-one`, {
        token: owner,
        body: { _id: theirs._id, ...form('Mine now') },
      }),
      ctx.inject('DELETE', `${base}/delete-one/${theirs._id}`, { token: owner }),
      sendTest(theirs._id),
      ctx.inject('POST', `${base}/rotate-secret`, { token: owner, query: { webhookID: theirs._id } }),
      deliveries(theirs._id),
    ];
    for (const reply of await Promise.all(calls)) {
      expect(reply.statusCode).toBe(404);
      expect(reply.json.message).toBe('Webhook not found');
    }
    expect((await sendTest(missingId)).statusCode).toBe(404);
    const list = await ctx.inject<{ data: ListData<Webhook> }>('GET', `${base}/web-app-list`, {
      token: owner,
      query: { search: 'Their webhook' },
    });
    expect(list.json.data.records).toBe(0);
    const still = await ctx.inject<{ data: Webhook }>('GET', `${base}/find-one/${theirs._id}`, {
      token: otherOwner,
    });
    expect(still.json.data).toMatchObject({ name: 'Their webhook', secretPrefix: theirs.secretPrefix });
    expect(receiver.heard).toEqual([]);
  });
});

describe('deliveries', () => {
  test('a test call is signed as documented: the recipe verifies it, and refuses a changed body or an old time', async () => {
    const hook = await created('Signed');
    const reply = await sendTest(hook._id);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Test call delivered (HTTP 200)');
    expect(reply.json.data).toMatchObject({
      status: 'DELIVERED',
      attempts: 1,
      lastStatusCode: 200,
      type: 'TEST',
    });
    const [heard] = receiver.heard;
    if (!heard) throw new Error('nothing was delivered');
    expect(heard.headers['content-type']).toBe('application/json');
    expect(heard.headers['x-console-delivery']).toBe(reply.json.data._id);
    expect(heard.headers['x-console-event']).toBe('TEST');
    expect(verify(hook.secret, heard.headers, heard.body)).toBe(true);
    expect(verify(hook.secret, heard.headers, heard.body.replace('Signed', 'Forged'))).toBe(false);
    expect(verify(hook.secret, heard.headers, heard.body, ctx.clock.now().getTime() + 6 * 60_000)).toBe(
      false,
    );
    expect(JSON.parse(heard.body)).toMatchObject({ id: reply.json.data._id, type: 'TEST', site: null });
  });

  test('a receiver answering 500 is retried after the backoff, then delivered; the log shows the attempts', async () => {
    const hook = await created('Flaky receiver');
    receiver.answerNext(500);
    const first = await sendTest(hook._id);
    expect(first.json.message).toBe(
      'Test call not delivered: HTTP 500: Receiver is down for maintenance. It will be tried again',
    );
    expect(first.json.data).toMatchObject({ status: 'PENDING', attempts: 1, lastStatusCode: 500 });

    // Not yet due: nothing is sent.
    ctx.clock.advance(retryDelaysMs[0] - 1_000);
    await sendDueDeliveries(deliveryDeps);
    expect(receiver.heard).toHaveLength(1);
    ctx.clock.advance(1_000);
    await sendDueDeliveries(deliveryDeps);
    expect(receiver.heard).toHaveLength(2);
    // The same delivery both times, for the receiver to dedupe by.
    expect(receiver.heard.map((one) => one.headers['x-console-delivery'])).toEqual([
      first.json.data._id,
      first.json.data._id,
    ]);
    expect(receiver.heard[0]?.body).toBe(receiver.heard[1]?.body);

    const log = await deliveries(hook._id);
    expect(log.statusCode).toBe(200);
    expect(log.json.data.list).toEqual([
      expect.objectContaining({
        _id: first.json.data._id,
        typeLabel: 'Test call',
        status: 'DELIVERED',
        statusLabel: 'Delivered',
        attempts: 2,
        lastStatusCode: 200,
        lastError: null,
        nextAttemptAt: null,
      }),
    ]);
  });

  test('a receiver that keeps failing is given up after 6 attempts, each after a longer wait', async () => {
    const hook = await created('Always down');
    receiver.answerNext(503, 503, 503, 503, 503, 503);
    const first = await sendTest(hook._id);
    for (const wait of retryDelaysMs) {
      ctx.clock.advance(wait);
      await sendDueDeliveries(deliveryDeps);
    }
    expect(receiver.heard).toHaveLength(6);
    owner = await ctx.login(demoLogins.organizationAdmin);
    const log = await deliveries(hook._id);
    expect(log.json.data.list[0]).toMatchObject({
      _id: first.json.data._id,
      status: 'FAILED',
      statusLabel: 'Failed',
      attempts: 6,
      lastStatusCode: 503,
      nextAttemptAt: null,
    });
    ctx.clock.advance(24 * 3_600_000);
    await sendDueDeliveries(deliveryDeps);
    expect(receiver.heard).toHaveLength(6);
  });

  test('an event reaches each webhook that wants it once, with the documented body; a replayed fan-out adds nothing', async () => {
    // Only this test's webhooks hear of failed readings from here on.
    await ctx.db.update(webhooks).set({ enabled: false });
    const wants = await created('Wants failures', { events: ['TEMPERATURE_FAILED', 'TASK_OVERDUE'] });
    const other = await created('Wants near misses', { events: ['NEAR_MISS_REPORTED'] });
    const off = await created('Turned off', { enabled: false });
    const event = await failedReading('Walk-in fridge read 9.4 °C');

    expect(await enqueueWebhookDeliveries(ctx.db, event, ctx.clock.now())).toBe(1);
    expect(await enqueueWebhookDeliveries(ctx.db, event, ctx.clock.now())).toBe(0);
    const rows = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event.id));
    expect(rows.map((row) => row.webhookId)).toEqual([wants._id]);

    // Two instances sweeping at once send it once.
    await Promise.all([sendDueDeliveries(deliveryDeps), sendDueDeliveries(deliveryDeps)]);
    expect(receiver.heard).toHaveLength(1);
    const [heard] = receiver.heard;
    if (!heard) throw new Error('nothing was delivered');
    expect(heard.headers['x-console-event']).toBe('TEMPERATURE_FAILED');
    expect(verify(wants.secret, heard.headers, heard.body)).toBe(true);
    const link = `http://console.test/dashboard/temperatureLog?view=${event.recordId}`;
    expect(JSON.parse(heard.body)).toEqual({
      id: rows[0]?.id,
      type: 'TEMPERATURE_FAILED',
      occurredAt: event.occurredAt.toISOString(),
      organisation: { id: ctx.demo.organization.id },
      site: { id: ctx.demo.sites.brighton.id, name: ctx.demo.sites.brighton.name },
      // Fanned out here without a dispatch, it is a group of its own (grouping.test.ts groups several).
      groupId: event.id,
      title: 'Walk-in fridge read 9.4 °C',
      text: `Temperature failure at ${ctx.demo.sites.brighton.name}: Walk-in fridge read 9.4 °C\n${link}`,
      record: { subject: 'TemperatureLog', id: event.recordId, url: link },
      details: { celsius: 9.4 },
    });

    const log = await deliveries(wants._id);
    expect(log.json.data.list[0]).toMatchObject({
      eventID: event.id,
      type: 'TEMPERATURE_FAILED',
      typeLabel: 'Temperature failure',
      status: 'DELIVERED',
      attempts: 1,
    });
    expect((await deliveries(other._id)).json.data.records).toBe(0);
    expect((await deliveries(off._id)).json.data.records).toBe(0);
  });

  test('the delivery log is paged, newest first', async () => {
    const hook = await created('Busy');
    for (let call = 0; call < 3; call += 1) {
      await sendTest(hook._id);
      ctx.clock.advance(1_000);
    }
    const page = await deliveries(hook._id, owner, { limit: 2, page: 1 });
    expect(page.json.data.records).toBe(3);
    expect(page.json.data.list).toHaveLength(2);
    const [newer, older] = page.json.data.list;
    expect(Date.parse(newer?.createdAt ?? '')).toBeGreaterThan(Date.parse(older?.createdAt ?? ''));
    expect((await deliveries(hook._id, owner, { limit: 2, page: 2 })).json.data.list).toHaveLength(1);
  });

  test('the job sends due deliveries as the queue runs it', async () => {
    const [job] = webhookJobs({ db: ctx.db, clock: ctx.clock, config: ctx.config, log: console });
    expect(job).toMatchObject({ name: webhookDeliveryJobName, kind: 'sweep' });
    const hook = await created('Queued');
    receiver.answerNext(500);
    await sendTest(hook._id);
    ctx.clock.advance(retryDelaysMs[0]);
    await job?.run({});
    expect((await deliveries(hook._id)).json.data.list[0]?.status).toBe('DELIVERED');
  });
});
