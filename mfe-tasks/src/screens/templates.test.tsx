import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { notifyStore } from '@console/shared-sdk';
import {
  chooseSite,
  demoIds,
  fail,
  fakeApi,
  gridProps,
  listPage,
  ok,
  renderOnSiteRoute,
  resetBrowserState,
  signInAs,
  type Sent,
} from '@console/shared-sdk/testing';
import type { LibraryTemplate, Template } from '@console/shared-sdk/tasks';
import { ResourceScreen } from '@console/shared-sdk/ui';
import { templates, TemplatesScreen } from './templates';

// Forms typed into on a shared, busy machine: the default 5 s per test is too tight.
jest.setTimeout(90_000);

/** Where the console shows the screen: a route that remote.json marks site-scoped. */
const screenUrl = '/dashboard/templates';

const ids = {
  ...demoIds,
  opening: '0190a000-0000-7000-8000-0000000000a1',
  fridge: '0190a000-0000-7000-8000-0000000000a2',
  line1: '0190a000-0000-7000-8000-0000000001a1',
  line2: '0190a000-0000-7000-8000-0000000001a2',
  libraryOpening: '01990f00-1b5a-7000-8000-000000000100',
  libraryFridge: '01990f00-1b5a-7000-8000-000000000300',
};
const stamps = { createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-03T10:00:00.000Z' };
function template(overrides: Partial<Template> = {}): Template {
  return {
    _id: ids.opening,
    orgId: ids.org,
    name: 'Opening checks',
    description: 'Before the kitchen opens',
    type: null,
    checkListItems: [
      { _id: ids.line1, text: 'Fridges at 5°C or below', required: true, photoRequired: false },
      { _id: ids.line2, text: 'No signs of pests', required: true, photoRequired: true },
    ],
    libraryTemplateID: null,
    ownerSiteID: null,
    ...stamps,
    ...overrides,
  };
}
const opening = template();
const fridge = template({
  _id: ids.fridge,
  name: 'Fridge temperatures',
  description: '',
  type: 'FRIDGE',
  checkListItems: [{ _id: ids.line1, text: 'Fridge 1 below 5°C', required: true, photoRequired: false }],
});

const libraryOpening: LibraryTemplate = {
  _id: ids.libraryOpening,
  name: 'Opening checks',
  description: 'Before the kitchen opens: fridges, hand washing, cleanliness.',
  type: null,
  checkListItems: [
    {
      _id: ids.line1,
      text: 'Hand-wash basins have hot water and soap',
      required: true,
      photoRequired: false,
    },
    { _id: ids.line2, text: 'Walk-in fridge is tidy', required: false, photoRequired: true },
  ],
  imported: true,
};
const libraryFridge: LibraryTemplate = {
  _id: ids.libraryFridge,
  name: 'Fridge and freezer checks',
  description: 'Twice a day.',
  type: 'FRIDGE',
  checkListItems: [{ _id: ids.line1, text: 'Fridge at 5°C or below', required: true, photoRequired: false }],
  imported: false,
};

/** The template calls; `extra` answers first (writes, refusals). */
function templatesApi(rows: Template[], extra?: (sent: Sent) => Response | undefined) {
  return fakeApi((sent) => {
    const special = extra?.(sent);
    if (special) return special;
    if (sent.path === 'template-panel/web-app-list') return ok(listPage(rows));
    if (sent.path.startsWith('template-panel/find-one/'))
      return ok(rows.find((row) => sent.path.endsWith(row._id)) ?? rows[0]);
    if (sent.path === 'pre-defined-template/simple-list') return ok([libraryOpening, libraryFridge]);
    if (sent.path === `pre-defined-template/find-one/${ids.libraryFridge}`) return ok(libraryFridge);
    if (sent.path === `pre-defined-template/find-one/${ids.libraryOpening}`) return ok(libraryOpening);
    return fail(404, { message: `No fake for ${sent.method} ${sent.path}`, error: 'NOT_FOUND' });
  });
}

const lists = (sent: Sent[]) => sent.filter((s) => s.path === 'template-panel/web-app-list');
const writes = (sent: Sent[]) => sent.filter((s) => s.method !== 'GET');

beforeEach(() => {
  resetBrowserState();
  signInAs('ORGANIZATION_ADMIN');
  chooseSite(ids.brighton);
});

async function openAdd() {
  const user = userEvent.setup();
  renderOnSiteRoute(<ResourceScreen resource={templates} gridProps={gridProps} />, screenUrl);
  await screen.findByText('Opening checks');
  await user.click(screen.getByRole('button', { name: 'Add template' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add template' });
  await within(dialog).findByLabelText(/^Template name/);
  return { user, dialog };
}

const item = (dialog: HTMLElement, number: number) =>
  within(dialog).getByRole('group', { name: `Item ${number}` });

describe('the templates list', () => {
  test("shows the organisation's templates with type, item count and date, whichever site is selected", async () => {
    const api = templatesApi([opening, fridge]);
    renderOnSiteRoute(<ResourceScreen resource={templates} gridProps={gridProps} />, screenUrl);
    const row = (await screen.findByText('Fridge temperatures')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Fridge')).toBeInTheDocument();
    expect(within(row).getByText('1 item')).toBeInTheDocument();
    expect(within(row).getByText('3 Nov 2026')).toBeInTheDocument();
    const general = screen.getByText('Opening checks').closest('[role="row"]') as HTMLElement;
    expect(within(general).getByText('General')).toBeInTheDocument();
    expect(within(general).getByText('2 items')).toBeInTheDocument();
    const first = lists(api.sent)[0]!.query;
    expect(first.get('siteID')).toBeNull();
    expect(first.get('sort')).toBe('name');
  });

  test('the type filter offers the ten log types and narrows the request', async () => {
    const api = templatesApi([fridge]);
    const user = userEvent.setup();
    renderOnSiteRoute(<ResourceScreen resource={templates} gridProps={gridProps} />, screenUrl);
    await screen.findByText('Fridge temperatures');
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'All types',
      'Fridge',
      'Freezer',
      'Cellar',
      'Food delivery',
      'Probe calibration',
      'Cooking and cooling',
      'Hot holding and display',
      'Reheating',
      'Legionella (water)',
      'Hot water',
    ]);
    await user.click(screen.getByRole('option', { name: 'Hot holding and display' }));
    await waitFor(() => expect(lists(api.sent).at(-1)!.query.get('type')).toBe('HOT_HOLD_DISPLAY'));
  });

  test('with no templates it says what to do, and offers the library', async () => {
    templatesApi([]);
    renderOnSiteRoute(<TemplatesScreen />, screenUrl);
    expect(
      await screen.findByText('No templates yet. Import one from the library, or add your own.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Template library' })).toBeInTheDocument();
  });

  test('the detail shows the checklist with required and photo markers', async () => {
    templatesApi([opening]);
    const user = userEvent.setup();
    renderOnSiteRoute(<ResourceScreen resource={templates} gridProps={gridProps} />, screenUrl);
    await screen.findByText('Opening checks');
    await user.click(screen.getByRole('button', { name: 'View Opening checks' }));
    const dialog = await screen.findByRole('dialog', { name: 'Opening checks' });
    const items = await within(dialog).findByRole('list', { name: 'Checklist items' });
    const lines = within(items).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Fridges at 5°C or belowRequired',
      'No signs of pestsRequiredPhoto required',
    ]);
    expect(within(dialog).getByText('Written here')).toBeInTheDocument();
  });

  test('a site admin may add and import templates, and edit or delete only its own site’s', async () => {
    signInAs('SITE_ADMIN', { siteIds: [ids.brighton] });
    const own = template({ _id: ids.fridge, name: 'Bar close', ownerSiteID: ids.brighton });
    const elsewhere = template({
      _id: '0190a000-0000-7000-8000-0000000000a3',
      name: 'Cellar checks',
      ownerSiteID: '0190a000-0000-7000-8000-0000000000a9',
    });
    templatesApi([opening, own, elsewhere]);
    renderOnSiteRoute(<TemplatesScreen />, screenUrl);
    await screen.findByText('Opening checks');
    expect(screen.getByRole('button', { name: 'Add template' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Template library' })).toBeInTheDocument();
    // The organisation's and another site's: used, not changed.
    for (const name of ['Opening checks', 'Cellar checks']) {
      expect(screen.queryByRole('button', { name: `Edit ${name}` })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: `Delete ${name}` })).not.toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Edit Bar close' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Bar close' })).toBeInTheDocument();
  });

  test('an organisation admin deletes a template after confirming', async () => {
    const api = templatesApi([opening], (sent) =>
      sent.method === 'DELETE' ? ok(null, 'Template deleted') : undefined,
    );
    const user = userEvent.setup();
    renderOnSiteRoute(<ResourceScreen resource={templates} gridProps={gridProps} />, screenUrl);
    await screen.findByText('Opening checks');
    await user.click(screen.getByRole('button', { name: 'Delete Opening checks' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete template "Opening checks"?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes(api.sent)).toHaveLength(1));
    expect(writes(api.sent)[0]!.path).toBe(`template-panel/delete-one/${ids.opening}`);
  });
});

