import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type {
  InspectorAccess,
  InspectorLink,
  InspectorLinkCreated,
  InspectorRecord,
  InspectorSectionPage,
  InspectorView,
  ListData,
  PackVerification,
} from '@console/shared-sdk/contract';
import { demoLogins } from '../../../demo.js';
import { newId } from '../../../platform/db/ids.js';
import { recordHistory } from '../../../platform/history/history.js';
import { historyEntries } from '../../../platform/history/schema.js';
import { foodItems } from '../../equipment/index.js';
import { documents, nearMisses, temperatureReadings } from '../../logs/index.js';
import { correctiveActions } from '../../../platform/corrective-actions/schema.js';
import { createTestContext, fromNewAddress, type TestContext } from '../../../test/helper.js';
import { hotHoldReadingRow, missingId, multipartBody, nearMissRow } from '../../../test/logs.js';
import { plannedBefore } from '../../../test/tasks.js';
import { inspectorLinks, siteReviews } from '../schema.js';

// Inspector links: an admin makes one for some sites and a range of their dates, and an inspector opens
// it without an account: the view, its sections and records, a pack that verifies. The link is a
// credential: only its hash is kept, it is limited, logged, never indexed, and once expired or revoked it
// answers exactly like a missing page.

const admin = '/api/v1/inspectorLink';
const view = '/api/v1/inspect';
/** Wednesday 11 June 2025, 11:00 in Brighton (BST). */
const now = '2025-06-11T10:00:00Z';
const range = { startDate: '2025-06-01', endDate: '2025-06-10' };

let ctx: TestContext;
let webRoot: string;
let owner: string;
let manager: string;
let otherOwner: string;

const brighton = () => ctx.demo.sites.brighton.id;
const manchester = () => ctx.demo.sites.manchester.id;
/** The readings the sections are checked against, by what they are. */
const readings = { inRange: '', outOfRange: '', otherSite: '', otherOrganisation: '' };

const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

async function makeLink(body: Record<string, unknown>, token = owner) {
  const reply = await ctx.inject<{ data: InspectorLinkCreated }>('POST', `${admin}/create-new-one`, {
    token,
    body: { label: 'EHO J. Patel', siteIDs: [brighton()], ...range, expiresInDays: 14, ...body },
  });
  if (reply.statusCode !== 200) throw new Error(`creating a link: ${reply.raw}`);
  return { link: reply.json.data.link, url: reply.json.data.url, token: tokenOf(reply.json.data.url) };
}

/** An inspector's call: its own address unless told, and the passcode when given. */
function inspect<T>(
  token: string,
  rest = '',
  options: { query?: Record<string, string>; passcode?: string; address?: Record<string, string> } = {},
) {
  return ctx.inject<{ data: T }>('GET', `${view}/${token}${rest}`, {
    query: options.query,
    headers: {
      ...(options.address ?? fromNewAddress()),
      ...(options.passcode === undefined ? {} : { 'x-inspector-passcode': options.passcode }),
    },
  });
}

