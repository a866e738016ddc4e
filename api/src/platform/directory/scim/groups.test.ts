import { and, eq } from 'drizzle-orm';
import type { ListData, ScimGroup } from '@console/shared-sdk/contract';
import { demoLogins } from '../../../demo.js';
import { createTestContext, demoSeedTimeoutMs, type TestContext } from '../../../test/helper.js';
import {
  entraUser,
  makeScimToken,
  oktaUser,
  patchOp,
  scimClient,
  type ScimClient,
} from '../../../test/scim.js';
import { siteMembers, users } from '../../db/schema.js';
import { historyEntries } from '../../history/schema.js';
import { ssoProviders } from '../schema.js';

// Directory groups: the directory makes and fills them (Entra ID's and Okta's membership operations), an
// organisation admin maps each to a role and sites in the console, and every member's role and sites follow
// at once, in the same transaction: the highest role of their mapped groups and all of their sites.

const v1 = '/api/v1';
let ctx: TestContext;
let owner: string;
let scim: ScimClient;
let brighton: string;
let manchester: string;
let brooklyn: string;
/** People the directory made: Dana (Entra ID) and Sam (Okta). */
let dana: string;
let sam: string;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await ctx.login(demoLogins.organizationAdmin);
  scim = scimClient(ctx, (await makeScimToken(ctx, owner)).token);
  ({ brighton, manchester, brooklyn } = {
    brighton: ctx.demo.sites.brighton.id,
    manchester: ctx.demo.sites.manchester.id,
    brooklyn: ctx.demo.sites.brooklyn.id,
  });
  dana =
    (await scim('POST', '/Users', { body: entraUser('dana.lee@harbourvine.example', 'entra-dana') })).json
      .id ?? '';
  sam =
    (await scim('POST', '/Users', { body: oktaUser('sam.okafor@harbourvine.example', '00u-sam') })).json.id ??
    '';
}, demoSeedTimeoutMs);
afterAll(() => ctx.close());

/** A person's role and sites now. */
async function access(id: string) {
  const [person] = await ctx.db.select({ role: users.role }).from(users).where(eq(users.id, id));
  const sites = await ctx.db
    .select({ id: siteMembers.siteId })
    .from(siteMembers)
    .where(eq(siteMembers.userId, id));
  return { role: person?.role, sites: sites.map((site) => site.id).sort() };
}

const mapGroup = (_id: string, role: string | null, siteIDs: string[] = [], token = owner) =>
  ctx.inject<{ data: ScimGroup }>('PUT', `${v1}/scim-group/update-one`, {
    token,
    body: { _id, role, siteIDs },
  });

const entraGroup = (displayName: string, members: string[] = []) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
  externalId: `entra-${displayName.toLowerCase().replace(/\W+/g, '-')}`,
  displayName,
  members: members.map((value) => ({ value })),
});

