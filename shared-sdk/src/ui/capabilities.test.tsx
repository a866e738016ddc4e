import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import type { ResourceApi } from '../api/resource.js';
import { supplierSortColumns, supplierUpdateSchema, type Supplier } from '../contract/index.js';
import { ApiError } from '../http/errors.js';
import { resetBrowserState, setClock } from '../testing/index.js';
import { defineResource, ResourceScreen, type FilterDeclaration, type ResourceDefinition } from './index.js';
import {
  chooseSite,
  gridProps,
  ids,
  lastListCall,
  pagedList,
  renderWithRouter,
  signInAs,
  supplier,
  onAPhone,
} from './testing.js';

// Each capability of the kit as a remote declares it, driven as a user would.

jest.setTimeout(20_000);

type TaskFilters = { siteID?: string; day?: string; status?: string; staffID?: string; zone?: string };

const fish = supplier(ids.fish, 'Fresh Fish Ltd', ids.siteA);
const veg = supplier(ids.veg, 'Veg Co', ids.siteB);

function api(rows: Supplier[] = [fish, veg]) {
  return {
    list: pagedList(rows),
    get: jest.fn(async (id: string): Promise<Supplier> => {
      const row = rows.find((r) => r._id === id);
      if (!row) throw new ApiError({ status: 404, message: 'Supplier not found', code: 'NOT_FOUND' });
      // find-one answers more than the list row: the view must show this, not the row.
      return { ...row, supplierContactPersonName: `${row.supplierContactPersonName} (from find-one)` };
    }),
  } satisfies ResourceApi<Supplier, never, never, TaskFilters>;
}

function declaration(
  fake: ResourceApi<Supplier, never, never, TaskFilters>,
  extra: Partial<ResourceDefinition<Supplier, never, never, never, TaskFilters>> = {},
) {
  return defineResource({
    title: 'Tasks',
    name: 'task',
    subject: 'Supplier',
    api: fake,
    siteScoped: true,
    recordLabel: (row: Supplier) => row.supplierName,
    sortable: supplierSortColumns,
    columns: [
      { field: 'supplierName', headerName: 'Name', flex: 1 },
      { field: 'supplierContactPersonName', headerName: 'Contact', flex: 1 },
      { field: 'mobileNumber', headerName: 'Phone', flex: 1 },
    ],
    view: [
      { label: 'Name', field: 'supplierName' },
      { label: 'Contact person', field: 'supplierContactPersonName' },
    ],
    ...extra,
  });
}

function renderScreen(
  resource: ResourceDefinition<Supplier, never, never, never, TaskFilters>,
  url = '/list',
) {
  const user = userEvent.setup();
  const routed = renderWithRouter(<ResourceScreen resource={resource} gridProps={gridProps} />, url);
  return { user, ...routed };
}

beforeEach(() => {
  resetBrowserState();
  signInAs('ORGANIZATION_ADMIN');
  chooseSite(ids.siteA);
});

afterEach(() => jest.useRealTimers());

