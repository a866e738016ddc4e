import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { defineRulesFor, selectedSite, session, type Role } from '@console/shared-sdk';
import { fakeApi, fail, ok, resetBrowserState, type Sent } from '@console/shared-sdk/testing';
import { ResourceScreen } from '@console/shared-sdk/ui';
import { coldStorage } from './cold-storage';
import { foodItems } from './food-items';
import { suppliers } from './suppliers';

const ids = {
  user: '0190a000-0000-7000-8000-000000000001',
  org: '0190a000-0000-7000-8000-0000000000b1',
  brighton: '0190a000-0000-7000-8000-0000000000c1',
  manchester: '0190a000-0000-7000-8000-0000000000c2',
  fish: '0190a000-0000-7000-8000-0000000000d1',
};
const stamps = { createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z' };
const page = (list: unknown[]) => ({ list, records: list.length, page: 1, limit: 10 });
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

function signInAs(role: Role, siteIds: string[] = []) {
  session.signIn({
    accessToken: 'access',
    refreshToken: 'refresh',
    userData: {
      userID: ids.user,
      firstName: 'Marcus',
      lastName: 'Reid',
      email: 'marcus@example.com',
      role,
      orgId: ids.org,
      siteIds,
      ability: defineRulesFor({ userID: ids.user, role, orgId: ids.org, siteIds }),
      accessToken: 'access',
    },
  });
}

function chooseSite(id: string) {
  act(() =>
    selectedSite.select({
      _id: id,
      name: 'Site',
      location: { country: 'GB', county: null, region: null, city: 'Brighton' },
      timeZoneId: 'Europe/London',
    }),
  );
}

const grid = { disableVirtualization: true };
const lists = (sent: Sent[], path: string) => sent.filter((s) => s.method === 'GET' && s.path === path);

beforeEach(() => {
  resetBrowserState();
  signInAs('ORGANIZATION_ADMIN');
  chooseSite(ids.brighton);
});

describe('suppliers', () => {
  test('lists the selected site’s suppliers by name, and reloads for another site', async () => {
    const api = fakeApi(({ query }) => ok(page(query.get('siteID') === ids.brighton ? [fish] : [])));
    render(<ResourceScreen resource={suppliers} gridProps={grid} />);
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
    const api = fakeApi(() => ok(page([])));
    const user = userEvent.setup();
    render(<ResourceScreen resource={suppliers} gridProps={grid} />);
    await user.click((await screen.findAllByRole('button', { name: 'Add supplier' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add supplier' });
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'not-an-address');
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
        : ok(page([])),
    );
    const user = userEvent.setup();
    render(<ResourceScreen resource={suppliers} gridProps={grid} />);
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
      return ok(page(rows));
    });
    const user = userEvent.setup();
    render(<ResourceScreen resource={suppliers} gridProps={grid} />);
    await user.click(
      await screen
        .findByRole('menuitem', { name: 'Delete Fresh Fish Ltd' })
        .catch(() => screen.getByLabelText('Delete Fresh Fish Ltd')),
    );
    const confirm = screen.getByRole('dialog', { name: 'Delete supplier "Fresh Fish Ltd"?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.sent.filter((s) => s.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByLabelText('Delete Fresh Fish Ltd'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(api.sent.filter((s) => s.method === 'DELETE').map((s) => s.path)).toEqual([
        `supplier/delete-one/${ids.fish}`,
      ]),
    );
    expect(await screen.findByText(/No suppliers at this site yet/)).toBeInTheDocument();
  });

  test('a site admin sees no add, edit or delete on a site it does not administer', async () => {
    signInAs('SITE_ADMIN', [ids.manchester]);
    fakeApi(() => ok(page([fish])));
    render(<ResourceScreen resource={suppliers} gridProps={grid} />);
    expect(await screen.findByText('Fresh Fish Ltd')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add supplier' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Edit Fresh Fish Ltd')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Delete Fresh Fish Ltd')).not.toBeInTheDocument();
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
        : ok(page([])),
    );
    const user = userEvent.setup();
    const { unmount } = render(<ResourceScreen resource={foodItems('PROB')} gridProps={grid} />);
    await user.click((await screen.findAllByRole('button', { name: 'Add probe' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add probe' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Probe 3 (blue)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent.some((s) => s.method === 'POST')).toBe(true));
    const created = JSON.parse(api.sent.find((s) => s.method === 'POST')!.body);
    expect(created).toMatchObject({ name: 'Probe 3 (blue)', type: 'PROB', siteID: ids.brighton });
    expect(lists(api.sent, 'foodItem/web-app-list')[0]!.query.get('type')).toBe('PROB');
    unmount();

    render(<ResourceScreen resource={foodItems('FOODITEM')} gridProps={grid} />);
    await screen.findByText(/No food items at this site yet/);
    expect(lists(api.sent, 'foodItem/web-app-list').at(-1)!.query.get('type')).toBe('FOODITEM');
  });
});

describe('fridges and freezers', () => {
  test('a new fridge item starts at 5 °C and a freezer item at -18 °C', async () => {
    fakeApi(() => ok(page([])));
    const user = userEvent.setup();
    const { unmount } = render(<ResourceScreen resource={coldStorage('FRIDGE')} gridProps={grid} />);
    await user.click((await screen.findAllByRole('button', { name: 'Add fridge' }))[0]!);
    expect(
      within(screen.getByRole('group', { name: 'Temperature item 1' })).getByLabelText(/^Upper limit/),
    ).toHaveValue('5');
    unmount();
    render(<ResourceScreen resource={coldStorage('FREEZER')} gridProps={grid} />);
    await user.click((await screen.findAllByRole('button', { name: 'Add freezer' }))[0]!);
    expect(
      within(screen.getByRole('group', { name: 'Temperature item 1' })).getByLabelText(/^Upper limit/),
    ).toHaveValue('-18');
  });

  test('a fridge with two items is sent with both; a lower limit above the upper is refused', async () => {
    const api = fakeApi(() => ok(page([])));
    const user = userEvent.setup();
    render(<ResourceScreen resource={coldStorage('FRIDGE')} gridProps={grid} />);
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
