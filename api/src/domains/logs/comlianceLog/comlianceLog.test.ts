import {
  toCelsius,
  type ComplianceAnswerInput,
  type ComplianceLog,
  type ComplianceLogHistoryEntry,
  type ComplianceTemplate,
  type ListData,
  type Template,
  type TemplateInput,
} from '@console/shared-sdk/contract';
import { eq } from 'drizzle-orm';
import { complianceLogs } from '../schema.js';
import { verifyChain } from '../../../platform/history/history.js';
import { refusedOnMobile } from '../../../platform/auth/guard.js';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { judgeSiteBy as judgeSiteByAsAdmin, missingId, mobileLogin } from '../../../test/logs.js';

// Compliance logs (/comlianceLog): staff submit a template's checklist from the mobile app, the console
// lists, reviews and corrects them with reasons, and every change is kept in the history.

const base = '/api/v1/comlianceLog';
/** A Tuesday: 11:00 in Brighton (BST), 06:00 in Brooklyn (EDT). */
const now = '2025-06-10T10:00:00.000Z';
const minutes = (n: number) => n * 60_000;
const before = (ms: number) => new Date(Date.parse(now) - ms).toISOString();

let ctx: TestContext;
let owner: string;
let manager: string;
let otherOwner: string;
let aisha: string;
let chloe: string;
let fridgeChecks: Template;
let deliveryChecks: Template;
let untyped: Template;
let theirTemplate: Template;

const brighton = () => ctx.demo.sites.brighton.id;
const manchester = () => ctx.demo.sites.manchester.id;
const brooklyn = () => ctx.demo.sites.brooklyn.id;

