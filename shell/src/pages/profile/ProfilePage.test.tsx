import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from '@console/shared-sdk/router';
import { fail, fakeApi, loginResponse, ok, resetBrowserState } from '@console/shared-sdk/testing';
import { session } from '@console/shared-sdk';
import { defaultNotificationSettings } from '@console/shared-sdk/contract';
import { ProfilePage } from './ProfilePage';

const profile = {
  _id: '0190a000-0000-7000-8000-0000000000e1',
  userID: '0190a000-0000-7000-8000-000000000001',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  role: 'ORGANIZATION_ADMIN',
  mobileNumber: null,
  gender: null,
  orgId: '0190a000-0000-7000-8000-0000000000b1',
  organizationName: 'Harbour Group',
  notificationSettings: defaultNotificationSettings,

  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
};

async function renderPasswordForm() {
  const api = fakeApi((sent) => {
    if (sent.path === 'user-profile/view-me') return ok(profile);
    if (sent.path === 'user-profile/change-password') return ok(null, 'Password changed');
    return fail(404, { message: 'Not found' });
  });
  // No pause between keystrokes: three passwords typed in full take a while on a busy machine.
  const user = userEvent.setup({ delay: null });
  render(
    <MemoryRouter>
      <ProfilePage />
    </MemoryRouter>,
  );
  const card = (await screen.findByText('Change password', { selector: '.MuiCardHeader-title' })).closest(
    '.MuiCard-root',
  ) as HTMLElement;
  return { api, user, card: within(card) };
}

beforeEach(() => {
  resetBrowserState();
  session.signIn(loginResponse());
});

describe('changing the password', () => {
  it('hides the passwords, names them for password managers and can show one', async () => {
    const { card, user } = await renderPasswordForm();
    const current = await card.findByLabelText(/Current password/);
    const fresh = card.getByLabelText(/^New password/);
    const repeat = card.getByLabelText(/Repeat the new password/);
    for (const input of [current, fresh, repeat]) expect(input).toHaveAttribute('type', 'password');
    expect(current).toHaveAttribute('autocomplete', 'current-password');
    expect(fresh).toHaveAttribute('autocomplete', 'new-password');
    expect(repeat).toHaveAttribute('autocomplete', 'new-password');
    // The account whose password changes, for the password manager (not shown).
    const username = document.querySelector('input[autocomplete="username"]');
    expect(username).toHaveValue('ada@example.com');
    expect(username).not.toBeVisible();

    await user.type(current, 'old-Passw0rd!');
    await user.click(card.getAllByRole('button', { name: 'Show password' })[0]!);
    expect(current).toHaveAttribute('type', 'text');
    expect(current).toHaveValue('old-Passw0rd!');
  });

  it('sends with one click after a field error is fixed', async () => {
    const { card, user, api } = await renderPasswordForm();
    const submit = card.getByRole('button', { name: 'Change password' });
    await user.type(card.getByLabelText(/Current password/), 'old-Passw0rd!');
    await user.type(card.getByLabelText(/^New password/), 'new-Passw0rd!2026');
    await user.type(card.getByLabelText(/Repeat the new password/), 'new-Passw0rd!2025');
    await user.click(submit);
    const repeat = card.getByLabelText(/Repeat the new password/);
    expect(repeat).toHaveAccessibleDescription('The two passwords are not the same');

    await user.clear(repeat);
    await user.type(repeat, 'new-Passw0rd!2026');
    // Fixed while typing: pressing the button changes nothing above it before the click lands.
    expect(repeat).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(submit);

    await waitFor(() => expect(api.to('user-profile/change-password')).toHaveLength(1));
    expect(JSON.parse(api.to('user-profile/change-password')[0]!.body)).toEqual({
      currentPassword: 'old-Passw0rd!',
      newPassword: 'new-Passw0rd!2026',
    });
  }, 15_000);
});

describe('changing the e-mail address', () => {
  it('needs the current password, and sends it only when the address changes', async () => {
    const api = fakeApi((sent) => {
      if (sent.path === 'user-profile/view-me') return ok(profile);
      if (sent.path === 'user-profile/update-me') {
        const body = JSON.parse(sent.body) as { email: string };
        return ok({ userID: profile.userID, profile: { ...profile, ...body } }, 'Profile saved');
      }
      return fail(404, { message: 'Not found' });
    });
    const user = userEvent.setup({ delay: null });
    render(
      <MemoryRouter>
        <ProfilePage />
      </MemoryRouter>,
    );
    const card = within(
      (await screen.findByText('Your details', { selector: '.MuiCardHeader-title' })).closest(
        '.MuiCard-root',
      ) as HTMLElement,
    );
    const save = card.getByRole('button', { name: 'Save details' });

    // A new name alone needs no password, and none is sent.
    await user.clear(card.getByLabelText(/First name/));
    await user.type(card.getByLabelText(/First name/), 'Augusta');
    await user.click(save);
    await waitFor(() => expect(api.to('user-profile/update-me')).toHaveLength(1));
    expect(JSON.parse(api.to('user-profile/update-me')[0]!.body)).not.toHaveProperty('currentPassword');

    // A new address without the password is refused in the form; with it, the password goes along.
    await user.clear(card.getByLabelText(/E-mail/));
    await user.type(card.getByLabelText(/E-mail/), 'augusta@example.com');
    await user.click(save);
    const password = card.getByLabelText(/Current password/);
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAccessibleDescription('Enter your current password to change your e-mail address');
    expect(api.to('user-profile/update-me')).toHaveLength(1);

    await user.type(password, 'old-Passw0rd!');
    await user.click(save);
    await waitFor(() => expect(api.to('user-profile/update-me')).toHaveLength(2));
    expect(JSON.parse(api.to('user-profile/update-me')[1]!.body)).toMatchObject({
      email: 'augusta@example.com',
      currentPassword: 'old-Passw0rd!',
    });
  }, 15_000);
});

