import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import {
  demoIds,
  fakeApi,
  ok,
  offersRowAction,
  renderWithRouter,
  resetBrowserState,
  rowAction,
  signInAs,
  type Sent,
} from '@console/shared-sdk/testing';
import type { Area } from '@console/shared-sdk/sites';
import type { Organization } from '@console/shared-sdk/organization';
import { OrganizationPage } from './OrganizationPage';

// The organisation's areas, a tab of its page: the list with each area's sites, add, rename and delete (which
// says what becomes of its sites) for its admins, and the list alone for a site's admin.

jest.setTimeout(60_000);

const organization: Organization = {
  _id: demoIds.org,
  name: 'Harbour & Vine Hospitality',
  email: null,
  phone: null,
  add1: null,
  add2: null,
  city: 'Brighton',
  county: null,
  zip: null,
  country: 'GB',
  note: '',
  nationalFigures: [],
  siteCount: 3,
  userCount: 12,
  createdAt: '2025-05-01T09:00:00.000Z',
  updatedAt: '2025-05-01T09:00:00.000Z',
};

const area = (id: string, name: string, siteCount: number): Area => ({
  _id: id,
  orgId: demoIds.org,
  name,
  siteCount,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
});
const north = area('0190a000-0000-7000-8000-0000000000e1', 'North', 2);
const south = area('0190a000-0000-7000-8000-0000000000e2', 'South', 0);

/** The API: the organisation, and its areas kept as the calls change them. */
function fakeAreasApi(initial: Area[] = [north, south]) {
  let areas = [...initial];
  return fakeApi((sent: Sent) => {
    switch (`${sent.method} ${sent.path}`) {
      case 'GET organization/view-one':
        return ok(organization);
      case 'GET area/web-app-list':
        return ok({ list: areas, records: areas.length, page: 1, limit: 10 });
      case 'POST area/create-new-one': {
        const { name } = JSON.parse(sent.body) as { name: string };
        const created = area('0190a000-0000-7000-8000-0000000000e3', name, 0);
        areas = [...areas, created];
        return ok(created, 'Area added');
      }
      case 'PUT area/update-one': {
        const { _id, name } = JSON.parse(sent.body) as { _id: string; name: string };
        areas = areas.map((each) => (each._id === _id ? { ...each, name } : each));
        return ok(
          areas.find((each) => each._id === _id),
          'Area renamed',
        );
      }
      default:
        if (sent.method === 'DELETE' && sent.path.startsWith('area/delete-one/')) {
          areas = areas.filter((each) => !sent.path.endsWith(each._id));
          return ok(null, 'Area deleted');
        }
        // What the organisation's other cards read: nothing of note here.
        return ok([]);
    }
  });
}

/** The grid's row of an area, once it shows. */
const rowOf = (name: string) =>
  waitFor(() => {
    const row = screen.getAllByRole('row').find((each) => within(each).queryByText(name) !== null);
    if (!row) throw new Error(`no row of ${name} yet`);
    return row;
  });

beforeEach(() => {
  resetBrowserState();
});

test('the organisation page has its areas in a tab, in the URL', async () => {
  const user = userEvent.setup({ delay: null });
  fakeAreasApi();
  signInAs('ORGANIZATION_ADMIN');
  const { params } = renderWithRouter(<OrganizationPage />, '/dashboard/organization');
  expect(await screen.findByRole('heading', { name: 'Harbour & Vine Hospitality' })).toBeInTheDocument();
  await user.click(screen.getByRole('tab', { name: 'Areas' }));
  expect(await screen.findByRole('heading', { name: 'Areas', level: 1 })).toBeInTheDocument();
  expect(params().get('tab')).toBe('areas');
  expect(within(await rowOf('North')).getByText('2 sites')).toBeInTheDocument();
  expect(within(await rowOf('South')).getByText('0 sites')).toBeInTheDocument();
  await user.click(screen.getByRole('tab', { name: 'Organisation' }));
  expect(await screen.findByRole('heading', { name: 'Harbour & Vine Hospitality' })).toBeInTheDocument();
  expect(params().get('tab')).toBeNull();
});

