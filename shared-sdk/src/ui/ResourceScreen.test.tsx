import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ResourceApi } from '../api/resource.js';
import {
  masterTypeInputSchema,
  masterTypeUpdateSchema,
  supplierInputSchema,
  supplierUpdateSchema,
  type ListData,
  type ListParams,
  type MasterType,
  type MasterTypeInput,
  type MasterTypeType,
  type MasterTypeUpdate,
  type Supplier,
  type SupplierInput,
  type SupplierUpdate,
} from '../contract/index.js';
import { ApiError } from '../http/errors.js';
import { notifyStore } from '../notify/store.js';
import { defineResource, ResourceScreen, useResourceGrid } from './index.js';
import { chooseSite, ids, renderWithRouter, signInAs, supplier, onAPhone } from './testing.js';

// The kit driven the way a remote uses it: real contract schemas, real ability rules, a fake api.

/** A list endpoint serving `rows` in pages, as the server would. */
function pagedList<Row>(rows: Row[]) {
  return jest.fn(async (params: ListParams): Promise<ListData<Row>> => {
    const page = params.page ?? 1;
    const limit = params.limit ?? 10;
    return { list: rows.slice((page - 1) * limit, page * limit), records: rows.length, page, limit };
  });
}

function supplierApi(rows: Supplier[]) {
  return {
    list: pagedList(rows),
    create: jest.fn(async (input: SupplierInput) => supplier(ids.veg, String(input.supplierName))),
    update: jest.fn(async (input: SupplierUpdate) => supplier(input._id, String(input.supplierName))),
    remove: jest.fn(async (_id: string) => null),
  } satisfies ResourceApi<Supplier, SupplierInput, SupplierUpdate, { siteID?: string }>;
}

// What a remote writes for its supplier screen.
const supplierScreen = (api: ResourceApi<Supplier, SupplierInput, SupplierUpdate, { siteID?: string }>) =>
  defineResource({
    title: 'Suppliers',
    name: 'supplier',
    subject: 'Supplier',
    api,
    siteScoped: true,
    recordLabel: (row) => row.supplierName,
    columns: [
      { field: 'supplierName', headerName: 'Name', flex: 1 },
      { field: 'supplierContactPersonName', headerName: 'Contact', flex: 1 },
      { field: 'email', headerName: 'E-mail', flex: 1 },
    ],
    view: [
      { label: 'Name', field: 'supplierName' },
      { label: 'Contact person', field: 'supplierContactPersonName' },
      { label: 'Phone', field: 'mobileNumber' },
    ],
    form: {
      schema: supplierInputSchema,
      updateSchema: supplierUpdateSchema,
      fields: [
        { kind: 'text', name: 'supplierName', label: 'Name', required: true },
        { kind: 'text', name: 'supplierContactPersonName', label: 'Contact person' },
        { kind: 'email', name: 'email', label: 'E-mail' },
        { kind: 'tel', name: 'mobileNumber', label: 'Phone' },
      ],
      emptyForm: () => ({ supplierName: '', supplierContactPersonName: '', email: '', mobileNumber: '' }),
      toForm: (row) => ({
        supplierName: row.supplierName,
        supplierContactPersonName: row.supplierContactPersonName ?? '',
        email: row.email ?? '',
        mobileNumber: row.mobileNumber ?? '',
      }),
      toInput: (form, { siteID }) => ({ ...form, siteID: siteID ?? '' }),
    },
  });

// Dialogs and grids in jsdom on a shared, busy machine: the defaults' 5 s is too tight.
jest.setTimeout(20_000);

// Grids in jsdom have no layout: render every row and column regardless of the (zero) viewport.
const gridProps = { disableVirtualization: true } as const;

function renderSuppliers(rows: Supplier[], api = supplierApi(rows)) {
  const user = userEvent.setup();
  renderWithRouter(<ResourceScreen resource={supplierScreen(api)} gridProps={gridProps} />);
  return { api, user };
}

const lastListCall = (api: { list: jest.Mock }) =>
  api.list.mock.calls.at(-1)?.[0] as ListParams & { siteID?: string };

beforeEach(() => {
  localStorage.clear();
  notifyStore.setState({ toasts: [], error: null });
  signInAs('ORGANIZATION_ADMIN');
  chooseSite(ids.siteA);
});

