import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { session } from '@console/shared-sdk';
import {
  fakeApi,
  listPage,
  ok,
  renderWithRouter,
  resetBrowserState,
  signInAs,
  skippedHeadings,
  type Sent,
} from '@console/shared-sdk/testing';
import type { Organization } from '@console/shared-sdk/organization';
import { RequireOrganization } from '../../app/RequireAuth';
import { OrganizationsPage } from './OrganizationsPage';

const harbour: Organization = {
  _id: '0190a000-0000-7000-8000-0000000000b1',
  name: 'Harbour & Vine Hospitality',
  email: 'office@harbourvine.example',
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

const countries = [
  { code: 'FR', name: 'France', timezones: ['Europe/Paris'] },
  { code: 'GB', name: 'United Kingdom', timezones: ['Europe/London'] },
];

function fakeOrganizationsApi() {
  return fakeApi((sent: Sent) => {
    switch (sent.path) {
      case 'organization/list':
        return ok(listPage([harbour]));
      case 'location/simple-list-countries':
        return ok(countries);
      case 'organization/create-new-one':
        return ok({ ...harbour, _id: '0190a000-0000-7000-8000-0000000000b2', name: 'Rive Gauche' });
      default:
        throw new Error(`unexpected ${sent.method} ${sent.path}`);
    }
  });
}

// A whole form with a country picker renders slowly in jsdom.
jest.setTimeout(60_000);

beforeEach(() => {
  resetBrowserState();
  signInAs('ADMIN', { orgId: null });
});

test('a platform admin with no organisation is shown the choice itself, and stays on the screen it asked for', async () => {
  fakeOrganizationsApi();
  const user = userEvent.setup();
  const page = renderWithRouter(
    <RequireOrganization>
      <h1>Temperature logs</h1>
    </RequireOrganization>,
    '/dashboard/temperatureLog',
  );
  expect(await screen.findByText(/You are signed in as a platform admin/)).toBeInTheDocument();
  expect(document.title).toMatch(/^Choose an organisation/);
  await user.click(await screen.findByRole('button', { name: 'Work in Harbour & Vine Hospitality' }));
  expect(session.get().orgId).toBe(harbour._id);
  expect(await screen.findByRole('heading', { name: 'Temperature logs' })).toBeInTheDocument();
  expect(page.url()).toBe('/dashboard/temperatureLog');
});

test('"Add organisation" chooses the country by name, as the site form does, and sends its code', async () => {
  const api = fakeOrganizationsApi();
  const user = userEvent.setup();
  renderWithRouter(<OrganizationsPage />, '/dashboard/organizations');
  await user.click(await screen.findByRole('button', { name: 'Add organisation' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add organisation' }));
  const country = await dialog.findByRole('combobox', { name: 'Country' });
  expect(dialog.queryByText(/Two letters/)).toBeNull();
  await waitFor(() => expect(country).toHaveValue('United Kingdom'));
  await user.click(country);
  await user.click(await screen.findByRole('option', { name: 'France' }));
  expect(country).toHaveValue('France');

  await user.type(dialog.getByRole('textbox', { name: /Organisation name/ }), 'Rive Gauche');
  await user.type(dialog.getByRole('textbox', { name: /First name/ }), 'Amélie');
  await user.type(dialog.getByRole('textbox', { name: /Last name/ }), 'Roux');
  // The organisation's e-mail, then its first admin's.
  await user.type(dialog.getAllByRole('textbox', { name: /^E-mail/ }).at(-1)!, 'amelie@example.fr');
  await user.click(dialog.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.to('organization/create-new-one')).toHaveLength(1));
  expect(JSON.parse(api.to('organization/create-new-one')[0]!.body)).toMatchObject({
    name: 'Rive Gauche',
    country: 'FR',
  });
});

test('the "Add organisation" form has its title as its one heading: its first admin’s part is named, not headed', async () => {
  fakeOrganizationsApi();
  const user = userEvent.setup();
  renderWithRouter(<OrganizationsPage />, '/dashboard/organizations');
  await user.click(await screen.findByRole('button', { name: 'Add organisation' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add organisation' });
  await within(dialog).findByRole('combobox', { name: 'Country' });
  expect(
    within(dialog)
      .getAllByRole('heading')
      .map((heading) => heading.textContent),
  ).toEqual(['Add organisation']);
  expect(skippedHeadings(dialog, 1)).toEqual([]);
});
