import { eq } from 'drizzle-orm';
import type {
  ApiKeyCreated,
  CustomRole,
  GrantableSubject,
  ListData,
  RoleMember,
} from '@console/shared-sdk/contract';
import type { AbilityRule } from '@console/shared-sdk/ability';
import { demoLogins } from '../../../demo.js';
import { mobileLogin, missingId } from '../../../test/logs.js';
import { createTestContext, demoPassword, type TestContext } from '../../../test/helper.js';
import { users } from '../../db/schema.js';
import { historyOf } from '../../history/history.js';

// Custom roles: an organisation admin makes a role of subject × action pairs and gives it to a site admin,
// whose very next call is checked by the role's pairs on their own sites; taking it back (or deleting the
// role) gives them the site admin's rules again. Other organisations' roles and people are not found.

const v1 = '/api/v1';

let ctx: TestContext;
let owner: string;
let siteAdmin: string;
let otherOwner: string;
let brighton: string;
let marcusId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [owner, siteAdmin, otherOwner] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(demoLogins.siteAdmin),
    ctx.login('owner@other.example'),
  ]);
  brighton = ctx.demo.sites.brighton.id;
  marcusId = ctx.demo.siteAdmin.id;
});
afterAll(() => ctx.close());

async function makeRole(body: unknown, token = owner): Promise<CustomRole> {
  const reply = await ctx.inject<{ data: CustomRole }>('POST', `${v1}/role/create-new-one`, { token, body });
  if (reply.statusCode !== 200) throw new Error(`making a role: ${reply.statusCode} ${reply.raw}`);
  return reply.json.data;
}

const assign = (userID: string, roleID: string | null, token = owner) =>
  ctx.inject('PUT', `${v1}/role/assign`, { token, body: { userID, roleID } });

const writeSupplier = (token: string) =>
  ctx.inject('POST', `${v1}/supplier/create-new-one`, {
    token,
    body: { siteID: brighton, supplierName: `Fishmonger ${Math.random()}`, supplierTypeIDs: [] },
  });

const readTemperatures = (token: string) =>
  ctx.inject('GET', `${v1}/temperature-logs/web-app-list-for-web`, { token, query: { siteID: brighton } });

async function rulesSeenBy(token: string): Promise<AbilityRule[]> {
  const reply = await ctx.inject<{ data: { ability: AbilityRule[] } }>(
    'GET',
    `${v1}/common-uri/know-my-access`,
    { token },
  );
  return reply.json.data.ability;
}

const subjectsOf = (rules: readonly AbilityRule[]) => new Set(rules.flatMap((rule) => [rule.subject].flat()));

