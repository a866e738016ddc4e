import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import type { ResourceApi } from '../api/resource.js';
import type { Supplier } from '../contract/index.js';
import { ThemeProvider } from '../mui/index.js';
import { resetBrowserState } from '../testing/index.js';
import { createConsoleTheme } from '../theme/theme.js';
import { ConfirmDialog, ViewDialog } from './dialogs.js';
import { defineResource, ResourceScreen, type ResourceDefinition } from './index.js';
import {
  chooseSite,
  ids,
  lastListCall,
  onAPhone,
  pagedList,
  renderWithRouter,
  signInAs,
  supplier,
} from './testing.js';

// How a list lays out what it shows (issue 25): columns as wide as their content, row actions as a compact
// set, the filters on one line with chips, dialogs as wide as their words, and cards on a phone.

jest.setTimeout(60_000);

type Filters = {
  siteID?: string;
  day?: string;
  type?: string;
  result?: string;
  source?: string;
  backFilled?: string;
};

const fish = { ...supplier(ids.fish, 'Fresh Fish Ltd'), email: 'orders.and.invoices@freshfish.example' };
const veg = { ...supplier(ids.veg, 'Veg Co'), email: 'veg@co.example' };

function api(rows: Supplier[] = [fish, veg]) {
  return {
    list: pagedList(rows),
    remove: jest.fn(async (_id: string) => null),
  } satisfies ResourceApi<Supplier, never, never, Filters>;
}

function suppliers(
  fake: ResourceApi<Supplier, never, never, Filters>,
  extra: Partial<ResourceDefinition<Supplier, never, never, never, Filters>> = {},
) {
  return defineResource({
    title: 'Suppliers',
    name: 'supplier',
    subject: 'Supplier',
    api: fake,
    siteScoped: true,
    recordLabel: (row: Supplier) => row.supplierName,
    columns: [
      { field: 'supplierName', headerName: 'Name', flex: 1, minWidth: 120 },
      { field: 'email', headerName: 'E-mail', width: 100 },
    ],
    ...extra,
  });
}

/** Every row drawn (jsdom has no viewport), and the grid measuring its columns and rows as in a browser. */
const gridProps = { disableVirtualization: true } as const;

/** As the console shows it: inside its theme, whose fields are full width unless told otherwise. */
function renderList(resource: ResourceDefinition<Supplier, never, never, never, Filters>) {
  const user = userEvent.setup();
  const routed = renderWithRouter(
    <ThemeProvider theme={createConsoleTheme()}>
      <ResourceScreen resource={resource} gridProps={gridProps} />
    </ThemeProvider>,
  );
  return { user, ...routed };
}

beforeEach(() => {
  resetBrowserState();
  signInAs('ORGANIZATION_ADMIN');
  chooseSite(ids.siteA);
});

describe('columns', () => {
  // jsdom lays nothing out: a cell is as wide as 8 px a character of its text, and 20 px of padding.
  const measure = jest.spyOn(Element.prototype, 'getBoundingClientRect');
  beforeEach(() =>
    measure.mockImplementation(function (this: Element) {
      const width = this.getAttribute('role') === 'gridcell' ? (this.textContent?.length ?? 0) * 8 + 20 : 0;
      return { width, height: 20, x: 0, y: 0, top: 0, left: 0, right: width, bottom: 20, toJSON: () => ({}) };
    }),
  );
  afterAll(() => measure.mockRestore());

  it('sizes a column without flex to its widest cell, so an address is never cut', async () => {
    renderList(suppliers(api()));
    await screen.findByText('Fresh Fish Ltd');
    const widest = fish.email!.length * 8 + 20;
    const header = screen.getByRole('columnheader', { name: 'E-mail' });
    await waitFor(() => expect(parseFloat(header.style.width)).toBeGreaterThanOrEqual(widest));
  });

  it('lets a column with flex wrap its words onto more lines, the row growing to fit', async () => {
    renderList(suppliers(api()));
    const name = await screen.findByText('Fresh Fish Ltd');
    expect(name.closest('[role="gridcell"]')).toHaveClass('resource-cell--wrap');
    expect(name.closest('[role="row"]')).toHaveClass('MuiDataGrid-row--dynamicHeight');
    // A text cell carries its whole text as a tooltip.
    expect(screen.getByText(fish.email!).closest('[role="gridcell"]')).toHaveAttribute('title', fish.email);
  });

  it('names every column header, a column of buttons declared without words "Actions"', async () => {
    renderList(
      suppliers(api(), {
        columns: [
          { field: 'supplierName', headerName: 'Name', flex: 1 },
          { field: 'go', headerName: '', renderCell: () => <button type="button">Go</button> },
        ],
        actions: { view: false },
        api: { list: pagedList([fish]) },
      }),
    );
    await screen.findByText('Fresh Fish Ltd');
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'Actions']);
  });
});

