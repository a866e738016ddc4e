import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import {
  chooseSite,
  demoIds,
  fakeApi,
  listPage,
  offersRowAction,
  onAPhone,
  ok,
  renderOnSiteRoute,
  resetBrowserState,
  rowAction,
  signInAs,
  skippedHeadings,
  type Sent,
} from '@console/shared-sdk/testing';
import type { Sensor } from '@console/shared-sdk/equipment';
import { DeviceKeyDialog, SensorsScreen, SensorStatusChip } from './sensors';

// Forms typed into on a shared, busy machine: the default 5 s per test is too tight.
jest.setTimeout(20_000);

const ids = {
  ...demoIds,
  sensor: '0190a000-0000-7000-8000-0000000000e1',
  fridge: '0190a000-0000-7000-8000-0000000000e2',
  shelf: '0190a000-0000-7000-8000-0000000000e3',
};
const stamps = { createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z' };
const walkIn: Sensor = {
  _id: ids.sensor,
  orgId: ids.org,
  siteID: ids.brighton,
  name: 'Walk-in probe 1',
  temperatureItemID: ids.shelf,
  foodItemID: null,
  item: { _id: ids.shelf, kind: 'TEMPERATURE_ITEM', name: 'Top shelf', equipmentName: 'Walk-in fridge' },
  keyPrefix: 'sk_AbCdEf',
  keyCreatedAt: stamps.createdAt,
  revokedAt: null,
  lastSeenAt: '2026-11-01T10:05:00.000Z',
  lastReadAt: '2026-11-01T10:05:00.000Z',
  lastCelsius: 3.6,
  excursionSince: null,
  offlineSince: null,
  status: 'ONLINE',
  ...stamps,
};
const deviceKey = 'sk_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg';

const posts = (sent: Sent[]) => sent.filter((s) => s.method === 'POST' || s.method === 'PUT');

beforeEach(() => {
  resetBrowserState();
  signInAs('ORGANIZATION_ADMIN');
  chooseSite(ids.brighton);
});

/** The list, the site's fridges and probes, and a create or rotation that answers the key. */
function sensorApi(rows: Sensor[] = [walkIn]) {
  return fakeApi(({ method, path }) => {
    if (path === 'sensor/web-app-list') return ok(listPage(rows));
    if (path.startsWith('masterType/find-by-siteID/'))
      return ok([
        {
          _id: ids.fridge,
          orgId: ids.org,
          siteID: ids.brighton,
          name: 'Walk-in fridge',
          type: 'FRIDGE',
          temperatureItems: [
            { _id: ids.shelf, name: 'Top shelf', location: '', lowerLimit: null, upperLimit: 5 },
          ],
          ...stamps,
        },
      ]);
    if (path === 'foodItem/web-app-list') return ok(listPage([]));
    if (method === 'POST' && path === 'sensor/create-new-one')
      return ok({ ...walkIn, status: 'NEVER_SEEN', lastSeenAt: null, deviceKey }, 'Sensor created');
    if (method === 'PUT' && path === `sensor/rotate-key/${ids.sensor}`)
      return ok({ ...walkIn, deviceKey }, 'New key made');
    if (method === 'PUT' && path === `sensor/revoke-key/${ids.sensor}`)
      return ok({ ...walkIn, status: 'REVOKED', revokedAt: stamps.updatedAt }, 'Sensor key revoked');
    return ok(null);
  });
}

test('lists the site’s sensors with what they log, a status in words and the last reading; never a key', async () => {
  const api = sensorApi([walkIn, { ...walkIn, _id: ids.fridge, name: 'Cellar', status: 'OFFLINE' }]);
  renderOnSiteRoute(<SensorsScreen />);
  expect(await screen.findByText('Walk-in probe 1')).toBeInTheDocument();
  expect(screen.getAllByText('Walk-in fridge · Top shelf')).toHaveLength(2);
  expect(screen.getByText('Online')).toBeInTheDocument();
  expect(screen.getByText('Offline')).toBeInTheDocument();
  expect(screen.getAllByText('3.6 °C')).toHaveLength(2);
  expect(api.sent.find((s) => s.path === 'sensor/web-app-list')?.query.get('siteID')).toBe(ids.brighton);
});

test('registering a sensor shows its key once, with a copy button and the warning it will not be shown again', async () => {
  const api = sensorApi();
  const user = userEvent.setup();
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  renderOnSiteRoute(<SensorsScreen />);
  await user.click((await screen.findAllByRole('button', { name: 'Add sensor' }))[0]!);
  const form = screen.getByRole('dialog', { name: 'Add sensor' });
  await user.type(await within(form).findByLabelText(/^Sensor name/), 'Walk-in probe 1');
  await user.click(within(form).getByLabelText(/^What it logs/));
  await user.click(await screen.findByRole('option', { name: 'Walk-in fridge · Top shelf' }));
  await user.click(within(form).getByRole('button', { name: 'Save' }));

  const shown = await screen.findByRole('dialog', { name: 'Sensor “Walk-in probe 1” registered' });
  expect(within(shown).getByLabelText('Device key')).toHaveValue(deviceKey);
  expect(within(shown).getByText(/You will not see it again/)).toBeInTheDocument();
  await user.click(within(shown).getByRole('button', { name: 'Copy key' }));
  expect(writeText).toHaveBeenCalledWith(deviceKey);
  expect(await within(shown).findByText('Copied to the clipboard.')).toBeInTheDocument();
  const sent = posts(api.sent).find((s) => s.path === 'sensor/create-new-one');
  expect(JSON.parse(sent!.body)).toEqual({
    siteID: ids.brighton,
    name: 'Walk-in probe 1',
    temperatureItemID: ids.shelf,
  });
  await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
  await waitFor(() => expect(screen.queryByLabelText('Device key')).not.toBeInTheDocument());
});

test('a sensor without a name or an item is refused in the form, and nothing is sent', async () => {
  const api = sensorApi([]);
  const user = userEvent.setup();
  renderOnSiteRoute(<SensorsScreen />);
  await user.click((await screen.findAllByRole('button', { name: 'Add sensor' }))[0]!);
  const form = screen.getByRole('dialog', { name: 'Add sensor' });
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  expect(await within(form).findByText('Sensor name is required')).toBeInTheDocument();
  expect(
    within(form).getByText('Choose the temperature item or the probe the sensor logs'),
  ).toBeInTheDocument();
  expect(posts(api.sent)).toHaveLength(0);
});

test('rotating a key asks first, then shows the new key once', async () => {
  const api = sensorApi();
  const user = userEvent.setup();
  renderOnSiteRoute(<SensorsScreen />);
  await screen.findByText('Walk-in probe 1');
  // More than three actions a row: View and Edit stay, the rest are under "More actions".
  await user.click(await rowAction(user, 'Rotate key Walk-in probe 1'));
  const confirm = screen.getByRole('alertdialog', { name: 'Rotate the key of “Walk-in probe 1”?' });
  await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
  expect(posts(api.sent)).toHaveLength(0);

  await user.click(await rowAction(user, 'Rotate key Walk-in probe 1'));
  await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Rotate key' }));
  const shown = await screen.findByRole('dialog', { name: 'New key for “Walk-in probe 1”' });
  expect(within(shown).getByLabelText('Device key')).toHaveValue(deviceKey);
  expect(within(shown).getByText('The old key is refused from now on.')).toBeInTheDocument();
  expect(posts(api.sent).map((s) => s.path)).toEqual([`sensor/rotate-key/${ids.sensor}`]);
});

test('revoking a key asks first and is sent once confirmed', async () => {
  const api = sensorApi();
  const user = userEvent.setup();
  renderOnSiteRoute(<SensorsScreen />);
  await screen.findByText('Walk-in probe 1');
  await user.click(await rowAction(user, 'Revoke key Walk-in probe 1'));
  const confirm = screen.getByRole('alertdialog', { name: 'Revoke the key of “Walk-in probe 1”?' });
  expect(within(confirm).getByText(/refused from now on/)).toBeInTheDocument();
  await user.click(within(confirm).getByRole('button', { name: 'Revoke key' }));
  await waitFor(() =>
    expect(posts(api.sent).map((s) => s.path)).toEqual([`sensor/revoke-key/${ids.sensor}`]),
  );
});

test('a site admin of another site cannot add, rotate or revoke', async () => {
  signInAs('SITE_ADMIN', { siteIds: [ids.manchester] });
  sensorApi();
  const user = userEvent.setup();
  renderOnSiteRoute(<SensorsScreen />);
  // A site admin of another site sees nothing of Brighton's sensors to change.
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Add sensor' })).not.toBeInTheDocument());
  await screen.findByText('Walk-in probe 1');
  expect(await offersRowAction(user, 'Rotate key Walk-in probe 1')).toBe(false);
});

test('each status reads as words', () => {
  render(
    <>
      <SensorStatusChip status="NEVER_SEEN" />
      <SensorStatusChip status="REVOKED" />
    </>,
  );
  expect(screen.getByText('Never seen')).toBeInTheDocument();
  expect(screen.getByText('Key revoked')).toBeInTheDocument();
  render(<DeviceKeyDialog shown={null} onClose={() => undefined} />);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('a sensor’s times, its key’s date too, are written in the console’s date style on the site’s clock', async () => {
  // Half past midday in London on Saturday 21 November is already Sunday the 22nd in Auckland.
  chooseSite(ids.brighton, { timeZoneId: 'Pacific/Auckland' });
  const sensor = {
    ...walkIn,
    keyCreatedAt: '2026-11-21T12:30:00.000Z',
    lastSeenAt: '2026-11-21T12:30:00.000Z',
  };
  fakeApi(({ path }) => {
    if (path === 'sensor/web-app-list') return ok(listPage([sensor]));
    if (path === `sensor/find-one/${ids.sensor}`) return ok(sensor);
    return ok(null);
  });
  renderOnSiteRoute(<SensorsScreen />, `/?view=${ids.sensor}`);
  const details = await screen.findByRole('dialog');
  expect(await within(details).findByText(/made/)).toHaveTextContent('sk_AbCdEf… (made 22 Nov 2026)');
  expect(within(details).getAllByText('22 Nov 2026, 01:30').length).toBeGreaterThan(0);
});

describe('on a phone', () => {
  onAPhone();

  test('each sensor’s card is headed one level under the screen’s title, none skipped', async () => {
    sensorApi();
    const { container } = renderOnSiteRoute(<SensorsScreen />);
    expect((await screen.findByRole('heading', { name: 'Walk-in probe 1' })).tagName).toBe('H2');
    expect(skippedHeadings(container)).toEqual([]);
  });
});

test('at an American site, the last reading is in °F and its times month first on a 12-hour clock', async () => {
  chooseSite('0190a000-0000-7000-8000-0000000000c7', { name: 'Brooklyn', american: true });
  fakeApi(({ path }) => {
    if (path === 'sensor/web-app-list') return ok(listPage([walkIn]));
    if (path === `sensor/find-one/${ids.sensor}`) return ok(walkIn);
    return ok(null);
  });
  renderOnSiteRoute(<SensorsScreen />, `/?view=${ids.sensor}`);
  const details = await screen.findByRole('dialog');
  // 3.6 °C.
  expect(await within(details).findByText('38.5 °F')).toBeInTheDocument();
  expect(within(details).getAllByText('Nov 1, 2026, 5:05 AM').length).toBeGreaterThan(0);
});