describe('a group the directory makes', () => {
  let managers = '';

  test('with its members: unmapped, it gives nothing', async () => {
    const reply = await scim('POST', '/Groups', { body: entraGroup('Kitchen managers', [dana]) });
    expect(reply.statusCode).toBe(201);
    managers = reply.json.id ?? '';
    expect(reply.headers.location).toBe(`http://console.test/scim/v2/Groups/${managers}`);
    expect(reply.json).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: 'Kitchen managers',
      externalId: 'entra-kitchen-managers',
      members: [{ value: dana, display: 'Dana Lee' }],
      meta: { resourceType: 'Group' },
    });
    expect(await access(dana)).toEqual({ role: 'STAFF', sites: [] });
    const listed = await ctx.inject<{ data: ListData<ScimGroup> }>('GET', `${v1}/scim-group/web-app-list`, {
      token: owner,
    });
    expect(listed.json.data.list).toEqual([
      expect.objectContaining({ _id: managers, displayName: 'Kitchen managers', role: null, memberCount: 1 }),
    ]);
  });

  test('is found by name the way Entra ID asks, without its members', async () => {
    const reply = await scim('GET', '/Groups', {
      query: { filter: 'displayName eq "kitchen MANAGERS"', excludedAttributes: 'members' },
    });
    expect(reply.json.totalResults).toBe(1);
    expect(reply.json.Resources?.[0]).toMatchObject({ id: managers, displayName: 'Kitchen managers' });
    expect(reply.json.Resources?.[0]).not.toHaveProperty('members');
    const byMember = await scim('GET', '/Groups', { query: { filter: `members[value eq "${dana}"]` } });
    expect(byMember.json.Resources?.map((group) => group.id)).toEqual([managers]);
    const person = await scim('GET', `/Users/${dana}`);
    expect(person.json.groups).toEqual([
      {
        value: managers,
        display: 'Kitchen managers',
        $ref: `http://console.test/scim/v2/Groups/${managers}`,
      },
    ]);
  });

  test('mapped in the console, gives its members its role and sites at once', async () => {
    const reply = await mapGroup(managers, 'SITE_ADMIN', [brighton, manchester]);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toMatchObject({ role: 'SITE_ADMIN', memberCount: 1 });
    expect(reply.json.data.sites.map((site) => site.name).sort()).toEqual(
      [ctx.demo.sites.brighton.name, ctx.demo.sites.manchester.name].sort(),
    );
    expect(await access(dana)).toEqual({ role: 'SITE_ADMIN', sites: [brighton, manchester].sort() });
    const entries = await ctx.db
      .select()
      .from(historyEntries)
      .where(and(eq(historyEntries.subject, 'Staff'), eq(historyEntries.recordId, dana)))
      .orderBy(historyEntries.position);
    expect(entries.at(-1)).toMatchObject({
      actorId: ctx.demo.organizationAdmin.id,
      reason: 'Directory group “Kitchen managers” mapped',
      changes: { before: { role: 'STAFF', siteIDs: [] }, after: { role: 'SITE_ADMIN' } },
    });
  });

  test('a member Entra ID adds gets what the group gives at once', async () => {
    const reply = await scim('PATCH', `/Groups/${managers}`, {
      body: patchOp({ op: 'Add', path: 'members', value: [{ value: sam }] }),
    });
    expect(reply.statusCode).toBe(204);
    expect(await access(sam)).toEqual({ role: 'SITE_ADMIN', sites: [brighton, manchester].sort() });
  });

  test('the highest role of a person’s mapped groups and all their sites', async () => {
    const owners = await scim('POST', '/Groups', { body: entraGroup('Operations directors') });
    const chefs = await scim('POST', '/Groups', { body: entraGroup('Brooklyn chefs', [dana]) });
    expect((await mapGroup(owners.json.id ?? '', 'ORGANIZATION_ADMIN')).statusCode).toBe(200);
    expect((await mapGroup(chefs.json.id ?? '', 'STAFF', [brooklyn])).statusCode).toBe(200);
    expect(await access(dana)).toEqual({
      role: 'SITE_ADMIN',
      sites: [brighton, manchester, brooklyn].sort(),
    });
    await scim('PATCH', `/Groups/${owners.json.id}`, {
      body: patchOp({
        op: 'add',
        path: 'members',
        value: [{ value: dana, display: 'dana.lee@harbourvine.example' }],
      }),
    });
    expect((await access(dana)).role).toBe('ORGANIZATION_ADMIN');
    // Entra ID removes her with a value filter: she is a site admin again.
    const removed = await scim('PATCH', `/Groups/${owners.json.id}`, {
      body: patchOp({ op: 'Remove', path: `members[value eq "${dana}"]` }),
    });
    expect(removed.statusCode).toBe(204);
    expect(await access(dana)).toEqual({
      role: 'SITE_ADMIN',
      sites: [brighton, manchester, brooklyn].sort(),
    });
    // Deleted, the Brooklyn group takes its site with it.
    expect((await scim('DELETE', `/Groups/${chefs.json.id}`)).statusCode).toBe(204);
    expect((await scim('GET', `/Groups/${chefs.json.id}`)).statusCode).toBe(404);
    expect(await access(dana)).toEqual({ role: 'SITE_ADMIN', sites: [brighton, manchester].sort() });
  });

  test('a person whose last mapped group lets them go becomes staff of no site', async () => {
    // Okta replaces the members as a whole.
    const reply = await scim('PATCH', `/Groups/${managers}`, {
      body: patchOp({ op: 'replace', path: 'members', value: [{ value: dana }] }),
    });
    expect(reply.statusCode).toBe(204);
    expect(await access(sam)).toEqual({ role: 'STAFF', sites: [] });
    expect(await access(dana)).toEqual({ role: 'SITE_ADMIN', sites: [brighton, manchester].sort() });
    // Removed by a value list, as Entra ID also sends it.
    await scim('PATCH', `/Groups/${managers}`, {
      body: patchOp({ op: 'Remove', path: 'members', value: [{ value: dana }] }),
    });
    expect(await access(dana)).toEqual({ role: 'STAFF', sites: [] });
  });

  test('unmapping a group takes what it gave', async () => {
    await scim('PATCH', `/Groups/${managers}`, {
      body: patchOp({ op: 'add', path: 'members', value: [{ value: sam }] }),
    });
    expect((await access(sam)).role).toBe('SITE_ADMIN');
    expect((await mapGroup(managers, null)).statusCode).toBe(200);
    expect(await access(sam)).toEqual({ role: 'STAFF', sites: [] });
  });

  test('renamed by Okta without a path, by Entra ID with one; a name another group has is 409', async () => {
    const okta = await scim('PATCH', `/Groups/${managers}`, {
      body: patchOp({ op: 'replace', value: { id: managers, displayName: 'Head chefs' } }),
    });
    expect(okta.statusCode).toBe(204);
    const entra = await scim('PATCH', `/Groups/${managers}`, {
      body: patchOp({ op: 'Replace', path: 'displayName', value: 'Senior head chefs' }),
    });
    expect(entra.statusCode).toBe(204);
    expect((await scim('GET', `/Groups/${managers}`)).json.displayName).toBe('Senior head chefs');
    const clash = await scim('PATCH', `/Groups/${managers}`, {
      body: patchOp({ op: 'Replace', path: 'displayName', value: 'OPERATIONS directors' }),
    });
    expect([clash.statusCode, clash.json.scimType]).toEqual([409, 'uniqueness']);
    const twice = await scim('POST', '/Groups', { body: entraGroup('Operations Directors') });
    expect([twice.statusCode, twice.json.scimType]).toEqual([409, 'uniqueness']);
  });

  test('replaced by PUT, members and all', async () => {
    const reply = await scim('PUT', `/Groups/${managers}`, {
      body: { ...entraGroup('Senior head chefs', [dana, sam]), id: managers },
    });
    expect(reply.statusCode).toBe(200);
    expect((reply.json.members as { value: string }[]).map((one) => one.value).sort()).toEqual(
      [dana, sam].sort(),
    );
  });

  test('members must be people of this organisation: 400 invalidValue, nothing changed', async () => {
    for (const value of [ctx.other.staff.id, '0190a000-0000-7000-8000-000000000123', 'not-an-id']) {
      const reply = await scim('PATCH', `/Groups/${managers}`, {
        body: patchOp({ op: 'add', path: 'members', value: [{ value }] }),
      });
      expect([value, reply.statusCode, reply.json.scimType]).toEqual([value, 400, 'invalidValue']);
    }
    const group = await scim('GET', `/Groups/${managers}`);
    expect((group.json.members as unknown[]).length).toBe(2);
  });
});