describe('row actions', () => {
  const approve = jest.fn(async (_row: Supplier) => null);
  const archive = jest.fn(async (_row: Supplier) => null);

  it('shows up to three as buttons', async () => {
    renderList(
      suppliers(api(), { rowActions: [{ label: 'Approve', ability: { action: 'update' }, run: approve }] }),
    );
    await screen.findByText('Fresh Fish Ltd');
    const [, first] = screen.getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['View Fresh Fish Ltd', 'Approve Fresh Fish Ltd', 'Delete Fresh Fish Ltd']);
    expect(within(first!).queryByRole('button', { name: 'More actions' })).toBeNull();
  });

  it('shows two and puts the rest, Delete last, under "More actions"', async () => {
    const { user } = renderList(
      suppliers(api(), {
        rowActions: [
          { label: 'Approve', ability: { action: 'update' }, run: approve },
          { label: 'Archive', icon: 'history', ability: { action: 'update' }, run: archive },
        ],
      }),
    );
    await screen.findByText('Fresh Fish Ltd');
    const [, first] = screen.getAllByRole('row');
    const row = within(first!);
    expect(row.getByRole('button', { name: 'View Fresh Fish Ltd' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Approve Fresh Fish Ltd' })).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Archive Fresh Fish Ltd' })).toBeNull();
    await user.click(row.getByRole('button', { name: 'More actions' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Archive', 'Delete']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Archive Fresh Fish Ltd' }));
    await waitFor(() => expect(archive).toHaveBeenCalledWith(fish));
  });
});