test('an organisation admin adds an area and renames one', async () => {
  const user = userEvent.setup({ delay: null });
  const api = fakeAreasApi();
  signInAs('ORGANIZATION_ADMIN');
  renderWithRouter(<OrganizationPage />, '/dashboard/organization?tab=areas');
  await rowOf('North');

  await user.click(screen.getByRole('button', { name: 'Add area' }));
  const add = await screen.findByRole('dialog', { name: 'Add area' });
  await user.type(await within(add).findByRole('textbox', { name: /^Name/ }), 'Coast');
  await user.click(within(add).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add area' })).toBeNull());
  expect(JSON.parse(api.to('area/create-new-one')[0]!.body)).toEqual({ name: 'Coast' });
  expect(await rowOf('Coast')).toBeDefined();

  await user.click(await rowAction(user, 'Edit North', await rowOf('North')));
  const edit = await screen.findByRole('dialog', { name: 'Edit area' });
  const name = await within(edit).findByRole('textbox', { name: /^Name/ });
  await user.clear(name);
  await user.type(name, 'North West');
  await user.click(within(edit).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.to('area/update-one')).toHaveLength(1));
  expect(JSON.parse(api.to('area/update-one')[0]!.body)).toEqual({ _id: north._id, name: 'North West' });
  expect(await rowOf('North West')).toBeDefined();
});

test('an area with no name is refused before it is sent', async () => {
  const user = userEvent.setup({ delay: null });
  const api = fakeAreasApi();
  signInAs('ORGANIZATION_ADMIN');
  renderWithRouter(<OrganizationPage />, '/dashboard/organization?tab=areas');
  await rowOf('North');
  await user.click(screen.getByRole('button', { name: 'Add area' }));
  const add = await screen.findByRole('dialog', { name: 'Add area' });
  await within(add).findByRole('textbox', { name: /^Name/ });
  await user.click(within(add).getByRole('button', { name: 'Save' }));
  expect(await within(add).findByText(/Area name/)).toBeInTheDocument();
  expect(api.to('area/create-new-one')).toHaveLength(0);
});

test('deleting an area asks first, saying its sites will be in no area', async () => {
  const user = userEvent.setup({ delay: null });
  const api = fakeAreasApi();
  signInAs('ORGANIZATION_ADMIN');
  renderWithRouter(<OrganizationPage />, '/dashboard/organization?tab=areas');
  await user.click(await rowAction(user, 'Delete North', await rowOf('North')));
  const confirm = await screen.findByRole('alertdialog', { name: 'Delete area "North"?' });
  expect(confirm).toHaveTextContent('Its 2 sites will then be in no area');
  expect(api.sent.filter((sent) => sent.method === 'DELETE')).toHaveLength(0);
  await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(api.to(`area/delete-one/${north._id}`)).toHaveLength(1));
  await waitFor(() => expect(screen.queryByText('North')).toBeNull());
});

test('a site admin sees the areas and may change none', async () => {
  const user = userEvent.setup({ delay: null });
  fakeAreasApi();
  signInAs('SITE_ADMIN', { siteIds: [demoIds.brighton] });
  renderWithRouter(<OrganizationPage />, '/dashboard/organization?tab=areas');
  const row = await rowOf('North');
  expect(screen.queryByRole('button', { name: 'Add area' })).toBeNull();
  expect(await offersRowAction(user, 'Edit North', row)).toBe(false);
  expect(await offersRowAction(user, 'Delete North', row)).toBe(false);
});

test('staff, who may not read areas, see no Areas tab', async () => {
  fakeAreasApi();
  signInAs('STAFF', { siteIds: [demoIds.brighton] });
  renderWithRouter(<OrganizationPage />, '/dashboard/organization?tab=areas');
  expect(await screen.findByRole('heading', { name: 'Harbour & Vine Hospitality' })).toBeInTheDocument();
  expect(screen.queryByRole('tab', { name: 'Areas' })).toBeNull();
});