beforeAll(async () => {
  webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'inspector-web-'));
  await fs.mkdir(path.join(webRoot, 'shell', 'dist'), { recursive: true });
  await fs.writeFile(
    path.join(webRoot, 'shell', 'dist', 'index.html'),
    '<!doctype html><title>Console</title>',
  );
  ctx = await createTestContext({ serveWeb: true, env: { WEB_ROOT: webRoot } });
  ctx.clock.set(now);
  [owner, manager, otherOwner] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(demoLogins.siteAdmin),
    ctx.login(ctx.other.organizationAdmin.email),
  ]);

  const at = new Date(now);
  const probe = (orgId: string, siteId: string) => ({
    id: newId(),
    orgId,
    siteId,
    type: 'PROB' as const,
    name: 'Hot cabinet probe',
    createdAt: at,
    updatedAt: at,
  });
  const orgId = ctx.demo.organization.id;
  const otherOrgId = ctx.other.organization.id;
  const probes = await ctx.db
    .insert(foodItems)
    .values([probe(orgId, brighton()), probe(orgId, manchester()), probe(otherOrgId, ctx.other.site.id)])
    .returning();
  const probeOf = (siteId: string) => probes.find((one) => one.siteId === siteId)?.id ?? '';
  const reading = (org: string, siteId: string, readAt: string, result: 'PASS' | 'FAIL') =>
    hotHoldReadingRow(
      { orgId: org, siteId, by: ctx.demo.siteAdmin.id, at },
      { foodItemId: probeOf(siteId), readAt, celsius: result === 'FAIL' ? 55 : 70, result },
    );
  const rows = {
    inRange: reading(orgId, brighton(), '2025-06-05T08:00:00Z', 'FAIL'),
    outOfRange: reading(orgId, brighton(), '2025-05-20T08:00:00Z', 'PASS'),
    otherSite: reading(orgId, manchester(), '2025-06-05T08:00:00Z', 'PASS'),
    otherOrganisation: reading(otherOrgId, ctx.other.site.id, '2025-06-05T08:00:00Z', 'PASS'),
  };
  await ctx.db.insert(temperatureReadings).values(Object.values(rows));
  for (const key of Object.keys(rows) as (keyof typeof rows)[]) readings[key] = rows[key].id;
  // The in-range reading was corrected once, with a reason, as the console keeps it.
  await ctx.db.transaction((tx) =>
    recordHistory(tx, {
      orgId,
      siteId: brighton(),
      subject: 'TemperatureLog',
      recordId: readings.inRange,
      action: 'update',
      before: { celsius: 50, note: null },
      after: { celsius: 55, note: 'Re-probed' },
      reason: 'Typed 50 for 55',
      actor: { id: ctx.demo.siteAdmin.id, name: 'Marcus Reid' },
      at,
    }),
  );
});
afterAll(async () => {
  await ctx.close();
  await fs.rm(webRoot, { recursive: true, force: true });
});

jest.setTimeout(60_000);

