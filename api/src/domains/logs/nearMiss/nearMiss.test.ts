import fs from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { ListData, NearMiss, NearMissHistoryEntry } from '@console/shared-sdk/contract';
import { files, siteMembers, users } from '../../../platform/db/schema.js';
import { nearMisses } from '../schema.js';
import { verifyChain } from '../../../platform/history/history.js';
import { refusedOnMobile } from '../../../platform/auth/guard.js';
import { alertEvents } from '../../../platform/events/schema.js';
import type { MailMessage } from '../../../platform/mail/mailer.js';
import { dispatchEvents, sendPendingEmails } from '../../alerts/index.js';
import { demoLogins } from '../../../demo.js';
import { tinyPdf, tinyPng } from '../../../test/files.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { missingId, mobileLogin, multipartBody, type FormPart } from '../../../test/logs.js';

// Near misses (/nearMiss): staff report them from the mobile app with photos, admins hear by e-mail, and the
// console investigates and closes them through the workflow, with reasons for changes to what staff wrote.

const base = '/api/v1/nearMiss';
/** A Tuesday: 11:00 in Brighton (BST), 06:00 in Brooklyn (EDT). */
const now = '2025-06-10T10:00:00.000Z';
const minutes = (n: number) => n * 60_000;
const before = (ms: number) => new Date(Date.parse(now) - ms).toISOString();
const days = (n: number) => minutes(60 * 24 * n);

let ctx: TestContext;
let owner: string;
let manager: string;
let otherOwner: string;
let aisha: string;
let chloe: string;

const brighton = () => ctx.demo.sites.brighton.id;
const manchester = () => ctx.demo.sites.manchester.id;
const brooklyn = () => ctx.demo.sites.brooklyn.id;

const photo = (name: string) => ({ bytes: tinyPng, type: 'image/png', name });

const fields = (change: Record<string, string> = {}): Record<string, string> => ({
  siteID: brighton(),
  category: 'ACCIDENT',
  title: 'Slip by the dish wash',
  whatHappened: 'Tom slipped on water under the dishwasher outlet and caught the counter.',
  location: 'Kitchen, dish-wash area',
  occurredAt: before(minutes(40)),
  peopleInvolved: 'Tom Fletcher',
  injuries: '',
  immediateAction: 'Floor dried, sign put out',
  reportedAt: before(minutes(20)),
  ...change,
});

async function report(change: Record<string, string> = {}, photos: FormPart['file'][] = [], token = aisha) {
  const parts: FormPart[] = [
    ...Object.entries(fields(change)).map(([field, text]) => ({ field, text })),
    ...photos.map((file) => ({ field: 'photos', file })),
  ];
  const { body, contentType } = await multipartBody(parts);
  return ctx.inject<{ data: NearMiss }>('POST', `${base}/create-new-one`, {
    token,
    headers: { 'content-type': contentType },
    body,
  });
}

