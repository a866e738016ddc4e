import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Notifications, session } from '@console/shared-sdk';
import {
  chooseSite,
  demoIds,
  fail,
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
import type { ApiKey } from '@console/shared-sdk/organization';
import { MemoryRouter } from '@console/shared-sdk/router';
import { ApiKeysCard } from './ApiKeysCard';
import { ApiKeysPage } from './ApiKeysPage';

const bridge: ApiKey = {
  _id: '0190a000-0000-7000-8000-0000000000e1',
  orgId: demoIds.org,
  name: 'Sensor bridge',
  prefix: 'ck_7Hq2xK9a',
  scopes: ['sensor-readings:write', 'temperature-logs:read'],
  siteIDs: [demoIds.brighton],
  sites: [{ _id: demoIds.brighton, name: 'Brighton' }],
  status: 'ACTIVE',
  createdAt: '2025-05-01T09:00:00.000Z',
  createdBy: { _id: demoIds.me, name: 'Marcus Reid' },
  expiresAt: null,
  lastUsedAt: '2025-05-02T10:30:00.000Z',
  lastUsedFrom: '203.0.113.9',
  lastUsedUserAgent: 'curl/8.4.0 (x86_64-pc-linux-gnu)',
  revokedAt: null,
  revokedBy: null,
};
const reports: ApiKey = {
  ...bridge,
  _id: '0190a000-0000-7000-8000-0000000000e2',
  name: 'BI export',
  prefix: 'ck_Zt4mPq1w',
  scopes: ['reports:read'],
  siteIDs: null,
  sites: [],
  status: 'REVOKED',
  lastUsedAt: null,
  lastUsedFrom: null,
  lastUsedUserAgent: null,
  revokedAt: '2025-06-01T09:00:00.000Z',
  revokedBy: { _id: demoIds.me, name: 'Marcus Reid' },
};
const secret = 'ck_7Hq2xK9aQ0b1c2d3e4f5g6h7i8j9k0LmNoPqRsTuV';

/** The API as far as the screen uses it; a revoked key stays revoked in later lists. */
function fakeKeysApi(answer?: (sent: Sent) => Response | undefined) {
  let keys = [bridge, reports];
  return fakeApi((sent: Sent) => {
    const special = answer?.(sent);
    if (special) return special;
    switch (sent.path) {
      case 'api-key/web-app-list':
        return ok(listPage(keys));
      case 'api-key/create-new-one': {
        const input = JSON.parse(sent.body) as Pick<ApiKey, 'name' | 'scopes' | 'siteIDs' | 'expiresAt'>;
        return ok(
          {
            apiKey: {
              ...bridge,
              _id: '0190a000-0000-7000-8000-0000000000e3',
              ...input,
              sites: [],
              lastUsedAt: null,
              lastUsedFrom: null,
              lastUsedUserAgent: null,
            },
            key: secret,
          },
          'API key made. Copy it now: it is shown this once.',
        );
      }
      case 'api-key/revoke': {
        const { _id } = JSON.parse(sent.body) as { _id: string };
        keys = keys.map((key) => (key._id === _id ? { ...key, status: 'REVOKED' } : key));
        return ok(
          keys.find((key) => key._id === _id),
          'API key revoked: its next call is refused',
        );
      }
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

const renderPage = () =>
  renderWithRouter(
    <>
      <ApiKeysPage />
      <Notifications />
    </>,
    '/dashboard/organization/api-keys',
  );

// The grid, the form's lazily loaded fields and the dialogs render slowly in jsdom.
jest.setTimeout(60_000);

beforeEach(() => resetBrowserState());

test('the list shows each key by its prefix, its scopes and sites in words, its state and its last use', async () => {
  signInAs('ORGANIZATION_ADMIN');
  fakeKeysApi();
  renderPage();
  expect(await screen.findByRole('heading', { name: 'API keys', level: 1 })).toBeInTheDocument();
  const row = (await screen.findByText('Sensor bridge')).closest<HTMLElement>('[role="row"]')!;
  expect(within(row).getByText('ck_7Hq2xK9a…')).toBeInTheDocument();
  expect(within(row).getByText('Read temperature logs, Write sensor readings')).toBeInTheDocument();
  expect(within(row).getByText('Brighton')).toBeInTheDocument();
  expect(within(row).getByText('Active')).toBeInTheDocument();
  // From which address, and with which program (its first word: the whole is in the key's view).
  expect(within(row).getByText('203.0.113.9')).toBeInTheDocument();
  expect(within(row).getByText('curl/8.4.0')).toBeInTheDocument();
  expect(within(row).getByText(/Marcus Reid/)).toBeInTheDocument();

  const revoked = screen.getByText('BI export').closest<HTMLElement>('[role="row"]')!;
  expect(within(revoked).getByText('Every site')).toBeInTheDocument();
  expect(within(revoked).getByText('Revoked')).toBeInTheDocument();
  // Never used, and no expiry.
  expect(revoked.querySelector('[data-field="lastUsedAt"]')).toHaveTextContent(/^Never$/);
  expect(revoked.querySelector('[data-field="expiresAt"]')).toHaveTextContent(/^Never$/);
  expect(screen.queryByText(/ACTIVE|REVOKED|reports:read/)).toBeNull();
  // How a system sends a key, above the list.
  expect(screen.getByText('Authorization: Bearer ck_…')).toBeInTheDocument();
});

test('making a key sends its name, scopes, sites and expiry, and shows the key once with a call to try it', async () => {
  signInAs('ORGANIZATION_ADMIN');
  chooseSite(demoIds.brighton);
  const api = fakeKeysApi();
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'New API key' }));
  const dialog = await screen.findByRole('dialog', { name: 'New API key' });
  const form = within(dialog);
  await user.type(await form.findByRole('textbox', { name: /^Key name/ }), 'Fridge sensors');

  const scopes = form.getByRole('group', { name: /^Scopes/ });
  const readings = within(scopes).getByRole('checkbox', { name: 'Write sensor readings' });
  expect(readings).toHaveAccessibleDescription(/POST \/sensor\/api-key-ingest/);
  await user.click(readings);
  await user.click(within(scopes).getByRole('checkbox', { name: 'Read temperature logs' }));

  await user.click(form.getByRole('radio', { name: 'Only some sites' }));
  await user.click(await form.findByRole('combobox', { name: /^Sites it may act on/ }));
  await user.click(await screen.findByRole('option', { name: 'Manchester' }));
  await user.keyboard('{Escape}');

  await waitFor(() => expect(dialog.querySelector('input[id$="-expiresAt"]')).not.toBeNull());
  fireEvent.change(dialog.querySelector('input[id$="-expiresAt"]')!, { target: { value: '31/12/2030' } });
  await user.click(form.getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(api.to('api-key/create-new-one')).toHaveLength(1));
  expect(JSON.parse(api.to('api-key/create-new-one')[0]!.body)).toEqual({
    name: 'Fridge sensors',
    // In the catalogue's order, whatever order they were ticked in.
    scopes: ['temperature-logs:read', 'sensor-readings:write'],
    siteIDs: [demoIds.manchester],
    // The end of that day in Brighton's zone (GMT in December).
    expiresAt: '2030-12-31T23:59:59.999Z',
  });

  const shown = within(await screen.findByRole('dialog', { name: 'Key “Fridge sensors” made' }));
  expect(shown.getByText(/It will not be shown again/)).toBeInTheDocument();
  expect(shown.getByRole('textbox', { name: 'API key' })).toHaveValue(secret);
  const call = shown.getByRole('textbox', { name: 'Example call' });
  expect(call).toHaveValue(
    `curl -H "Authorization: Bearer ${secret}" "http://api.test/api/v1/temperature-logs/web-app-list-for-web"`,
  );
  // user-event stands in for the browser's clipboard.
  const writeText = jest.spyOn(navigator.clipboard, 'writeText');
  await user.click(shown.getByRole('button', { name: 'Copy key' }));
  expect(writeText).toHaveBeenLastCalledWith(secret);
  expect(await shown.findByText('Key copied to the clipboard.')).toBeInTheDocument();
  await user.click(shown.getByRole('button', { name: 'Copy the call' }));
  expect(writeText).toHaveBeenLastCalledWith((call as HTMLTextAreaElement).value);

  await user.click(shown.getByRole('button', { name: 'I have copied it' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: /made$/ })).toBeNull());
  expect(screen.queryByDisplayValue(secret)).toBeNull();
  expect(screen.queryByText(secret, { exact: false })).toBeNull();
});

test('a key needs a scope: the form says so on the field and sends nothing', async () => {
  signInAs('ORGANIZATION_ADMIN');
  const api = fakeKeysApi();
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'New API key' }));
  const form = within(await screen.findByRole('dialog', { name: 'New API key' }));
  await user.type(await form.findByRole('textbox', { name: /^Key name/ }), 'Fridge sensors');
  await user.click(form.getByRole('button', { name: 'Save' }));
  expect(await form.findByRole('group', { name: /^Scopes/ })).toHaveAccessibleDescription(
    'Choose at least one scope',
  );
  expect(api.to('api-key/create-new-one')).toHaveLength(0);
});