async function template(input: TemplateInput, token = owner): Promise<Template> {
  const reply = await ctx.inject<{ data: Template }>('POST', '/api/v1/template-panel/create-new-one', {
    token,
    body: input,
  });
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

const line = (of: Template, index: number) => of.checkListItems[index]?._id ?? '';

/** The fridge checklist answered well: 3.5 °C, seals clean, the optional question left out. */
const goodFridgeAnswers = (): ComplianceAnswerInput[] => [
  { _id: line(fridgeChecks, 0), answer: 'YES', celsius: 3.5 },
  { _id: line(fridgeChecks, 1), answer: 'YES' },
];

const submit = (body: Record<string, unknown>, token = aisha) =>
  ctx.inject<{ data: ComplianceLog }>('POST', `${base}/create-new-one`, { token, body });

async function submitted(change: Record<string, unknown> = {}, token = aisha): Promise<ComplianceLog> {
  const reply = await submit(
    {
      siteID: brighton(),
      templateID: fridgeChecks._id,
      answers: goodFridgeAnswers(),
      submittedAt: before(minutes(2)),
      ...change,
    },
    token,
  );
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

const update = (body: Record<string, unknown>, token = owner) =>
  ctx.inject<{ data: ComplianceLog }>('PUT', `${base}/update-one`, { token, body });

async function updated(body: Record<string, unknown>, token = owner): Promise<ComplianceLog> {
  const reply = await update(body, token);
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

const list = (query: Record<string, string | number> = {}, token = owner) =>
  ctx.inject<{ data: ListData<ComplianceLog> }>('GET', `${base}/web-app-list-for-web`, { token, query });

async function listedIds(query: Record<string, string | number> = {}, token = owner): Promise<string[]> {
  const reply = await list({ limit: 100, ...query }, token);
  expect(reply.statusCode).toBe(200);
  return reply.json.data.list.map((log) => log._id);
}

const find = (id: string, token = owner) =>
  ctx.inject<{ data: ComplianceLog }>('GET', `${base}/find-one/${id}`, { token });

const history = (id: string, token = owner) =>
  ctx.inject<{ data: ComplianceLogHistoryEntry[] }>('GET', `${base}/log-history-list/${id}`, { token });

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
  fridgeChecks = await template({
    name: 'Opening fridge checks',
    type: 'FRIDGE',
    checkListItems: [
      { text: 'Fridge temperature' },
      { text: 'Door seals clean and intact' },
      { text: 'Anything else to report?', required: false },
    ],
  });
  deliveryChecks = await template({
    name: 'Delivery checks',
    type: 'FOOD_DELIVERY',
    checkListItems: [{ text: 'Chilled goods' }, { text: 'Frozen goods' }],
  });
  untyped = await template({ name: 'Close down', checkListItems: [{ text: 'Lights off' }] });
  theirTemplate = await template(
    { name: 'Their fridge checks', type: 'FRIDGE', checkListItems: [{ text: 'Fridge temperature' }] },
    otherOwner,
  );
});
afterEach(() => ctx.clock.set(now));
afterAll(() => ctx.close());

describe('template-list', () => {
  test('staff get the organisation’s templates that have a log type, with their questions', async () => {
    const reply = await ctx.inject<{ data: ComplianceTemplate[] }>('GET', `${base}/template-list`, {
      token: aisha,
      query: { siteID: brighton() },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.map((one) => [one.name, one.type])).toEqual([
      ['Delivery checks', 'FOOD_DELIVERY'],
      ['Opening fridge checks', 'FRIDGE'],
    ]);
    expect(reply.json.data[1]?.checkListItems.map((item) => item.text)).toEqual([
      'Fridge temperature',
      'Door seals clean and intact',
      'Anything else to report?',
    ]);
  });

  test('not for a site the staff member does not work at, nor another organisation’s site', async () => {
    const elsewhere = await ctx.inject('GET', `${base}/template-list`, {
      token: aisha,
      query: { siteID: manchester() },
    });
    expect(elsewhere.statusCode).toBe(403);
    const theirs = await ctx.inject('GET', `${base}/template-list`, {
      token: owner,
      query: { siteID: ctx.other.site.id },
    });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('create-new-one (staff)', () => {
  test('a passing log from the mobile app: REPORTED, judged against the fridge limits', async () => {
    const log = await submitted({ note: '  All fine  ' });
    expect(log).toMatchObject({
      logID: expect.stringMatching(/^CL-[0-9A-F]{6}$/),
      siteID: brighton(),
      siteName: 'The Harbour Kitchen, Brighton',
      timeZoneId: 'Europe/London',
      logType: 'FRIDGE',
      templateID: fridgeChecks._id,
      title: 'Opening fridge checks',
      status: 'REPORTED',
      result: 'PASS',
      failedCount: 0,
      note: 'All fine',
      submittedBy: { name: 'Aisha Khan' },
      submittedAt: before(minutes(2)),
      receivedAt: now,
      backFilled: false,
      reviewNote: null,
      reviewedBy: null,
      reviewedAt: null,
    });
    expect(log.logID).toBe(`CL-${log._id.slice(-6).toUpperCase()}`);
    expect(log.answers).toEqual([
      {
        _id: line(fridgeChecks, 0),
        text: 'Fridge temperature',
        required: true,
        answer: 'YES',
        celsius: 3.5,
        checkKind: 'FRIDGE',
        // England's fridge: 5 °C, warning up to 8 °C, the law's maximum, which the line keeps with it.
        limits: { lowerLimit: null, upperLimit: 5, warnUpTo: 8, upperExclusive: false, legalMaximum: 8 },
        comment: null,
        result: 'PASS',
      },
      expect.objectContaining({ text: 'Door seals clean and intact', answer: 'YES', result: 'PASS' }),
      expect.objectContaining({ text: 'Anything else to report?', answer: null, result: null }),
    ]);
  });

  test('a temperature above the legal maximum fails the line and needs a comment', async () => {
    const answers = [{ _id: line(fridgeChecks, 0), answer: 'YES', celsius: 9 }, goodFridgeAnswers()[1]];
    const refused = await submit({
      siteID: brighton(),
      templateID: fridgeChecks._id,
      answers,
      submittedAt: now,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json.details?.fieldErrors['answers.0.comment']).toEqual([
      '9 °C is above the legal maximum of 8 °C: say in a comment what was done about it',
    ]);
    const log = await submitted({
      answers: [{ ...answers[0], comment: 'Moved stock to the walk-in, engineer called' }, answers[1]],
    });
    expect([log.result, log.failedCount, log.answers[0]?.result]).toEqual(['FAIL', 1, 'FAIL']);
  });

  test('between 5 and 8 °C the line warns and the log still passes; a NO fails and needs a comment', async () => {
    const warm = await submitted({
      answers: [{ _id: line(fridgeChecks, 0), answer: 'YES', celsius: 6.5 }, goodFridgeAnswers()[1]],
    });
    expect([warm.result, warm.answers[0]?.result]).toEqual(['PASS', 'WARN']);

    const no = { _id: line(fridgeChecks, 1), answer: 'NO' };
    const refused = await submit({
      siteID: brighton(),
      templateID: fridgeChecks._id,
      answers: [goodFridgeAnswers()[0], no],
      submittedAt: now,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json.details?.fieldErrors['answers.1.comment']).toEqual([
      'A NO answer needs a comment saying what is wrong',
    ]);
    const failed = await submitted({
      answers: [goodFridgeAnswers()[0], { ...no, comment: 'Seal split at the hinge' }],
    });
    expect([failed.result, failed.failedCount]).toEqual(['FAIL', 1]);
  });

  test('a line names its check: a frozen delivery is judged against -15 °C, an unknown check is refused', async () => {
    const log = await submitted({
      templateID: deliveryChecks._id,
      answers: [
        { _id: line(deliveryChecks, 0), answer: 'YES', celsius: 7.9 },
        { _id: line(deliveryChecks, 1), answer: 'YES', celsius: -16, checkKind: 'FROZEN' },
      ],
    });
    expect(log.answers.map((one) => [one.checkKind, one.limits?.upperLimit, one.result])).toEqual([
      ['CHILLED', 8, 'PASS'],
      ['FROZEN', -15, 'PASS'],
    ]);
    const refused = await submit({
      siteID: brighton(),
      templateID: deliveryChecks._id,
      answers: [
        { _id: line(deliveryChecks, 0), answer: 'YES', celsius: 3, checkKind: 'FRIDGE' },
        { _id: line(deliveryChecks, 1), answer: 'NA' },
      ],
      submittedAt: now,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json.details?.fieldErrors['answers.0.checkKind']).toEqual([
      'Not a check of a food delivery log: use CHILLED, FROZEN',
    ]);
  });

  test('every required question needs an answer; unknown and repeated lines are named', async () => {
    const missing = await submit({
      siteID: brighton(),
      templateID: fridgeChecks._id,
      answers: [goodFridgeAnswers()[0]],
      submittedAt: now,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json.details?.fieldErrors.answers).toEqual([
      '"Door seals clean and intact" is required: answer it',
    ]);
    const strange = await submit({
      siteID: brighton(),
      templateID: fridgeChecks._id,
      answers: [
        ...goodFridgeAnswers(),
        { _id: line(deliveryChecks, 0), answer: 'YES' },
        goodFridgeAnswers()[0],
      ],
      submittedAt: now,
    });
    expect(strange.statusCode).toBe(400);
    expect(strange.json.details?.fieldErrors).toMatchObject({
      'answers.2._id': ['Not a question of this checklist'],
      'answers.3._id': ['This question is answered twice'],
    });
  });

  test('malformed bodies are 400 with field messages', async () => {
    const reply = await submit({
      siteID: 'brighton',
      templateID: fridgeChecks._id,
      answers: [{ _id: line(fridgeChecks, 0), answer: 'MAYBE', celsius: 900 }],
      submittedAt: 'yesterday',
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors).toMatchObject({
      siteID: ['Must be a valid id'],
      'answers.0.answer': ['Answer YES, NO or NA'],
      'answers.0.celsius': ['Must be at most 300 °C'],
      submittedAt: [expect.stringContaining('device')],
    });
  });

  test('the device time: more than 5 minutes ahead is refused, more than 30 minutes behind is back-filled', async () => {
    const ahead = await submit({
      siteID: brighton(),
      templateID: fridgeChecks._id,
      answers: goodFridgeAnswers(),
      submittedAt: new Date(Date.parse(now) + minutes(6)).toISOString(),
    });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json.details?.fieldErrors.submittedAt).toBeDefined();
    expect((await submitted({ submittedAt: before(minutes(30)) })).backFilled).toBe(false);
    expect((await submitted({ submittedAt: before(minutes(30) + 1000) })).backFilled).toBe(true);
  });

  test('a device time up to 2 minutes ahead is kept as the server’s time: nothing is stored in the future', async () => {
    const log = await submitted({ submittedAt: new Date(Date.parse(now) + minutes(1)).toISOString() });
    expect(log).toMatchObject({ submittedAt: now, receivedAt: now, backFilled: false });
    const [stored] = await ctx.db
      .select({ submittedAt: complianceLogs.submittedAt })
      .from(complianceLogs)
      .where(eq(complianceLogs.id, log._id));
    expect(stored?.submittedAt.toISOString()).toBe(now);
  });

  test('refused: a site the staff member does not work at, a template of no log type or of another organisation', async () => {
    const elsewhere = await submit({
      siteID: manchester(),
      templateID: fridgeChecks._id,
      answers: goodFridgeAnswers(),
      submittedAt: now,
    });
    expect(elsewhere.statusCode).toBe(403);
    const noType = await submit({
      siteID: brighton(),
      templateID: untyped._id,
      answers: [{ _id: line(untyped, 0), answer: 'YES' }],
      submittedAt: now,
    });
    expect(noType.statusCode).toBe(400);
    expect(noType.json.details?.fieldErrors.templateID).toBeDefined();
    const theirs = await submit({
      siteID: brighton(),
      templateID: theirTemplate._id,
      answers: [{ _id: line(theirTemplate, 0), answer: 'YES' }],
      submittedAt: now,
    });
    expect(theirs.statusCode).toBe(404);
  });

  test('the submission is the first entry of the log’s history', async () => {
    const log = await submitted();
    const reply = await history(log._id);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toEqual([
      expect.objectContaining({
        action: 'create',
        reason: null,
        actor: expect.objectContaining({ name: 'Aisha Khan' }),
        changes: { before: null, after: expect.objectContaining({ status: 'REPORTED', result: 'PASS' }) },
      }),
    ]);
  });
});

describe('web-app-list-for-web', () => {
  test('the date range is in each site’s own local dates', async () => {
    // 00:30 on 9 June in Brighton (BST); 23:00 on 8 June in Brooklyn (EDT).
    const brightonLog = await submitted({ submittedAt: '2025-06-08T23:30:00.000Z' });
    const brooklynLog = await submitted(
      { siteID: brooklyn(), submittedAt: '2025-06-09T03:00:00.000Z' },
      owner,
    );
    const on = (date: string) => listedIds({ startDate: date, endDate: date });
    expect(await on('2025-06-09')).toContain(brightonLog._id);
    expect(await on('2025-06-09')).not.toContain(brooklynLog._id);
    expect(await on('2025-06-08')).toContain(brooklynLog._id);
    expect(await on('2025-06-08')).not.toContain(brightonLog._id);
  });

  test('without dates, the last 30 days of each site, newest first', async () => {
    // Each synced an hour after it was made: older than the sync window (72 hours) would be refused now.
    const syncedAnHourLater = async (submittedAt: string) => {
      ctx.clock.set(new Date(Date.parse(submittedAt) + minutes(60)));
      try {
        return await submitted({ submittedAt });
      } finally {
        ctx.clock.set(now);
      }
    };
    const recent = await syncedAnHourLater(before(minutes(60 * 24 * 29)));
    const old = await syncedAnHourLater(before(minutes(60 * 24 * 31)));
    const ids = await listedIds();
    expect(ids).toContain(recent._id);
    expect(ids).not.toContain(old._id);
    const reply = await list({ limit: 100 });
    const times = reply.json.data.list.map((log) => log.submittedAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  test('filters by type, status, result, site and the logID', async () => {
    const delivery = await submitted({
      templateID: deliveryChecks._id,
      answers: [
        { _id: line(deliveryChecks, 0), answer: 'YES', celsius: 12, comment: 'Rejected the delivery' },
        { _id: line(deliveryChecks, 1), answer: 'NA' },
      ],
    });
    const byType = await listedIds({ type: 'FOOD_DELIVERY' });
    expect(byType).toContain(delivery._id);
    expect(
      (await list({ type: 'FOOD_DELIVERY', limit: 100 })).json.data.list.every(
        (one) => one.logType === 'FOOD_DELIVERY',
      ),
    ).toBe(true);
    expect(await listedIds({ type: 'FRIDGE' })).not.toContain(delivery._id);
    expect(await listedIds({ result: 'FAIL' })).toContain(delivery._id);
    expect(await listedIds({ result: 'PASS' })).not.toContain(delivery._id);
    await updated({ _id: delivery._id, status: 'PENDING', reviewNote: 'Call the supplier' });
    expect(await listedIds({ status: 'PENDING' })).toContain(delivery._id);
    expect(await listedIds({ status: 'REPORTED' })).not.toContain(delivery._id);
    expect(await listedIds({ siteID: manchester() })).not.toContain(delivery._id);
    expect(await listedIds({ search: delivery.logID.toLowerCase() })).toEqual([delivery._id]);
  });

  test('a site admin sees only its own sites’ logs', async () => {
    const mine = await submitted();
    const manchesterLog = await submitted({ siteID: manchester() }, chloe);
    const ids = await listedIds({}, manager);
    expect(ids).toContain(mine._id);
    expect(ids).not.toContain(manchesterLog._id);
    expect((await list({ siteID: manchester() }, manager)).statusCode).toBe(403);
    expect((await find(manchesterLog._id, manager)).statusCode).toBe(403);
    expect((await update({ _id: manchesterLog._id, status: 'COMPLETED' }, manager)).statusCode).toBe(403);
  });

  test('bad filters are 400 with field messages', async () => {
    const backwards = await list({ startDate: '2025-06-10', endDate: '2025-06-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json.details?.fieldErrors.endDate).toEqual(['Must be on or after the start date']);
    const half = await list({ startDate: '2025-06-10' });
    expect(half.json.details?.fieldErrors.endDate).toEqual(['Choose an end date too']);
    const sort = await list({ sort: 'password' });
    expect(sort.statusCode).toBe(400);
  });
});

describe('another organisation', () => {
  test('its people cannot reach a log by id, nor list a site of this organisation', async () => {
    const log = await submitted();
    expect((await find(log._id, otherOwner)).statusCode).toBe(404);
    expect((await history(log._id, otherOwner)).statusCode).toBe(404);
    expect((await update({ _id: log._id, status: 'COMPLETED' }, otherOwner)).statusCode).toBe(404);
    expect((await list({ siteID: brighton() }, otherOwner)).statusCode).toBe(404);
    expect(await listedIds({}, otherOwner)).not.toContain(log._id);
    expect((await find(missingId)).statusCode).toBe(404);
  });
});

describe('update-one: review workflow', () => {
  test('REPORTED → COMPLETED records the reviewer; reopening needs a reason', async () => {
    const log = await submitted();
    ctx.clock.advance(minutes(10));
    const reviewed = await updated({ _id: log._id, status: 'COMPLETED', reviewNote: 'Checked' });
    expect(reviewed).toMatchObject({
      status: 'COMPLETED',
      reviewNote: 'Checked',
      reviewedBy: { name: 'Olivia Bennett' },
      reviewedAt: new Date(Date.parse(now) + minutes(10)).toISOString(),
    });

    const noReason = await update({ _id: log._id, status: 'PENDING' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json.message).toMatch(/reason to reopen/);
    expect(noReason.json.details?.fieldErrors.reason?.[0]).toMatch(/reason to reopen/);
    const closedEdit = await update({ _id: log._id, reviewNote: 'Changed my mind' });
    expect(closedEdit.statusCode).toBe(409);
    expect(closedEdit.json.message).toMatch(/reopen it/);

    const reopened = await updated({ _id: log._id, status: 'PENDING', reason: 'Probe reading doubted' });
    expect(reopened.status).toBe('PENDING');
    const done = await updated({ _id: log._id, status: 'COMPLETED' });
    expect(done.status).toBe('COMPLETED');
  });

  test('moves the workflow has not are 409 naming the moves there are', async () => {
    const log = await submitted();
    await updated({ _id: log._id, status: 'PENDING' });
    const back = await update({ _id: log._id, status: 'REPORTED' });
    expect(back.statusCode).toBe(409);
    expect(back.json.message).toBe(
      'A compliance log that is Follow-up needed (PENDING) cannot move to Awaiting review (REPORTED); ' +
        'it can move to Reviewed (COMPLETED)',
    );
    const deleted = await update({ _id: log._id, status: 'DELETED' });
    expect(deleted.statusCode).toBe(400);
  });

  test('staff may submit, and see the log in the answer; reading it back and reviewing are the console’s', async () => {
    const log = await submitted();
    expect(log).toMatchObject({ status: 'REPORTED', submittedBy: { name: 'Aisha Khan' } });
    for (const refused of [
      () => find(log._id, aisha),
      () => update({ _id: log._id, status: 'COMPLETED' }, aisha),
    ]) {
      const answer = await refused();
      expect(answer.statusCode).toBe(403);
      expect(answer.json.message).toBe(refusedOnMobile);
    }
    expect((await find(log._id)).json.data.status).toBe('REPORTED');
  });
});

describe('update-one: corrections', () => {
  test('correcting answers needs a reason, is judged again, and the history keeps both sides with the reason', async () => {
    const log = await submitted();
    const correction = {
      _id: log._id,
      answers: [{ _id: line(fridgeChecks, 0), answer: 'YES', celsius: 8.5, comment: 'Misread: it was 8.5' }],
    };
    const noReason = await update(correction);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json.details?.fieldErrors.reason).toBeDefined();

    const corrected = await updated({ ...correction, reason: 'Staff misread the display' });
    expect([corrected.result, corrected.failedCount]).toEqual(['FAIL', 1]);
    expect(corrected.answers[0]).toMatchObject({
      celsius: 8.5,
      result: 'FAIL',
      comment: 'Misread: it was 8.5',
    });
    expect(corrected.answers[1]).toEqual(log.answers[1]);

    const entries = (await history(log._id)).json.data;
    expect(entries.map((entry) => [entry.action, entry.reason])).toEqual([
      ['update', 'Staff misread the display'],
      ['create', null],
    ]);
    expect(entries[0]?.changes.before?.result).toBe('PASS');
    expect(entries[0]?.changes.after?.result).toBe('FAIL');
    expect(entries[0]?.actor.name).toBe('Olivia Bennett');
    expect(await verifyChain(ctx.db, ctx.demo.organization.id)).toMatchObject({ valid: true });
  });

  test('a corrected line is judged by the limits it was answered under; lines of another log are refused', async () => {
    const log = await submitted();
    // As if the line had been answered under a looser limit than today's table: 10 °C, no warning band.
    const [first, ...rest] = log.answers;
    if (!first) throw new Error('the log has no answers');
    const looser = {
      ...first,
      limits: { lowerLimit: null, upperLimit: 10, warnUpTo: null, upperExclusive: false },
    };
    await ctx.db
      .update(complianceLogs)
      .set({ answers: [looser, ...rest] })
      .where(eq(complianceLogs.id, log._id));
    const corrected = await updated({
      _id: log._id,
      answers: [{ _id: first._id, answer: 'YES', celsius: 9 }],
      reason: 'Typo',
    });
    expect(corrected.answers[0]).toMatchObject({ celsius: 9, result: 'PASS', limits: looser.limits });

    const strange = await update({
      _id: log._id,
      answers: [{ _id: line(deliveryChecks, 0), answer: 'YES' }],
      reason: 'Typo',
    });
    expect(strange.statusCode).toBe(400);
    expect(strange.json.details?.fieldErrors['answers.0._id']).toEqual(['Not a question of this checklist']);
  });

  test('a corrected line that now fails needs a comment', async () => {
    const log = await submitted();
    const noComment = await update({
      _id: log._id,
      answers: [{ _id: line(fridgeChecks, 0), answer: 'YES', celsius: 9 }],
      reason: 'Typo',
    });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json.details?.fieldErrors['answers.0.comment']).toBeDefined();
  });

  test('changing the note needs a reason too; a review alone does not', async () => {
    const log = await submitted({ note: 'All fine' });
    const note = await update({ _id: log._id, note: 'Not fine' });
    expect(note.statusCode).toBe(400);
    expect(note.json.details?.fieldErrors.reason).toBeDefined();
    const reviewed = await updated({ _id: log._id, reviewNote: 'Seen' });
    expect([reviewed.note, reviewed.reviewNote]).toEqual(['All fine', 'Seen']);
    const entries = (await history(log._id)).json.data;
    expect(entries[0]).toMatchObject({ action: 'update', reason: null });
  });

  test('an update that changes nothing writes no history', async () => {
    const log = await submitted();
    await updated({ _id: log._id, answers: goodFridgeAnswers() });
    expect((await history(log._id)).json.data).toHaveLength(1);
  });
});

describe('rule sets', () => {
  /** Sets the rule set `siteID` is judged by, as an organisation admin does on the site form. */
  async function judgeSiteBy(siteID: string, jurisdiction: string, reason: string) {
    expect((await judgeSiteByAsAdmin(ctx, owner, siteID, jurisdiction, reason)).statusCode).toBe(200);
  }

  /** The fridge checklist with the fridge read at `celsius`. */
  const fridgeAt = (celsius: number, comment?: string): ComplianceAnswerInput[] => [
    { _id: line(fridgeChecks, 0), answer: 'YES', celsius, ...(comment ? { comment } : {}) },
    { _id: line(fridgeChecks, 1), answer: 'YES' },
  ];

  test('a 42 °F fridge fails at a New York site, in °F; 7 °C warns at an English site, in °C', async () => {
    const diego = await mobileLogin(ctx, 'diego.ramirez@harbourvine.example');
    const warm = { siteID: brooklyn(), answers: fridgeAt(toCelsius(42, 'F')) };
    const refused = await submit({ ...warm, templateID: fridgeChecks._id, submittedAt: now }, diego);
    expect(refused.statusCode).toBe(400);
    // A failing line wants a comment saying what was done, told in the site's unit.
    expect(refused.json.details?.fieldErrors['answers.0.comment']?.[0]).toMatch(/^42 °F is above .* 41 °F/);
    const york = await submitted(
      { siteID: brooklyn(), answers: fridgeAt(toCelsius(42, 'F'), 'Moved the stock to the walk-in') },
      diego,
    );
    expect(york).toMatchObject({
      jurisdiction: 'US-NYC',
      temperatureUnit: 'F',
      result: 'FAIL',
      failedCount: 1,
    });
    expect(york.answers[0]).toMatchObject({ result: 'FAIL', limits: { upperLimit: 5, legalMaximum: 5 } });

    const england = await submitted({ answers: fridgeAt(7) });
    expect(england).toMatchObject({ jurisdiction: 'GB-ENG', temperatureUnit: 'C', result: 'PASS' });
    expect(england.answers[0]).toMatchObject({ result: 'WARN', limits: { upperLimit: 5, warnUpTo: 8 } });
  });

  test('a site’s new rules judge its new logs; an earlier log keeps its verdict and set, and a correction is judged by that set', async () => {
    const earlier = await submitted({ answers: fridgeAt(7) });
    expect([earlier.jurisdiction, earlier.result, earlier.answers[0]?.result]).toEqual([
      'GB-ENG',
      'PASS',
      'WARN',
    ]);
    await judgeSiteBy(brighton(), 'US-NYC', 'Trying the American rules in this kitchen');
    try {
      // A log submitted now is judged by New York City's rules: 7 °C is above its 41 °F.
      const later = await submitted({ answers: fridgeAt(7, 'Moved the stock to the walk-in') });
      expect([later.jurisdiction, later.temperatureUnit, later.result]).toEqual(['US-NYC', 'F', 'FAIL']);

      const kept = (await find(earlier._id)).json.data;
      // The set it was judged by, shown in the site's unit now.
      expect(kept).toMatchObject({ jurisdiction: 'GB-ENG', temperatureUnit: 'F', result: 'PASS' });
      expect(kept.answers[0]).toMatchObject({ celsius: 7, result: 'WARN' });

      // The optional line answered now with 6 °C: England's fridge warns, where New York City's would fail
      // it and want a comment.
      const corrected = await updated({
        _id: earlier._id,
        answers: [{ _id: line(fridgeChecks, 2), answer: 'YES', celsius: 6 }],
        reason: 'The second fridge was read too',
      });
      expect(corrected).toMatchObject({ jurisdiction: 'GB-ENG', result: 'PASS', failedCount: 0 });
      expect(corrected.answers[2]).toMatchObject({
        celsius: 6,
        checkKind: 'FRIDGE',
        result: 'WARN',
        limits: { upperLimit: 5, warnUpTo: 8, legalMaximum: 8 },
      });
    } finally {
      await judgeSiteBy(brighton(), 'GB-ENG', 'Back to England’s rules');
    }
  });
});

describe('OpenAPI', () => {
  test('documents every call, the staff member’s included', async () => {
    const reply = await ctx.inject<{ paths: Record<string, Record<string, { summary?: string }>> }>(
      'GET',
      '/api/docs/json',
    );
    expect(reply.statusCode).toBe(200);
    const paths = reply.json.paths;
    for (const [url, method] of [
      ['/web-app-list-for-web', 'get'],
      ['/find-one/{id}', 'get'],
      ['/update-one', 'put'],
      ['/log-history-list/{id}', 'get'],
      ['/template-list', 'get'],
      ['/create-new-one', 'post'],
    ] as const) {
      expect(paths[`${base}${url}`]?.[method]?.summary).toEqual(expect.any(String));
    }
  });
});