describe('the day filter', () => {
  const dayFilter: FilterDeclaration<keyof TaskFilters> = { kind: 'day', name: 'day' };

  it("starts at today in the site's zone, the day after a DST change, and steps a day at a time", async () => {
    // 23:30 UTC on the day the UK moved to summer time: in London it is already 00:30 on the 30th.
    setClock('2026-03-29T23:30:00Z');
    const fake = api();
    const { user, params } = renderScreen(declaration(fake, { filters: [dayFilter] }));
    await screen.findByText('Fresh Fish Ltd');
    expect(lastListCall(fake.list)).toMatchObject({ day: '2026-03-30', siteID: ids.siteA });

    await user.click(screen.getByRole('button', { name: 'Previous day, Sun, 29 Mar 2026' }));
    await waitFor(() => expect(lastListCall(fake.list)).toMatchObject({ day: '2026-03-29', page: 1 }));
    expect(params().get('day')).toBe('2026-03-29');
    await user.click(screen.getByRole('button', { name: 'Next day, Mon, 30 Mar 2026' }));
    await user.click(screen.getByRole('button', { name: 'Next day, Tue, 31 Mar 2026' }));
    await waitFor(() => expect(lastListCall(fake.list)).toMatchObject({ day: '2026-03-31' }));
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(lastListCall(fake.list)).toMatchObject({ day: '2026-03-30' }));
    // Today is the default: the URL leaves it out, so tomorrow the same link shows tomorrow.
    expect(params().has('day')).toBe(false);
  });

  it('shows the day as a button; the date picker appears, with the focus, when asked for', async () => {
    setClock('2026-03-30T10:00:00Z');
    const fake = api();
    const { user } = renderScreen(declaration(fake, { filters: [dayFilter] }));
    await screen.findByText('Fresh Fish Ltd');
    // No picker until asked: the list does not download it.
    expect(document.getElementById('day-day')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Day: Mon, 30 Mar 2026. Choose another day' }));
    await waitFor(() => expect(document.getElementById('day-day')).not.toBeNull());
    // The filter's group (the picker's own field is a group inside it).
    const [dayGroup] = screen.getAllByRole('group', { name: 'Day' });
    await waitFor(() => expect(dayGroup).toContainElement(document.activeElement as HTMLElement));
    expect(document.activeElement).not.toBe(document.body);
    expect(screen.queryByRole('button', { name: /Choose another day/ })).toBeNull();
  });

  it("follows another site's zone: in Auckland it is already the next day", async () => {
    setClock('2026-03-29T12:30:00Z');
    chooseSite(ids.siteA, { timeZoneId: 'Pacific/Auckland' });
    const fake = api();
    renderScreen(declaration(fake, { filters: [dayFilter] }));
    await screen.findByText('Fresh Fish Ltd');
    expect(lastListCall(fake.list)).toMatchObject({ day: '2026-03-30' });
  });
});

describe('status tabs', () => {
  it('shows each status with its count for the rest of the query, and filters by the chosen one', async () => {
    const fake = api();
    const counts = jest.fn(async () => ({ PENDING: 4, COMPLETED: 12, REPORTED: 1 }));
    const { user, params } = renderScreen(
      declaration(fake, {
        filters: [
          {
            kind: 'status',
            name: 'status',
            label: 'Task status',
            options: [
              { value: 'PENDING', label: 'Pending' },
              { value: 'COMPLETED', label: 'Completed' },
              { value: 'REPORTED', label: 'Reported' },
            ],
            counts,
          },
        ],
      }),
      '/list?search=fish',
    );
    const tabs = await screen.findByRole('tablist', { name: 'Task status' });
    expect(await within(tabs).findByRole('tab', { name: 'Pending (4)' })).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'All (17)' })).toHaveAttribute('aria-selected', 'true');
    expect(counts).toHaveBeenLastCalledWith({ search: 'fish', siteID: ids.siteA }, expect.any(AbortSignal));

    await user.click(within(tabs).getByRole('tab', { name: 'Completed (12)' }));
    await waitFor(() => expect(lastListCall(fake.list)).toMatchObject({ status: 'COMPLETED', page: 1 }));
    expect(params().get('status')).toBe('COMPLETED');
    // The counts are for the other filters, so choosing a tab does not ask for them again.
    expect(counts).toHaveBeenCalledTimes(1);
  });
});