test('the API’s refusal of a field shows on that field, and no key is shown', async () => {
  signInAs('ORGANIZATION_ADMIN');
  const api = fakeKeysApi((sent) =>
    sent.path === 'api-key/create-new-one'
      ? fail(400, {
          message: 'Check the highlighted fields',
          error: 'VALIDATION_ERROR',
          details: { fieldErrors: { 'siteIDs.0': ['Choose sites of your organisation'] } },
        })
      : undefined,
  );
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'New API key' }));
  const dialog = await screen.findByRole('dialog', { name: 'New API key' });
  const form = within(dialog);
  await user.type(await form.findByRole('textbox', { name: /^Key name/ }), 'Fridge sensors');
  await user.click(form.getByRole('checkbox', { name: 'Read tasks' }));
  await user.click(form.getByRole('radio', { name: 'Only some sites' }));
  await user.click(await form.findByRole('combobox', { name: /^Sites it may act on/ }));
  await user.click(await screen.findByRole('option', { name: 'Brighton' }));
  await user.keyboard('{Escape}');
  await user.click(form.getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(api.to('api-key/create-new-one')).toHaveLength(1));
  expect(await form.findByRole('combobox', { name: /^Sites it may act on/ })).toHaveAccessibleDescription(
    'Choose sites of your organisation',
  );
  expect(screen.getByRole('dialog', { name: 'New API key' })).toBeInTheDocument();
  expect(screen.queryByRole('dialog', { name: /made$/ })).toBeNull();
});