describe('the date format', () => {
  it('is saved with the profile and kept in the session, so the console writes dates the chosen way at once', async () => {
    const api = fakeApi((sent) => {
      if (sent.path === 'user-profile/view-me') return ok(profile);
      if (sent.path === 'user-profile/update-me') {
        const body = JSON.parse(sent.body) as object;
        return ok({ userID: profile.userID, profile: { ...profile, ...body } }, 'Profile saved');
      }
      return fail(404, { message: 'Not found' });
    });
    const user = userEvent.setup({ delay: null });
    render(
      <MemoryRouter>
        <ProfilePage />
      </MemoryRouter>,
    );
    const card = within(
      (await screen.findByText('Your details', { selector: '.MuiCardHeader-title' })).closest(
        '.MuiCard-root',
      ) as HTMLElement,
    );
    // A profile from before the choice writes dates as each site does.
    const dateFormat = card.getByRole('combobox', { name: 'Date format' });
    expect(dateFormat).toHaveTextContent('As each site writes them');

    await user.click(dateFormat);
    await user.click(
      await screen.findByRole('option', { name: 'Month first, 12-hour clock (Nov 28, 2026, 5:30 PM)' }),
    );
    await user.click(card.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(api.to('user-profile/update-me')).toHaveLength(1));
    expect(JSON.parse(api.to('user-profile/update-me')[0]!.body)).toMatchObject({
      firstName: 'Ada',
      dateFormat: 'en-US',
    });
    await waitFor(() => expect(session.get().userData?.dateFormat).toBe('en-US'));
    // Kept with the session, so the next page load writes dates the same way; the session is the same.
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}')).toMatchObject({ dateFormat: 'en-US' });
    expect(session.get()).toMatchObject({ accessToken: loginResponse().accessToken, isAdminToken: false });
  }, 15_000);
});

describe('notification settings', () => {
  function renderSettings() {
    const api = fakeApi((sent) => {
      if (sent.path === 'user-profile/view-me') return ok(profile);
      if (sent.path === 'user-profile/change-notification-settings')
        return ok({ ...profile.notificationSettings, ...(JSON.parse(sent.body) as object) });
      return fail(404, { message: 'Not found' });
    });
    const user = userEvent.setup({ delay: null });
    render(
      <MemoryRouter>
        <ProfilePage />
      </MemoryRouter>,
    );
    return { api, user };
  }

  it('saves each switch as it changes, the bell and every site for an organisation admin included', async () => {
    const { api, user } = renderSettings();
    const everySite = await screen.findByRole('switch', { name: /Hear of every site/ });
    expect(everySite).toBeChecked();
    await user.click(everySite);
    await user.click(screen.getByRole('switch', { name: 'Opening or closing checks are missed: by e-mail' }));
    await user.click(
      screen.getByRole('switch', { name: 'A temperature reading fails its limits: in the bell' }),
    );
    await waitFor(() => expect(api.to('user-profile/change-notification-settings')).toHaveLength(3));
    expect(api.to('user-profile/change-notification-settings').map((sent) => JSON.parse(sent.body))).toEqual([
      { allSites: false },
      { checksMissed: false },
      { temperatureFailureInConsole: false },
    ]);
    expect(
      screen.getByRole('switch', { name: 'A temperature reading fails its limits: by e-mail at once' }),
    ).toBeChecked();
  });

  it('turning the bell off greys out every kind’s bell switch, and the weekly summary is e-mail only', async () => {
    const { user } = renderSettings();
    const bellSwitch = await screen.findByRole('switch', { name: /Show alerts under the bell/ });
    const overdueInBell = screen.getByRole('switch', {
      name: 'A task becomes overdue at one of my sites: in the bell',
    });
    expect(overdueInBell).toBeEnabled();
    await user.click(bellSwitch);
    await waitFor(() => expect(overdueInBell).toBeDisabled());
    const weekly = screen.getByRole('row', { name: /weekly summary/ });
    expect(within(weekly).getAllByRole('switch')).toHaveLength(1);
    expect(within(weekly).getByText('By e-mail only')).toBeInTheDocument();
  });
});