describe('making a link', () => {
  test('answers its address once; only the token’s hash is kept, and its history has the making', async () => {
    const { link, url, token } = await makeLink({});
    expect(url).toBe(`http://console.test/inspect/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({
      label: 'EHO J. Patel',
      sites: [{ _id: brighton(), name: ctx.demo.sites.brighton.name }],
      ...range,
      hasPasscode: false,
      state: 'ACTIVE',
      createdBy: { name: 'Olivia Bennett' },
      accessCount: 0,
      lastAccessAt: null,
    });
    expect(link.expiresAt).toBe(new Date(Date.parse(now) + 14 * 86_400_000).toISOString());
    const [row] = await ctx.db.select().from(inspectorLinks).where(eq(inspectorLinks.id, link._id));
    expect(row?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    const history = await ctx.db
      .select()
      .from(historyEntries)
      .where(and(eq(historyEntries.subject, 'InspectorLink'), eq(historyEntries.recordId, link._id)));
    expect(history.map((entry) => entry.action)).toEqual(['create']);
    expect(JSON.stringify(history)).not.toContain(row?.tokenHash);
  });

  test('refuses an expiry past 30 days, another organisation’s site, and a site admin’s other site', async () => {
    const tooLong = await ctx.inject('POST', `${admin}/create-new-one`, {
      token: owner,
      body: { label: 'EHO', siteIDs: [brighton()], ...range, expiresInDays: 31 },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json.details).toHaveProperty(['fieldErrors', 'expiresInDays']);

    const foreign = await ctx.inject('POST', `${admin}/create-new-one`, {
      token: owner,
      body: { label: 'EHO', siteIDs: [brighton(), ctx.other.site.id], ...range, expiresInDays: 7 },
    });
    expect(foreign.statusCode).toBe(404);

    // Marcus administers Brighton alone: a link that also opens Manchester is not his to make.
    const wider = await ctx.inject('POST', `${admin}/create-new-one`, {
      token: manager,
      body: { label: 'EHO', siteIDs: [brighton(), manchester()], ...range, expiresInDays: 7 },
    });
    expect(wider.statusCode).toBe(403);
    const own = await makeLink({ label: 'Brighton EHO' }, manager);
    expect(own.link.createdBy?.name).toBe('Marcus Reid');
  });

  test('a site admin lists only links all of whose sites are his; the state filters', async () => {
    const both = await makeLink({ label: 'Both sites', siteIDs: [brighton(), manchester()] });
    const listed = (token: string, query: Record<string, string> = {}) =>
      ctx.inject<{ data: ListData<InspectorLink> }>('GET', `${admin}/web-app-list`, {
        token,
        query: { limit: '100', ...query },
      });
    const his = await listed(manager);
    expect(his.statusCode).toBe(200);
    expect(his.json.data.list.map((link) => link._id)).not.toContain(both.link._id);
    expect(his.json.data.list.every((link) => link.sites.every((site) => site._id === brighton()))).toBe(
      true,
    );
    const all = await listed(owner, { state: 'ACTIVE' });
    expect(all.json.data.list.map((link) => link._id)).toContain(both.link._id);
    expect((await listed(owner, { state: 'REVOKED' })).json.data.list).toEqual([]);
    // Nor does he read its accesses.
    const accesses = await ctx.inject('GET', `${admin}/access-list/${both.link._id}`, { token: manager });
    expect(accesses.statusCode).toBe(403);
    const foreign = await ctx.inject('GET', `${admin}/access-list/${both.link._id}`, { token: otherOwner });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('the inspector’s view', () => {
  let token = '';
  let linkId = '';
  const address = { 'x-forwarded-for': '192.0.2.77' };
  beforeAll(async () => {
    const made = await makeLink({ label: 'Brighton visit' });
    token = made.token;
    linkId = made.link._id;
  });

  test('opens with the token alone: the link’s sites, range and each section’s count', async () => {
    const reply = await inspect<InspectorView>(token, '', { address });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toMatchObject({
      label: 'Brighton visit',
      organisationName: ctx.demo.organization.name,
      sites: [{ _id: brighton(), timeZoneId: 'Europe/London', locale: 'en-GB', temperatureUnit: 'C' }],
      ...range,
    });
    const counts = Object.fromEntries(reply.json.data.sections.map((one) => [one.section, one.records]));
    expect(counts.temperature).toBe(1);
    expect(Object.keys(counts)).toEqual([
      'temperature',
      'tasks',
      'complianceLogs',
      'nearMisses',
      'correctiveActions',
      'reviews',
      'documents',
    ]);
  });

  test('a section lists only the link’s sites and range, in words, the failure flagged', async () => {
    const reply = await inspect<InspectorSectionPage>(token, '/section/temperature', { address });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.records).toBe(1);
    const [row] = reply.json.data.list;
    expect(row).toMatchObject({
      _id: readings.inRange,
      subject: 'TemperatureLog',
      siteID: brighton(),
      when: '5 Jun 2025, 09:00',
      status: 'Fail',
      flagged: true,
    });
    expect(row?.title).toContain('Hot cabinet probe');
    expect(row?.detail).toContain('55 °C');
    expect(row?.detail).toContain('Reheated to 75 °C');
    const ids = reply.json.data.list.map((one) => one._id);
    expect(ids).not.toContain(readings.outOfRange);
    expect(ids).not.toContain(readings.otherSite);
    // Searching finds it by its item, and nothing by another word.
    const found = await inspect<InspectorSectionPage>(token, '/section/temperature', {
      address,
      query: { search: 'cabinet' },
    });
    expect(found.json.data.records).toBe(1);
    const none = await inspect<InspectorSectionPage>(token, '/section/temperature', {
      address,
      query: { search: 'walk-in' },
    });
    expect(none.json.data.records).toBe(0);
    // A site the link does not open is a missing page.
    const other = await inspect(token, '/section/temperature', { address, query: { siteID: manchester() } });
    expect(other.statusCode).toBe(404);
    // Every section answers, empty or not.
    for (const section of [
      'tasks',
      'complianceLogs',
      'nearMisses',
      'correctiveActions',
      'reviews',
      'documents',
    ]) {
      const page = await inspect<InspectorSectionPage>(token, `/section/${section}`, { address });
      expect([section, page.statusCode]).toEqual([section, 200]);
    }
  });

  test('a record opens with its fields and history in words; one outside the link is 404', async () => {
    const reply = await inspect<InspectorRecord>(token, `/record/TemperatureLog/${readings.inRange}`, {
      address,
    });
    expect(reply.statusCode).toBe(200);
    const record = reply.json.data;
    expect(record.siteName).toBe(ctx.demo.sites.brighton.name);
    expect(record.fields).toEqual(
      expect.arrayContaining([
        { label: 'Temperature', value: '55 °C' },
        { label: 'Result', value: 'Fail' },
        { label: 'Read at', value: '5 Jun 2025, 09:00' },
      ]),
    );
    expect(record.history).toEqual([
      {
        when: '11 Jun 2025, 11:00',
        action: 'Changed',
        actor: 'Marcus Reid',
        reason: 'Typed 50 for 55',
        changes: ['Temperature: 50 °C → 55 °C', 'Note: none → Re-probed'],
      },
    ]);
    const missing = await inspect(token, `/record/TemperatureLog/${missingId}`, { address });
    expect(missing.statusCode).toBe(404);
    for (const id of [readings.outOfRange, readings.otherSite, readings.otherOrganisation]) {
      const outside = await inspect(token, `/record/TemperatureLog/${id}`, { address });
      expect(outside.statusCode).toBe(404);
      // The same answer as a record that does not exist: nothing says it is there.
      expect(outside.json).toEqual(missing.json);
    }
    expect((await inspect(token, `/record/Webhook/${readings.inRange}`, { address })).statusCode).toBe(404);
  });

  test('every answered call is logged with its address and what was opened, newest first', async () => {
    const accesses = await ctx.inject<{ data: InspectorAccess[] }>('GET', `${admin}/access-list/${linkId}`, {
      token: owner,
    });
    expect(accesses.statusCode).toBe(200);
    const list = accesses.json.data;
    expect(list.every((access) => access.address === '192.0.2.77')).toBe(true);
    const what = list.map((access) => access.what);
    expect(what.at(-1)).toBe('Opened the view');
    expect(what).toContain('Listed Temperature readings (all sites)');
    expect(what).toContain('Opened Temperature reading of 5 Jun 2025, 09:00');
    // What was refused (a 404) is not an access.
    expect(what.filter((one) => one.startsWith('Opened Temperature reading'))).toHaveLength(1);
    const [row] = await ctx.db.select().from(inspectorLinks).where(eq(inspectorLinks.id, linkId));
    expect(row?.accessCount).toBe(list.length);
    expect(row?.lastAccessAt?.getTime()).toBe(Date.parse(now));
  });

  test('answers are never stored, indexed or referred, and neither is the console’s page of a link', async () => {
    for (const reply of [await inspect(token, '', { address }), await inspect('not-a-link')]) {
      expect(reply.headers['referrer-policy']).toBe('no-referrer');
      expect(reply.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(reply.headers['cache-control']).toBe('no-store');
    }
    const page = await ctx.app.inject({ method: 'GET', url: `/inspect/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.headers['cache-control']).toBe('no-store');
    // Other pages are indexed as before.
    const login = await ctx.app.inject({ method: 'GET', url: '/login' });
    expect(login.headers['x-robots-tag']).toBeUndefined();
  });

  test('its pack downloads over the link’s range and verifies as authentic; another site’s is 404', async () => {
    const reply = await ctx.app.inject({
      method: 'GET',
      url: `${view}/${token}/pack`,
      query: { siteID: brighton(), format: 'EXCEL' },
      headers: address,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-disposition']).toContain('2025-06-01 to 2025-06-10.xlsx');
    const { body, contentType } = await multipartBody([
      {
        field: 'file',
        file: { bytes: reply.rawPayload, type: 'application/octet-stream', name: 'pack.xlsx' },
      },
    ]);
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/report/verify-pack',
      payload: body,
      headers: { 'content-type': contentType, ...fromNewAddress() },
    });
    expect(verified.statusCode).toBe(200);
    expect((verified.json() as { data: PackVerification }).data).toMatchObject({
      verdict: 'AUTHENTIC',
      ...range,
      format: 'EXCEL',
      producedBy: 'Inspector link: Brighton visit',
    });
    for (const siteID of [manchester(), ctx.other.site.id]) {
      const refused = await inspect(token, '/pack', { address, query: { siteID, format: 'PDF' } });
      expect(refused.statusCode).toBe(404);
    }
    const accesses = await ctx.inject<{ data: InspectorAccess[] }>('GET', `${admin}/access-list/${linkId}`, {
      token: owner,
    });
    expect(accesses.json.data[0]?.what).toBe(`Downloaded the Excel pack of ${ctx.demo.sites.brighton.name}`);
  });
});

