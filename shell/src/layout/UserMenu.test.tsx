import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@console/shared-sdk/router';
import { session } from '@console/shared-sdk';
import { loginResponse } from '@console/shared-sdk/testing';
import { UserMenu } from './UserMenu';

// Signed in as the testing kit's Ada Lovelace.
beforeEach(() => session.signIn(loginResponse()));
afterEach(() => session.signOut());

test('the account button’s name holds the initials it shows, and says whose account it is', () => {
  render(
    <MemoryRouter>
      <UserMenu />
    </MemoryRouter>,
  );
  const button = screen.getByRole('button', { name: /^Account of Ada Lovelace/ });
  expect(button).toHaveTextContent(/^AL$/);
  // WCAG 2.5.3 (label in name): what a voice user reads off the screen must be part of the name.
  expect(button).toHaveAccessibleName(expect.stringContaining(button.textContent ?? '') as string);
});

test('the e-mail in the open menu reads left to right on a right-to-left page', async () => {
  render(
    <MemoryRouter>
      <UserMenu />
    </MemoryRouter>,
  );
  screen.getByRole('button', { name: /^Account of Ada Lovelace/ }).click();
  const email = await screen.findByText(loginResponse().userData.email);
  expect(email.closest('bdi')).toHaveAttribute('dir', 'ltr');
});
