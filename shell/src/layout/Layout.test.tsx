import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from '@console/shared-sdk/router';
import { defineRulesFor, session } from '@console/shared-sdk';
import { Layout } from './Layout';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

const user = {
  userID: '0190a000-0000-7000-8000-0000000000f1',
  role: 'ORGANIZATION_ADMIN' as const,
  orgId: '0190a000-0000-7000-8000-000000000001',
  siteIds: [],
};

beforeEach(() => {
  // The bar's bell and site list ask the API; here every list is empty.
  jest
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () =>
      Response.json({ status: true, data: { list: [], records: 0, page: 1, limit: 10, unread: 0 } }),
    );
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
  });
});
afterEach(() => {
  session.signOut();
  jest.restoreAllMocks();
});

test('the first Tab stop is "Skip to content", which moves focus to the screen', async () => {
  render(
    <MemoryRouter initialEntries={['/dashboard/profile']}>
      <Routes>
        <Route path="/dashboard" element={<Layout />}>
          <Route
            path="profile"
            element={
              <>
                <h1>Profile</h1>
                <button type="button">Edit profile</button>
              </>
            }
          />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { name: 'Profile' });
  await userEvent.tab();
  const skip = screen.getByRole('link', { name: 'Skip to content' });
  expect(skip).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  expect(screen.getByRole('main')).toHaveFocus();
  // The next Tab goes on from the screen, not from the menu.
  await userEvent.tab();
  expect(screen.getByRole('button', { name: 'Edit profile' })).toHaveFocus();
});
