import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import {
  demoIds,
  fakeApi,
  listPage,
  ok,
  renderWithRouter,
  resetBrowserState,
  rowAction,
  signInAs,
  siteOption,
  type Sent,
} from '@console/shared-sdk/testing';
import type { ScimGroup, ScimToken } from '@console/shared-sdk/organization';
import { ProvisioningPage } from './ProvisioningPage';

const entra: ScimToken = {
  _id: '0190a000-0000-7000-8000-0000000000a1',
  orgId: demoIds.org,
  name: 'Entra ID production',
  status: 'ACTIVE',
  createdAt: '2025-05-01T09:00:00.000Z',
  createdBy: { _id: demoIds.me, name: 'Marcus Reid' },
  expiresAt: null,
  lastUsedAt: '2025-05-02T10:30:00.000Z',
  lastUsedFrom: '203.0.113.9',
  revokedAt: null,
};
const old: ScimToken = {
  ...entra,
  _id: '0190a000-0000-7000-8000-0000000000a2',
  name: 'Okta trial',
  status: 'REVOKED',
  lastUsedAt: null,
  lastUsedFrom: null,
  revokedAt: '2025-04-01T09:00:00.000Z',
};
const managers: ScimGroup = {
  _id: '0190a000-0000-7000-8000-0000000000b1',
  orgId: demoIds.org,
  displayName: 'Kitchen managers',
  externalId: 'entra-kitchen-managers',
  role: 'SITE_ADMIN',
  siteIDs: [demoIds.brighton],
  sites: [{ _id: demoIds.brighton, name: 'Brighton' }],
  memberCount: 3,
  createdAt: '2025-05-01T09:00:00.000Z',
  updatedAt: '2025-05-01T09:00:00.000Z',
};
const porters: ScimGroup = {
  ...managers,
  _id: '0190a000-0000-7000-8000-0000000000b2',
  displayName: 'Night porters',
  externalId: null,
  role: null,
  siteIDs: [],
  sites: [],
  memberCount: 1,
};
const secret = 'scim_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
const baseUrl = 'https://console.example.com/scim/v2';

function fakeProvisioningApi() {
  return fakeApi((sent: Sent) => {
    switch (sent.path) {
      case 'scim-token/connection':
        return ok({ baseUrl, activeTokens: 1 });
      case 'scim-token/web-app-list':
        return ok(listPage([entra, old]));
      case 'scim-token/create-new-one': {
        const input = JSON.parse(sent.body) as { name: string };
        return ok(
          {
            scimToken: { ...entra, _id: '0190a000-0000-7000-8000-0000000000a3', name: input.name },
            token: secret,
            baseUrl,
          },
          'Token made. Copy it now: it is shown this once.',
        );
      }
      case 'scim-token/revoke':
        return ok({ ...entra, status: 'REVOKED' }, 'Token revoked: the directory can no longer use it');
      case 'scim-group/web-app-list':
        return ok(listPage([managers, porters]));
      case `scim-group/find-one/${porters._id}`:
        return ok(porters);
      case 'scim-group/update-one':
        return ok({ ...porters, role: 'STAFF' }, 'Group “Night porters” mapped');
      case 'site-panel/simple-list':
        return ok([
          siteOption(demoIds.brighton, { name: 'Brighton' }),
          siteOption(demoIds.manchester, { name: 'Manchester' }),
        ]);
      default:
        return ok(null);
    }
  });
}

// The grid and its dialogs render slowly in jsdom.
jest.setTimeout(30_000);

beforeEach(() => resetBrowserState());

test('an organisation admin sees the SCIM base URL and the tokens, their states in words', async () => {
  signInAs('ORGANIZATION_ADMIN');
  fakeProvisioningApi();
  renderWithRouter(<ProvisioningPage />, '/dashboard/organization/provisioning');
  expect(await screen.findByRole('heading', { name: 'Provisioning (SCIM)', level: 1 })).toBeInTheDocument();
  expect(await screen.findByRole('textbox', { name: 'SCIM base URL' })).toHaveValue(baseUrl);
  expect(await screen.findByText('Entra ID production')).toBeInTheDocument();
  expect(screen.getByText('Active')).toBeInTheDocument();
  expect(screen.getByText('Revoked')).toBeInTheDocument();
  expect(screen.getByText('203.0.113.9')).toBeInTheDocument();
  expect(screen.queryByText(/ACTIVE|REVOKED/)).toBeNull();
  expect(screen.getByText(/1 token works/)).toBeInTheDocument();
});

