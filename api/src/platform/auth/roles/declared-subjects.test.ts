import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CallerRules, CustomRole, GrantableSubject } from '@console/shared-sdk/contract';
import { demoLogins } from '../../../demo.js';
import { mobileLogin } from '../../../test/logs.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { declaredSubjects } from '../../db/schema.js';
import { learnDeclaredSubjects, type LearningReport } from './declared-subjects.js';

// The subjects remotes bring: learnt from each registered remote's remote.json when the app starts (here
// from a small server standing in for the remotes' hosting), given to the fixed roles by their defaults
// (or the organisation's own), within the person's organisation and sites. A remote cannot take a name the
// console has, nor one another remote declared.

const v1 = '/api/v1';

/** A remote's published description declaring `subjects`. */
function description(title: string, subjects: unknown[]) {
  return {
    title,
    requires: '^1.0.0',
    routes: [{ path: `/dashboard/${title.toLowerCase()}`, title, subject: 'Site' }],
    menu: [],
    subjects,
  };
}

const served: Record<string, unknown> = {
  '/allergens/remote.json': description('Allergens', [
    {
      name: 'Allergen',
      title: 'Allergens',
      siteScoped: true,
      defaults: { ORGANIZATION_ADMIN: ['manage'], SITE_ADMIN: ['read'] },
    },
  ]),
  '/suppliers/remote.json': description('Suppliers', [
    { name: 'Supplier', title: 'Suppliers', defaults: { STAFF: ['manage'] } },
  ]),
  '/copycat/remote.json': description('Copycat', [
    { name: 'Allergen', title: 'Allergens again', defaults: { STAFF: ['manage'] } },
  ]),
};