describe('the checklist editor in the template form', () => {
  test('items are added, toggled and reordered, and the body sends them in that order', async () => {
    const api = templatesApi([opening], (sent) =>
      sent.method === 'POST' ? ok(template({ name: 'Closing' }), 'Template created') : undefined,
    );
    const { user, dialog } = await openAdd();
    expect(within(dialog).getByText('No items yet. Add the first thing to check.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Template name/), 'Closing');
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Cellar' }));

    const add = within(dialog).getByRole('button', { name: 'Add item' });
    for (const text of ['Bins', 'Lights', 'Doors']) {
      await user.click(add);
      // The new line's text box takes the focus, so typing goes straight into it.
      await user.keyboard(text);
    }
    expect(within(dialog).getByRole('status')).toHaveTextContent('Item 3 added.');
    await user.click(within(item(dialog, 2)).getByRole('switch', { name: 'Required' }));
    await user.click(within(item(dialog, 3)).getByRole('switch', { name: 'Photo required' }));

    // "Doors" to the top: two moves up, the focus staying on its button.
    await user.click(within(item(dialog, 3)).getByRole('button', { name: 'Move item 3 up' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('“Doors” moved to position 2 of 3.');
    expect(within(item(dialog, 2)).getByRole('button', { name: 'Move item 2 up' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(within(item(dialog, 1)).getByRole('button', { name: 'Move item 1 up' })).toHaveFocus();
    expect(within(item(dialog, 1)).getByRole('button', { name: 'Move item 1 up' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(item(dialog, 1)).getByLabelText(/^Item 1/)).toHaveValue('Doors');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(api.sent)).toHaveLength(1));
    expect(writes(api.sent)[0]!.path).toBe('template-panel/create-new-one');
    expect(JSON.parse(writes(api.sent)[0]!.body)).toEqual({
      name: 'Closing',
      type: 'CELLAR',
      description: '',
      checkListItems: [
        { text: 'Doors', required: true, photoRequired: true },
        { text: 'Bins', required: true, photoRequired: false },
        { text: 'Lights', required: false, photoRequired: false },
      ],
      // The selected site: a site admin's template belongs to it (the API ignores it for others).
      siteID: ids.brighton,
    });
  });

  test('a checklist needs an item, and an empty line is named at that line; nothing is sent', async () => {
    const api = templatesApi([opening]);
    const { user, dialog } = await openAdd();
    await user.type(within(dialog).getByLabelText(/^Template name/), 'Closing checks');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Add at least one checklist item')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));
    await user.keyboard('Bins emptied');
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const second = within(item(dialog, 2)).getByLabelText(/^Item 2/);
    await waitFor(() => expect(second).toHaveAccessibleDescription('Checklist item is required'));
    expect(second).toHaveFocus();
    expect(writes(api.sent)).toHaveLength(0);
  });

  test('a line the server refuses shows its message at that line', async () => {
    templatesApi([opening], (sent) =>
      sent.method === 'POST'
        ? fail(400, {
            message: 'checkListItems.1.text: Checklist item is too long',
            error: 'VALIDATION_ERROR',
            details: { fieldErrors: { 'checkListItems.1.text': ['Checklist item is too long'] } },
          })
        : undefined,
    );
    const { user, dialog } = await openAdd();
    await user.type(within(dialog).getByLabelText(/^Template name/), 'Closing checks');
    for (const text of ['Bins emptied', 'Lights off']) {
      await user.click(within(dialog).getByRole('button', { name: 'Add item' }));
      await user.keyboard(text);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const second = within(item(dialog, 2)).getByLabelText(/^Item 2/);
    await waitFor(() => expect(second).toHaveAccessibleDescription('Checklist item is too long'));
    expect(notifyStore.getState().error).toBeNull();
  });

  test('editing keeps the ids of the lines it had; a new line and a removed one are as the user left them', async () => {
    const api = templatesApi([opening], (sent) => (sent.method === 'PUT' ? ok(opening) : undefined));
    const user = userEvent.setup();
    renderOnSiteRoute(<ResourceScreen resource={templates} gridProps={gridProps} />, screenUrl);
    await screen.findByText('Opening checks');
    await user.click(screen.getByRole('button', { name: 'Edit Opening checks' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit template' });
    await within(dialog).findByRole('group', { name: 'Item 2' });
    // The lines are a list that holds nothing but list items, each line's group inside its item.
    const lines = item(dialog, 1).closest('ol')!;
    expect([...lines.children].map((child) => child.tagName)).toEqual(['LI', 'LI']);
    expect(within(lines).getAllByRole('listitem')).toHaveLength(2);
    expect(within(within(lines).getAllByRole('listitem')[1]!).getByRole('group')).toBe(item(dialog, 2));

    await user.click(within(item(dialog, 1)).getByRole('button', { name: 'Remove item 1' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      '“Fridges at 5°C or below” removed. 1 item left.',
    );
    // The line that took its place has the focus.
    expect(within(item(dialog, 1)).getByLabelText(/^Item 1/)).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));
    await user.keyboard('Probe wipes stocked');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(writes(api.sent)).toHaveLength(1));
    expect(JSON.parse(writes(api.sent)[0]!.body)).toEqual({
      _id: ids.opening,
      name: 'Opening checks',
      type: null,
      description: 'Before the kitchen opens',
      checkListItems: [
        { _id: ids.line2, text: 'No signs of pests', required: true, photoRequired: true },
        { text: 'Probe wipes stocked', required: true, photoRequired: false },
      ],
    });
  });
});

describe('the template library', () => {
  async function openLibrary() {
    const user = userEvent.setup();
    renderOnSiteRoute(<TemplatesScreen />, screenUrl);
    await screen.findByText('Opening checks');
    await user.click(screen.getByRole('button', { name: 'Template library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Template library' });
    await within(dialog).findByRole('list', { name: 'Library templates' });
    return { user, dialog };
  }

  test('lists the library with type, item count and what is already imported', async () => {
    templatesApi([opening]);
    const { dialog } = await openLibrary();
    const entries = within(within(dialog).getByRole('list', { name: 'Library templates' })).getAllByRole(
      'button',
    );
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Opening checksGeneral · 2 itemsImported',
      'Fridge and freezer checksFridge · 1 item',
    ]);
  });

  test('a preview shows the template’s items from find-one, and Back returns to it in the list', async () => {
    const api = templatesApi([opening]);
    const { user, dialog } = await openLibrary();
    await user.click(within(dialog).getByRole('button', { name: /^Fridge and freezer checks/ }));
    const heading = within(dialog).getByRole('heading', { name: 'Fridge and freezer checks' });
    expect(heading).toHaveFocus();
    const items = within(dialog).getByRole('list', { name: 'Items of Fridge and freezer checks' });
    expect(within(items).getByText('Fridge at 5°C or below')).toBeInTheDocument();
    await waitFor(() => expect(api.to(`pre-defined-template/find-one/${ids.libraryFridge}`)).toHaveLength(1));

    await user.click(within(dialog).getByRole('button', { name: 'Back to the library' }));
    expect(within(dialog).getByRole('button', { name: /^Fridge and freezer checks/ })).toHaveFocus();
  });

  test('a name already taken shows at the name field; renamed, the import goes through, the list reloads and says so', async () => {
    let attempts = 0;
    const api = templatesApi([opening], (sent) => {
      if (sent.path !== 'pre-defined-template/import-one') return undefined;
      attempts += 1;
      return attempts === 1
        ? fail(409, {
            message: 'A template called "Opening checks" already exists',
            error: 'CONFLICT',
            details: { fieldErrors: { name: ['A template with this name already exists'] } },
          })
        : ok(
            template({
              _id: ids.fridge,
              name: 'Opening checks (bar)',
              libraryTemplateID: ids.libraryOpening,
            }),
            'Template "Opening checks (bar)" imported',
          );
    });
    const { user, dialog } = await openLibrary();
    await user.click(within(dialog).getByRole('button', { name: /^Opening checks/ }));
    expect(
      within(dialog).getByText(/Your organisation already has a copy of this template/),
    ).toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: /^Name in your templates/ });
    expect(name).toHaveValue('Opening checks');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('A template with this name already exists'));
    expect(notifyStore.getState().error).toBeNull();

    await user.clear(name);
    await user.type(name, 'Opening checks (bar)');
    const listsBefore = lists(api.sent).length;
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Template library' })).toBeNull());
    const imports = api.to('pre-defined-template/import-one');
    // The copy is for the selected site (a site admin's belongs to it; an organisation admin's does not).
    expect(JSON.parse(imports[0]!.body)).toEqual({
      _id: ids.libraryOpening,
      name: 'Opening checks',
      siteID: ids.brighton,
    });
    expect(JSON.parse(imports[1]!.body)).toEqual({
      _id: ids.libraryOpening,
      name: 'Opening checks (bar)',
      siteID: ids.brighton,
    });
    await waitFor(() => expect(lists(api.sent).length).toBeGreaterThan(listsBefore));
    expect(notifyStore.getState().toasts.map((toast) => toast.message)).toEqual([
      'Template "Opening checks (bar)" imported',
    ]);
  });

  test('importing a template again pre-fills a name none of the templates has, and imports under it', async () => {
    // It pre-filled "Opening checks", which the organisation had: the import got a 409.
    const api = templatesApi([opening], (sent) => {
      if (sent.path === 'template-panel/simple-list')
        return ok(
          ['Opening checks', 'opening checks (2) ', 'Fridge temperatures'].map((name, index) => ({
            _id: `0190a000-0000-7000-8000-00000000070${index}`,
            value: `0190a000-0000-7000-8000-00000000070${index}`,
            label: name,
            name,
            type: null,
            itemCount: 2,
          })),
        );
      if (sent.path !== 'pre-defined-template/import-one') return undefined;
      return ok(
        template({ _id: ids.fridge, name: 'Opening checks (3)', libraryTemplateID: ids.libraryOpening }),
      );
    });
    const { user, dialog } = await openLibrary();
    await user.click(within(dialog).getByRole('button', { name: /^Opening checks/ }));
    const name = () => within(dialog).getByRole('textbox', { name: /^Name in your templates/ });
    await waitFor(() => expect(name()).toHaveValue('Opening checks (3)'));

    // A template whose name is free keeps it.
    await user.click(within(dialog).getByRole('button', { name: 'Back to the library' }));
    await user.click(within(dialog).getByRole('button', { name: /^Fridge and freezer checks/ }));
    expect(name()).toHaveValue('Fridge and freezer checks');

    await user.click(within(dialog).getByRole('button', { name: 'Back to the library' }));
    await user.click(within(dialog).getByRole('button', { name: /^Opening checks/ }));
    await waitFor(() => expect(name()).toHaveValue('Opening checks (3)'));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Template library' })).toBeNull());
    expect(JSON.parse(api.to('pre-defined-template/import-one')[0]!.body)).toMatchObject({
      _id: ids.libraryOpening,
      name: 'Opening checks (3)',
    });
  });

  test('a library that cannot load says so in the dialog and tries again on Retry', async () => {
    let asked = 0;
    templatesApi([opening], (sent) => {
      if (sent.path !== 'pre-defined-template/simple-list') return undefined;
      asked += 1;
      return asked === 1 ? fail(500, { message: 'Down', error: 'INTERNAL_ERROR' }) : undefined;
    });
    const user = userEvent.setup();
    renderOnSiteRoute(<TemplatesScreen />, screenUrl);
    await screen.findByText('Opening checks');
    await user.click(screen.getByRole('button', { name: 'Template library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Template library' });
    expect(await within(dialog).findByText('Could not load the template library.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByRole('list', { name: 'Library templates' })).toBeInTheDocument();
  });
});