test('making a token sends its name and lifetime and shows the token once, until it is dismissed', async () => {
  signInAs('ORGANIZATION_ADMIN');
  const api = fakeProvisioningApi();
  const user = userEvent.setup();
  renderWithRouter(<ProvisioningPage />, '/dashboard/organization/provisioning');
  await user.click(await screen.findByRole('button', { name: 'Make a token' }));
  const form = within(await screen.findByRole('dialog', { name: 'Make a token' }));
  await user.type(await form.findByRole('textbox', { name: /^Token name/ }), 'Okta production');
  await user.click(form.getByRole('combobox', { name: 'Works for' }));
  await user.click(await screen.findByRole('option', { name: '90 days' }));
  await user.click(form.getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(api.to('scim-token/create-new-one')).toHaveLength(1));
  expect(JSON.parse(api.to('scim-token/create-new-one')[0]!.body)).toEqual({
    name: 'Okta production',
    expiresInDays: 90,
  });
  const shown = within(await screen.findByRole('dialog', { name: 'Token “Okta production” made' }));
  expect(shown.getByRole('textbox', { name: 'Token' })).toHaveValue(secret);
  expect(shown.getByRole('textbox', { name: 'SCIM base URL' })).toHaveValue(baseUrl);
  await user.click(shown.getByRole('button', { name: 'I have copied it' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: /made$/ })).toBeNull());
  expect(screen.queryByDisplayValue(secret)).toBeNull();
});

test('a token is revoked after a confirmation; a revoked one offers no revoke', async () => {
  signInAs('ORGANIZATION_ADMIN');
  const api = fakeProvisioningApi();
  const user = userEvent.setup();
  renderWithRouter(<ProvisioningPage />, '/dashboard/organization/provisioning');
  await screen.findByText('Entra ID production');
  await user.click(await rowAction(user, 'Revoke Entra ID production'));
  const confirm = within(await screen.findByRole('alertdialog', { name: 'Revoke “Entra ID production”?' }));
  await user.click(confirm.getByRole('button', { name: 'Revoke' }));
  await waitFor(() => expect(api.to('scim-token/revoke')).toHaveLength(1));
  expect(JSON.parse(api.to('scim-token/revoke')[0]!.body)).toEqual({ _id: entra._id });
  expect(screen.queryByRole('button', { name: 'Revoke Okta trial' })).toBeNull();
});

test('the directory groups tab shows what each group gives, and maps one to a role and sites', async () => {
  signInAs('ORGANIZATION_ADMIN');
  const api = fakeProvisioningApi();
  const user = userEvent.setup();
  renderWithRouter(<ProvisioningPage />, '/dashboard/organization/provisioning?tab=groups');
  expect(await screen.findByText('Kitchen managers')).toBeInTheDocument();
  expect(screen.getByText('Site Admin')).toBeInTheDocument();
  expect(screen.getByText('Not mapped: gives nothing')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Add group/ })).toBeNull();

  await user.click(await rowAction(user, 'Edit Night porters'));
  const form = within(await screen.findByRole('dialog', { name: 'Edit group' }));
  await user.click(await form.findByRole('combobox', { name: 'Members get' }));
  await user.click(await screen.findByRole('option', { name: 'Staff' }));
  await user.click(form.getByRole('combobox', { name: 'Sites' }));
  await user.click(await screen.findByRole('option', { name: 'Manchester' }));
  await user.keyboard('{Escape}');
  await user.click(form.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.to('scim-group/update-one')).toHaveLength(1));
  expect(JSON.parse(api.to('scim-group/update-one')[0]!.body)).toEqual({
    _id: porters._id,
    role: 'STAFF',
    siteIDs: [demoIds.manchester],
  });
});

test('a per-site role without a site is refused in the form, before anything is sent', async () => {
  signInAs('ORGANIZATION_ADMIN');
  const api = fakeProvisioningApi();
  const user = userEvent.setup();
  renderWithRouter(<ProvisioningPage />, '/dashboard/organization/provisioning?tab=groups');
  await screen.findByText('Night porters');
  await user.click(await rowAction(user, 'Edit Night porters'));
  const form = within(await screen.findByRole('dialog', { name: 'Edit group' }));
  await user.click(await form.findByRole('combobox', { name: 'Members get' }));
  await user.click(await screen.findByRole('option', { name: 'Site Admin' }));
  await user.click(form.getByRole('button', { name: 'Save' }));
  expect(await form.findByText('Choose at least one site')).toBeInTheDocument();
  expect(api.to('scim-group/update-one')).toHaveLength(0);
});

test('a site admin is told the screen is not in their role, and nothing is asked of the API', async () => {
  signInAs('SITE_ADMIN', { siteIds: [demoIds.brighton] });
  const api = fakeProvisioningApi();
  renderWithRouter(<ProvisioningPage />, '/dashboard/organization/provisioning');
  expect(await screen.findByRole('alert')).toHaveTextContent('You do not have access to Provisioning (SCIM)');
  expect(api.to('scim-token/web-app-list')).toHaveLength(0);
  expect(api.to('scim-token/connection')).toHaveLength(0);
});