async function reported(change: Record<string, string> = {}, token = aisha): Promise<NearMiss> {
  const reply = await report(change, [], token);
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

const update = (body: Record<string, unknown>, token = owner) =>
  ctx.inject<{ data: NearMiss }>('PUT', `${base}/update-one`, { token, body });

async function updated(body: Record<string, unknown>, token = owner): Promise<NearMiss> {
  const reply = await update(body, token);
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

const list = (query: Record<string, string | number> = {}, token = owner) =>
  ctx.inject<{ data: ListData<NearMiss> }>('GET', `${base}/web-app-list`, { token, query });

async function listedIds(query: Record<string, string | number> = {}, token = owner): Promise<string[]> {
  const reply = await list({ limit: 100, ...query }, token);
  expect(reply.statusCode).toBe(200);
  return reply.json.data.list.map((one) => one._id);
}

const find = (id: string, token = owner) =>
  ctx.inject<{ data: NearMiss }>('GET', `${base}/find-one/${id}`, { token });

const history = (id: string, token = owner) =>
  ctx.inject<{ data: NearMissHistoryEntry[] }>('GET', `${base}/log-history-list/${id}`, { token });

async function rows(table: typeof files | typeof nearMisses): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

/** How many objects the storage holds. */
async function storedObjects(): Promise<number> {
  const root = path.join(ctx.config.dataDir, 'uploads');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).length;
}

/** The near-miss e-mails sent since the last call, by recipient. */
async function nearMissMails(): Promise<MailMessage[]> {
  await ctx.settled();
  // What the alert jobs do once nudged (the report's create sends the dispatch job): fan out, then send.
  const deps = {
    db: ctx.db,
    mailer: ctx.mailer,
    config: ctx.config,
    log: { debug: () => {}, error: () => {} },
  };
  await dispatchEvents(deps, ctx.clock.now());
  await sendPendingEmails(deps, () => ctx.clock.now());
  const mails = ctx.mailer.sent.filter((mail) => mail.subject.startsWith('Near miss'));
  ctx.mailer.sent.length = 0;
  return mails.sort((a, b) => a.to.localeCompare(b.to));
}
const mailedTo = async () => (await nearMissMails()).map((mail) => mail.to);

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(now);
  [owner, manager, otherOwner, aisha, chloe] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(demoLogins.siteAdmin),
    ctx.login(ctx.other.organizationAdmin.email),
    mobileLogin(ctx, 'aisha.khan@harbourvine.example'),
    mobileLogin(ctx, 'chloe.evans@harbourvine.example'),
  ]);
});
afterEach(() => ctx.clock.set(now));
afterAll(() => ctx.close());

