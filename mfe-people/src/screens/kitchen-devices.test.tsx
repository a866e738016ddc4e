import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { notifyStore } from '@console/shared-sdk';
import type { KitchenDevice, KitchenDeviceWithCode } from '@console/shared-sdk/people';
import {
  chooseSite,
  fakeApi,
  listPage,
  offersRowAction,
  ok,
  renderOnSiteRoute,
  resetBrowserState,
  rowAction,
  signInAs,
  skippedHeadings,
  type Sent,
} from '@console/shared-sdk/testing';
import { KitchenDevicesScreen } from './kitchen-devices';
import { peopleIds } from './testing';

// Forms typed into on a shared, busy machine: the default 5 s per test is too tight.
jest.setTimeout(30_000);

const ids = {
  ...peopleIds,
  tablet: '0190a000-0000-7000-8000-0000000000d1',
  pass: '0190a000-0000-7000-8000-0000000000d2',
};

const kitchenTablet: KitchenDevice = {
  _id: ids.tablet,
  orgId: ids.org,
  name: 'Brighton kitchen tablet',
  siteID: ids.brighton,
  siteName: 'Brighton',
  timeZoneId: 'Europe/London',
  status: 'ENROLLED',
  enrolmentExpiresAt: null,
  // 08:10 in London on 27 November, and 12:30 on the 28th.
  enrolledAt: '2026-11-27T08:10:00.000Z',
  lastSeenAt: '2026-11-28T12:30:00.000Z',
  createdAt: '2026-11-27T08:00:00.000Z',
  revokedAt: null,
};
const passTablet: KitchenDevice = {
  ...kitchenTablet,
  _id: ids.pass,
  name: 'Brighton pass tablet',
  status: 'PENDING',
  enrolmentExpiresAt: '2026-11-28T13:00:00.000Z',
  enrolledAt: null,
  lastSeenAt: null,
};
const withCode = (device: KitchenDevice): KitchenDeviceWithCode => ({
  ...device,
  status: device.status === 'ENROLLED' ? 'ENROLLED' : 'PENDING',
  enrolmentExpiresAt: '2026-11-28T13:00:00.000Z',
  enrolmentCode: '4821-9375',
  enrolmentUrl: 'http://localhost:8080/kitchen/?enrol=48219375',
  qrCodeSvg: 'data:image/svg+xml;base64,PHN2Zy8+',
});

const writes = (sent: Sent[]) => sent.filter((s) => s.method !== 'GET');

/** The list, and each call the screen makes with the server's words. */
function devicesApi(rows: KitchenDevice[] = [kitchenTablet, passTablet]) {
  return fakeApi(({ method, path }) => {
    if (path === 'kitchen-device/web-app-list') return ok(listPage(rows));
    if (method === 'POST' && path === 'kitchen-device/create-new-one')
      return ok(withCode({ ...passTablet, name: 'Pastry tablet' }), 'Tablet added. Type the code on it');
    if (method === 'POST' && path === `kitchen-device/new-code/${ids.tablet}`)
      return ok(withCode(kitchenTablet), 'New code made');
    if (method === 'PUT' && path === `kitchen-device/update-one/${ids.tablet}`)
      return ok({ ...kitchenTablet, name: 'Grill tablet' }, 'Tablet renamed');
    if (method === 'PUT' && path === `kitchen-device/revoke/${ids.tablet}`)
      return ok({ ...kitchenTablet, status: 'REVOKED' }, 'Tablet revoked: it is signed out');
    return ok(null);
  });
}

const toasts = () => notifyStore.getState().toasts.map((toast) => toast.message);

beforeEach(() => {
  resetBrowserState();
  signInAs('SITE_ADMIN', { siteIds: [ids.brighton] });
  chooseSite(ids.brighton);
});