let server: http.Server;
const serverBase = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
let ctx: TestContext;
let report: LearningReport;
let owner: string;
let siteAdmin: string;
let staff: string;
let brighton: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const body = served[request.url ?? ''];
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body ?? { error: 'not here' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = serverBase();
  ctx = await createTestContext({
    env: {
      REMOTES: JSON.stringify({
        allergens: `${base}/allergens/mf-manifest.json`,
        suppliers: `${base}/suppliers/mf-manifest.json`,
        copycat: `${base}/copycat/mf-manifest.json`,
        missing: `${base}/missing/mf-manifest.json`,
      }),
    },
  });
  report = await ctx.app.declaredSubjects.ready;
  [owner, siteAdmin, staff] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(demoLogins.siteAdmin),
    mobileLogin(ctx, 'aisha.khan@harbourvine.example'),
  ]);
  brighton = ctx.demo.sites.brighton.id;
});
afterAll(async () => {
  await ctx.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function rulesOf(token: string, subject: string): Promise<CallerRules> {
  const reply = await ctx.inject<{ data: CallerRules }>('GET', `${v1}/auth/rules`, {
    token,
    query: { subject },
  });
  if (reply.statusCode !== 200) throw new Error(`rules: ${reply.statusCode} ${reply.raw}`);
  return reply.json.data;
}

const setDefaults = (body: unknown) =>
  ctx.inject<{ data: GrantableSubject }>('PUT', `${v1}/role/subject-defaults`, { token: owner, body });

describe('learning the remotes’ subjects', () => {
  test('takes a new subject, and refuses a console subject and one another remote declared, saying why', async () => {
    expect(report.learnt).toEqual(['Allergen']);
    expect(report.refused).toEqual([
      expect.objectContaining({
        remote: 'suppliers',
        name: 'Supplier',
        reason: expect.stringMatching(/console/),
      }),
      expect.objectContaining({
        remote: 'copycat',
        name: 'Allergen',
        reason: expect.stringMatching(/allergens/),
      }),
    ]);
    const rows = await ctx.db.select().from(declaredSubjects);
    expect(rows).toEqual([
      expect.objectContaining({
        name: 'Allergen',
        remote: 'allergens',
        siteScoped: true,
        defaults: { ORGANIZATION_ADMIN: ['manage'], SITE_ADMIN: ['read'] },
      }),
    ]);
  });

  test('a remote that cannot be read is reported with why, to be tried again', async () => {
    expect(report.unread).toEqual([{ remote: 'missing', reason: expect.stringMatching(/404/) }]);
  });

  test('learning again writes nothing that has not changed', async () => {
    const [before] = await ctx.db.select().from(declaredSubjects);
    ctx.clock.advance(60_000);
    const again = learnDeclaredSubjects({
      db: ctx.db,
      clock: ctx.clock,
      log: ctx.app.log,
      remotes: { allergens: `${serverBase()}/allergens/mf-manifest.json` },
      served: [],
    });
    expect((await again.ready).learnt).toEqual(['Allergen']);
    await again.close();
    const [after] = await ctx.db.select().from(declaredSubjects);
    expect(after?.learntAt).toEqual(before?.learntAt);
  });
});

describe('a remote’s subject in the rules', () => {
  test('an organisation admin manages it in the organisation', async () => {
    const { rules } = await rulesOf(owner, 'Allergen');
    expect(rules).toEqual([
      { action: ['manage'], subject: 'Allergen', conditions: { orgId: ctx.demo.organization.id } },
    ]);
  });

  test('a site admin reads it on their own sites only; staff hold nothing', async () => {
    expect((await rulesOf(siteAdmin, 'Allergen')).rules).toEqual([
      {
        action: ['read'],
        subject: 'Allergen',
        conditions: { orgId: ctx.demo.organization.id, siteID: { $in: [brighton] } },
      },
    ]);
    expect((await rulesOf(staff, 'Allergen')).rules).toEqual([]);
  });

  test('the refused declaration widened nothing: staff still hold no supplier', async () => {
    expect((await rulesOf(staff, 'Supplier')).rules).toEqual([]);
  });

  test('is offered to custom roles, with its remote and defaults', async () => {
    const list = await ctx.inject<{ data: GrantableSubject[] }>('GET', `${v1}/role/subject-list`, {
      token: owner,
    });
    expect(list.json.data.find((subject) => subject.name === 'Allergen')).toEqual({
      name: 'Allergen',
      title: 'Allergens',
      siteScoped: true,
      actions: ['read', 'create', 'update', 'delete'],
      remote: 'allergens',
      defaults: { ORGANIZATION_ADMIN: ['manage'], SITE_ADMIN: ['read'] },
      organisationDefaults: null,
    });
    const role = await ctx.inject<{ data: CustomRole }>('POST', `${v1}/role/create-new-one`, {
      token: owner,
      body: { name: 'Allergen checker', grants: [{ subject: 'Allergen', actions: ['read', 'update'] }] },
    });
    expect(role.statusCode).toBe(200);
  });

  test('the organisation’s own defaults change the rules at the next call, and the reset brings the remote’s back', async () => {
    const set = await setDefaults({
      subject: 'Allergen',
      ORGANIZATION_ADMIN: ['manage'],
      SITE_ADMIN: ['read', 'update'],
      STAFF: ['read'],
    });
    expect(set.statusCode).toBe(200);
    expect(set.json.data.organisationDefaults).toEqual({
      ORGANIZATION_ADMIN: ['manage'],
      SITE_ADMIN: ['read', 'update'],
      STAFF: ['read'],
    });
    const actionsOf = (rules: CallerRules['rules']) => rules.flatMap((rule) => [rule.action].flat());
    expect(actionsOf((await rulesOf(siteAdmin, 'Allergen')).rules)).toEqual(['read', 'update']);
    expect(actionsOf((await rulesOf(staff, 'Allergen')).rules)).toEqual(['read']);

    const reset = await ctx.inject<{ data: GrantableSubject }>(
      'DELETE',
      `${v1}/role/subject-defaults/Allergen`,
      { token: owner },
    );
    expect(reset.statusCode).toBe(200);
    expect(reset.json.data.organisationDefaults).toBeNull();
    expect(actionsOf((await rulesOf(siteAdmin, 'Allergen')).rules)).toEqual(['read']);
    expect((await rulesOf(staff, 'Allergen')).rules).toEqual([]);
  });

  test('another organisation’s defaults are its own', async () => {
    const otherOwner = await ctx.login('owner@other.example');
    const theirs = await ctx.inject('PUT', `${v1}/role/subject-defaults`, {
      token: otherOwner,
      body: { subject: 'Allergen', ORGANIZATION_ADMIN: [], SITE_ADMIN: ['manage'], STAFF: ['manage'] },
    });
    expect(theirs.statusCode).toBe(200);
    expect((await rulesOf(staff, 'Allergen')).rules).toEqual([]);
  });

  test('a remote’s subject is changed only by defaults of subjects a remote declared', async () => {
    const unknown = await setDefaults({
      subject: 'Recipe',
      ORGANIZATION_ADMIN: [],
      SITE_ADMIN: [],
      STAFF: [],
    });
    expect(unknown.statusCode).toBe(404);
  });
});