describe('filters', () => {
  const select = (name: keyof Filters & string, label: string, options: [string, string][]) => ({
    kind: 'select' as const,
    name,
    label,
    options: options.map(([value, text]) => ({ value, label: text })),
  });
  const type = select('type', 'Type', [
    ['FRIDGE', 'Fridge'],
    ['FREEZER', 'Freezer'],
  ]);
  const result = select('result', 'Result', [
    ['PASS', 'Pass'],
    ['FAIL', 'Fail'],
  ]);
  const source = select('source', 'Source', [['SENSOR', 'Sensor']]);
  const backFilled = select('backFilled', 'Back-filled', [['true', 'Back-filled only']]);

  it('sit on one line with the search, each as wide as it needs rather than the whole line', async () => {
    renderList(suppliers(api(), { filters: [type, result] }));
    await screen.findByText('Fresh Fish Ltd');
    for (const field of [screen.getByRole('searchbox'), screen.getByRole('combobox', { name: 'Type' })])
      expect(field.closest('.MuiFormControl-root')).not.toHaveClass('MuiFormControl-fullWidth');
  });

  it('keeps all but the first two of more than three behind "More filters"', async () => {
    const { user } = renderList(suppliers(api(), { filters: [type, result, source, backFilled] }));
    await screen.findByText('Fresh Fish Ltd');
    expect(screen.getByRole('combobox', { name: 'Type' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Result' })).toBeVisible();
    const more = screen.getByRole('button', { name: 'More filters' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('combobox', { name: 'Source' })).toBeNull();
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('group', { name: 'More filters' });
    expect(within(panel).getByRole('combobox', { name: 'Source' })).toBeVisible();
    expect(within(panel).getByRole('combobox', { name: 'Back-filled' })).toBeVisible();
  });

  it('shows each filter that narrows the list as a chip that clears it, and "Clear all"', async () => {
    const fake = api();
    const day = { kind: 'day' as const, name: 'day' as const };
    const { user, params } = renderList(
      suppliers(fake, { filters: [day, type, result, source, backFilled] }),
    );
    await screen.findByText('Fresh Fish Ltd');
    // A day is where the list is, not a narrowing of it: no chip.
    await user.click(screen.getByRole('button', { name: /^Previous day/ }));
    const yesterday = params().get('day');
    expect(yesterday).not.toBeNull();
    expect(screen.queryByRole('group', { name: 'Active filters' })).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Fridge' }));
    await user.click(screen.getByRole('button', { name: 'More filters' }));
    await user.click(screen.getByRole('combobox', { name: 'Source' }));
    await user.click(await screen.findByRole('option', { name: 'Sensor' }));
    await waitFor(() => expect(lastListCall(fake.list)).toMatchObject({ type: 'FRIDGE', source: 'SENSOR' }));
    // The button says a hidden filter is set.
    expect(screen.getByRole('button', { name: 'More filters (1)' })).toBeInTheDocument();

    const chips = screen.getByRole('group', { name: 'Active filters' });
    await user.click(within(chips).getByRole('button', { name: 'Clear Type: Fridge' }));
    await waitFor(() => expect(lastListCall(fake.list)).not.toHaveProperty('type'));
    expect(params().get('source')).toBe('SENSOR');
    expect(within(chips).queryByRole('button', { name: /Type/ })).toBeNull();

    await user.type(screen.getByRole('searchbox'), 'fish');
    await waitFor(() => expect(lastListCall(fake.list)).toMatchObject({ search: 'fish', source: 'SENSOR' }));
    expect(within(chips).getByRole('button', { name: 'Clear Search: fish' })).toBeInTheDocument();
    await user.click(within(chips).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(lastListCall(fake.list)).toMatchObject({ search: '' }));
    expect(lastListCall(fake.list)).not.toHaveProperty('source');
    expect(screen.queryByRole('group', { name: 'Active filters' })).toBeNull();
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(params().get('day')).toBe(yesterday);
  });
});

describe('dialogs', () => {
  const themed = (ui: ReactElement) =>
    render(<ThemeProvider theme={createConsoleTheme()}>{ui}</ThemeProvider>);

  it('sizes a confirmation to its words, not to the width of the screen', () => {
    themed(
      <ConfirmDialog open title="Delete supplier?" onConfirm={async () => null} onClose={() => undefined} />,
    );
    const paper = screen.getByRole('alertdialog', { name: 'Delete supplier?' });
    expect(paper).toHaveClass('MuiDialog-paperWidthXs');
    expect(paper).not.toHaveClass('MuiDialog-paperFullWidth');
    expect(getComputedStyle(paper).width).not.toMatch(/calc\(100%/);
  });

  describe('content that scrolls', () => {
    const scrollHeight = jest.spyOn(Element.prototype, 'scrollHeight', 'get');
    const clientHeight = jest.spyOn(Element.prototype, 'clientHeight', 'get');
    afterAll(() => {
      scrollHeight.mockRestore();
      clientHeight.mockRestore();
    });
    const entries = [{ label: 'Notes', value: 'A long story' }];

    it('can be reached by keyboard, named by the title, and is no stop on the way while it all fits', () => {
      scrollHeight.mockReturnValue(400);
      clientHeight.mockReturnValue(400);
      themed(<ViewDialog open title="Fresh Fish Ltd" entries={entries} onClose={() => undefined} />);
      expect(screen.queryByRole('region', { name: 'Fresh Fish Ltd' })).toBeNull();
      expect(screen.getByText('A long story').closest('[tabindex="0"]')).toBeNull();

      // The window gets shorter: now it scrolls.
      scrollHeight.mockReturnValue(900);
      act(() => {
        window.dispatchEvent(new Event('resize'));
      });
      const content = screen.getByRole('region', { name: 'Fresh Fish Ltd' });
      expect(content).toHaveAttribute('tabindex', '0');
      expect(content).toHaveTextContent('A long story');
    });
  });
});

describe('on a phone', () => {
  onAPhone();

  it('shows each record as a compact card with its card fields and the same actions', async () => {
    const approve = jest.fn(async (_row: Supplier) => null);
    const { user } = renderList(
      suppliers(api([fish]), {
        view: [
          { label: 'Name', field: 'supplierName' },
          { label: 'Contact person', field: 'supplierContactPersonName' },
          { label: 'E-mail', field: 'email' },
          { label: 'Phone', field: 'mobileNumber' },
        ],
        card: [
          { label: 'E-mail', field: 'email' },
          { label: 'Phone', field: 'mobileNumber' },
        ],
        rowActions: [
          { label: 'Approve', ability: { action: 'update' }, run: approve },
          { label: 'Archive', ability: { action: 'update' }, run: approve },
        ],
      }),
    );
    const card = (await screen.findByRole('heading', { name: 'Fresh Fish Ltd' })).closest('li')!;
    expect(screen.queryByRole('grid')).toBeNull();
    // The card's fields, not the view's; a field with nothing in it takes no line.
    expect(within(card).getByText(fish.email!)).toBeInTheDocument();
    expect(within(card).queryByText('Contact person')).toBeNull();
    expect(within(card).queryByText('Phone')).toBeNull();
    // The grid's compact set: two buttons, the rest under "More actions".
    expect(within(card).getByRole('button', { name: 'View Fresh Fish Ltd' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Approve Fresh Fish Ltd' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'More actions for Fresh Fish Ltd' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Archive', 'Delete']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete Fresh Fish Ltd' }));
    expect(
      await screen.findByRole('alertdialog', { name: 'Delete supplier "Fresh Fish Ltd"?' }),
    ).toBeInTheDocument();
  });
});