describe('the list', () => {
  const many = Array.from({ length: 25 }, (_, i) =>
    supplier(`0190a000-0000-7000-8000-${String(i).padStart(12, '0')}`, `Supplier ${i + 1}`),
  );

  it("asks the selected site's first page with the default query", async () => {
    const { api } = renderSuppliers(many);
    expect(await screen.findByText('Supplier 1')).toBeInTheDocument();
    expect(api.list).toHaveBeenCalledTimes(1);
    expect(lastListCall(api)).toEqual({ search: '', sort: '_id', page: 1, limit: 10, siteID: ids.siteA });
  });

  it('asks page 2 with the same limit for the next page', async () => {
    const { api, user } = renderSuppliers(many);
    await screen.findByText('Supplier 1');
    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('Supplier 11')).toBeInTheDocument();
    expect(lastListCall(api)).toMatchObject({ page: 2, limit: 10 });
    expect(screen.queryByText('Supplier 1')).not.toBeInTheDocument();
  });

  it('sorts ascending, then descending with "-", then back to the default', async () => {
    const { api, user } = renderSuppliers(many);
    await screen.findByText('Supplier 1');
    const header = screen.getByRole('columnheader', { name: /Name/ });
    await user.click(within(header).getByText('Name'));
    await waitFor(() => expect(lastListCall(api)).toMatchObject({ sort: 'supplierName', page: 1 }));
    await user.click(within(header).getByText('Name'));
    await waitFor(() => expect(lastListCall(api)).toMatchObject({ sort: '-supplierName' }));
    await user.click(within(header).getByText('Name'));
    await waitFor(() => expect(lastListCall(api)).toMatchObject({ sort: '_id' }));
  });

  it('searches once typing pauses, not once per key', async () => {
    const { api, user } = renderSuppliers(many);
    await screen.findByText('Supplier 1');
    await user.type(screen.getByRole('searchbox', { name: 'Search suppliers' }), 'fish');
    await waitFor(() => expect(lastListCall(api)).toMatchObject({ search: 'fish', page: 1 }));
    expect(api.list).toHaveBeenCalledTimes(2);
  });

  it('reloads from page 1 when the site changes, and asks to choose a site when none is', async () => {
    const { api } = renderSuppliers(many);
    await screen.findByText('Supplier 1');
    chooseSite(ids.siteB);
    await waitFor(() => expect(lastListCall(api)).toMatchObject({ siteID: ids.siteB, page: 1 }));
    chooseSite(null);
    expect(await screen.findByText('Choose a site to see its suppliers.')).toBeInTheDocument();
    expect(api.list).toHaveBeenCalledTimes(2);
  });

  it('says what to do when there is nothing yet, with the Add button', async () => {
    renderSuppliers([]);
    expect(await screen.findByText('No suppliers yet. Add the first one.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add supplier' })).toBeInTheDocument();
  });

  it("starts at the declaration's page size, which the URL then leaves out", async () => {
    const api = supplierApi(many);
    const { params } = renderWithRouter(
      <ResourceScreen resource={{ ...supplierScreen(api), defaultLimit: 25 }} gridProps={gridProps} />,
    );
    expect(await screen.findByText('Supplier 25')).toBeInTheDocument();
    expect(lastListCall(api)).toMatchObject({ page: 1, limit: 25 });
    expect(params().get('limit')).toBeNull();
  });

  it('hands a screen of its own layout the rest of what the list answered', async () => {
    const answered = { list: many.slice(0, 10), records: many.length, page: 1, limit: 10, total: 42 };
    const api = { ...supplierApi(many), list: jest.fn(async () => answered) };
    function OwnLayout() {
      const { list } = useResourceGrid(supplierScreen(api), { gridProps });
      const total = list.answer && 'total' in list.answer ? String(list.answer.total) : 'none yet';
      return <p>Total: {total}</p>;
    }
    renderWithRouter(<OwnLayout />);
    expect(await screen.findByText('Total: 42')).toBeInTheDocument();
  });

  it('shows a failed load with a Retry that asks again', async () => {
    const api = supplierApi([supplier(ids.fish, 'Fresh Fish Ltd')]);
    api.list.mockRejectedValueOnce(new ApiError({ status: 500, message: 'Down', code: 'INTERNAL_ERROR' }));
    const { user } = renderSuppliers([], api);
    expect(await screen.findByText('Could not load suppliers.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Fresh Fish Ltd')).toBeInTheDocument();
    expect(api.list).toHaveBeenCalledTimes(2);
  });
});