test('lists the site’s tablets with their status in words, and when each was enrolled and last seen on its clock', async () => {
  const api = devicesApi();
  renderOnSiteRoute(<KitchenDevicesScreen />);
  const row = (await screen.findByText('Brighton kitchen tablet')).closest('[role="row"]') as HTMLElement;
  expect(within(row).getByText('Enrolled')).toBeInTheDocument();
  expect(within(row).getByText('Brighton')).toBeInTheDocument();
  expect(within(row).getByText('28 Nov 2026, 12:30')).toBeInTheDocument();
  expect(within(row).getByText('27 Nov 2026, 08:10')).toBeInTheDocument();
  const waiting = screen.getByText('Brighton pass tablet').closest('[role="row"]') as HTMLElement;
  expect(within(waiting).getByText('Waiting to enrol')).toBeInTheDocument();
  expect(within(waiting).getByText('Never')).toBeInTheDocument();
  expect(within(waiting).getByText('Not yet')).toBeInTheDocument();
  const list = api.sent.find((s) => s.path === 'kitchen-device/web-app-list');
  expect(list?.query.get('siteID')).toBe(ids.brighton);
  expect(list?.query.get('sort')).toBe('name');
});

test('with no tablet yet, says how to enrol one', async () => {
  devicesApi([]);
  renderOnSiteRoute(<KitchenDevicesScreen />);
  expect(await screen.findByText(/^No kitchen tablets at this site yet\./)).toHaveTextContent(
    /Enrol a tablet the kitchen shares: you are shown a code to type on it, or a QR code to scan/,
  );
});

test('enrolling a tablet names it for the selected site, then shows its code large, its QR code, link and expiry once', async () => {
  const api = devicesApi();
  const user = userEvent.setup();
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  renderOnSiteRoute(<KitchenDevicesScreen />);
  await user.click((await screen.findAllByRole('button', { name: 'Enrol a tablet' }))[0]!);
  const form = screen.getByRole('dialog', { name: 'Enrol a tablet' });
  expect(await within(form).findByLabelText('Site')).toHaveValue('Brighton (Brighton)');
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  expect(await within(form).findByText('Tablet name is required')).toBeInTheDocument();
  expect(writes(api.sent)).toHaveLength(0);
  await user.type(within(form).getByLabelText(/^Tablet name/), 'Pastry tablet');
  await user.click(within(form).getByRole('button', { name: 'Save' }));

  const shown = await screen.findByRole('dialog', { name: 'Enrol “Pastry tablet”' });
  expect(JSON.parse(writes(api.sent)[0]!.body)).toEqual({ siteID: ids.brighton, name: 'Pastry tablet' });
  expect(within(shown).getByLabelText('Enrolment code')).toHaveTextContent('4821-9375');
  expect(within(shown).getByRole('img', { name: 'QR code that enrols “Pastry tablet”' })).toHaveAttribute(
    'src',
    'data:image/svg+xml;base64,PHN2Zy8+',
  );
  expect(within(shown).getByLabelText('Enrolment link')).toHaveValue(
    'http://localhost:8080/kitchen/?enrol=48219375',
  );
  expect(within(shown).getByText(/Works until/)).toHaveTextContent(
    'Works until 28 Nov 2026, 13:00 at Brighton.',
  );
  expect(within(shown).getByText(/shown once and works once/)).toBeInTheDocument();
  expect(skippedHeadings(shown, 1)).toEqual([]);
  expect(toasts()).toContain('Tablet added. Type the code on it');
  await user.click(within(shown).getByRole('button', { name: 'Copy link' }));
  expect(writeText).toHaveBeenCalledWith('http://localhost:8080/kitchen/?enrol=48219375');
  await user.click(within(shown).getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByLabelText('Enrolment code')).not.toBeInTheDocument());
});