describe('the async select filter', () => {
  const staff = [
    { value: '0190a000-0000-7000-8000-0000000000e1', label: 'Ada Lovelace' },
    { value: '0190a000-0000-7000-8000-0000000000e2', label: 'Alan Turing' },
  ];
  const filter = (search: jest.Mock, resolve?: jest.Mock): FilterDeclaration<keyof TaskFilters> => ({
    kind: 'asyncSelect',
    name: 'staffID',
    label: 'Staff member',
    search,
    resolve,
  });

  it('asks for options matching what is typed, and filters by the one picked', async () => {
    const fake = api();
    const search = jest.fn(async (text: string) =>
      staff.filter((s) => s.label.toLowerCase().includes(text.toLowerCase())),
    );
    const { user, params } = renderScreen(declaration(fake, { filters: [filter(search)] }));
    await screen.findByText('Fresh Fish Ltd');
    await user.type(screen.getByRole('combobox', { name: 'Staff member' }), 'ala');
    // Once the answer for "ala" is in, only its matches are offered.
    await waitFor(() => {
      expect(screen.getByRole('option', { name: 'Alan Turing' })).toBeInTheDocument();
      expect(screen.queryByRole('option', { name: 'Ada Lovelace' })).not.toBeInTheDocument();
    });
    expect(search).toHaveBeenLastCalledWith('ala', expect.anything(), expect.any(AbortSignal));
    await user.click(screen.getByRole('option', { name: 'Alan Turing' }));
    await waitFor(() => expect(lastListCall(fake.list)).toMatchObject({ staffID: staff[1]!.value }));
    expect(params().get('staffID')).toBe(staff[1]!.value);
  });

  it('names the staff member of a shared link', async () => {
    const resolve = jest.fn(async (value: string) => staff.find((s) => s.value === value) ?? null);
    renderScreen(
      declaration(api(), {
        filters: [
          filter(
            jest.fn(async () => staff),
            resolve,
          ),
        ],
      }),
      `/list?staffID=${staff[0]!.value}`,
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Staff member' })).toHaveValue('Ada Lovelace'),
    );
  });
});

describe('a custom filter', () => {
  it('renders the declared component with the query value, and its changes filter the list', async () => {
    const fake = api();
    const { user, params } = renderScreen(
      declaration(fake, {
        filters: [
          {
            kind: 'custom',
            name: 'zone',
            label: 'Storage zone',
            render: ({ value, onChange }) => (
              <button
                type="button"
                aria-pressed={value === 'cold'}
                onClick={() => onChange(value === 'cold' ? undefined : 'cold')}
              >
                Cold only
              </button>
            ),
          },
        ],
      }),
    );
    await screen.findByText('Fresh Fish Ltd');
    const toggle = within(screen.getByRole('group', { name: 'Storage zone' })).getByRole('button', {
      name: 'Cold only',
    });
    await user.click(toggle);
    await waitFor(() => expect(lastListCall(fake.list)).toMatchObject({ zone: 'cold' }));
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(params().get('zone')).toBe('cold');
    await user.click(toggle);
    await waitFor(() => expect(lastListCall(fake.list)).not.toHaveProperty('zone'));
  });
});

describe('row and bulk actions', () => {
  const approve = jest.fn(async (_row: Supplier) => null);
  const approveAll = jest.fn(async (_rows: readonly Supplier[]) => null);
  const withActions = (fake: ReturnType<typeof api>) =>
    declaration(fake, {
      rowActions: [
        {
          label: 'Approve',
          icon: 'approve',
          ability: { action: 'update' },
          confirm: (row) => ({
            title: `Approve "${row.supplierName}"?`,
            message: 'Staff will see it as done.',
          }),
          run: approve,
        },
      ],
      bulkActions: [{ label: 'Approve selected', ability: { action: 'update' }, run: approveAll }],
    });

  beforeEach(() => {
    approve.mockClear();
    approveAll.mockClear();
  });

  it('shows a row action only where the ability allows it, confirms, runs and reloads', async () => {
    signInAs('SITE_ADMIN', { siteIds: [ids.siteA] });
    const fake = api();
    const { user } = renderScreen(withActions(fake));
    await screen.findByText('Veg Co');
    expect(
      screen.queryByRole('menuitem', { name: 'Approve Veg Co' }) ?? screen.queryByLabelText('Approve Veg Co'),
    ).toBeNull();
    await user.click(screen.getByLabelText('Approve Fresh Fish Ltd'));
    const confirm = screen.getByRole('alertdialog', { name: 'Approve "Fresh Fish Ltd"?' });
    expect(confirm).toHaveAccessibleDescription('Staff will see it as done.');
    expect(approve).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(approve).toHaveBeenCalledWith(fish));
    await waitFor(() => expect(fake.list).toHaveBeenCalledTimes(2));
  });

  it('runs a bulk action on the selected rows the ability allows, then reloads', async () => {
    signInAs('SITE_ADMIN', { siteIds: [ids.siteA] });
    const fake = api();
    const { user } = renderScreen(withActions(fake));
    await screen.findByText('Veg Co');
    expect(screen.queryByRole('toolbar', { name: /selected tasks/ })).not.toBeInTheDocument();
    const checkboxes = screen.getAllByRole('checkbox', { name: /select row/i });
    for (const box of checkboxes) await user.click(box);
    const bar = await screen.findByRole('toolbar', { name: 'Actions on the selected tasks' });
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
    // Veg Co is another site's: a site admin of this one may not approve it.
    await user.click(within(bar).getByRole('button', { name: 'Approve selected (1)' }));
    await waitFor(() => expect(approveAll).toHaveBeenCalledWith([fish]));
    await waitFor(() => expect(fake.list).toHaveBeenCalledTimes(2));
    await waitFor(() =>
      expect(screen.queryByRole('toolbar', { name: /selected tasks/ })).not.toBeInTheDocument(),
    );
  });
});

