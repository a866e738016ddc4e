import type { ReactNode } from 'react';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from '@console/shared-sdk/router';
import { session } from '@console/shared-sdk';
import { loginResponse } from '@console/shared-sdk/testing';
import { Layout } from './Layout';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

beforeEach(() => {
  // The bar's bell and site list ask the API; here every list is empty.
  jest
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () =>
      Response.json({ status: true, data: { list: [], records: 0, page: 1, limit: 10, unread: 0 } }),
    );
  session.signIn(loginResponse());
});
afterEach(() => {
  session.signOut();
  jest.restoreAllMocks();
});

/** The layout at /dashboard/profile with the given screens, once the profile screen shows. */
async function renderLayout(screens: { profile: ReactNode; sites?: ReactNode }) {
  render(
    <MemoryRouter initialEntries={['/dashboard/profile']}>
      <Routes>
        <Route path="/dashboard" element={<Layout />}>
          <Route path="profile" element={screens.profile} />
          <Route path="sites" element={screens.sites} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { name: 'Profile' });
}

/** Opens Sites from the desk's menu (the phone's drawer is mounted first, out of sight). */
async function openSitesFromMenu(user: ReturnType<typeof userEvent.setup>) {
  const menu = screen.getAllByRole('navigation', { name: 'Main menu' }).at(-1)!;
  await user.click(within(menu).getByRole('link', { name: 'Sites' }));
}

test('the first Tab stop is "Skip to main content", which moves focus to the screen', async () => {
  await renderLayout({
    profile: (
      <>
        <h1>Profile</h1>
        <button type="button">Edit profile</button>
      </>
    ),
  });
  await userEvent.tab();
  const skip = screen.getByRole('link', { name: 'Skip to main content' });
  expect(skip).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  expect(screen.getByRole('main')).toHaveFocus();
  // The next Tab goes on from the screen, not from the menu.
  await userEvent.tab();
  expect(screen.getByRole('button', { name: 'Edit profile' })).toHaveFocus();
});

test('a screen opened from the menu starts from the top: the first Tab is the skip link again', async () => {
  const user = userEvent.setup({ delay: null });
  await renderLayout({ profile: <h1>Profile</h1>, sites: <h1>Sites</h1> });
  await openSitesFromMenu(user);
  await screen.findByRole('heading', { name: 'Sites' });
  await user.tab();
  expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
});

test('a screen that puts the focus somewhere itself (as autoFocus does) keeps it there', async () => {
  const user = userEvent.setup({ delay: null });
  await renderLayout({
    profile: <h1>Profile</h1>,
    sites: <input aria-label="Search sites" ref={(input) => input?.focus()} />,
  });
  await openSitesFromMenu(user);
  expect(await screen.findByRole('textbox', { name: 'Search sites' })).toHaveFocus();
});