test('a new code for an enrolled tablet asks first, then says the old tablet is signed out once it is used', async () => {
  const api = devicesApi();
  const user = userEvent.setup();
  renderOnSiteRoute(<KitchenDevicesScreen />);
  await screen.findByText('Brighton kitchen tablet');
  await user.click(await rowAction(user, 'New code Brighton kitchen tablet'));
  const confirm = screen.getByRole('alertdialog', { name: 'New code for “Brighton kitchen tablet”?' });
  expect(within(confirm).getByText(/keeps working until the new code is used/)).toBeInTheDocument();
  await user.click(within(confirm).getByRole('button', { name: 'New code' }));
  const shown = await screen.findByRole('dialog', { name: 'New code for “Brighton kitchen tablet”' });
  expect(within(shown).getByLabelText('Enrolment code')).toHaveTextContent('4821-9375');
  expect(within(shown).getByText(/the old one is signed out/)).toBeInTheDocument();
  expect(writes(api.sent).map((s) => s.path)).toEqual([`kitchen-device/new-code/${ids.tablet}`]);
});

test('revoking asks first, saying the tablet is signed out at once, and is sent once confirmed', async () => {
  const api = devicesApi();
  const user = userEvent.setup();
  renderOnSiteRoute(<KitchenDevicesScreen />);
  await screen.findByText('Brighton kitchen tablet');
  await user.click(await rowAction(user, 'Revoke Brighton kitchen tablet'));
  const confirm = screen.getByRole('alertdialog', { name: 'Revoke “Brighton kitchen tablet”?' });
  expect(within(confirm).getByText(/signed out at once/)).toBeInTheDocument();
  await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
  expect(writes(api.sent)).toHaveLength(0);
  await user.click(await rowAction(user, 'Revoke Brighton kitchen tablet'));
  await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
  await waitFor(() =>
    expect(writes(api.sent).map((s) => s.path)).toEqual([`kitchen-device/revoke/${ids.tablet}`]),
  );
  await waitFor(() => expect(toasts()).toContain('Tablet revoked: it is signed out'));
});

test('renaming sends the new name alone, to the tablet’s own address', async () => {
  const api = devicesApi();
  const user = userEvent.setup();
  renderOnSiteRoute(<KitchenDevicesScreen />);
  await screen.findByText('Brighton kitchen tablet');
  await user.click(await rowAction(user, 'Edit Brighton kitchen tablet'));
  const form = screen.getByRole('dialog', { name: 'Edit tablet' });
  expect(await within(form).findByLabelText('Site')).toHaveValue('Brighton');
  const name = within(form).getByLabelText(/^Tablet name/);
  await user.clear(name);
  await user.type(name, 'Grill tablet');
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(writes(api.sent)).toHaveLength(1));
  const sent = writes(api.sent)[0]!;
  expect([sent.method, sent.path]).toEqual(['PUT', `kitchen-device/update-one/${ids.tablet}`]);
  expect(JSON.parse(sent.body)).toEqual({ name: 'Grill tablet' });
  await waitFor(() => expect(toasts()).toContain('Tablet renamed'));
});

test('a revoked tablet offers no new code and no revoke', async () => {
  devicesApi([{ ...kitchenTablet, status: 'REVOKED', revokedAt: '2026-11-28T12:40:00.000Z' }]);
  const user = userEvent.setup();
  renderOnSiteRoute(<KitchenDevicesScreen />);
  expect(await screen.findByText('Revoked')).toBeInTheDocument();
  expect(await offersRowAction(user, 'New code Brighton kitchen tablet')).toBe(false);
  expect(await offersRowAction(user, 'Revoke Brighton kitchen tablet')).toBe(false);
});

test('a site admin of another site cannot enrol, give a new code or revoke here', async () => {
  signInAs('SITE_ADMIN', { siteIds: [ids.manchester] });
  devicesApi();
  const user = userEvent.setup();
  renderOnSiteRoute(<KitchenDevicesScreen />);
  await screen.findByText('Brighton kitchen tablet');
  expect(screen.queryByRole('button', { name: 'Enrol a tablet' })).not.toBeInTheDocument();
  expect(await offersRowAction(user, 'New code Brighton kitchen tablet')).toBe(false);
  expect(await offersRowAction(user, 'Revoke Brighton kitchen tablet')).toBe(false);
});