describe('filters', () => {
  type LogFilters = { siteID?: string; type?: string; startDate?: string; endDate?: string };

  it('sends a select filter and a date range as list params, from page 1', async () => {
    const list = pagedList([supplier(ids.fish, 'Fresh Fish Ltd')]);
    const api: ResourceApi<Supplier, never, never, LogFilters> = { list };
    const user = userEvent.setup();
    const { container } = renderWithRouter(
      <ResourceScreen
        resource={defineResource({
          title: 'Deliveries',
          name: 'delivery',
          subject: 'Supplier',
          api,
          siteScoped: true,
          search: false,
          recordLabel: (row) => row.supplierName,
          columns: [{ field: 'supplierName', headerName: 'Supplier' }],
          filters: [
            {
              kind: 'select',
              name: 'type',
              label: 'Type',
              options: async () => [
                { value: 'FOODITEM', label: 'Food item' },
                { value: 'PROB', label: 'Probe' },
              ],
            },
            { kind: 'dateRange', from: 'startDate', to: 'endDate' },
          ],
        })}
        gridProps={gridProps}
      />,
    );
    await screen.findByText('Fresh Fish Ltd');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Probe' }));
    await waitFor(() => expect(lastListCall({ list })).toMatchObject({ type: 'PROB', page: 1 }));
    fireEvent.change(container.querySelector('#startDate-endDate-from')!, {
      target: { value: '01/03/2026' },
    });
    await waitFor(() =>
      expect(lastListCall({ list })).toMatchObject({ type: 'PROB', startDate: '2026-03-01' }),
    );
    expect(lastListCall({ list })).not.toHaveProperty('endDate');
  });
});

