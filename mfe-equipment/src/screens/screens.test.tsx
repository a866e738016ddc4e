import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { siteChoicesStore } from '@console/shared-sdk';
import {
  chooseSite,
  demoIds,
  fakeApi,
  fail,
  gridProps,
  listPage,
  ok,
  renderOnSiteRoute,
  resetBrowserState,
  signInAs,
  siteOption,
  type Sent,
} from '@console/shared-sdk/testing';
import { ResourceScreen } from '@console/shared-sdk/ui';
import { coldStorage, FreezersScreen, FridgesScreen } from './cold-storage';
import { ColdStorageHistory } from './cold-storage-history';
import { FoodItemsScreen, foodItems } from './food-items';
import { suppliers, SuppliersScreen, supplierTypes } from './suppliers';

// Forms typed into on a shared, busy machine: the default 5 s per test is too tight.
jest.setTimeout(20_000);

const ids = {
  ...demoIds,
  fish: '0190a000-0000-7000-8000-0000000000d1',
};
const stamps = { createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z' };
const fish = {
  _id: ids.fish,
  orgId: ids.org,
  siteID: ids.brighton,
  supplierName: 'Fresh Fish Ltd',
  supplierContactPersonName: 'Sam Haddock',
  email: 'orders@freshfish.example',
  mobileNumber: null,
  supplierTypes: [],
  supplierTypeIDs: [],
  ...stamps,
};

const lists = (sent: Sent[], path: string) => sent.filter((s) => s.method === 'GET' && s.path === path);

beforeEach(() => {
  resetBrowserState();
  signInAs('ORGANIZATION_ADMIN');
  chooseSite(ids.brighton);
});

describe('suppliers', () => {
  test('lists the selected site’s suppliers by name, and reloads for another site', async () => {
    const api = fakeApi(({ query }) => ok(listPage(query.get('siteID') === ids.brighton ? [fish] : [])));
    renderOnSiteRoute(<ResourceScreen resource={suppliers} gridProps={gridProps} />);
    expect(await screen.findByText('Fresh Fish Ltd')).toBeInTheDocument();
    const first = lists(api.sent, 'supplier/web-app-list')[0]!;
    expect(first.query.get('siteID')).toBe(ids.brighton);
    expect(first.query.get('sort')).toBe('supplierName');

    chooseSite(ids.manchester);
    expect(
      await screen.findByText('No suppliers at this site yet. Add the businesses that deliver to it.'),
    ).toBeInTheDocument();
  });

  test('a supplier without a name is refused in the form and nothing is sent', async () => {
    const api = fakeApi(() => ok(listPage([])));
    const user = userEvent.setup();
    renderOnSiteRoute(<ResourceScreen resource={suppliers} gridProps={gridProps} />);
    await user.click((await screen.findAllByRole('button', { name: 'Add supplier' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add supplier' });
    await user.type(await within(dialog).findByLabelText(/^E-mail/), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Supplier name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Must be a valid e-mail address')).toBeInTheDocument();
    expect(api.sent.filter((s) => s.method === 'POST')).toHaveLength(0);
  });

  test('a name already used at the site shows the server’s message under the field', async () => {
    fakeApi(({ method }) =>
      method === 'POST'
        ? fail(409, {
            message: 'A supplier called "Fresh Fish Ltd" already exists at this site',
            error: 'CONFLICT',
            details: {
              fieldErrors: { supplierName: ['A supplier with this name already exists at this site'] },
            },
          })
        : ok(listPage([])),
    );
    const user = userEvent.setup();
    renderOnSiteRoute(<ResourceScreen resource={suppliers} gridProps={gridProps} />);
    await user.click((await screen.findAllByRole('button', { name: 'Add supplier' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add supplier' });
    await user.type(within(dialog).getByLabelText(/^Supplier name/), 'Fresh Fish Ltd');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('A supplier with this name already exists at this site'),
    ).toBeInTheDocument();
  });

  test('delete asks first; cancel keeps the supplier, confirm deletes it by id', async () => {
    let rows = [fish];
    const api = fakeApi(({ method }) => {
      if (method === 'DELETE') {
        rows = [];
        return ok(null, 'Supplier deleted');
      }
      return ok(listPage(rows));
    });
    const user = userEvent.setup();
    renderOnSiteRoute(<ResourceScreen resource={suppliers} gridProps={gridProps} />);
    await user.click(
      await screen
        .findByRole('menuitem', { name: 'Delete Fresh Fish Ltd' })
        .catch(() => screen.getByLabelText('Delete Fresh Fish Ltd')),
    );
    const confirm = screen.getByRole('alertdialog', { name: 'Delete supplier "Fresh Fish Ltd"?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.sent.filter((s) => s.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByLabelText('Delete Fresh Fish Ltd'));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(api.sent.filter((s) => s.method === 'DELETE').map((s) => s.path)).toEqual([
        `supplier/delete-one/${ids.fish}`,
      ]),
    );
    expect(await screen.findByText(/No suppliers at this site yet/)).toBeInTheDocument();
  });

  test('a site admin sees no add, edit or delete on a site it does not administer', async () => {
    signInAs('SITE_ADMIN', { siteIds: [ids.manchester] });
    fakeApi(() => ok(listPage([fish])));
    renderOnSiteRoute(<ResourceScreen resource={suppliers} gridProps={gridProps} />);
    expect(await screen.findByText('Fresh Fish Ltd')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add supplier' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Edit Fresh Fish Ltd')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Delete Fresh Fish Ltd')).not.toBeInTheDocument();
  });
});

describe('supplier types', () => {
  test('a site admin renames and deletes only its own site’s types, and a new one is for the selected site', async () => {
    signInAs('SITE_ADMIN', { siteIds: [ids.brighton] });
    const type = (id: string, name: string, ownerSiteID: string | null) => ({
      _id: id,
      orgId: ids.org,
      name,
      value: id,
      label: name,
      ownerSiteID,
      ...stamps,
    });
    const own = type('0190a000-0000-7000-8000-0000000007a1', 'Baker', ids.brighton);
    const orgs = type('0190a000-0000-7000-8000-0000000007a2', 'Butcher', null);
    const elsewhere = type('0190a000-0000-7000-8000-0000000007a3', 'Brewer', ids.manchester);
    const api = fakeApi(({ method, body }) =>
      method === 'POST'
        ? ok(
            type('0190a000-0000-7000-8000-0000000007a4', JSON.parse(body).name, ids.brighton),
            'Supplier type created',
          )
        : ok(listPage([own, orgs, elsewhere])),
    );
    const user = userEvent.setup();
    renderOnSiteRoute(<ResourceScreen resource={supplierTypes} gridProps={gridProps} />);
    expect(await screen.findByText('Baker')).toBeInTheDocument();
    expect(screen.getByLabelText('Edit Baker')).toBeInTheDocument();
    expect(screen.getByLabelText('Delete Baker')).toBeInTheDocument();
    for (const name of ['Butcher', 'Brewer']) {
      expect(screen.queryByLabelText(`Edit ${name}`)).not.toBeInTheDocument();
      expect(screen.queryByLabelText(`Delete ${name}`)).not.toBeInTheDocument();
    }
    await user.click((await screen.findAllByRole('button', { name: 'Add supplier type' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add supplier type' });
    await user.type(await within(dialog).findByLabelText(/^Name/), 'Cheesemonger');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent.some((s) => s.method === 'POST')).toBe(true));
    expect(JSON.parse(api.sent.find((s) => s.method === 'POST')!.body)).toEqual({
      name: 'Cheesemonger',
      siteID: ids.brighton,
    });
  });
});

describe('food items and probes', () => {
  test('probes are listed and created with type PROB, food items with FOODITEM', async () => {
    const api = fakeApi(({ method, body }) =>
      method === 'POST'
        ? ok(
            {
              _id: ids.fish,
              orgId: ids.org,
              siteID: ids.brighton,
              description: '',
              ...JSON.parse(body),
              ...stamps,
            },
            'Probe created',
          )
        : ok(listPage([])),
    );
    const user = userEvent.setup();
    const { unmount } = renderOnSiteRoute(
      <ResourceScreen resource={foodItems('PROB')} gridProps={gridProps} />,
    );
    await user.click((await screen.findAllByRole('button', { name: 'Add probe' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add probe' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Probe 3 (blue)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent.some((s) => s.method === 'POST')).toBe(true));
    const created = JSON.parse(api.sent.find((s) => s.method === 'POST')!.body);
    expect(created).toMatchObject({ name: 'Probe 3 (blue)', type: 'PROB', siteID: ids.brighton });
    expect(lists(api.sent, 'foodItem/web-app-list')[0]!.query.get('type')).toBe('PROB');
    unmount();

    renderOnSiteRoute(<ResourceScreen resource={foodItems('FOODITEM')} gridProps={gridProps} />);
    await screen.findByText(/No food items at this site yet/);
    expect(lists(api.sent, 'foodItem/web-app-list').at(-1)!.query.get('type')).toBe('FOODITEM');
  });
});

describe('fridges and freezers', () => {
  test('a new fridge item starts at 5 °C and a freezer item at -18 °C', async () => {
    fakeApi(() => ok(listPage([])));
    const user = userEvent.setup();
    const { unmount } = renderOnSiteRoute(
      <ResourceScreen resource={coldStorage('FRIDGE')} gridProps={gridProps} />,
    );
    await user.click((await screen.findAllByRole('button', { name: 'Add fridge' }))[0]!);
    expect(
      within(screen.getByRole('group', { name: 'Temperature item 1' })).getByLabelText(/^Upper limit/),
    ).toHaveValue('5');
    unmount();
    renderOnSiteRoute(<ResourceScreen resource={coldStorage('FREEZER')} gridProps={gridProps} />);
    await user.click((await screen.findAllByRole('button', { name: 'Add freezer' }))[0]!);
    expect(
      within(screen.getByRole('group', { name: 'Temperature item 1' })).getByLabelText(/^Upper limit/),
    ).toHaveValue('-18');
  });

  test('a fridge with two items is sent with both; a lower limit above the upper is refused', async () => {
    const api = fakeApi(() => ok(listPage([])));
    const user = userEvent.setup();
    renderOnSiteRoute(<ResourceScreen resource={coldStorage('FRIDGE')} gridProps={gridProps} />);
    await user.click((await screen.findAllByRole('button', { name: 'Add fridge' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add fridge' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Walk-in');
    await user.click(within(dialog).getByRole('button', { name: 'Add temperature item' }));
    const second = within(dialog).getByRole('group', { name: 'Temperature item 2' });
    await user.type(within(second).getByRole('textbox', { name: /^Item/ }), 'Dairy shelf');
    await user.type(within(second).getByLabelText(/^Lower limit/), '6');
    await user.clear(within(second).getByLabelText(/^Upper limit/));
    await user.type(within(second).getByLabelText(/^Upper limit/), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(second).findByText(/lower limit must be below the upper/i)).toBeInTheDocument();
    expect(api.sent.filter((s) => s.method === 'POST')).toHaveLength(0);

    await user.clear(within(second).getByLabelText(/^Lower limit/));
    await user.type(within(second).getByLabelText(/^Lower limit/), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent.some((s) => s.method === 'POST')).toBe(true));
    const body = JSON.parse(api.sent.find((s) => s.method === 'POST')!.body);
    expect(body.temperatureItems).toEqual([
      expect.objectContaining({ name: 'Air temperature', upperLimit: 5 }),
      expect.objectContaining({ name: 'Dairy shelf', lowerLimit: 1, upperLimit: 4 }),
    ]);
  });
});

describe('fridge and freezer limits', () => {
  // Typing into a whole form is slow on a busy machine; these tests walk the form as a user would.
  const formTimeout = 20_000;

  async function addFridgeForm() {
    const api = fakeApi(({ method, body }) =>
      method === 'POST'
        ? ok(
            { _id: ids.fish, orgId: ids.org, siteID: ids.brighton, ...JSON.parse(body), ...stamps },
            'Fridge created',
          )
        : ok(listPage([])),
    );
    const user = userEvent.setup();
    renderOnSiteRoute(<ResourceScreen resource={coldStorage('FRIDGE')} gridProps={gridProps} />);
    await user.click((await screen.findAllByRole('button', { name: 'Add fridge' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add fridge' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Wine fridge');
    const item = within(dialog).getByRole('group', { name: 'Temperature item 1' });
    const upper = within(item).getByLabelText(/^Upper limit/);
    const posts = () => api.sent.filter((s) => s.method === 'POST');
    return { api, user, dialog, item, upper, posts };
  }

  test(
    'clearing the upper limit is "Upper limit is required", not a silent 5 °C',
    async () => {
      const { user, dialog, item, upper, posts } = await addFridgeForm();
      await user.clear(upper);
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(item).findByText('Upper limit is required')).toBeInTheDocument();
      expect(upper).toHaveAttribute('aria-invalid', 'true');
      expect(posts()).toHaveLength(0);
    },
    formTimeout,
  );

  test(
    'a fridge at 30 °C is refused, and no reason is offered for it',
    async () => {
      const { user, dialog, item, upper, posts } = await addFridgeForm();
      await user.clear(upper);
      await user.type(upper, '30');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(
        await within(item).findByText('A fridge limit must lie between -5 and 15 °C'),
      ).toBeInTheDocument();
      expect(within(dialog).queryByLabelText('I confirm this looser limit')).not.toBeInTheDocument();
      expect(posts()).toHaveLength(0);
    },
    formTimeout,
  );

  test(
    'a fridge at 10 °C asks for confirmation with a reason, and sends the reason',
    async () => {
      const { user, dialog, item, upper, posts } = await addFridgeForm();
      await user.clear(upper);
      await user.type(upper, '10');
      const confirmation = within(dialog).getByRole('group', { name: /Above 8 °C, the legal maximum/ });
      expect(confirmation).toHaveTextContent('Air temperature at 10 °C');

      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(
        await within(item).findByText('Above 8 °C, the legal maximum for a fridge: confirm it with a reason'),
      ).toBeInTheDocument();
      await user.click(within(confirmation).getByLabelText('I confirm this looser limit'));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(
        await within(confirmation).findByText('Give the reason for the looser limit'),
      ).toBeInTheDocument();
      expect(posts()).toHaveLength(0);

      await user.type(within(confirmation).getByRole('textbox', { name: /^Reason/ }), 'Holds wine only');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(posts()).toHaveLength(1));
      expect(JSON.parse(posts()[0]!.body)).toMatchObject({
        name: 'Wine fridge',
        type: 'FRIDGE',
        temperatureItems: [expect.objectContaining({ upperLimit: 10 })],
        limitOverride: { reason: 'Holds wine only' },
      });
    },
    formTimeout,
  );

  test(
    'a limit within the legal maximum sends no confirmation',
    async () => {
      const { user, dialog, upper, posts } = await addFridgeForm();
      await user.clear(upper);
      await user.type(upper, '8');
      expect(within(dialog).queryByRole('group', { name: /Above 8 °C/ })).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(posts()).toHaveLength(1));
      expect(JSON.parse(posts()[0]!.body)).not.toHaveProperty('limitOverride');
    },
    formTimeout,
  );

  test('the history says who changed which limit, when (in the site’s zone) and why', async () => {
    const shelf = { _id: ids.fish, name: 'Shelf', location: '', lowerLimit: null, upperLimit: 5 };
    const snapshot = { siteID: ids.brighton, name: 'Bar fridge', type: 'FRIDGE', temperatureItems: [shelf] };
    const actor = { _id: ids.me, name: 'Olivia Bennett' };
    const api = fakeApi(() =>
      ok([
        {
          _id: '0190a000-0000-7000-8000-0000000000e2',
          recordID: ids.manchester,
          action: 'update',
          changes: {
            before: snapshot,
            after: { ...snapshot, temperatureItems: [{ ...shelf, upperLimit: 10 }] },
          },
          reason: 'Soft drinks only',
          actor,
          at: '2026-07-01T09:30:00.000Z',
        },
        {
          _id: '0190a000-0000-7000-8000-0000000000e1',
          recordID: ids.manchester,
          action: 'create',
          changes: { before: null, after: snapshot },
          reason: null,
          actor,
          at: '2026-06-01T09:30:00.000Z',
        },
      ]),
    );
    render(<ColdStorageHistory masterTypeID={ids.manchester} timeZone="Europe/London" />);
    const history = await screen.findByRole('list', { name: 'History' });
    const [changed, added] = Array.from(history.children);
    expect(changed).toHaveTextContent('Changed by Olivia Bennett, 1 Jul 2026, 10:30');
    expect(changed).toHaveTextContent('Shelf: upper limit 5 °C → 10 °C');
    expect(changed).toHaveTextContent('Reason: Soft drinks only');
    expect(added).toHaveTextContent('Added by Olivia Bennett, 1 Jun 2026, 10:30');
    expect(added).toHaveTextContent('Shelf (≤ 5 °C)');
    expect(api.sent.map((s) => s.path)).toEqual([`masterType/history/${ids.manchester}`]);
  });

  test(
    'viewing a fridge shows its History section',
    async () => {
      const fridge = {
        _id: ids.manchester,
        orgId: ids.org,
        siteID: ids.brighton,
        name: 'Bar fridge',
        type: 'FRIDGE',
        temperatureItems: [{ _id: ids.fish, name: 'Shelf', location: '', lowerLimit: null, upperLimit: 10 }],
        ...stamps,
      };
      const entry = {
        _id: '0190a000-0000-7000-8000-0000000000e1',
        recordID: fridge._id,
        action: 'create',
        changes: {
          before: null,
          after: {
            siteID: ids.brighton,
            name: 'Bar fridge',
            type: 'FRIDGE',
            temperatureItems: fridge.temperatureItems,
          },
        },
        reason: 'Soft drinks only',
        actor: { _id: ids.me, name: 'Olivia Bennett' },
        at: '2026-06-01T09:30:00.000Z',
      };
      const api = fakeApi(({ path }) =>
        path.startsWith('masterType/history/')
          ? ok([entry])
          : path.startsWith('masterType/find-one/')
            ? ok(fridge)
            : ok(listPage([fridge])),
      );
      const user = userEvent.setup();
      renderOnSiteRoute(<ResourceScreen resource={coldStorage('FRIDGE')} gridProps={gridProps} />);
      await user.click((await screen.findAllByRole('button', { name: 'View Bar fridge' }))[0]!);
      const history = await screen.findByRole('region', { name: 'History' });
      expect(await within(history).findByText('Soft drinks only', { exact: false })).toHaveTextContent(
        'Reason: Soft drinks only',
      );
      expect(history).toHaveTextContent('Added by Olivia Bennett');
      expect(api.to(`masterType/history/${fridge._id}`)).toHaveLength(1);
    },
    formTimeout,
  );

  test('a history that cannot load says so and offers Retry', async () => {
    let answers = 0;
    fakeApi(() => {
      answers += 1;
      return answers === 1 ? fail(500, { message: 'Server error' }) : ok([]);
    });
    const user = userEvent.setup();
    render(<ColdStorageHistory masterTypeID={ids.manchester} timeZone="Europe/London" />);
    expect(await screen.findByText('Could not load the history.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
  });
});

describe('derived defaults', () => {
  const renderAt = (url: string) => renderOnSiteRoute(<SuppliersScreen />, url);

  test('the Supplier types tab asks for its own sort, not the suppliers list’s', async () => {
    const api = fakeApi(({ path }) =>
      path === 'supplierType/web-app-list' ? ok(listPage([])) : ok(listPage([fish])),
    );
    const user = userEvent.setup();
    renderAt('/dashboard/supplier');
    expect(await screen.findByText('Fresh Fish Ltd')).toBeInTheDocument();
    expect(lists(api.sent, 'supplier/web-app-list').at(-1)!.query.get('sort')).toBe('supplierName');

    await user.click(screen.getByRole('tab', { name: 'Supplier types' }));
    expect(await screen.findByText(/No supplier types yet/)).toBeInTheDocument();
    const types = lists(api.sent, 'supplierType/web-app-list');
    expect(types.map((s) => s.query.get('sort'))).toEqual(['name']);
    expect(screen.queryByText('Could not load supplier types.')).not.toBeInTheDocument();
  });

  test('a link with a sort the API does not accept for the tab gets the tab’s default', async () => {
    const api = fakeApi(() => ok(listPage([])));
    renderAt('/dashboard/supplier?tab=types&sort=-supplierName');
    expect(await screen.findByText(/No supplier types yet/)).toBeInTheDocument();
    expect(lists(api.sent, 'supplierType/web-app-list').map((s) => s.query.get('sort'))).toEqual(['name']);
  });

  test('a new supplier gets the selected site, an edited one keeps its own', async () => {
    const elsewhere = { ...fish, siteID: ids.manchester };
    const api = fakeApi(({ method, path, body }) => {
      if (method === 'GET' && path === 'supplier/web-app-list') return ok(listPage([elsewhere]));
      if (method === 'GET') return ok(path.startsWith('supplier/find-one') ? elsewhere : []);
      return ok({ ...elsewhere, ...JSON.parse(body) }, 'Saved');
    });
    const user = userEvent.setup();
    renderAt('/dashboard/supplier');
    await user.click(await screen.findByLabelText('Edit Fresh Fish Ltd'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit supplier' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent.some((s) => s.method === 'PUT')).toBe(true));
    expect(JSON.parse(api.sent.find((s) => s.method === 'PUT')!.body)).toMatchObject({
      _id: ids.fish,
      siteID: ids.manchester,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click((await screen.findAllByRole('button', { name: 'Add supplier' }))[0]!);
    const add = await screen.findByRole('dialog', { name: 'Add supplier' });
    await user.type(within(add).getByLabelText(/^Supplier name/), 'Veg Co');
    await user.click(within(add).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent.some((s) => s.method === 'POST')).toBe(true));
    expect(JSON.parse(api.sent.find((s) => s.method === 'POST')!.body)).toMatchObject({
      supplierName: 'Veg Co',
      siteID: ids.brighton,
    });
  });
});

describe('at an American site', () => {
  const brooklyn = '0190a000-0000-7000-8000-0000000000c7';
  const american = { name: 'Brooklyn', american: true };
  // Typing into a whole form is slow on a busy machine.
  const formTimeout = 30_000;

  // Before any screen is shown and after the last is gone: the list is the session's, not one test's.
  const noSiteList = () => siteChoicesStore.setState({ owner: null, status: 'unavailable', sites: [] }, true);
  beforeEach(() => {
    noSiteList();
    chooseSite(brooklyn, american);
  });
  afterAll(noSiteList);

  /** The site selector's list, as the shell loads it: it says the site's rules (New York City's). */
  const siteListLoaded = () =>
    siteChoicesStore.setState(
      { owner: ids.me, status: 'ready', sites: [siteOption(brooklyn, american)] },
      true,
    );

  const created = (api: { sent: Sent[] }) =>
    JSON.parse(api.sent.find((s) => s.method === 'POST')!.body) as {
      temperatureItems: { lowerLimit?: number | null; upperLimit: number }[];
      limitOverride?: { reason: string };
    };

  test(
    "a new fridge item starts at New York's 41 °F, typed in °F and sent in °C",
    async () => {
      siteListLoaded();
      const api = fakeApi(({ method, body }) =>
        method === 'POST'
          ? ok({ _id: ids.fish, orgId: ids.org, siteID: brooklyn, ...JSON.parse(body), ...stamps }, 'Saved')
          : ok(listPage([])),
      );
      const user = userEvent.setup();
      renderOnSiteRoute(<FridgesScreen />);
      await user.click((await screen.findAllByRole('button', { name: 'Add fridge' }))[0]!);
      const dialog = screen.getByRole('dialog', { name: 'Add fridge' });
      const item = await within(dialog).findByRole('group', { name: 'Temperature item 1' });
      const upper = within(item).getByLabelText(/^Upper limit/);
      expect(upper).toHaveValue('41');
      expect(within(item).getAllByText('°F')).toHaveLength(2);
      await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Walk-in');
      await user.type(within(item).getByLabelText(/^Lower limit/), '33.8');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(api.sent.some((s) => s.method === 'POST')).toBe(true));
      const [sent] = created(api).temperatureItems;
      expect(sent!.upperLimit).toBe(5);
      // 33.8 °F is 1 °C, to the double the contract's own conversion gives.
      expect(sent!.lowerLimit).toBeCloseTo(1, 10);
    },
    formTimeout,
  );

  test(
    'the contract’s limits and their messages are said in °F',
    async () => {
      fakeApi(() => ok(listPage([])));
      const user = userEvent.setup();
      renderOnSiteRoute(<FridgesScreen />);
      await user.click((await screen.findAllByRole('button', { name: 'Add fridge' }))[0]!);
      const dialog = screen.getByRole('dialog', { name: 'Add fridge' });
      await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Wine fridge');
      const item = await within(dialog).findByRole('group', { name: 'Temperature item 1' });
      const upper = within(item).getByLabelText(/^Upper limit/);

      await user.clear(upper);
      await user.type(upper, '50');
      const confirmation = within(dialog).getByRole('group', { name: /Above 46\.4 °F, the legal maximum/ });
      expect(confirmation).toHaveTextContent('Air temperature at 50 °F');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(
        await within(item).findByText(
          'Above 46.4 °F, the legal maximum for a fridge: confirm it with a reason',
        ),
      ).toBeInTheDocument();

      await user.clear(upper);
      await user.type(upper, '100');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(
        await within(item).findByText('A fridge limit must lie between 23 and 59 °F'),
      ).toBeInTheDocument();
    },
    formTimeout,
  );

  test(
    'before the site’s rules are known, a freezer starts at England’s -18 °C, shown as -0.4 °F and sent as -18',
    async () => {
      const api = fakeApi(({ method, body }) =>
        method === 'POST'
          ? ok({ _id: ids.fish, orgId: ids.org, siteID: brooklyn, ...JSON.parse(body), ...stamps }, 'Saved')
          : ok(listPage([])),
      );
      const user = userEvent.setup();
      renderOnSiteRoute(<FreezersScreen />);
      await user.click((await screen.findAllByRole('button', { name: 'Add freezer' }))[0]!);
      const dialog = screen.getByRole('dialog', { name: 'Add freezer' });
      const item = await within(dialog).findByRole('group', { name: 'Temperature item 1' });
      expect(within(item).getByLabelText(/^Upper limit/)).toHaveValue('-0.4');
      await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Chest freezer');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(api.sent.some((s) => s.method === 'POST')).toBe(true));
      expect(created(api).temperatureItems[0]!.upperLimit).toBe(-18);
      expect(created(api)).not.toHaveProperty('limitOverride');
    },
    formTimeout,
  );

  test(
    'a fridge’s limits read in °F, and a limit left as it was is sent back as stored',
    async () => {
      const fridge = {
        _id: ids.manchester,
        orgId: ids.org,
        siteID: brooklyn,
        name: 'Bar fridge',
        type: 'FRIDGE',
        // 4 °C is 39.2 °F, which converted back is 4.000000000000002 °C.
        temperatureItems: [{ _id: ids.fish, name: 'Shelf', location: '', lowerLimit: 1, upperLimit: 4 }],
        ...stamps,
      };
      const api = fakeApi(({ method, path, body }) => {
        if (method === 'PUT') return ok({ ...fridge, ...JSON.parse(body) }, 'Saved');
        return path.startsWith('masterType/find-one/') ? ok(fridge) : ok(listPage([fridge]));
      });
      const user = userEvent.setup();
      renderOnSiteRoute(<FridgesScreen />);
      expect(await screen.findByText('Shelf (33.8 to 39.2 °F)')).toBeInTheDocument();
      await user.click((await screen.findAllByRole('button', { name: 'Edit Bar fridge' }))[0]!);
      const dialog = await screen.findByRole('dialog', { name: 'Edit fridge' });
      expect(await within(dialog).findByLabelText(/^Upper limit/)).toHaveValue('39.2');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(api.sent.some((s) => s.method === 'PUT')).toBe(true));
      expect(JSON.parse(api.sent.find((s) => s.method === 'PUT')!.body).temperatureItems).toEqual([
        { _id: ids.fish, name: 'Shelf', location: '', lowerLimit: 1, upperLimit: 4 },
      ]);
    },
    formTimeout,
  );

  test('the history says the limits in °F and the times month first on a 12-hour clock', async () => {
    const shelf = { _id: ids.fish, name: 'Shelf', location: '', lowerLimit: null, upperLimit: 5 };
    const snapshot = { siteID: brooklyn, name: 'Bar fridge', type: 'FRIDGE', temperatureItems: [shelf] };
    fakeApi(() =>
      ok([
        {
          _id: '0190a000-0000-7000-8000-0000000000e2',
          recordID: ids.manchester,
          action: 'update',
          changes: {
            before: snapshot,
            after: { ...snapshot, temperatureItems: [{ ...shelf, upperLimit: 10 }] },
          },
          reason: 'Soft drinks only',
          actor: { _id: ids.me, name: 'Olivia Bennett' },
          at: '2026-07-01T09:30:00.000Z',
        },
      ]),
    );
    render(<ColdStorageHistory masterTypeID={ids.manchester} timeZone="America/New_York" />);
    const history = await screen.findByRole('list', { name: 'History' });
    expect(history).toHaveTextContent('Changed by Olivia Bennett, Jul 1, 2026, 5:30 AM');
    expect(history).toHaveTextContent('Shelf: upper limit 41 °F → 50 °F');
  });

  test('a food item’s example temperatures are New York’s, in °F', async () => {
    siteListLoaded();
    fakeApi(() => ok(listPage([])));
    const user = userEvent.setup();
    renderOnSiteRoute(<FoodItemsScreen />);
    await user.click((await screen.findAllByRole('button', { name: 'Add food item' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add food item' });
    expect(
      await within(dialog).findByText('e.g. cooked to 165 °F, held hot above 140 °F'),
    ).toBeInTheDocument();
  });
});

describe('at an EU site whose organisation sets national figures', () => {
  const dublin = '0190a000-0000-7000-8000-0000000000c8';
  const irish = { name: 'Dublin', timeZoneId: 'Europe/Dublin' };
  // Typing into a whole form is slow on a busy machine.
  const formTimeout = 30_000;

  const noSiteList = () => siteChoicesStore.setState({ owner: null, status: 'unavailable', sites: [] }, true);
  beforeEach(() => {
    noSiteList();
    chooseSite(dublin, irish);
    // The site list as the shell loads it: the EU's general set, with the organisation's own figures for
    // its fridges (at most 7 °C where the set's common figure is 5 °C) and hot holding (at least 65 °C).
    siteChoicesStore.setState(
      {
        owner: ids.me,
        status: 'ready',
        sites: [
          {
            ...siteOption(dublin, irish),
            location: { country: 'IE', county: null, region: null, city: 'Dublin' },
            jurisdiction: 'EU',
            locale: 'en-IE',
            nationalFigures: [
              { logType: 'FRIDGE', kind: 'FRIDGE', atLeast: null, atMost: 7, source: 'S.I. 367/2006' },
              {
                logType: 'HOT_HOLD_DISPLAY',
                kind: 'HOT_HOLD',
                atLeast: 65,
                atMost: null,
                source: 'S.I. 367/2006',
              },
            ],
          },
        ],
      },
      true,
    );
  });
  afterAll(noSiteList);

  test(
    'a new fridge item starts at the national 7 °C, and up to 7 °C asks no reason; above it asks one',
    async () => {
      const api = fakeApi(({ method, body }) =>
        method === 'POST'
          ? ok({ _id: ids.fish, orgId: ids.org, siteID: dublin, ...JSON.parse(body), ...stamps }, 'Saved')
          : ok(listPage([])),
      );
      const user = userEvent.setup();
      renderOnSiteRoute(<FridgesScreen />);
      await user.click((await screen.findAllByRole('button', { name: 'Add fridge' }))[0]!);
      const dialog = screen.getByRole('dialog', { name: 'Add fridge' });
      const item = await within(dialog).findByRole('group', { name: 'Temperature item 1' });
      const upper = within(item).getByLabelText(/^Upper limit/);
      expect(upper).toHaveValue('7');
      await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Walk-in');

      await user.clear(upper);
      await user.type(upper, '7.5');
      expect(
        within(dialog).getByRole('group', { name: /Above 7 °C, the safe maximum for a fridge/ }),
      ).toHaveTextContent('Air temperature at 7.5 °C');

      await user.clear(upper);
      await user.type(upper, '7');
      expect(within(dialog).queryByRole('group', { name: /Above 7 °C/ })).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(api.sent.some((s) => s.method === 'POST')).toBe(true));
      const sent = JSON.parse(api.sent.find((s) => s.method === 'POST')!.body);
      expect(sent.temperatureItems).toEqual([expect.objectContaining({ upperLimit: 7 })]);
      expect(sent).not.toHaveProperty('limitOverride');
    },
    formTimeout,
  );

  test('a food item’s example holds it hot above the national 65 °C', async () => {
    fakeApi(() => ok(listPage([])));
    const user = userEvent.setup();
    renderOnSiteRoute(<FoodItemsScreen />);
    await user.click((await screen.findAllByRole('button', { name: 'Add food item' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add food item' });
    expect(await within(dialog).findByText('e.g. cooked to 75 °C, held hot above 65 °C')).toBeInTheDocument();
  });
});