describe('each section over the link’s sites and range', () => {
  // A wider range than the view's tests: from 10 May, across two four-week periods (21 Apr and 19 May).
  const wide = { startDate: '2025-05-10', endDate: '2025-06-10' };
  const address = { 'x-forwarded-for': '192.0.2.130' };
  const ids = { action: '', oldAction: '', nearMiss: '', oldNearMiss: '', review: '', draft: '' };
  let token = '';

  const section = async (name: string, query: Record<string, string> = {}) => {
    const reply = await inspect<InspectorSectionPage>(token, `/section/${name}`, {
      address,
      query: { pageSize: '200', ...query },
    });
    if (reply.statusCode !== 200) throw new Error(`${name}: ${reply.raw}`);
    return reply.json.data;
  };

  beforeAll(async () => {
    const orgId = ctx.demo.organization.id;
    const by = ctx.demo.siteAdmin.id;
    const at = new Date(now);
    for (const siteID of [brighton(), manchester()]) {
      const reply = await plannedBefore(ctx, '2025-05-25', () =>
        ctx.inject('POST', '/api/v1/master-task/create-new-one', {
          token: owner,
          body: {
            siteID,
            name: 'Opening checks',
            checkListItems: [{ text: 'Probe the hot cabinet' }],
            schedule: { repeat: 'DAILY', startDate: '2025-05-25', endDate: '2025-06-20', dueTime: '09:00' },
          },
        }),
      );
      if (reply.statusCode !== 200) throw new Error(`a master task: ${reply.raw}`);
    }
    const report = (siteId: string, occurredAt: string) => ({
      ...nearMissRow({ orgId, siteId, by, at: new Date(occurredAt) }, 'REPORTED'),
      receivedAt: at,
    });
    const nearMissRows = [
      report(brighton(), '2025-06-02T12:00:00Z'),
      report(brighton(), '2025-05-01T12:00:00Z'),
      report(manchester(), '2025-06-02T12:00:00Z'),
    ];
    await ctx.db.insert(nearMisses).values(nearMissRows);
    ids.nearMiss = nearMissRows[0]?.id ?? '';
    ids.oldNearMiss = nearMissRows[1]?.id ?? '';
    const action = (siteId: string, occurredAt: string) => {
      const id = newId();
      return {
        id,
        orgId,
        siteId,
        kind: 'READING_FAILED' as const,
        checkType: 'HOT_HOLD_DISPLAY' as const,
        sourceSubject: 'TemperatureLog' as const,
        sourceId: readings.inRange,
        dedupeKey: `READING_FAILED:${id}`,
        deviation: 'Hot cabinet at 55 °C',
        occurredAt: new Date(occurredAt),
        dueAt: new Date(Date.parse(occurredAt) + 86_400_000),
        createdAt: at,
        updatedAt: at,
      };
    };
    const actionRows = [
      action(brighton(), '2025-06-05T08:00:00Z'),
      action(brighton(), '2025-04-01T08:00:00Z'),
    ];
    await ctx.db.insert(correctiveActions).values(actionRows);
    ids.action = actionRows[0]?.id ?? '';
    ids.oldAction = actionRows[1]?.id ?? '';
    const contents = {
      recurringProblems: [],
      missedChecks: [],
      unresolvedActions: [],
      nearMisses: [],
      documents: [],
      sensorsOffline: [],
      scoreTrend: [],
    };
    ids.review = newId();
    ids.draft = newId();
    await ctx.db.insert(siteReviews).values([
      {
        id: ids.review,
        orgId,
        siteId: brighton(),
        periodStart: '2025-05-19',
        periodEnd: '2025-06-15',
        state: 'SIGNED',
        contents,
        signedBy: by,
        signedAt: at,
        createdAt: at,
        updatedAt: at,
      },
      {
        id: ids.draft,
        orgId,
        siteId: brighton(),
        periodStart: '2025-04-21',
        periodEnd: '2025-05-18',
        createdAt: at,
        updatedAt: at,
      },
    ]);
    const document = (siteId: string | null, name: string, expiresOn: string | null) => ({
      id: newId(),
      orgId,
      siteId,
      name,
      category: 'CERTIFICATE' as const,
      expiresOn,
      createdAt: at,
      updatedAt: at,
    });
    await ctx.db
      .insert(documents)
      .values([
        document(brighton(), 'Gas safety certificate', '2025-06-01'),
        document(null, 'Public liability insurance', '2026-01-31'),
        document(manchester(), 'Manchester pest control', null),
      ]);
    token = (await makeLink({ label: 'Wide', ...wide })).token;
  });

  test('tasks: the range’s occurrences of the link’s sites, missed ones flagged', async () => {
    const page = await section('tasks');
    // 25 May to 10 June, every day at Brighton; Manchester's are not the link's.
    expect(page.records).toBe(17);
    expect(page.list.every((row) => row.siteID === brighton())).toBe(true);
    expect(page.list.every((row) => row.flagged && row.status === 'Incomplete / overdue')).toBe(true);
    expect(page.list[0]?.when).toBe('10 Jun 2025, 09:00');
    expect(page.list.at(-1)?.when).toBe('25 May 2025, 09:00');
    expect((await section('tasks', { search: 'opening' })).records).toBe(17);
    expect((await section('tasks', { search: 'closing' })).records).toBe(0);
    const opened = await inspect<InspectorRecord>(token, `/record/Task/${page.list[0]?._id}`, { address });
    expect(opened.statusCode).toBe(200);
    expect(opened.json.data.fields).toEqual(
      expect.arrayContaining([
        { label: 'Status', value: 'Incomplete / overdue' },
        { label: 'Probe the hot cabinet', value: 'To do' },
      ]),
    );
  });

  test('near misses and corrective actions of the range only, open ones flagged', async () => {
    const reports = await section('nearMisses');
    expect(reports.list.map((row) => row._id)).toEqual([ids.nearMiss]);
    expect(reports.list[0]).toMatchObject({ status: 'Reported', flagged: true });
    const actions = await section('correctiveActions');
    expect(actions.list.map((row) => row._id)).toEqual([ids.action]);
    expect(actions.list[0]).toMatchObject({
      title: 'Hot cabinet at 55 °C',
      status: 'Awaiting action',
      detail: 'nothing recorded yet',
      flagged: true,
    });
    const action = await inspect<InspectorRecord>(token, `/record/CorrectiveAction/${ids.action}`, {
      address,
    });
    expect(action.statusCode).toBe(200);
    expect(action.json.data.fields).toEqual(
      expect.arrayContaining([{ label: 'State', value: 'Awaiting action' }]),
    );
    for (const [subject, id] of [
      ['CorrectiveAction', ids.oldAction],
      ['NearMiss', ids.oldNearMiss],
    ] as const) {
      expect((await inspect(token, `/record/${subject}/${id}`, { address })).statusCode).toBe(404);
    }
  });

  test('reviews: the signed ones whose weeks meet the range; documents: the sites’ and the organisation’s', async () => {
    const reviews = await section('reviews');
    expect(reviews.list.map((row) => row._id)).toEqual([ids.review]);
    expect(reviews.list[0]).toMatchObject({ status: 'Signed', detail: 'signed by Marcus Reid' });
    expect((await inspect(token, `/record/SiteReview/${ids.draft}`, { address })).statusCode).toBe(404);
    const docs = await section('documents');
    const byName = Object.fromEntries(docs.list.map((row) => [row.title, row]));
    expect(Object.keys(byName).sort()).toEqual(['Gas safety certificate', 'Public liability insurance']);
    expect(byName['Gas safety certificate']).toMatchObject({ status: 'Expired', flagged: true });
    expect(byName['Public liability insurance']).toMatchObject({
      siteName: 'Whole organisation',
      status: 'Valid',
      flagged: false,
    });
  });
});