describe('bulk actions on a phone', () => {
  onAPhone();

  it('selects cards with their own checkbox and runs the action on them', async () => {
    const run = jest.fn(async (_rows: readonly Supplier[]) => null);
    const { user } = renderScreen(
      declaration(api(), { bulkActions: [{ label: 'Archive', ability: { action: 'update' }, run }] }),
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Select Veg Co' }));
    const bar = screen.getByRole('toolbar', { name: 'Actions on the selected tasks' });
    await user.click(within(bar).getByRole('button', { name: 'Archive (1)' }));
    await waitFor(() => expect(run).toHaveBeenCalledWith([veg]));
  });
});

describe('rows known by a key of their own (getRowId)', () => {
  // A record whose find-one needs more than its own id, as a day's task needs its master task's too.
  const keyOf = (row: Supplier) => `${row.siteID}.${row._id}`;
  function keyedApi() {
    return {
      ...api(),
      get: jest.fn(async (key: string): Promise<Supplier> => {
        const row = [fish, veg].find((r) => keyOf(r) === key);
        if (!row) throw new ApiError({ status: 404, message: 'Supplier not found', code: 'NOT_FOUND' });
        return row;
      }),
    };
  }

  it('puts the key of a clicked row in the URL and asks find-one with it', async () => {
    const fake = keyedApi();
    const { user, params } = renderScreen(declaration(fake, { getRowId: keyOf }));
    await user.click(await screen.findByLabelText('View Fresh Fish Ltd'));
    expect(await screen.findByRole('dialog', { name: 'Fresh Fish Ltd' })).toBeInTheDocument();
    expect(params().get('view')).toBe(keyOf(fish));
    expect(fake.get).toHaveBeenCalledWith(keyOf(fish), expect.anything());
  });

  it('opens the view of a link to a key', async () => {
    const fake = keyedApi();
    renderScreen(declaration(fake, { getRowId: keyOf }), `/list?view=${keyOf(veg)}`);
    expect(await screen.findByRole('dialog', { name: 'Veg Co' })).toBeInTheDocument();
    expect(fake.get).toHaveBeenCalledWith(keyOf(veg), expect.anything());
  });

  it('selects rows by their key, in the grid and for a bulk action', async () => {
    const run = jest.fn(async (_rows: readonly Supplier[]) => null);
    const { user } = renderScreen(
      declaration(keyedApi(), {
        getRowId: keyOf,
        bulkActions: [{ label: 'Archive', ability: { action: 'update' }, run }],
      }),
    );
    await screen.findByText('Veg Co');
    const [, second] = screen.getAllByRole('checkbox', { name: /select row/i });
    await user.click(second!);
    const bar = await screen.findByRole('toolbar', { name: 'Actions on the selected tasks' });
    expect(within(bar).getByText('1 selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Archive (1)' }));
    await waitFor(() => expect(run).toHaveBeenCalledWith([veg]));
  });
});

