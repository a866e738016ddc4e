import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ssoSignInErrorLabels } from '@console/shared-sdk/contract';
import { MemoryRouter } from '@console/shared-sdk/router';
import { fakeApi, ok, resetBrowserState } from '@console/shared-sdk/testing';
import { LoginPage } from './LoginPage';

beforeEach(() => resetBrowserState());

test('the sign-in page leads to the public pack check, for someone without an account', () => {
  render(
    <MemoryRouter initialEntries={['/login']}>
      <LoginPage />
    </MemoryRouter>,
  );
  expect(screen.getByRole('link', { name: 'Verify an inspection pack' })).toHaveAttribute('href', '/verify');
});

const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <LoginPage />
    </MemoryRouter>,
  );

test('sent back from the identity provider without a sign-in, the page says why in words', () => {
  renderAt('/login?sso_error=DOMAIN');
  expect(screen.getByText(ssoSignInErrorLabels.DOMAIN)).toBeInTheDocument();
});

test('a refusal code the page does not know reads as a failed sign-in, never as the code', () => {
  renderAt('/login?sso_error=SOMETHING_NEW');
  expect(screen.getByText(ssoSignInErrorLabels.PROVIDER)).toBeInTheDocument();
  expect(screen.queryByText(/SOMETHING_NEW/)).not.toBeInTheDocument();
});

test('an address of a domain with single sign-on is offered it, with the organisation’s name', async () => {
  fakeApi((sent) =>
    sent.path === 'authentication/sso-discover'
      ? ok({ covered: true, organizationName: 'Harbour & Vine', required: false })
      : ok(null),
  );
  renderAt('/login?returnTo=/dashboard/task');
  await userEvent
    .setup()
    .type(screen.getByRole('textbox', { name: /e-mail/i }), 'marcus@harbourvine.example');
  expect(
    await screen.findByRole('button', { name: 'Continue with single sign-on (Harbour & Vine)' }),
  ).toBeInTheDocument();
  expect(screen.getByLabelText(/^password/i)).toBeInTheDocument();
});
