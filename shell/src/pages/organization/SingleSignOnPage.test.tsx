import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { SsoProvider, SsoSettings } from '@console/shared-sdk/organization';
import {
  demoIds,
  fail,
  fakeApi,
  ok,
  renderWithRouter,
  resetBrowserState,
  signInAs,
  type Sent,
} from '@console/shared-sdk/testing';
import { SingleSignOnCard } from './SingleSignOnCard';
import { SingleSignOnPage } from './SingleSignOnPage';

const redirectUri = 'https://console.harbourvine.example/api/v1/authentication/sso-callback';
const olivia = {
  _id: '0190a000-0000-7000-8000-0000000000a7',
  fullName: 'Olivia Bennett',
  email: 'olivia@harbourvine.example',
};
const saved: SsoProvider = {
  issuer: 'https://login.microsoftonline.com/7f0c1a2b-0000-4000-8000-000000000001/v2.0',
  clientId: 'a1b2c3d4-console',
  clientSecretSet: true,
  domains: ['harbourvine.example'],
  enabled: true,
  createOnFirstSignIn: true,
  defaultRole: 'SITE_ADMIN',
  defaultSiteIds: [demoIds.brighton],
  requireSso: true,
  breakGlassUserId: olivia._id,
  updatedAt: '2026-01-05T10:00:00.000Z',
};
const settingsWith = (provider: SsoProvider | null): SsoSettings => ({
  redirectUri,
  provider,
  breakGlassChoices: [olivia],
});

function fakeSsoApi(provider: SsoProvider | null, onUpdate?: (sent: Sent) => Response) {
  return fakeApi((sent) => {
    switch (sent.path) {
      case 'sso-provider/view-one':
        return ok(settingsWith(provider));
      case 'sso-provider/update-one':
        return (
          onUpdate?.(sent) ??
          ok(settingsWith({ ...saved, ...(JSON.parse(sent.body) as object) }), 'Single sign-on saved')
        );
      case 'site-panel/simple-list':
        return ok([
          { _id: demoIds.brighton, name: 'Brighton Seafront' },
          { _id: demoIds.manchester, name: 'Manchester Deansgate' },
        ]);
      default:
        return ok(null);
    }
  });
}

// The dialog's fields load as chunks of their own, slowly on a busy machine.
jest.setTimeout(60_000);

beforeEach(() => {
  resetBrowserState();
  signInAs('ORGANIZATION_ADMIN');
});

test('before it is set up: the redirect address to copy, and what to do', async () => {
  fakeSsoApi(null);
  const user = userEvent.setup();
  renderWithRouter(<SingleSignOnPage />, '/dashboard/organization/single-sign-on');

  expect(await screen.findByText(redirectUri)).toBeInTheDocument();
  expect(screen.getByText(/Single sign-on is not set up/)).toBeInTheDocument();
  // user-event stands in for the browser's clipboard.
  const writeText = jest.spyOn(navigator.clipboard, 'writeText');
  await user.click(screen.getByRole('button', { name: 'Copy' }));
  expect(writeText).toHaveBeenCalledWith(redirectUri);
});

test('setting it up sends the form as the contract has it, and shows the secret only as set', async () => {
  const api = fakeSsoApi(null);
  const user = userEvent.setup();
  renderWithRouter(<SingleSignOnPage />, '/dashboard/organization/single-sign-on');
  await user.click(await screen.findByRole('button', { name: 'Set up single sign-on' }));
  const form = within(await screen.findByRole('dialog', { name: 'Set up single sign-on' }));
  const fill = async (field: HTMLElement, text: string) => {
    await user.click(field);
    await user.paste(text);
  };
  await fill(await form.findByRole('textbox', { name: /^Issuer/ }), saved.issuer);
  await fill(form.getByRole('textbox', { name: /^Client ID/ }), saved.clientId);
  await fill(form.getByLabelText(/^Client secret/), 'very-secret-value');
  await fill(
    form.getByRole('textbox', { name: /^E-mail domains/ }),
    'HarbourVine.example\nharbourvine.co.uk',
  );
  await user.click(form.getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(api.to('sso-provider/update-one')).toHaveLength(1));
  expect(JSON.parse(api.to('sso-provider/update-one')[0]?.body ?? '')).toEqual({
    issuer: saved.issuer,
    clientId: saved.clientId,
    clientSecret: 'very-secret-value',
    domains: ['harbourvine.example', 'harbourvine.co.uk'],
    enabled: true,
    createOnFirstSignIn: false,
    defaultRole: 'SITE_ADMIN',
    defaultSiteIds: [],
    requireSso: false,
    breakGlassUserId: null,
  });
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(await screen.findByText('Set')).toBeInTheDocument();
  expect(screen.queryByText('very-secret-value')).toBeNull();
});