describe('a passcode', () => {
  test('is asked for, refused when wrong, taken when right, and limited per link and address', async () => {
    const { token, link } = await makeLink({ label: 'With a passcode', passcode: 'tulip-4417' });
    expect(link.hasPasscode).toBe(true);
    const [row] = await ctx.db.select().from(inspectorLinks).where(eq(inspectorLinks.id, link._id));
    expect(row?.passcodeHash).not.toContain('tulip-4417');
    const address = { 'x-forwarded-for': '192.0.2.88' };
    const without = await inspect(token, '', { address });
    expect(without.statusCode).toBe(401);
    expect(without.json.message).toBe('Enter the passcode you were given with this link');
    const wrong = await inspect(token, '', { address, passcode: 'tulip-4418' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json.message).toBe('Enter the passcode you were given with this link');
    const right = await inspect<InspectorView>(token, '', { address, passcode: 'tulip-4417' });
    expect(right.statusCode).toBe(200);
    // A right passcode does not use the address's guesses up: nine more wrong ones, then the limit.
    for (let guess = 0; guess < 9; guess += 1) {
      expect((await inspect(token, '', { address, passcode: `wrong-${guess}` })).statusCode).toBe(401);
    }
    const limited = await inspect(token, '', { address, passcode: 'tulip-4417' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address still opens it.
    expect((await inspect(token, '', { passcode: 'tulip-4417' })).statusCode).toBe(200);
  });
});

test('an address may make 600 calls of the view in 15 minutes, then 429', async () => {
  const address = { 'x-forwarded-for': '192.0.2.99' };
  const statuses: number[] = [];
  for (let call = 0; call < 601; call += 1)
    statuses.push((await inspect('no-such-link', '', { address })).statusCode);
  expect(statuses.slice(0, 600).every((status) => status === 404)).toBe(true);
  expect(statuses[600]).toBe(429);
});

test('a link of one organisation opens nothing of another’s', async () => {
  const { token } = await makeLink({ label: 'Tenancy' });
  const address = { 'x-forwarded-for': '192.0.2.111' };
  const foreign = await inspect(token, `/record/TemperatureLog/${readings.otherOrganisation}`, { address });
  expect(foreign.statusCode).toBe(404);
  const site = await inspect(token, '/section/temperature', {
    address,
    query: { siteID: ctx.other.site.id },
  });
  expect(site.statusCode).toBe(404);
  const pack = await inspect(token, '/pack', {
    address,
    query: { siteID: ctx.other.site.id, format: 'EXCEL' },
  });
  expect(pack.statusCode).toBe(404);
});

describe('a link that no longer works answers like a missing page', () => {
  test('revoked: at once, on every call; its list shows who revoked it', async () => {
    const { token, link } = await makeLink({ label: 'To revoke' });
    const address = { 'x-forwarded-for': '192.0.2.120' };
    expect((await inspect(token, '', { address })).statusCode).toBe(200);
    const revoked = await ctx.inject<{ data: InspectorLink }>('PUT', `${admin}/revoke`, {
      token: owner,
      body: { _id: link._id },
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json.data).toMatchObject({ state: 'REVOKED', revokedBy: { name: 'Olivia Bennett' } });
    const unknown = await inspect('not-a-link', '', { address });
    for (const rest of ['', '/section/temperature', `/record/TemperatureLog/${readings.inRange}`]) {
      const reply = await inspect(token, rest, { address });
      expect([rest, reply.statusCode]).toEqual([rest, 404]);
      expect(reply.json).toEqual(unknown.json);
    }
    const pack = await inspect(token, '/pack', { address, query: { siteID: brighton(), format: 'PDF' } });
    expect(pack.statusCode).toBe(404);
    const history = await ctx.db
      .select()
      .from(historyEntries)
      .where(and(eq(historyEntries.subject, 'InspectorLink'), eq(historyEntries.recordId, link._id)));
    expect(history.map((entry) => entry.action).sort()).toEqual(['create', 'update']);
  });

  test('expired: once its days are over', async () => {
    const { token, link } = await makeLink({ label: 'A day', expiresInDays: 1 });
    const address = { 'x-forwarded-for': '192.0.2.121' };
    expect((await inspect(token, '', { address })).statusCode).toBe(200);
    ctx.clock.advance(86_400_000 + 1000);
    const expired = await inspect(token, '', { address });
    expect(expired.statusCode).toBe(404);
    expect(expired.json).toEqual((await inspect('not-a-link', '', { address })).json);
    const fresh = await ctx.login(demoLogins.organizationAdmin);
    const listed = await ctx.inject<{ data: ListData<InspectorLink> }>('GET', `${admin}/web-app-list`, {
      token: fresh,
      query: { state: 'EXPIRED', limit: '100' },
    });
    expect(listed.json.data.list.map((one) => one._id)).toContain(link._id);
  });
});