async function staffId(email: string): Promise<string> {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no ${email}`);
  return row.id;
}

describe('a custom role given to a site admin', () => {
  let auditor: CustomRole;

  test('is made by an organisation admin, listed with no holder, and kept in the history', async () => {
    auditor = await makeRole({
      name: 'Temperature auditor',
      description: 'Reads the temperature logs of the sites they audit',
      grants: [{ subject: 'TemperatureLog', actions: ['read'] }],
    });
    expect(auditor).toMatchObject({ name: 'Temperature auditor', memberCount: 0 });
    const list = await ctx.inject<{ data: ListData<CustomRole> }>('GET', `${v1}/role/web-app-list`, {
      token: owner,
      query: { search: 'temperature' },
    });
    expect(list.json.data.list.map((role) => role.name)).toEqual(['Temperature auditor']);
    const history = await historyOf(ctx.db, ctx.demo.organization.id, 'Role', auditor._id);
    expect(history.map((entry) => entry.action)).toEqual(['create']);
  });

  test('replaces the site admin’s rules from their very next call, on their own sites', async () => {
    // Before: the site admin writes Brighton's suppliers.
    expect((await writeSupplier(siteAdmin)).statusCode).toBe(200);
    expect((await assign(marcusId, auditor._id)).statusCode).toBe(200);

    expect((await readTemperatures(siteAdmin)).statusCode).toBe(200);
    expect((await writeSupplier(siteAdmin)).statusCode).toBe(403);
    const rules = await rulesSeenBy(siteAdmin);
    expect(rules).toContainEqual(
      expect.objectContaining({
        action: 'read',
        subject: 'TemperatureLog',
        conditions: { orgId: ctx.demo.organization.id, siteID: { $in: [brighton] } },
      }),
    );
    expect(subjectsOf(rules).has('Supplier')).toBe(false);
    // A new sign-in's rules for the browser say the same.
    const signIn = await ctx.inject<{ data: { userData: { ability: AbilityRule[] } } }>(
      'POST',
      `${v1}/authentication/web-app-login`,
      { body: { email: demoLogins.siteAdmin, password: demoPassword } },
    );
    expect(signIn.statusCode).toBe(200);
    const browserRules = signIn.json.data.userData.ability;
    expect(browserRules).toContainEqual(
      expect.objectContaining({ action: 'read', subject: 'TemperatureLog' }),
    );
    expect(subjectsOf(browserRules).has('Supplier')).toBe(false);
  });

  test('names its holders with their sites, and counts them', async () => {
    const members = await ctx.inject<{ data: RoleMember[] }>('GET', `${v1}/role/member-list/${auditor._id}`, {
      token: owner,
    });
    expect(members.statusCode).toBe(200);
    expect(members.json.data).toEqual([
      expect.objectContaining({ _id: marcusId, firstName: 'Marcus', lastName: 'Reid' }),
    ]);
    expect(members.json.data[0]?.siteNames).toEqual([ctx.demo.sites.brighton.name]);
    const found = await ctx.inject<{ data: CustomRole }>('GET', `${v1}/role/find-one/${auditor._id}`, {
      token: owner,
    });
    expect(found.json.data.memberCount).toBe(1);
    const history = await historyOf(ctx.db, ctx.demo.organization.id, 'Staff', marcusId);
    expect(history[0]?.changes).toMatchObject({
      before: { customRole: null },
      after: { customRole: { _id: auditor._id, name: 'Temperature auditor' } },
    });
  });

  test('changed, reaches the holder at their next call', async () => {
    const changed = await ctx.inject('PUT', `${v1}/role/update-one`, {
      token: owner,
      body: {
        _id: auditor._id,
        name: 'Temperature auditor',
        grants: [
          { subject: 'TemperatureLog', actions: ['read'] },
          { subject: 'Supplier', actions: ['read', 'create'] },
        ],
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await writeSupplier(siteAdmin)).statusCode).toBe(200);
  });

  test('taken back, gives the site admin’s own rules at their next call', async () => {
    const back = await assign(marcusId, null);
    expect(back.statusCode).toBe(200);
    expect(back.json.message).toBe('Back to the site admin’s rules');
    const rules = await rulesSeenBy(siteAdmin);
    expect(rules).toContainEqual(
      expect.objectContaining({ action: 'manage', subject: expect.arrayContaining(['Supplier']) }),
    );
    expect((await writeSupplier(siteAdmin)).statusCode).toBe(200);
  });

  test('deleted while held: its holders go back to the site admin’s rules, as the message says', async () => {
    const readOnly = await makeRole({ name: 'Reader', grants: [{ subject: 'Site', actions: ['read'] }] });
    expect((await assign(marcusId, readOnly._id)).statusCode).toBe(200);
    expect((await writeSupplier(siteAdmin)).statusCode).toBe(403);
    const deleted = await ctx.inject('DELETE', `${v1}/role/delete-one/${readOnly._id}`, { token: owner });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json.message).toBe(
      'Role deleted; the person who held it has the site admin’s rules again',
    );
    expect((await writeSupplier(siteAdmin)).statusCode).toBe(200);
    const [marcus] = await ctx.db
      .select({ role: users.customRoleId })
      .from(users)
      .where(eq(users.id, marcusId));
    expect(marcus?.role).toBeNull();
    const history = await historyOf(ctx.db, ctx.demo.organization.id, 'Role', readOnly._id);
    // Newest first.
    expect(history.map((entry) => entry.action)).toEqual(['delete', 'create']);
  });
});

describe('what a role may hold', () => {
  test('a name the organisation already has, in any case, is 409 on name', async () => {
    const clash = await ctx.inject('POST', `${v1}/role/create-new-one`, {
      token: owner,
      body: { name: 'auditor (READ ONLY)', grants: [{ subject: 'Task', actions: ['read'] }] },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json.details).toHaveProperty(['fieldErrors', 'name']);
    // Another organisation may use it.
    expect(
      (
        await makeRole(
          { name: 'Auditor (read only)', grants: [{ subject: 'Task', actions: ['read'] }] },
          otherOwner,
        )
      ).name,
    ).toBe('Auditor (read only)');
  });

  test('a renaming onto another role’s name is 409 too', async () => {
    const role = await makeRole({ name: 'Kitchen lead', grants: [{ subject: 'Task', actions: ['read'] }] });
    const clash = await ctx.inject('PUT', `${v1}/role/update-one`, {
      token: owner,
      body: { _id: role._id, name: 'Temperature AUDITOR', grants: [{ subject: 'Task', actions: ['read'] }] },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json.details).toHaveProperty(['fieldErrors', 'name']);
  });

  test.each([
    ['who may sign in', 'User'],
    ['roles themselves', 'Role'],
    ['API keys', 'ApiKey'],
    ['what every user holds', 'File'],
    ['a subject no remote declared', 'Allergen'],
  ])('a pair on %s is 400 naming the pair’s subject', async (_what, subject) => {
    const reply = await ctx.inject('POST', `${v1}/role/create-new-one`, {
      token: owner,
      body: {
        name: `Too wide ${subject}`,
        grants: [
          { subject: 'Task', actions: ['read'] },
          { subject, actions: ['read'] },
        ],
      },
    });
    expect(reply.statusCode).toBe(400);
    expect(Object.keys(reply.json.details?.fieldErrors ?? {})).toEqual(['grants.1.subject']);
  });

  test('an action the subject does not offer is 400 on the pair’s actions', async () => {
    const reply = await ctx.inject('POST', `${v1}/role/create-new-one`, {
      token: owner,
      body: { name: 'Verifier of suppliers', grants: [{ subject: 'Supplier', actions: ['verify'] }] },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details).toHaveProperty(['fieldErrors', 'grants.0.actions']);
  });

  test('the subject list offers the console’s subjects in words, and none of those a role may not hold', async () => {
    const reply = await ctx.inject<{ data: GrantableSubject[] }>('GET', `${v1}/role/subject-list`, {
      token: owner,
    });
    expect(reply.statusCode).toBe(200);
    const byName = new Map(reply.json.data.map((subject) => [subject.name, subject]));
    expect(byName.get('TemperatureLog')).toEqual({
      name: 'TemperatureLog',
      title: 'Temperature logs',
      siteScoped: true,
      actions: ['read', 'create', 'update', 'delete'],
      remote: null,
      defaults: null,
      organisationDefaults: null,
    });
    expect(byName.get('CorrectiveAction')?.actions).toContain('verify');
    expect(byName.get('Area')?.siteScoped).toBe(false);
    for (const refused of ['User', 'Role', 'ApiKey', 'Auth', 'File', 'Webhook', 'ScoreReport'])
      expect(byName.has(refused)).toBe(false);
  });

  test('a console subject has no defaults to change (400), and an unknown one is 404', async () => {
    const builtIn = await ctx.inject('PUT', `${v1}/role/subject-defaults`, {
      token: owner,
      body: { subject: 'Supplier', ORGANIZATION_ADMIN: ['manage'], SITE_ADMIN: [], STAFF: [] },
    });
    expect(builtIn.statusCode).toBe(400);
    expect(builtIn.json.details).toHaveProperty(['fieldErrors', 'subject']);
    const unknown = await ctx.inject('DELETE', `${v1}/role/subject-defaults/Allergen`, { token: owner });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('who may', () => {
  let theirs: CustomRole;
  beforeAll(async () => {
    theirs = await makeRole(
      { name: 'Their role', grants: [{ subject: 'Task', actions: ['read'] }] },
      otherOwner,
    );
  });

  test('another organisation’s role is not found: find, change, delete, holders, assign', async () => {
    const replies = [
      await ctx.inject('GET', `${v1}/role/find-one/${theirs._id}`, { token: owner }),
      await ctx.inject('PUT', `${v1}/role/update-one`, {
        token: owner,
        body: { _id: theirs._id, name: 'Taken over', grants: [{ subject: 'Task', actions: ['read'] }] },
      }),
      await ctx.inject('DELETE', `${v1}/role/delete-one/${theirs._id}`, { token: owner }),
      await ctx.inject('GET', `${v1}/role/member-list/${theirs._id}`, { token: owner }),
      await assign(marcusId, theirs._id),
    ];
    expect(replies.map((reply) => reply.statusCode)).toEqual([404, 404, 404, 404, 404]);
    const still = await ctx.inject<{ data: CustomRole }>('GET', `${v1}/role/find-one/${theirs._id}`, {
      token: otherOwner,
    });
    expect(still.json.data.name).toBe('Their role');
  });

  test('another organisation’s person, or nobody, is not found', async () => {
    const mine = await makeRole({ name: 'Mine to give', grants: [{ subject: 'Task', actions: ['read'] }] });
    expect((await assign(ctx.other.siteAdmin.id, mine._id)).statusCode).toBe(404);
    expect((await assign(missingId, mine._id)).statusCode).toBe(404);
  });

  test('a custom role is for site admins: an organisation admin or staff member is 400 on userID', async () => {
    const mine = await makeRole({
      name: 'For admins only',
      grants: [{ subject: 'Task', actions: ['read'] }],
    });
    for (const userID of [ctx.demo.organizationAdmin.id, await staffId('aisha.khan@harbourvine.example')]) {
      const reply = await assign(userID, mine._id);
      expect(reply.statusCode).toBe(400);
      expect(reply.json.details).toHaveProperty(['fieldErrors', 'userID']);
    }
  });

  test('a site admin neither lists nor makes roles (403)', async () => {
    expect((await ctx.inject('GET', `${v1}/role/web-app-list`, { token: siteAdmin })).statusCode).toBe(403);
    expect((await ctx.inject('GET', `${v1}/role/subject-list`, { token: siteAdmin })).statusCode).toBe(403);
    const make = await ctx.inject('POST', `${v1}/role/create-new-one`, {
      token: siteAdmin,
      body: { name: 'My own promotion', grants: [{ subject: 'Site', actions: ['update'] }] },
    });
    expect(make.statusCode).toBe(403);
  });
});

describe('GET /auth/rules', () => {
  test('answers who calls and their rules on the subjects asked, with any on every subject', async () => {
    const reply = await ctx.inject<{
      data: { role: string; organisationSiteIds: string[]; rules: AbilityRule[] };
    }>('GET', `${v1}/auth/rules`, { token: siteAdmin, query: { subject: 'Supplier,TemperatureLog' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toMatchObject({ role: 'SITE_ADMIN', siteIds: [brighton], customRole: null });
    // Every live site of the organisation, so a backend can refuse a record naming another's.
    const demoSites = Object.values(ctx.demo.sites).map((site) => site.id);
    expect(new Set(reply.json.data.organisationSiteIds)).toEqual(new Set(demoSites));
    expect(reply.json.data.rules.length).toBeGreaterThan(0);
    for (const rule of reply.json.data.rules) {
      expect([rule.subject].flat().some((name) => ['Supplier', 'TemperatureLog', 'all'].includes(name))).toBe(
        true,
      );
    }
    const staff = await mobileLogin(ctx, 'aisha.khan@harbourvine.example');
    const theirs = await ctx.inject<{ data: { rules: AbilityRule[] } }>('GET', `${v1}/auth/rules`, {
      token: staff,
      query: { subject: 'Supplier' },
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json.data.rules).toEqual([]);
  });

  test('names the custom role its rules come from', async () => {
    const role = await makeRole({
      name: 'Named in the rules',
      grants: [{ subject: 'Task', actions: ['read'] }],
    });
    expect((await assign(marcusId, role._id)).statusCode).toBe(200);
    const reply = await ctx.inject<{ data: { customRole: string | null } }>('GET', `${v1}/auth/rules`, {
      token: siteAdmin,
      query: { subject: 'Task' },
    });
    expect(reply.json.data.customRole).toBe('Named in the rules');
    expect((await assign(marcusId, null)).statusCode).toBe(200);
  });

  test('refuses an API key (403), a call without a token (401) and a subject not named in PascalCase (400)', async () => {
    const made = await ctx.inject<{ data: ApiKeyCreated }>('POST', `${v1}/api-key/create-new-one`, {
      token: owner,
      body: { name: 'Rules reader', scopes: ['sites:read'] },
    });
    const query = { subject: 'Site' };
    const withKey = await ctx.inject('GET', `${v1}/auth/rules`, {
      token: `Bearer ${made.json.data.key}`,
      query,
    });
    expect(withKey.statusCode).toBe(403);
    expect((await ctx.inject('GET', `${v1}/auth/rules`, { query })).statusCode).toBe(401);
    const bad = await ctx.inject('GET', `${v1}/auth/rules`, { token: owner, query: { subject: 'site' } });
    expect(bad.statusCode).toBe(400);
  });
});
