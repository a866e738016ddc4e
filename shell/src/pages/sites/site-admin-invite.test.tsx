import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from '@console/shared-sdk/router';
import {
  fail,
  fakeApi,
  loginResponse,
  ok,
  resetBrowserState,
  site,
  type Sent,
} from '@console/shared-sdk/testing';
import { notifyStore, session } from '@console/shared-sdk';
import { SitesPage } from './SitesPage';

// The site form's site admins field: pick an existing site admin, or invite a new one to the site.

const newAdminId = '0190a000-0000-7000-8000-0000000000e9';
const created = {
  _id: newAdminId,
  userID: newAdminId,
  orgId: site.orgId,
  firstName: 'Nadia',
  lastName: 'Okafor',
  fullName: 'Nadia Okafor',
  email: 'nadia.okafor@harbourvine.example',
  mobileNumber: null,
  gender: null,
  userRole: 'SITE_ADMIN',
  status: 'ACTIVE',
  siteIDs: [site._id],
  sites: [{ _id: site._id, name: site.name }],
  departmentID: [],
  departments: [],
  invitation: 'PENDING',
  provisionedBy: null,
  invitedAt: '2026-11-01T10:00:00.000Z',
  lastSignInAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

function fakeSitesApi(createAnswer: () => Response) {
  return fakeApi((sent: Sent) => {
    switch (sent.path) {
      case 'site-panel/web-app-list':
        return ok({ list: [site], records: 1, page: 1, limit: 10 });
      case `site-panel/find-one/${site._id}`:
        return ok(site);
      case 'site-panel/update-one':
        return ok(site, 'Site updated');
      case 'staff-people/create-new-one':
        return createAnswer();
      case 'staff-people/simple-list':
      case 'location/simple-list-countries':
      case 'area/simple-list':
        return ok([]);
      default:
        return ok(null);
    }
  });
}

function renderPage() {
  render(
    <MemoryRouter>
      <SitesPage />
    </MemoryRouter>,
  );
}

// A whole site form (fourteen fields and a week of hours) renders slowly in jsdom.
jest.setTimeout(30_000);

beforeEach(() => {
  resetBrowserState();
  session.signIn(loginResponse());
});

async function inviteFromEditForm(user: ReturnType<typeof userEvent.setup>) {
  renderPage();
  await user.click(await screen.findByRole('button', { name: `Edit ${site.name}` }));
  const form = await screen.findByRole('dialog', { name: 'Edit site' });
  await user.click(await within(form).findByRole('button', { name: 'Invite a new site admin' }));
  const invite = await screen.findByRole('dialog', { name: `Invite a site admin for ${site.name}` });
  await user.type(within(invite).getByLabelText(/^First name/), 'Nadia');
  await user.type(within(invite).getByLabelText(/^Last name/), 'Okafor');
  await user.type(within(invite).getByLabelText(/^E-mail/), 'nadia.okafor@harbourvine.example');
  await user.click(within(invite).getByRole('button', { name: 'Invite' }));
  return { form, invite };
}

test('a new site admin is invited to the site being edited, and saving the site keeps them', async () => {
  const api = fakeSitesApi(() => ok(created, 'Invitation sent to nadia.okafor@harbourvine.example'));
  const user = userEvent.setup({ delay: null });
  const { form, invite } = await inviteFromEditForm(user);

  await waitFor(() => expect(invite).not.toBeInTheDocument());
  expect(JSON.parse(api.to('staff-people/create-new-one')[0]!.body)).toEqual({
    firstName: 'Nadia',
    lastName: 'Okafor',
    email: 'nadia.okafor@harbourvine.example',
    userRole: 'SITE_ADMIN',
    siteIDs: [site._id],
    departmentID: [],
  });
  expect(
    within(form).getByRole('button', { name: 'Nadia Okafor (nadia.okafor@harbourvine.example)' }),
  ).toBeInTheDocument();

  await user.click(within(form).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.to('site-panel/update-one')).toHaveLength(1));
  const body = api.to('site-panel/update-one')[0]!.body;
  expect(JSON.parse(/name="siteAdminList"\r\n\r\n(.*)\r\n/.exec(body)![1]!)).toEqual([newAdminId]);
  expect(body).not.toMatch(/name="_id"\r\n\r\n\r\n/);
});

test('an address already in use is shown under the e-mail field of the invitation', async () => {
  fakeSitesApi(() =>
    fail(409, {
      message: 'This e-mail address is already in use',
      error: 'CONFLICT',
      details: { fieldErrors: { email: ['This e-mail address is already in use'] } },
    }),
  );
  const user = userEvent.setup({ delay: null });
  const { invite } = await inviteFromEditForm(user);
  expect(await within(invite).findByText('This e-mail address is already in use')).toBeInTheDocument();
  expect(notifyStore.getState().error).toBeNull();
});

test('a site not saved yet cannot invite: it says to save the site first', async () => {
  const api = fakeSitesApi(() => ok(created));
  const user = userEvent.setup({ delay: null });
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'Add site' }));
  const form = within(await screen.findByRole('dialog', { name: 'Add site' }));
  expect(form.getByRole('button', { name: 'Invite a new site admin' })).toBeDisabled();
  expect(form.getByText('Save the site first, then invite someone new to run it')).toBeInTheDocument();
  expect(api.to('staff-people/create-new-one')).toHaveLength(0);
});