test('revoking asks first, naming the key, then says it is done and the row shows it revoked', async () => {
  signInAs('ORGANIZATION_ADMIN');
  const api = fakeKeysApi();
  const user = userEvent.setup();
  renderPage();
  await screen.findByText('Sensor bridge');
  // A revoked key offers nothing more to do.
  expect(screen.queryByRole('button', { name: 'Revoke BI export' })).toBeNull();

  await user.click(await rowAction(user, 'Revoke Sensor bridge'));
  const confirm = within(await screen.findByRole('alertdialog', { name: 'Revoke “Sensor bridge”?' }));
  expect(confirm.getByText(/stops working at once/)).toBeInTheDocument();
  await user.click(confirm.getByRole('button', { name: 'Revoke' }));

  await waitFor(() => expect(api.to('api-key/revoke')).toHaveLength(1));
  expect(JSON.parse(api.to('api-key/revoke')[0]!.body)).toEqual({ _id: bridge._id });
  expect(await screen.findByText('API key revoked: its next call is refused')).toBeInTheDocument();
  const row = screen.getByText('Sensor bridge').closest<HTMLElement>('[role="row"]')!;
  await waitFor(() => expect(within(row).getByText('Revoked')).toBeInTheDocument());
  expect(screen.queryByRole('button', { name: 'Revoke Sensor bridge' })).toBeNull();
});

test('a site admin has no way to the keys: no card, and the screen says it is not theirs without asking the API', async () => {
  signInAs('SITE_ADMIN', { siteIds: [demoIds.brighton] });
  const api = fakeKeysApi();
  render(
    <MemoryRouter>
      <ApiKeysCard />
    </MemoryRouter>,
  );
  expect(screen.queryByRole('link', { name: 'Open API keys' })).toBeNull();

  renderPage();
  expect(await screen.findByRole('alert')).toHaveTextContent('You do not have access to API keys');
  expect(api.to('api-key/web-app-list')).toHaveLength(0);
});

test('organisation admins, and a platform admin acting in the organisation, find the way in', () => {
  signInAs('ORGANIZATION_ADMIN');
  const { unmount } = render(
    <MemoryRouter>
      <ApiKeysCard />
    </MemoryRouter>,
  );
  expect(screen.getByRole('link', { name: 'Open API keys' })).toHaveAttribute(
    'href',
    '/dashboard/organization/api-keys',
  );
  unmount();

  signInAs('ADMIN', { orgId: null });
  session.actInOrganization(demoIds.org);
  render(
    <MemoryRouter>
      <ApiKeysCard />
    </MemoryRouter>,
  );
  expect(screen.getByRole('link', { name: 'Open API keys' })).toBeInTheDocument();
});
