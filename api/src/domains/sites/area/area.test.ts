import { eq } from 'drizzle-orm';
import type { Area, ListData, Option, Site } from '@console/shared-sdk/contract';
import { demoLogins, demoSites } from '../../../demo.js';
import { sites } from '../../../platform/db/schema.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

// Areas: an organisation's groups of sites. Organisation admins (and the platform admin acting in the
// organisation) arrange them; site admins read them; another organisation's areas are never found, and a
// site cannot be put in one.

const base = '/api/v1/area';

let ctx: TestContext;
let platform: string;
let owner: string;
let manager: string;
let otherOwner: string;

beforeAll(async () => {
  ctx = await createTestContext();
  platform = await ctx.login(demoLogins.platformAdmin);
  owner = await ctx.login(demoLogins.organizationAdmin);
  manager = await ctx.login(demoLogins.siteAdmin);
  otherOwner = await ctx.login(ctx.other.organizationAdmin.email);
});
afterAll(() => ctx.close());

const create = (name: unknown, token = owner, query: Record<string, string> = {}) =>
  ctx.inject<{ data: Area }>('POST', `${base}/create-new-one`, { token, body: { name }, query });

async function created(name: string, token = owner): Promise<Area> {
  const reply = await create(name, token);
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

const list = (query: Record<string, string | number> = {}, token = owner) =>
  ctx.inject<{ data: ListData<Area> }>('GET', `${base}/web-app-list`, { token, query });

const rename = (_id: string, name: string, token = owner) =>
  ctx.inject<{ data: Area }>('PUT', `${base}/update-one`, { token, body: { _id, name } });

const remove = (id: string, token = owner) =>
  ctx.inject<{ data: null }>('DELETE', `${base}/delete-one/${id}`, { token });

const findOne = (id: string, token = owner) =>
  ctx.inject<{ data: Area }>('GET', `${base}/find-one/${id}`, { token });

/** Puts demo sites straight into an area (what the site form does is tested below). */
const placeSites = (areaId: string | null, ...siteIds: string[]) =>
  Promise.all(siteIds.map((id) => ctx.db.update(sites).set({ areaId }).where(eq(sites.id, id))));

const sitePanel = '/api/v1/site-panel';

/** A site's form as the edit screen sends it back, with `extra` over it. */
function siteForm(site: Site, extra: Record<string, unknown> = {}) {
  return {
    _id: site._id,
    name: site.name,
    country: site.country,
    timeZoneId: site.timeZoneId,
    timing: site.timing,
    ...extra,
  };
}

const findSite = (id: string, token = owner) =>
  ctx.inject<{ data: Site }>('GET', `${sitePanel}/find-one/${id}`, { token });

const updateSite = (body: Record<string, unknown>, token = owner) =>
  ctx.inject<{ data: Site }>('PUT', `${sitePanel}/update-one`, { token, body });

describe('create, rename, find', () => {
  test('an organisation admin adds an area, which has no sites yet', async () => {
    const reply = await create('  North West ');
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Area created');
    expect(reply.json.data).toMatchObject({
      name: 'North West',
      orgId: ctx.demo.organization.id,
      siteCount: 0,
    });
    expect((await findOne(reply.json.data._id)).json.data.name).toBe('North West');
  });

  test('a name already used by a live area of the organisation, in any case, is a 409 on name', async () => {
    await created('Coastal');
    const reply = await create('COASTAL');
    expect(reply.statusCode).toBe(409);
    expect(reply.json.details?.fieldErrors.name).toEqual(['An area with this name already exists']);
    const renamed = await rename((await created('Inland'))._id, 'coastal');
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json.details?.fieldErrors.name).toEqual(['An area with this name already exists']);
  });

  test('another organisation may use the same name, and a deleted area’s name is free again', async () => {
    await created('Highlands');
    expect((await create('Highlands', otherOwner)).statusCode).toBe(200);
    const gone = await created('Lowlands');
    expect((await remove(gone._id)).statusCode).toBe(200);
    expect((await create('Lowlands')).statusCode).toBe(200);
  });

  test('a blank or overlong name is a 400 on name', async () => {
    expect((await create('   ')).json.details?.fieldErrors.name).toEqual(['Area name is required']);
    const long = await create('x'.repeat(101));
    expect(long.statusCode).toBe(400);
    expect(long.json.details?.fieldErrors.name).toEqual(['Area name is too long']);
  });

  test('renaming keeps the area’s sites in it', async () => {
    const area = await created('Midlands');
    await placeSites(area._id, ctx.demo.sites.manchester.id);
    try {
      const reply = await rename(area._id, 'The Midlands');
      expect(reply.statusCode).toBe(200);
      expect(reply.json.message).toBe('Area updated');
      expect(reply.json.data).toMatchObject({ name: 'The Midlands', siteCount: 1 });
      expect((await findSite(ctx.demo.sites.manchester.id)).json.data.area).toEqual({
        _id: area._id,
        name: 'The Midlands',
      });
    } finally {
      await placeSites(null, ctx.demo.sites.manchester.id);
    }
  });

  test('the platform admin manages the areas of the organisation it acts in', async () => {
    const orgId = ctx.demo.organization.id;
    const reply = await create('Platform Made', platform, { orgId });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.orgId).toBe(orgId);
    const names = (await list({ search: 'Platform Made', orgId }, platform)).json.data.list.map(
      (a) => a.name,
    );
    expect(names).toEqual(['Platform Made']);
  });
});