describe('people the directory does not follow', () => {
  test('a person made by hand keeps their role until a mapped group covers them', async () => {
    const made = await ctx.inject<{ data: { _id: string } }>('POST', `${v1}/staff-people/create-new-one`, {
      token: owner,
      body: {
        firstName: 'Hana',
        lastName: 'Hand',
        email: 'hana.hand@harbourvine.example',
        userRole: 'SITE_ADMIN',
        siteIDs: [brooklyn],
      },
    });
    const siteAdmin = made.json.data._id;
    const before = await access(siteAdmin);
    expect(before).toEqual({ role: 'SITE_ADMIN', sites: [brooklyn] });
    const unmapped = await scim('POST', '/Groups', { body: entraGroup('Everyone', [siteAdmin]) });
    expect(await access(siteAdmin)).toEqual(before);
    expect((await mapGroup(unmapped.json.id ?? '', 'STAFF', [manchester])).statusCode).toBe(200);
    expect(await access(siteAdmin)).toEqual({ role: 'STAFF', sites: [manchester] });
    expect((await scim('DELETE', `/Groups/${unmapped.json.id}`)).statusCode).toBe(204);
    expect(await access(siteAdmin)).toEqual({ role: 'STAFF', sites: [] });
  });

  test('the last active organisation admin stays one; the break-glass admin is never changed', async () => {
    const ownerId = ctx.demo.organizationAdmin.id;
    const group = await scim('POST', '/Groups', { body: entraGroup('Waiters', [ownerId]) });
    expect((await mapGroup(group.json.id ?? '', 'STAFF', [brighton])).statusCode).toBe(200);
    expect((await access(ownerId)).role).toBe('ORGANIZATION_ADMIN');

    await ctx.db.insert(ssoProviders).values({
      orgId: ctx.demo.organization.id,
      issuer: 'https://login.example',
      clientId: 'console',
      clientSecretSealed: 'sealed',
      breakGlassUserId: sam,
      createdAt: ctx.clock.now(),
      updatedAt: ctx.clock.now(),
    });
    const before = await access(sam);
    await scim('PATCH', `/Groups/${group.json.id}`, {
      body: patchOp({ op: 'add', path: 'members', value: [{ value: sam }] }),
    });
    expect(await access(sam)).toEqual(before);
    const deactivate = await scim('PATCH', `/Users/${sam}`, {
      body: patchOp({ op: 'replace', value: { active: false } }),
    });
    expect([deactivate.statusCode, deactivate.json.scimType]).toEqual([400, 'mutability']);
  });
});