describe('actions and abilities', () => {
  const rows = [supplier(ids.fish, 'Fresh Fish Ltd', ids.siteA), supplier(ids.veg, 'Veg Co', ids.siteB)];

  it("shows a site admin edit and delete only on its own site's rows, and no Add on another site", async () => {
    signInAs('SITE_ADMIN', { siteIds: [ids.siteA] });
    chooseSite(ids.siteB);
    renderSuppliers(rows);
    await screen.findByText('Veg Co');
    expect(screen.getByRole('button', { name: 'Edit Fresh Fish Ltd' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Fresh Fish Ltd' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Veg Co' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Veg Co' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View Veg Co' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add supplier' })).not.toBeInTheDocument();
  });

  it('shows Add to a site admin on its own site', async () => {
    signInAs('SITE_ADMIN', { siteIds: [ids.siteA] });
    renderSuppliers(rows);
    await screen.findByText('Veg Co');
    expect(screen.getByRole('button', { name: 'Add supplier' })).toBeInTheDocument();
  });

  it('shows the declared fields in the view modal', async () => {
    const { user } = renderSuppliers(rows);
    await user.click(await screen.findByRole('button', { name: 'View Fresh Fish Ltd' }));
    const dialog = screen.getByRole('dialog', { name: 'Fresh Fish Ltd' });
    expect(within(dialog).getByText('Contact person')).toBeInTheDocument();
    expect(within(dialog).getByText('Sam')).toBeInTheDocument();
    // No phone number: shown as a dash, not left blank.
    expect(within(dialog).getByText('—')).toBeInTheDocument();
  });

  it('deletes only after confirmation, naming the record, and reloads the list', async () => {
    const { api, user } = renderSuppliers(rows);
    await user.click(await screen.findByRole('button', { name: 'Delete Fresh Fish Ltd' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete supplier "Fresh Fish Ltd"?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.remove).not.toHaveBeenCalled();
    expect(api.list).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Delete Fresh Fish Ltd' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.remove).toHaveBeenCalledWith(ids.fish);
    expect(api.list).toHaveBeenCalledTimes(2);
  });
});

describe('the create and edit form', () => {
  const fish = supplier(ids.fish, 'Fresh Fish Ltd');

  it('shows the message of an empty required field, focuses it and does not call create', async () => {
    const { api, user } = renderSuppliers([fish]);
    await user.click(await screen.findByRole('button', { name: 'Add supplier' }));
    const dialog = screen.getByRole('dialog', { name: 'Add supplier' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    expect(name).toBeRequired();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Supplier name is required');
    expect(name).toHaveFocus();
    expect(api.create).not.toHaveBeenCalled();
  });

  it('removes a message once its field is fixed, and shows a new one at the next submit', async () => {
    const { user } = renderSuppliers([fish]);
    await user.click(await screen.findByRole('button', { name: 'Add supplier' }));
    const dialog = screen.getByRole('dialog', { name: 'Add supplier' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Fresh Fish Ltd');
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'not-an-email');
    await user.tab();
    expect(within(dialog).queryByText('Supplier name is required')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Must be a valid e-mail address')).toBeInTheDocument();
  });

  it("shows the server's field errors under the field and keeps the modal open", async () => {
    const api = supplierApi([fish]);
    api.create.mockRejectedValueOnce(
      new ApiError({
        status: 409,
        message: 'A supplier with this name already exists on this site',
        code: 'CONFLICT',
        fieldErrors: { supplierName: ['A supplier with this name already exists on this site'] },
      }),
    );
    const { user } = renderSuppliers([fish], api);
    await user.click(await screen.findByRole('button', { name: 'Add supplier' }));
    const dialog = screen.getByRole('dialog', { name: 'Add supplier' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Fresh Fish Ltd');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const name = await within(dialog).findByRole('textbox', { name: /^Name/, description: /already exists/ });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(api.create).toHaveBeenCalledWith(
      expect.objectContaining({ supplierName: 'Fresh Fish Ltd', siteID: ids.siteA }),
      { quietFor: [400, 409] },
    );
    expect(screen.getByRole('dialog', { name: 'Add supplier' })).toBeInTheDocument();
    // Changing the field drops the server's verdict on the old value.
    await user.type(name, ' 2');
    expect(within(dialog).queryByText(/already exists/)).not.toBeInTheDocument();
  });

  it('shows progress on the submit button while saving', async () => {
    const api = supplierApi([fish]);
    let finish: () => void = () => undefined;
    api.create.mockImplementationOnce(
      () => new Promise<Supplier>((resolve) => (finish = () => resolve(fish))),
    );
    const { user } = renderSuppliers([fish], api);
    await user.click(await screen.findByRole('button', { name: 'Add supplier' }));
    const dialog = screen.getByRole('dialog', { name: 'Add supplier' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Veg Co');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('progressbar')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Save/ })).toBeDisabled();
    act(() => finish());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('saves an edit with the row id, closes, reloads, and adds no toast of its own', async () => {
    const { api, user } = renderSuppliers([fish]);
    await user.click(await screen.findByRole('button', { name: 'Edit Fresh Fish Ltd' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit supplier' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Fresh Fish Ltd');
    await user.clear(name);
    await user.type(name, 'Fresher Fish Ltd');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.update).toHaveBeenCalledWith(
      expect.objectContaining({ _id: ids.fish, supplierName: 'Fresher Fish Ltd' }),
      { quietFor: [400, 409] },
    );
    expect(api.list).toHaveBeenCalledTimes(2);
    expect(notifyStore.getState().toasts).toEqual([]);
  });
});

// ---- fridges: a list field of temperature items -----------------------------------------------------------

interface TemperatureItemForm {
  _id?: string;
  name: string;
  location: string;
  lowerLimit: number | null;
  upperLimit: number | null;
}
interface FridgeForm {
  name: string;
  type: MasterTypeType;
  temperatureItems: TemperatureItemForm[];
}

function fridgeApi() {
  return {
    list: pagedList<MasterType>([]),
    create: jest.fn(async (_input: MasterTypeInput): Promise<MasterType> => {
      throw new Error('not used');
    }),
    update: jest.fn(async (_input: MasterTypeUpdate): Promise<MasterType> => {
      throw new Error('not used');
    }),
  } satisfies ResourceApi<
    MasterType,
    MasterTypeInput,
    MasterTypeUpdate,
    { siteID?: string; type?: MasterTypeType }
  >;
}

const fridgeScreen = (api: ReturnType<typeof fridgeApi>) =>
  defineResource({
    title: 'Fridges',
    name: 'fridge',
    subject: 'MasterType',
    api,
    siteScoped: true,
    params: { type: 'FRIDGE' },
    recordLabel: (row) => row.name,
    columns: [{ field: 'name', headerName: 'Name', flex: 1 }],
    form: {
      schema: masterTypeInputSchema,
      updateSchema: masterTypeUpdateSchema,
      width: 'md',
      fields: [
        { kind: 'text', name: 'name', label: 'Name', required: true },
        {
          kind: 'list',
          name: 'temperatureItems',
          label: 'Temperature items',
          itemLabel: 'Temperature item',
          required: true,
          newItem: () => ({ name: '', location: '', lowerLimit: null, upperLimit: null }),
          fields: [
            { kind: 'text', name: 'name', label: 'Item name', required: true },
            { kind: 'text', name: 'location', label: 'Where it is' },
            { kind: 'number', name: 'lowerLimit', label: 'Lower limit', unit: '°C' },
            { kind: 'number', name: 'upperLimit', label: 'Upper limit', unit: '°C' },
          ],
        },
      ],
      emptyForm: (): FridgeForm => ({ name: '', type: 'FRIDGE', temperatureItems: [] }),
      toForm: (row): FridgeForm => ({
        name: row.name,
        type: row.type,
        temperatureItems: row.temperatureItems,
      }),
      toInput: (form, { siteID }) => ({ ...form, siteID: siteID ?? '' }),
    },
  });

describe('the list field (fridge temperature items)', () => {
  it('adds two items, removes one, and sends the one left with its limits', async () => {
    const api = fridgeApi();
    api.create.mockImplementationOnce(async () => ({}) as MasterType);
    const user = userEvent.setup();
    renderWithRouter(<ResourceScreen resource={fridgeScreen(api)} gridProps={gridProps} />);
    await user.click(await screen.findByRole('button', { name: 'Add fridge' }));
    const dialog = screen.getByRole('dialog', { name: 'Add fridge' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Walk-in');

    await user.click(within(dialog).getByRole('button', { name: 'Add temperature item' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add temperature item' }));
    const first = within(dialog).getByRole('group', { name: 'Temperature item 1' });
    const second = within(dialog).getByRole('group', { name: 'Temperature item 2' });
    await user.type(within(first).getByRole('textbox', { name: /Item name/ }), 'Top shelf');
    await user.type(within(second).getByRole('textbox', { name: /Item name/ }), 'Dairy');
    await user.type(within(second).getByRole('textbox', { name: 'Lower limit' }), '-2');
    await user.type(within(second).getByRole('textbox', { name: 'Upper limit' }), '4.5');
    expect(within(second).getAllByText('°C')).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Remove temperature item 1' }));
    expect(within(dialog).queryByRole('group', { name: 'Temperature item 2' })).not.toBeInTheDocument();
    const left = within(dialog).getByRole('group', { name: 'Temperature item 1' });
    expect(within(left).getByRole('textbox', { name: /Item name/ })).toHaveValue('Dairy');
    expect(within(left).getByRole('textbox', { name: 'Lower limit' })).toHaveValue('-2');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.create).toHaveBeenCalled());
    expect(lastListCall(api)).toMatchObject({ type: 'FRIDGE', siteID: ids.siteA });
    expect(api.create.mock.calls[0]?.[0]).toEqual({
      name: 'Walk-in',
      type: 'FRIDGE',
      siteID: ids.siteA,
      temperatureItems: [{ name: 'Dairy', location: '', lowerLimit: -2, upperLimit: 4.5 }],
    });
  });

  it('shows the list-level message and item messages by dotted path, client and server', async () => {
    const api = fridgeApi();
    api.create.mockRejectedValueOnce(
      new ApiError({
        status: 400,
        message: 'temperatureItems.0.name: Each temperature item needs its own name',
        code: 'VALIDATION_ERROR',
        fieldErrors: { 'temperatureItems.0.name': ['Each temperature item needs its own name'] },
      }),
    );
    const user = userEvent.setup();
    renderWithRouter(<ResourceScreen resource={fridgeScreen(api)} gridProps={gridProps} />);
    await user.click(await screen.findByRole('button', { name: 'Add fridge' }));
    const dialog = screen.getByRole('dialog', { name: 'Add fridge' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Walk-in');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Add at least one temperature item')).toBeInTheDocument();
    expect(api.create).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Add temperature item' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const item = within(dialog).getByRole('group', { name: 'Temperature item 1' });
    expect(within(item).getByRole('textbox', { name: /Item name/ })).toHaveAccessibleDescription(
      'Item name is required',
    );

    await user.type(within(item).getByRole('textbox', { name: /Item name/ }), 'Top shelf');
    await user.type(within(item).getByRole('textbox', { name: 'Upper limit' }), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(item).findByRole('textbox', {
        name: /Item name/,
        description: 'Each temperature item needs its own name',
      }),
    ).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('small screens', () => {
  onAPhone();

  it('shows cards and appends the next page on "Load more"', async () => {
    const rows = Array.from({ length: 12 }, (_, i) =>
      supplier(`0190a000-0000-7000-8000-${String(i).padStart(12, '0')}`, `Supplier ${i + 1}`),
    );
    const { api, user } = renderSuppliers(rows);
    expect(await screen.findByText('Supplier 1')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more (10 of 12)' }));
    expect(await screen.findByText('Supplier 12')).toBeInTheDocument();
    expect(screen.getByText('Supplier 1')).toBeInTheDocument();
    expect(lastListCall(api)).toMatchObject({ page: 2, limit: 10 });
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
  });
});