describe('web-app-list and simple-list', () => {
  beforeAll(async () => {
    // The other organisation's, so the order and counts are of these areas alone.
    const [alpha, bravo] = [await created('Alpha', otherOwner), await created('bravo', otherOwner)];
    await created('Charlie', otherOwner);
    const more = await Promise.all(
      ['Two', 'Three'].map((name) =>
        ctx.inject<{ data: Site }>('POST', `${sitePanel}/create-new-one`, {
          token: otherOwner,
          body: { ...demoSites.manchester, name: `Other ${name}`, siteAdminList: [] },
        }),
      ),
    );
    await placeSites(bravo._id, ctx.other.site.id, ...more.map((reply) => reply.json.data._id));
    await placeSites(alpha._id, more[0]!.json.data._id);
  });

  const theirs = (query: Record<string, string | number> = {}) => list(query, otherOwner);
  const namesOf = async (query: Record<string, string | number>) =>
    (await theirs(query)).json.data.list
      .map((area) => `${area.name}:${area.siteCount}`)
      .filter((entry) => !entry.startsWith('Highlands'));

  test('each area with its live sites; by name (ignoring case) unless sorted otherwise', async () => {
    expect(await namesOf({})).toEqual(['Alpha:1', 'bravo:2', 'Charlie:0']);
    expect(await namesOf({ sort: '-name' })).toEqual(['Charlie:0', 'bravo:2', 'Alpha:1']);
  });

  test('by site count both ways, equal counts by name whichever way', async () => {
    const counted = async (sort: string) =>
      (await theirs({ sort })).json.data.list.map((area) => `${area.name}:${area.siteCount}`);
    expect(await counted('siteCount')).toEqual(['Charlie:0', 'Highlands:0', 'Alpha:1', 'bravo:2']);
    expect(await counted('-siteCount')).toEqual(['bravo:2', 'Alpha:1', 'Charlie:0', 'Highlands:0']);
  });

  test('a deleted site is not counted', async () => {
    const [site] = await ctx.db.select().from(sites).where(eq(sites.name, 'Other Three'));
    await ctx.db.update(sites).set({ deletedAt: new Date() }).where(eq(sites.id, site!.id));
    try {
      expect(await namesOf({})).toEqual(['Alpha:1', 'bravo:1', 'Charlie:0']);
    } finally {
      await ctx.db.update(sites).set({ deletedAt: null }).where(eq(sites.id, site!.id));
    }
  });

  test('searched by name, and paged with the total of every page', async () => {
    expect(await namesOf({ search: 'RAV' })).toEqual(['bravo:2']);
    const first = await theirs({ limit: 2, search: 'a' });
    expect(first.json.data).toMatchObject({ records: 4, page: 1, limit: 2 });
    expect(first.json.data.list.map((area) => area.name)).toEqual(['Alpha', 'bravo']);
    const second = await theirs({ limit: 2, page: 2, search: 'a' });
    expect(second.json.data.list.map((area) => area.name)).toEqual(['Charlie', 'Highlands']);
  });

  test('an unknown sort column is a 400 on sort', async () => {
    const reply = await theirs({ sort: 'orgId' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors.sort).toHaveLength(1);
  });

  test('the options are every live area of the caller’s organisation, by name', async () => {
    const reply = await ctx.inject<{ data: Option[] }>('GET', `${base}/simple-list`, { token: otherOwner });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.map((option) => option.label)).toEqual(['Alpha', 'bravo', 'Charlie', 'Highlands']);
    const alpha = (await theirs({ search: 'Alpha' })).json.data.list[0];
    expect(reply.json.data[0]).toEqual({ value: alpha?._id, label: 'Alpha' });
  });
});

describe('delete', () => {
  test('its sites are then in no area, and the answer says how many', async () => {
    const area = await created('Closing Down');
    await placeSites(area._id, ctx.demo.sites.brighton.id, ctx.demo.sites.manchester.id);
    const reply = await remove(area._id);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Area deleted; its 2 sites are now in no area');
    expect((await findSite(ctx.demo.sites.brighton.id)).json.data.area).toBeNull();
    expect((await findOne(area._id)).statusCode).toBe(404);
    expect((await remove(area._id)).statusCode).toBe(404);
  });

  test('an area without sites is simply deleted', async () => {
    const reply = await remove((await created('Empty Area'))._id);
    expect(reply.json.message).toBe('Area deleted');
  });
});