test('the saved provider in words; edited without a new secret, the saved one is kept', async () => {
  const api = fakeSsoApi(saved);
  const user = userEvent.setup();
  renderWithRouter(<SingleSignOnPage />, '/dashboard/organization/single-sign-on');
  expect(
    await screen.findByText('Off for the console, but for Olivia Bennett (break-glass admin)'),
  ).toBeInTheDocument();
  expect(screen.getByText('Set')).toBeInTheDocument();
  expect(screen.getByText('harbourvine.example')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Edit' }));
  const form = within(await screen.findByRole('dialog', { name: 'Edit single sign-on' }));
  expect(await form.findByRole('textbox', { name: /^Issuer/ })).toHaveValue(saved.issuer);
  expect(form.getByLabelText(/^Client secret/)).toHaveValue('');
  await user.click(form.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.to('sso-provider/update-one')).toHaveLength(1));
  const sent = JSON.parse(api.to('sso-provider/update-one')[0]?.body ?? '') as Record<string, unknown>;
  expect(sent).not.toHaveProperty('clientSecret');
  expect(sent).toMatchObject({
    requireSso: true,
    breakGlassUserId: olivia._id,
    defaultSiteIds: [demoIds.brighton],
  });
});

test('a new client ID without its secret, or a bad domain, is refused in the form before anything is sent', async () => {
  const api = fakeSsoApi(saved);
  const user = userEvent.setup();
  renderWithRouter(<SingleSignOnPage />, '/dashboard/organization/single-sign-on');
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  const form = within(await screen.findByRole('dialog', { name: 'Edit single sign-on' }));
  const clientId = await form.findByRole('textbox', { name: /^Client ID/ });
  await user.clear(clientId);
  await user.paste('another-client');
  await user.click(form.getByRole('textbox', { name: /^E-mail domains/ }));
  await user.paste('\nnot a domain');
  await user.click(form.getByRole('button', { name: 'Save' }));
  expect(
    await form.findByText('Enter the client secret again: the issuer or client ID changed'),
  ).toBeInTheDocument();
  expect(form.getByText('not: Must be a domain name such as example.com')).toBeInTheDocument();
  expect(api.to('sso-provider/update-one')).toHaveLength(0);
});

test('the server’s refusal shows at its field: an issuer it could not read, a domain another organisation has', async () => {
  fakeSsoApi(saved, () =>
    fail(409, {
      message: 'harbourvine.example is already covered by another organisation’s single sign-on',
      error: 'CONFLICT',
      details: {
        fieldErrors: {
          domains: ['harbourvine.example is already covered by another organisation’s single sign-on'],
        },
      },
    }),
  );
  const user = userEvent.setup();
  renderWithRouter(<SingleSignOnPage />, '/dashboard/organization/single-sign-on');
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  const form = within(await screen.findByRole('dialog', { name: 'Edit single sign-on' }));
  await user.click(await form.findByRole('button', { name: 'Save' }));
  expect(
    await form.findByText('harbourvine.example is already covered by another organisation’s single sign-on'),
  ).toBeInTheDocument();
});

test('the organisation page leads its admins to single sign-on, and not its site admins', () => {
  const { unmount } = renderWithRouter(<SingleSignOnCard />, '/dashboard/organization');
  expect(screen.getByRole('link', { name: 'Open single sign-on' })).toHaveAttribute(
    'href',
    '/dashboard/organization/single-sign-on',
  );
  unmount();
  signInAs('SITE_ADMIN', { siteIds: [demoIds.brighton] });
  renderWithRouter(<SingleSignOnCard />, '/dashboard/organization');
  expect(screen.queryByRole('link', { name: 'Open single sign-on' })).toBeNull();
});
