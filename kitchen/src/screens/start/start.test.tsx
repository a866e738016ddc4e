import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, fakeApi, ok } from '@console/shared-sdk/testing';
import { defaultNotificationSettings, type Profile } from '@console/shared-sdk/profile';
import { kitchen } from '../../app/store';
import { storedDevice, storedPerson } from '../../local/people';
import { day, device, ids, loginAs, roster } from '../../test/fixtures';
import { renderKitchen, seriousViolations } from '../../test/kitchen';

const profile: Profile = {
  _id: ids.anna,
  userID: ids.anna,
  firstName: 'Anna',
  lastName: 'Nowak',
  email: 'anna@example.com',
  role: 'STAFF',
  mobileNumber: null,
  gender: null,
  orgId: ids.org,
  organizationName: 'Harbour & Vine',
  notificationSettings: defaultNotificationSettings,
  language: 'es',
  hasPin: false,
  dateFormat: 'SITE',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

test('a device nobody set up offers to sign in on a phone or to set up a shared tablet', async () => {
  const { container } = await renderKitchen('/');
  expect(await screen.findByRole('heading', { level: 1, name: 'Kitchen' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /Sign in on my phone/ })).toHaveAttribute('href', '/sign-in');
  expect(screen.getByRole('link', { name: /Set up a shared kitchen tablet/ })).toHaveAttribute(
    'href',
    '/enrol',
  );
  expect(screen.getByRole('region', { name: 'Sync status' })).toHaveTextContent('Online');
  expect(await seriousViolations(container)).toEqual([]);
});

describe('signing in on a phone', () => {
  async function signIn(password: string) {
    const user = userEvent.setup();
    await renderKitchen('/sign-in');
    await user.type(await screen.findByLabelText(/E-mail/), 'anna@example.com');
    await user.type(screen.getByLabelText(/^Password/), password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    return user;
  }

  test('with a wrong password, an inactive account or too many tries says so as the console does', async () => {
    let answer = fail(401, { message: 'The e-mail address or password is incorrect', error: 'UNAUTHORIZED' });
    fakeApi(() => answer.clone());
    await signIn('wrong');
    expect(await screen.findByText('The e-mail address or password is incorrect.')).toBeInTheDocument();

    answer = fail(403, {
      message:
        'This account has been deactivated. Ask your organisation admin if you should have access again.',
      error: 'FORBIDDEN',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/This account has been deactivated/)).toBeInTheDocument();

    answer = fail(429, {
      message: 'Too many failed sign-in attempts. Try again in 15 minute(s).',
      error: 'RATE_LIMITED',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText(/Too many failed sign-in attempts. Wait a few minutes/),
    ).toBeInTheDocument();
    expect(kitchen.getState().currentId).toBeNull();
  });

  test('offline, says that signing in needs a connection', async () => {
    fakeApi(() => {
      throw new TypeError('fetch failed');
    });
    await signIn('secret');
    expect(await screen.findByText(/Signing in needs a connection/)).toBeInTheDocument();
  });

  test('stores the person, speaks their language, offers a PIN, then shows their day', async () => {
    const api = fakeApi((sent) => {
      if (sent.path === 'authentication/mobile-app-login') return ok(loginAs(ids.anna), 'Signed in');
      if (sent.path === 'user-profile/view-me') return ok(profile);
      if (sent.path === 'task-new-version/today') return ok(day([]));
      return fail(404, { message: 'no', error: 'NOT_FOUND' });
    });
    const user = await signIn('secret');

    // The welcome, in Anna's language from her profile.
    expect(await screen.findByRole('heading', { name: 'Te damos la bienvenida, Anna' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    expect(screen.getByRole('link', { name: 'Elegir un PIN' })).toHaveAttribute('href', '/set-pin');
    expect(JSON.parse(api.to('authentication/mobile-app-login')[0]!.body)).toEqual({
      email: 'anna@example.com',
      password: 'secret',
    });
    expect(api.to('user-profile/view-me')[0]?.authorization).toBe('access-Anna-1');
    expect((await storedPerson(ids.anna))?.tokens?.refreshToken).toBe('refresh-Anna-1');

    await user.click(screen.getByRole('link', { name: 'Ir a hoy' }));
    expect(await screen.findByText('Hoy no tienes tareas.')).toBeInTheDocument();
    expect(api.to('task-new-version/today')[0]?.authorization).toBe('access-Anna-1');
  });
});

describe('setting up a shared tablet', () => {
  test('opened with ?enrol=, the code is filled in; enrolling shows the site’s names', async () => {
    const api = fakeApi((sent) => {
      if (sent.path === 'kitchen-device/enrol') return ok({ deviceToken: 'device-secret', device });
      if (sent.path === 'kitchen-device/people') return ok(roster);
      return fail(404, { message: 'no', error: 'NOT_FOUND' });
    });
    const user = userEvent.setup();
    const { container } = await renderKitchen('/?enrol=48219375');

    const code = await screen.findByLabelText(/Enrolment code/);
    expect(code).toHaveValue('48219375');
    expect(await seriousViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Enrol this tablet' }));

    expect(await screen.findByRole('heading', { name: 'Who are you?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Anna Nowak/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Ben Cole/ })).toBeInTheDocument();
    expect(JSON.parse(api.to('kitchen-device/enrol')[0]!.body)).toEqual({ code: '48219375' });
    expect(api.to('kitchen-device/people')[0]?.request.headers.get('x-device-token')).toBe('device-secret');
    expect(await storedDevice()).toMatchObject({ deviceToken: 'device-secret', siteName: 'Brighton' });
  });

  test('a code that is not 8 digits is refused before anything is sent; an expired one says so', async () => {
    const api = fakeApi(() => fail(404, { message: 'No such code', error: 'NOT_FOUND' }));
    const user = userEvent.setup();
    await renderKitchen('/enrol');
    await user.type(await screen.findByLabelText(/Enrolment code/), '1234');
    await user.click(screen.getByRole('button', { name: 'Enrol this tablet' }));
    expect(screen.getByLabelText(/Enrolment code/)).toHaveAccessibleDescription(/8 digits/);
    expect(api.sent).toHaveLength(0);

    await user.clear(screen.getByLabelText(/Enrolment code/));
    await user.type(screen.getByLabelText(/Enrolment code/), '4821-9375');
    await user.click(screen.getByRole('button', { name: 'Enrol this tablet' }));
    expect(await screen.findByText(/not valid or has expired/)).toBeInTheDocument();
    await waitFor(() => expect(api.sent).toHaveLength(1));
    expect(await storedDevice()).toBeNull();
  });
});