describe('who may', () => {
  test('a site admin reads the areas and their options but cannot add, rename or delete one', async () => {
    const area = await created('Read Only');
    expect((await list({ search: 'Read Only' }, manager)).json.data.records).toBe(1);
    expect((await findOne(area._id, manager)).statusCode).toBe(200);
    expect((await ctx.inject('GET', `${base}/simple-list`, { token: manager })).statusCode).toBe(200);
    expect((await create('Manager Made', manager)).statusCode).toBe(403);
    expect((await rename(area._id, 'Renamed', manager)).statusCode).toBe(403);
    expect((await remove(area._id, manager)).statusCode).toBe(403);
    expect((await findOne(area._id)).json.data.name).toBe('Read Only');
  });

  test('another organisation’s area is not found, to read, rename or delete', async () => {
    const theirs = await created('Their Patch', otherOwner);
    expect((await findOne(theirs._id)).statusCode).toBe(404);
    expect((await rename(theirs._id, 'Ours Now')).statusCode).toBe(404);
    expect((await remove(theirs._id)).statusCode).toBe(404);
    expect((await findOne(theirs._id, otherOwner)).json.data.name).toBe('Their Patch');
    expect((await list({ search: 'Their Patch' })).json.data.records).toBe(0);
  });

  test('signed out, nothing', async () => {
    expect((await ctx.inject('GET', `${base}/web-app-list`)).statusCode).toBe(401);
  });
});

describe("a site's area", () => {
  test('a new site is put in an area of its organisation, and its answers name the area', async () => {
    const area = await created('New Openings');
    const reply = await ctx.inject<{ data: Site }>('POST', `${sitePanel}/create-new-one`, {
      token: owner,
      body: { ...demoSites.manchester, name: 'Area Bistro', areaID: area._id },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.area).toEqual({ _id: area._id, name: 'New Openings' });
    const listed = await ctx.inject<{ data: ListData<Site> }>('GET', `${sitePanel}/web-app-list`, {
      token: owner,
      query: { search: 'Area Bistro' },
    });
    expect(listed.json.data.list[0]?.area).toEqual({ _id: area._id, name: 'New Openings' });
    expect((await findOne(area._id)).json.data.siteCount).toBe(1);
  });

  test('an edit moves a site between areas, null (or an empty text) takes it out, and left out it stays', async () => {
    const [east, west] = [await created('East'), await created('West')];
    const site = (await findSite(ctx.demo.sites.manchester.id)).json.data;
    const moved = await updateSite(siteForm(site, { areaID: east._id }));
    expect(moved.statusCode).toBe(200);
    expect(moved.json.data.area).toEqual({ _id: east._id, name: 'East' });
    expect((await updateSite(siteForm(site))).json.data.area).toEqual({ _id: east._id, name: 'East' });
    expect((await updateSite(siteForm(site, { areaID: west._id }))).json.data.area?.name).toBe('West');
    expect((await updateSite(siteForm(site, { areaID: null }))).json.data.area).toBeNull();
    await updateSite(siteForm(site, { areaID: west._id }));
    expect((await updateSite(siteForm(site, { areaID: '' }))).json.data.area).toBeNull();
  });

  test('another organisation’s area, a deleted one or no id at all is a 400 on areaID, and nothing changes', async () => {
    const theirs = await created('Not Yours', otherOwner);
    const gone = await created('Gone Away');
    await remove(gone._id);
    const site = (await findSite(ctx.demo.sites.manchester.id)).json.data;
    for (const areaID of [theirs._id, gone._id]) {
      const reply = await updateSite(siteForm(site, { areaID }));
      expect(reply.statusCode).toBe(400);
      expect(reply.json.details?.fieldErrors.areaID).toEqual(['Choose an area of this organisation']);
    }
    const created400 = await ctx.inject('POST', `${sitePanel}/create-new-one`, {
      token: owner,
      body: { ...demoSites.manchester, name: 'Sneaky Bistro', areaID: theirs._id },
    });
    expect(created400.statusCode).toBe(400);
    const notAnId = await updateSite(siteForm(site, { areaID: 'north' }));
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json.details?.fieldErrors.areaID).toHaveLength(1);
    expect((await findSite(site._id)).json.data.area).toEqual(site.area);
  });

  test('a site admin edits its site, keeping its area, but cannot move it to another', async () => {
    const [mine, elsewhere] = [await created('Manager Area'), await created('Elsewhere')];
    await placeSites(mine._id, ctx.demo.sites.brighton.id);
    const site = (await findSite(ctx.demo.sites.brighton.id, manager)).json.data;
    expect(site.area).toEqual({ _id: mine._id, name: 'Manager Area' });
    const kept = await updateSite(siteForm(site, { description: 'Kept', areaID: mine._id }), manager);
    expect(kept.statusCode).toBe(200);
    const moved = await updateSite(siteForm(site, { areaID: elsewhere._id }), manager);
    expect(moved.statusCode).toBe(403);
    expect(moved.json.message).toBe('Only an organisation admin can move a site to another area');
    const out = await updateSite(siteForm(site, { areaID: null }), manager);
    expect(out.statusCode).toBe(403);
    expect((await findSite(site._id)).json.data.area?._id).toBe(mine._id);
  });
});