describe('create-new-one (staff)', () => {
  test('a report from the mobile app with photos: REPORTED, photos served from the file route', async () => {
    const reply = await report({}, [photo('floor.png'), photo('outlet.png')]);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Near miss reported');
    const created = reply.json.data;
    expect(created).toMatchObject({
      logID: expect.stringMatching(/^NM-[0-9A-F]{6}$/),
      siteID: brighton(),
      siteName: 'The Harbour Kitchen, Brighton',
      timeZoneId: 'Europe/London',
      category: 'ACCIDENT',
      title: 'Slip by the dish wash',
      location: 'Kitchen, dish-wash area',
      occurredAt: before(minutes(40)),
      peopleInvolved: 'Tom Fletcher',
      injuries: '',
      followUps: [],
      openFollowUps: 0,
      status: 'REPORTED',
      outcome: null,
      reportedBy: { name: 'Aisha Khan' },
      reportedAt: before(minutes(20)),
      receivedAt: now,
      backFilled: false,
      closedAt: null,
    });
    expect(created.photos.map((one) => [one.originalName, one.contentType])).toEqual([
      ['floor.png', 'image/png'],
      ['outlet.png', 'image/png'],
    ]);
    const first = created.photos[0];
    expect(first?.location).toBe(`/api/v1/common-uri/file/${first?.key ?? ''}`);
    const served = await ctx.app.inject({ method: 'GET', url: first?.location ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(tinyPng)).toBe(true);
    expect((await find(created._id)).json.data).toEqual(created);

    const entries = (await history(created._id)).json.data;
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'create',
        reason: null,
        actor: expect.objectContaining({ name: 'Aisha Khan' }),
        changes: {
          before: null,
          after: expect.objectContaining({ status: 'REPORTED', photoIDs: created.photos.map((p) => p._id) }),
        },
      }),
    ]);
  });

  test('a photo that is not an image refuses the whole report and leaves no file behind', async () => {
    await nearMissMails();
    const [reports, fileRows, objects] = [await rows(nearMisses), await rows(files), await storedObjects()];
    const reply = await report({}, [
      photo('floor.png'),
      { bytes: tinyPdf, type: 'image/png', name: 'x.png' },
    ]);
    expect(reply.statusCode).toBe(415);
    expect(reply.json.message).toBe('A near-miss photo must be an image (JPEG, PNG, WebP or GIF)');
    expect([await rows(nearMisses), await rows(files), await storedObjects()]).toEqual([
      reports,
      fileRows,
      objects,
    ]);
    expect(await mailedTo()).toEqual([]);
  });

  test('at most 5 photos', async () => {
    const reply = await report(
      {},
      Array.from({ length: 6 }, (_, index) => photo(`p${index}.png`)),
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.json.message).toMatch(/at most 5 photos/);
  });

  test('malformed forms are 400 with field messages', async () => {
    const reply = await report({ category: 'FIRE', title: ' ', occurredAt: 'last night', siteID: 'here' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors).toMatchObject({
      siteID: ['Must be a valid id'],
      category: ['Choose a category'],
      title: ['Title is required'],
      occurredAt: ['Say when it happened, as an ISO date and time'],
    });
    const future = await report({ occurredAt: new Date(Date.parse(now) + minutes(60)).toISOString() });
    expect(future.statusCode).toBe(400);
    expect(future.json.details?.fieldErrors.occurredAt).toEqual([
      "When it happened is more than 2 minutes after the server's time: check the device's clock",
    ]);
    const notForm = await ctx.inject('POST', `${base}/create-new-one`, { token: aisha, body: fields() });
    expect(notForm.statusCode).toBe(400);
  });

  test('a site the staff member does not work at is 403, another organisation’s site 404', async () => {
    expect((await report({ siteID: manchester() })).statusCode).toBe(403);
    expect((await report({ siteID: ctx.other.site.id }, [], owner)).statusCode).toBe(404);
  });

  test('received more than 30 minutes after the device reported it: back-filled', async () => {
    const late = await reported({ occurredAt: before(minutes(120)), reportedAt: before(minutes(31)) });
    expect(late.backFilled).toBe(true);
  });

  test('times up to 2 minutes ahead are kept as the server’s time: nothing is stored in the future', async () => {
    const aMinuteAhead = new Date(Date.parse(now) + minutes(1)).toISOString();
    const created = await reported({ occurredAt: aMinuteAhead, reportedAt: aMinuteAhead });
    expect(created).toMatchObject({ occurredAt: now, reportedAt: now, receivedAt: now, backFilled: false });
    const stored = async () => {
      const [row] = await ctx.db
        .select({ occurredAt: nearMisses.occurredAt, reportedAt: nearMisses.reportedAt })
        .from(nearMisses)
        .where(eq(nearMisses.id, created._id));
      return [row?.occurredAt.toISOString(), row?.reportedAt.toISOString()];
    };
    expect(await stored()).toEqual([now, now]);
    // A correction of when it happened follows the same rule.
    ctx.clock.advance(minutes(5));
    const later = new Date(Date.parse(now) + minutes(5)).toISOString();
    const corrected = await updated({
      _id: created._id,
      occurredAt: new Date(Date.parse(later) + minutes(1)).toISOString(),
      reason: 'It happened as it was reported',
    });
    expect(corrected.occurredAt).toBe(later);
    expect(await stored()).toEqual([later, now]);
  });

  test('admins of the site who ask for it hear by e-mail; others and the reporter do not', async () => {
    // The earlier tests' reports happened at the same minute at the same site, which makes them one group
    // of alerts: this report begins a group of its own, e-mailed at once in its own words.
    await ctx.db.update(alertEvents).set({ groupId: null });
    await nearMissMails();
    const created = await reported();
    const mails = await nearMissMails();
    expect(mails.map((one) => one.to)).toEqual([demoLogins.siteAdmin, demoLogins.organizationAdmin].sort());
    const mail = mails.find((one) => one.to === demoLogins.siteAdmin);
    expect(mail?.subject).toBe('Near miss at The Harbour Kitchen, Brighton: Slip by the dish wash');
    expect(mail?.text).toContain(
      `Aisha Khan reported a near miss at The Harbour Kitchen, Brighton (${created.logID})`,
    );
    expect(mail?.text).toContain('When: Tue, 10 Jun 2025, 10:20 (Europe/London time)');

    await reported({ siteID: manchester() }, chloe);
    expect(await mailedTo()).toEqual([demoLogins.organizationAdmin]);

    const off = await ctx.inject('PATCH', '/api/v1/user-profile/change-notification-settings', {
      token: owner,
      body: { nearMissReported: false },
    });
    expect(off.statusCode).toBe(200);
    await reported();
    expect(await mailedTo()).toEqual([demoLogins.siteAdmin]);
    await ctx.inject('PATCH', '/api/v1/user-profile/change-notification-settings', {
      token: owner,
      body: { nearMissReported: true },
    });
  });
});

