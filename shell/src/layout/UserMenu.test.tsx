import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@console/shared-sdk/router';
import { defineRulesFor, session } from '@console/shared-sdk';
import { UserMenu } from './UserMenu';

const user = {
  userID: '0190a000-0000-7000-8000-0000000000f1',
  role: 'ORGANIZATION_ADMIN' as const,
  orgId: '0190a000-0000-7000-8000-000000000001',
  siteIds: [],
};

beforeEach(() =>
  session.signIn({
    accessToken: 'token',
    refreshToken: 'refresh',
    userData: {
      ...user,
      firstName: 'Olivia',
      lastName: 'Bennett',
      email: 'owner@example.com',
      ability: defineRulesFor(user),
      accessToken: 'token',
    },
  }),
);
afterEach(() => session.signOut());

test('the account button’s name holds the initials it shows, and says whose account it is', () => {
  render(
    <MemoryRouter>
      <UserMenu />
    </MemoryRouter>,
  );
  const button = screen.getByRole('button', { name: /^Account of Olivia Bennett/ });
  expect(button).toHaveTextContent(/^OB$/);
  // WCAG 2.5.3 (label in name): what a voice user reads off the screen must be part of the name.
  expect(button).toHaveAccessibleName(expect.stringContaining(button.textContent ?? '') as string);
});