describe('the console’s group calls', () => {
  let group = '';
  beforeAll(async () => {
    group = (await scim('POST', '/Groups', { body: entraGroup('Night porters', [dana, sam]) })).json.id ?? '';
  });

  test('find-one names the members', async () => {
    const reply = await ctx.inject<{ data: ScimGroup }>('GET', `${v1}/scim-group/find-one/${group}`, {
      token: owner,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.members?.map((one) => one.email).sort()).toEqual([
      'dana.lee@harbourvine.example',
      'sam.okafor@harbourvine.example',
    ]);
  });

  test('a per-site role needs sites, and only the organisation’s live ones', async () => {
    const none = await mapGroup(group, 'SITE_ADMIN', []);
    expect(none.statusCode).toBe(400);
    expect(none.json.details?.fieldErrors).toHaveProperty('siteIDs');
    expect((await mapGroup(group, 'SITE_ADMIN', [ctx.other.site.id])).statusCode).toBe(404);
    const platform = await mapGroup(group, 'ADMIN', []);
    expect(platform.statusCode).toBe(400);
    expect(platform.json.details?.fieldErrors).toHaveProperty('role');
    // An organisation admin sees every site: sites sent with it are not kept.
    const organisation = await mapGroup(group, 'ORGANIZATION_ADMIN', [brighton]);
    expect(organisation.json.data).toMatchObject({ role: 'ORGANIZATION_ADMIN', siteIDs: [] });
  });

  test('a site admin cannot read or map them (403)', async () => {
    const manager = await ctx.login(demoLogins.siteAdmin);
    expect((await ctx.inject('GET', `${v1}/scim-group/web-app-list`, { token: manager })).statusCode).toBe(
      403,
    );
    expect((await mapGroup(group, null, [], manager)).statusCode).toBe(403);
  });
});