describe('the detail view', () => {
  it('loads the record by find-one, shows loading, then what find-one returned and the sections', async () => {
    const fake = api();
    let answer: (value: Supplier) => void = () => undefined;
    fake.get.mockImplementationOnce(() => new Promise<Supplier>((resolve) => (answer = resolve)));
    const { user, params } = renderScreen(
      declaration(fake, {
        detail: {
          sections: [
            {
              title: 'Comments',
              render: (record, helpers) => (
                <p>
                  {helpers.can('update') ? 'May comment on' : 'Reads'} {record.supplierName}
                </p>
              ),
            },
          ],
        },
      }),
    );
    await user.click(await screen.findByLabelText('View Fresh Fish Ltd'));
    expect(params().get('view')).toBe(ids.fish);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('progressbar', { name: 'Loading task' })).toBeInTheDocument();
    await act(async () => answer({ ...fish, supplierContactPersonName: 'Sam (from find-one)' }));
    expect(await within(dialog).findByText('Sam (from find-one)')).toBeInTheDocument();
    expect(fake.get).toHaveBeenCalledWith(ids.fish, expect.objectContaining({ quiet: true }));
    const comments = within(dialog).getByRole('region', { name: 'Comments' });
    expect(within(comments).getByText('May comment on Fresh Fish Ltd')).toBeInTheDocument();
  });

  it('says when find-one fails, and Retry asks again', async () => {
    const fake = api();
    fake.get.mockRejectedValueOnce(new ApiError({ status: 500, message: 'Down', code: 'INTERNAL_ERROR' }));
    const { user } = renderScreen(declaration(fake));
    await user.click(await screen.findByLabelText('View Fresh Fish Ltd'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Down')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('Sam (from find-one)')).toBeInTheDocument();
    expect(fake.get).toHaveBeenCalledTimes(2);
  });
});

describe('sortable columns', () => {
  it('sorts by a column the API sorts by, and not by one it does not', async () => {
    const fake = api();
    const { user } = renderScreen(declaration(fake));
    await screen.findByText('Fresh Fish Ltd');
    await user.click(within(screen.getByRole('columnheader', { name: /Phone/ })).getByText('Phone'));
    expect(fake.list).toHaveBeenCalledTimes(1);
    await user.click(within(screen.getByRole('columnheader', { name: /Name/ })).getByText('Name'));
    await waitFor(() => expect(lastListCall(fake.list)).toMatchObject({ sort: 'supplierName' }));
  });

  it('refuses a default sort the API does not accept, where the declaration is written', () => {
    expect(() => declaration(api(), { defaultSort: 'mobileNumber' as never })).toThrow(
      'Tasks: the default sort "mobileNumber" is not one of _id, supplierName',
    );
  });

  it('gives each of two lists shown in the same place its own query', async () => {
    const suppliersApi = api();
    const typesApi = { list: pagedList([{ ...fish, _id: ids.veg, supplierName: 'Fish' }]) };
    const suppliers = declaration(suppliersApi);
    const types = defineResource({
      title: 'Supplier types',
      name: 'supplier type',
      subject: 'SupplierType',
      api: typesApi,
      recordLabel: (row: Supplier) => row.supplierName,
      sortable: ['_id', 'name'] as const,
      defaultSort: 'name',
      columns: [{ field: 'supplierName', headerName: 'Type', flex: 1 }],
    });
    function Tabs() {
      const [tab, setTab] = useState<'suppliers' | 'types'>('suppliers');
      const toggle = (
        <button type="button" onClick={() => setTab('types')}>
          Types
        </button>
      );
      return tab === 'suppliers' ? (
        <ResourceScreen resource={suppliers} gridProps={gridProps}>
          {toggle}
        </ResourceScreen>
      ) : (
        <ResourceScreen resource={types} gridProps={gridProps} />
      );
    }
    const user = userEvent.setup();
    renderWithRouter(<Tabs />, '/list?sort=-supplierName&page=1');
    await screen.findByText('Fresh Fish Ltd');
    expect(lastListCall(suppliersApi.list)).toMatchObject({ sort: '-supplierName' });
    await user.click(screen.getByRole('button', { name: 'Types' }));
    await screen.findByText('Fish');
    expect(typesApi.list).toHaveBeenCalledTimes(1);
    expect(lastListCall(typesApi.list)).toMatchObject({ sort: 'name', page: 1 });
  });
});

describe('state in the URL', () => {
  const many = Array.from({ length: 25 }, (_, i) =>
    supplier(
      `0190a000-0000-7000-8000-${String(i).padStart(12, '0')}`,
      `Fish ${String(i + 1).padStart(2, '0')}`,
    ),
  );

  it('restores search, sort, page and an open view modal from the URL', async () => {
    const fake = api(many);
    renderScreen(
      declaration(fake),
      `/list?search=fish&sort=-supplierName&page=2&limit=10&view=${many[3]!._id}`,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Fish 04' });
    expect(await within(dialog).findByText('Sam (from find-one)')).toBeInTheDocument();
    expect(fake.list).toHaveBeenCalledTimes(1);
    expect(lastListCall(fake.list)).toMatchObject({
      search: 'fish',
      sort: '-supplierName',
      page: 2,
      limit: 10,
    });
    // Behind the modal, the list shows what the URL asked for.
    expect(screen.getByRole('searchbox', { name: 'Search tasks', hidden: true })).toHaveValue('fish');
  });

  it('writes a change of the list to the URL, and ignores a sort the API does not accept', async () => {
    const fake = api(many);
    const { user, params } = renderScreen(declaration(fake), '/list?sort=mobileNumber');
    await screen.findByText('Fish 01');
    expect(lastListCall(fake.list)).toMatchObject({ sort: '_id' });
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(params().get('page')).toBe('2'));
    expect(params().has('sort')).toBe(false);
  });

  it('opens a modal as a history entry, so Back closes it', async () => {
    const fake = api();
    const { user, params, back } = renderScreen(declaration(fake), '/list?search=fresh');
    await user.click(await screen.findByLabelText('View Fresh Fish Ltd'));
    expect(await screen.findByRole('dialog', { name: 'Fresh Fish Ltd' })).toBeInTheDocument();
    expect(params().get('view')).toBe(ids.fish);
    await back();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(params().toString()).toBe('search=fresh');
    // Closing with the button goes back the same way.
    await user.click(screen.getByLabelText('View Fresh Fish Ltd'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(params().has('view')).toBe(false));
  });

  it('follows a link to another query: the list and the search box show it', async () => {
    const fake = api(many);
    const { user, go } = renderScreen(declaration(fake));
    await screen.findByText('Fish 01');
    await user.type(screen.getByRole('searchbox', { name: 'Search tasks' }), 'fish');
    await waitFor(() => expect(lastListCall(fake.list)).toMatchObject({ search: 'fish' }));
    await go('/list?search=veg');
    await waitFor(() => expect(lastListCall(fake.list)).toMatchObject({ search: 'veg', page: 1 }));
    expect(screen.getByRole('searchbox', { name: 'Search tasks' })).toHaveValue('veg');
    // The box's own value does not send the old search again.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(lastListCall(fake.list)).toMatchObject({ search: 'veg' });
  });

  it('loads the record of ?edit=ID with find-one when it is not on the page', async () => {
    const other = supplier('0190a000-0000-7000-8000-0000000000f9', 'Far Away Farm');
    const fake = {
      ...api([fish]),
      get: jest.fn(async () => other),
      update: jest.fn(async () => other),
    };
    renderWithRouter(
      <ResourceScreen
        resource={defineResource({
          ...declaration(fake),
          api: fake,
          form: {
            schema: supplierUpdateSchema,
            fields: [{ kind: 'text', name: 'supplierName', label: 'Name', required: true }],
            emptyForm: () => ({ supplierName: '' }),
            toForm: (row: Supplier) => ({ supplierName: row.supplierName }),
            toInput: (form: { supplierName: string }) => form,
            toUpdate: (form: { supplierName: string }, row: Supplier) => ({ ...form, _id: row._id }),
          },
        })}
        gridProps={gridProps}
      />,
      `/list?edit=${other._id}`,
    );
    expect(await screen.findByRole('progressbar', { name: 'Loading task' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('progressbar', { name: 'Loading task' })).not.toBeInTheDocument(),
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit task' });
    expect(await within(dialog).findByRole('textbox', { name: /^Name/ })).toHaveValue('Far Away Farm');
    expect(fake.get).toHaveBeenCalledWith(other._id, expect.anything());
  });
});