describe('web-app-list', () => {
  test('the date range is of when it happened, in each site’s own local dates', async () => {
    // 00:30 on 9 June in Brighton (BST); 23:00 on 8 June in Brooklyn (EDT).
    const inBrighton = await reported({ occurredAt: '2025-06-08T23:30:00.000Z' });
    const inBrooklyn = await reported({ siteID: brooklyn(), occurredAt: '2025-06-09T03:00:00.000Z' }, owner);
    const on = (date: string) => listedIds({ startDate: date, endDate: date });
    expect(await on('2025-06-09')).toContain(inBrighton._id);
    expect(await on('2025-06-09')).not.toContain(inBrooklyn._id);
    expect(await on('2025-06-08')).toContain(inBrooklyn._id);
    expect(await on('2025-06-08')).not.toContain(inBrighton._id);
  });

  test('without dates, the last 90 days, latest first', async () => {
    const recent = await reported({ occurredAt: before(days(89)) });
    const old = await reported({ occurredAt: before(days(91)) });
    const ids = await listedIds();
    expect(ids).toContain(recent._id);
    expect(ids).not.toContain(old._id);
    const times = (await list({ limit: 100 })).json.data.list.map((one) => one.occurredAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  test('filters by category (also as the spec’s `type`), status, site and logID', async () => {
    const allergy = await reported({ category: 'ALLERGIC REACTION', title: 'Sesame in a sandwich' });
    expect(await listedIds({ category: 'ALLERGIC REACTION' })).toContain(allergy._id);
    expect(await listedIds({ type: 'ALLERGIC REACTION' })).toContain(allergy._id);
    expect(await listedIds({ type: 'ACCIDENT' })).not.toContain(allergy._id);
    const byCategory = (await list({ type: 'ALLERGIC REACTION', limit: 100 })).json.data.list;
    expect(byCategory.every((one) => one.category === 'ALLERGIC REACTION')).toBe(true);
    await updated({ _id: allergy._id, status: 'PENDING' });
    expect(await listedIds({ status: 'PENDING' })).toContain(allergy._id);
    expect(await listedIds({ status: 'REPORTED' })).not.toContain(allergy._id);
    expect(await listedIds({ siteID: manchester() })).not.toContain(allergy._id);
    expect(await listedIds({ search: allergy.logID })).toEqual([allergy._id]);
    expect(await listedIds({ search: 'sesame' })).toEqual([allergy._id]);
  });

  test('a site admin sees only its own sites’ reports', async () => {
    const mine = await reported();
    const theirs = await reported({ siteID: manchester() }, chloe);
    const ids = await listedIds({}, manager);
    expect(ids).toContain(mine._id);
    expect(ids).not.toContain(theirs._id);
    expect((await list({ siteID: manchester() }, manager)).statusCode).toBe(403);
    expect((await find(theirs._id, manager)).statusCode).toBe(403);
    expect((await update({ _id: theirs._id, status: 'PENDING' }, manager)).statusCode).toBe(403);
  });

  test('bad filters are 400 with field messages', async () => {
    const backwards = await list({ startDate: '2025-06-10', endDate: '2025-06-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json.details?.fieldErrors).toEqual({ endDate: ['Must be on or after the start date'] });
    const category = await list({ category: 'FIRE' });
    expect(category.statusCode).toBe(400);
    expect(category.json.details?.fieldErrors.category).toBeDefined();
  });
});

describe('another organisation', () => {
  test('its people cannot reach a report by id, nor list a site of this organisation', async () => {
    const created = await reported();
    expect((await find(created._id, otherOwner)).statusCode).toBe(404);
    expect((await history(created._id, otherOwner)).statusCode).toBe(404);
    expect((await update({ _id: created._id, status: 'PENDING' }, otherOwner)).statusCode).toBe(404);
    expect((await list({ siteID: brighton() }, otherOwner)).statusCode).toBe(404);
    expect(await listedIds({}, otherOwner)).not.toContain(created._id);
    expect((await find(missingId)).statusCode).toBe(404);
  });
});

describe('update-one: workflow', () => {
  test('REPORTED → PENDING → COMPLETED with an outcome; closing skips no step', async () => {
    const created = await reported();
    const skip = await update({ _id: created._id, status: 'COMPLETED', outcome: 'Mat fitted' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json.message).toBe(
      'Investigate before closing: move this near miss to Under investigation (PENDING) first, then close it ' +
        'with an outcome',
    );
    const investigating = await updated({ _id: created._id, status: 'PENDING' });
    expect([investigating.status, investigating.closedAt]).toEqual(['PENDING', null]);

    const noOutcome = await update({ _id: created._id, status: 'COMPLETED' });
    expect(noOutcome.statusCode).toBe(400);
    expect(noOutcome.json.details?.fieldErrors.outcome).toBeDefined();

    ctx.clock.advance(minutes(9));
    const closed = await updated({ _id: created._id, status: 'COMPLETED', outcome: 'Anti-slip mat fitted' });
    expect(closed).toMatchObject({
      status: 'COMPLETED',
      outcome: 'Anti-slip mat fitted',
      closedAt: new Date(Date.parse(now) + minutes(9)).toISOString(),
    });
  });

  test('a closed report changes only once reopened, and reopening needs a reason', async () => {
    const created = await reported();
    await updated({ _id: created._id, status: 'PENDING' });
    await updated({ _id: created._id, status: 'COMPLETED', outcome: 'Fixed' });

    const edit = await update({ _id: created._id, title: 'Slip' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json.message).toBe('This near miss is closed: reopen it (with a reason) to change it');
    const noReason = await update({ _id: created._id, status: 'PENDING' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json.message).toMatch(/reason to reopen/);
    expect(noReason.json.details?.fieldErrors.reason?.[0]).toMatch(/reason to reopen/);
    const back = await update({ _id: created._id, status: 'REPORTED', reason: 'Wrong' });
    expect(back.statusCode).toBe(409);
    expect(back.json.message).toBe(
      'A near miss that is Closed (COMPLETED) cannot move to Reported (REPORTED); it can move to ' +
        'Under investigation (PENDING)',
    );

    const reopened = await updated({ _id: created._id, status: 'PENDING', reason: 'It happened again' });
    expect([reopened.status, reopened.closedAt, reopened.outcome]).toEqual(['PENDING', null, 'Fixed']);
    const entries = (await history(created._id)).json.data;
    expect(entries[0]).toMatchObject({
      action: 'update',
      reason: 'It happened again',
      changes: { before: { status: 'COMPLETED' }, after: { status: 'PENDING' } },
    });
  });

  test('closing is refused (409) while a follow-up action is open, naming the open ones', async () => {
    const created = await reported();
    const planned = await updated({
      _id: created._id,
      status: 'PENDING',
      followUps: [
        { action: 'Fit an anti-slip mat', done: true },
        { action: 'Fix the dishwasher outlet' },
        { action: 'Brief the porters' },
      ],
    });
    const [mat, outlet, brief] = planned.followUps;
    const refused = await update({ _id: created._id, status: 'COMPLETED', outcome: 'Mat fitted' });
    expect(refused.statusCode).toBe(409);
    const message =
      'This near miss still has 2 open follow-up actions: “Fix the dishwasher outlet”, “Brief the porters”. ' +
      'Mark them done, or remove them, before closing the report';
    expect(refused.json).toMatchObject({ status: false, error: 'CONFLICT', message });
    expect(refused.json.details?.fieldErrors).toEqual({ status: [message] });
    expect((await find(created._id)).json.data).toMatchObject({ status: 'PENDING', closedAt: null });

    // Closing in the same update that leaves an action open is refused too, and names only that one.
    const stillOpen = await update({
      _id: created._id,
      status: 'COMPLETED',
      outcome: 'Mat fitted',
      followUps: [
        { _id: mat?._id, action: mat?.action, done: true },
        { _id: outlet?._id, action: outlet?.action, done: true },
        { _id: brief?._id, action: brief?.action },
      ],
    });
    expect(stillOpen.statusCode).toBe(409);
    expect(stillOpen.json.message).toBe(
      'This near miss still has an open follow-up action: “Brief the porters”. Mark it done, or remove it, ' +
        'before closing the report',
    );

    // The last actions done (or removed) in the closing update itself: closed.
    const closed = await updated({
      _id: created._id,
      status: 'COMPLETED',
      outcome: 'Mat fitted, outlet fixed',
      followUps: [
        { _id: mat?._id, action: mat?.action, done: true },
        { _id: outlet?._id, action: outlet?.action, done: true },
      ],
    });
    expect([closed.status, closed.openFollowUps]).toEqual(['COMPLETED', 0]);
  });

  test('a refusal to close names five open actions and counts the rest', async () => {
    const created = await reported();
    const actions = Array.from({ length: 7 }, (_, n) => ({ action: `Action ${n + 1}` }));
    await updated({ _id: created._id, status: 'PENDING', followUps: actions });
    const refused = await update({ _id: created._id, status: 'COMPLETED', outcome: 'Done' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json.message).toBe(
      'This near miss still has 7 open follow-up actions: “Action 1”, “Action 2”, “Action 3”, “Action 4”, ' +
        '“Action 5” and 2 more. Mark them done, or remove them, before closing the report',
    );
  });

  test('staff may report, and see the report in the answer; reading it back and investigating are the console’s', async () => {
    const created = await reported();
    expect(created).toMatchObject({ status: 'REPORTED', reportedBy: { name: 'Aisha Khan' } });
    for (const refused of [
      () => find(created._id, aisha),
      () => update({ _id: created._id, status: 'PENDING' }, aisha),
    ]) {
      const answer = await refused();
      expect(answer.statusCode).toBe(403);
      expect(answer.json.message).toBe(refusedOnMobile);
    }
    expect((await find(created._id)).json.data.status).toBe('REPORTED');
  });
});

describe('update-one: corrections and follow-ups', () => {
  test('changing what staff wrote needs a reason, kept in the history; the title does not', async () => {
    const created = await reported();
    const noReason = await update({ _id: created._id, whatHappened: 'Tom fell' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json.details?.fieldErrors.reason).toBeDefined();
    const sameAsBefore = await updated({ _id: created._id, location: created.location });
    expect(sameAsBefore.location).toBe(created.location);

    const corrected = await updated({
      _id: created._id,
      whatHappened: 'Tom fell and bruised his hip',
      injuries: 'Bruised hip',
      reason: 'Tom told us more the next day',
    });
    expect([corrected.whatHappened, corrected.injuries]).toEqual([
      'Tom fell and bruised his hip',
      'Bruised hip',
    ]);
    const retitled = await updated({ _id: created._id, title: 'Fall by the dish wash' });
    expect(retitled.title).toBe('Fall by the dish wash');

    const entries = (await history(created._id)).json.data;
    expect(entries.map((entry) => [entry.action, entry.reason])).toEqual([
      ['update', null],
      ['update', 'Tom told us more the next day'],
      ['create', null],
    ]);
    expect(entries[1]?.changes.before?.injuries).toBe('');
    expect(entries[1]?.changes.after?.injuries).toBe('Bruised hip');
    expect(await verifyChain(ctx.db, ctx.demo.organization.id)).toMatchObject({ valid: true });
  });

  test('follow-up actions: owners and due dates, done and undone, ids kept', async () => {
    const created = await reported();
    const managerId = ctx.demo.siteAdmin.id;
    const planned = await updated({
      _id: created._id,
      status: 'PENDING',
      followUps: [
        { action: 'Fit an anti-slip mat', ownerId: managerId, dueOn: '2025-06-13' },
        { action: 'Fix the dishwasher outlet' },
      ],
    });
    expect(planned.followUps).toEqual([
      {
        _id: expect.any(String),
        action: 'Fit an anti-slip mat',
        owner: { _id: managerId, name: 'Marcus Reid' },
        dueOn: '2025-06-13',
        doneAt: null,
      },
      {
        _id: expect.any(String),
        action: 'Fix the dishwasher outlet',
        owner: null,
        dueOn: null,
        doneAt: null,
      },
    ]);
    expect(planned.openFollowUps).toBe(2);
    const [mat, outlet] = planned.followUps;

    ctx.clock.advance(minutes(3));
    const doneAt = new Date(Date.parse(now) + minutes(3)).toISOString();
    const progress = await updated({
      _id: created._id,
      followUps: [
        {
          _id: mat?._id,
          action: 'Fit an anti-slip mat',
          ownerId: managerId,
          dueOn: '2025-06-13',
          done: true,
        },
        { _id: outlet?._id, action: 'Fix the dishwasher outlet' },
      ],
    });
    expect(progress.followUps.map((one) => [one._id, one.doneAt])).toEqual([
      [mat?._id, doneAt],
      [outlet?._id, null],
    ]);
    expect(progress.openFollowUps).toBe(1);

    ctx.clock.advance(minutes(3));
    const later = await updated({
      _id: created._id,
      followUps: [
        {
          _id: mat?._id,
          action: 'Fit an anti-slip mat',
          ownerId: managerId,
          dueOn: '2025-06-13',
          done: true,
        },
      ],
    });
    expect(later.followUps.map((one) => [one._id, one.doneAt])).toEqual([[mat?._id, doneAt]]);
    const undone = await updated({
      _id: created._id,
      followUps: [{ _id: mat?._id, action: 'Fit an anti-slip mat', done: false }],
    });
    expect(undone.followUps[0]).toMatchObject({ owner: null, doneAt: null });
  });

  test('a follow-up owner of another organisation, or an action of another report, is refused', async () => {
    const created = await reported();
    const other = await reported();
    const withAction = await updated({
      _id: other._id,
      followUps: [{ action: 'Something' }],
    });
    const refused = await update({
      _id: created._id,
      followUps: [
        { action: 'Call the customer', ownerId: ctx.other.organizationAdmin.id },
        { _id: withAction.followUps[0]?._id, action: 'Something' },
        { action: '' },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json.details?.fieldErrors).toMatchObject({ 'followUps.2.action': ['Action is required'] });
    const refusedAgain = await update({
      _id: created._id,
      followUps: [
        { action: 'Call the customer', ownerId: ctx.other.organizationAdmin.id },
        { _id: withAction.followUps[0]?._id, action: 'Something' },
      ],
    });
    expect(refusedAgain.statusCode).toBe(400);
    expect(refusedAgain.json.details?.fieldErrors).toEqual({
      'followUps.0.ownerId': ['Choose someone who works at this report’s site'],
      'followUps.1._id': ['Not a follow-up action of this report'],
    });
  });
});

describe('follow-up owners of another site', () => {
  test('are refused on the field, without their name, as another organisation’s are; a kept owner stays', async () => {
    const created = await reported();
    const [chloeRow] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'chloe.evans@harbourvine.example'));
    const chloeId = chloeRow?.id ?? '';
    for (const token of [manager, owner]) {
      const refused = await update(
        { _id: created._id, followUps: [{ action: 'Ring the customer', ownerId: chloeId }] },
        token,
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json.details?.fieldErrors).toEqual({
        'followUps.0.ownerId': ['Choose someone who works at this report’s site'],
      });
      expect(refused.raw).not.toMatch(/Chloe|Evans/);
    }
    // Someone of the site is fine, and an action keeps the owner it had whatever happened since.
    const planned = await updated({
      _id: created._id,
      followUps: [{ action: 'Ring the customer', ownerId: ctx.demo.siteAdmin.id }],
    });
    expect(planned.followUps[0]?.owner?._id).toBe(ctx.demo.siteAdmin.id);
  });
});

describe('follow-up-owner-list', () => {
  const owners = (id: string, token = owner) =>
    ctx.inject<{ data: { _id: string; name: string }[] }>('GET', `${base}/follow-up-owner-list/${id}`, {
      token,
    });
  const names = async (id: string, token = owner) => {
    const reply = await owners(id, token);
    expect(reply.statusCode).toBe(200);
    return reply.json.data.map((person) => person.name);
  };
  const personId = async (email: string) => {
    const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row?.id ?? '';
  };

  test('offers the people of the report’s site and the organisation admins, by name, as the update accepts them', async () => {
    const brightonReport = await reported();
    const offered = await names(brightonReport._id);
    expect(offered).toEqual(
      expect.arrayContaining(['Aisha Khan', 'Marcus Reid', 'Olivia Bennett', 'Tom Fletcher']),
    );
    expect(offered).not.toEqual(expect.arrayContaining(['Chloe Evans']));
    expect(offered).not.toContain('Diego Ramirez');
    expect(offered).toEqual([...offered].sort((a, b) => a.localeCompare(b)));
    // The site admin sees the same choices for its own site's report.
    expect(await names(brightonReport._id, manager)).toEqual(offered);

    // Manchester has no site admin: its staff and the organisation admin, who may own its actions.
    const manchesterReport = await reported({ siteID: manchester() }, chloe);
    const atManchester = await names(manchesterReport._id);
    expect(atManchester).toEqual(expect.arrayContaining(['Chloe Evans', 'Olivia Bennett']));
    expect(atManchester).not.toContain('Aisha Khan');
    const olivia = (await owners(manchesterReport._id)).json.data.find(
      (one) => one.name === 'Olivia Bennett',
    );
    const planned = await updated({
      _id: manchesterReport._id,
      followUps: [{ action: 'Call the customer back', ownerId: olivia?._id }],
    });
    expect(planned.followUps[0]?.owner).toEqual({ _id: olivia?._id, name: 'Olivia Bennett' });

    // Another organisation's admin cannot reach the report, nor its people.
    expect((await owners(brightonReport._id, otherOwner)).statusCode).toBe(404);
    expect((await owners(manchesterReport._id, manager)).statusCode).toBe(403);
  });

  test('an owner who no longer works at the site is still offered on the report whose action they own', async () => {
    const tom = await personId('tom.fletcher@harbourvine.example');
    const created = await reported();
    await updated({ _id: created._id, followUps: [{ action: 'Fix the outlet', ownerId: tom }] });
    const other = await reported();
    await ctx.db.delete(siteMembers).where(eq(siteMembers.userId, tom));
    try {
      expect(await names(created._id)).toContain('Tom Fletcher');
      expect(await names(other._id)).not.toContain('Tom Fletcher');
    } finally {
      await ctx.db.insert(siteMembers).values({ siteId: brighton(), userId: tom, createdAt: new Date(now) });
    }
  });
});

describe('OpenAPI', () => {
  test('documents every call, the staff member’s report included', async () => {
    const reply = await ctx.inject<{ paths: Record<string, Record<string, { summary?: string }>> }>(
      'GET',
      '/api/docs/json',
    );
    expect(reply.statusCode).toBe(200);
    const paths = reply.json.paths;
    for (const [url, method] of [
      ['/web-app-list', 'get'],
      ['/find-one/{id}', 'get'],
      ['/update-one', 'put'],
      ['/log-history-list/{id}', 'get'],
      ['/create-new-one', 'post'],
      ['/follow-up-owner-list/{id}', 'get'],
    ] as const) {
      expect(paths[`${base}${url}`]?.[method]?.summary).toEqual(expect.any(String));
    }
  });
});
