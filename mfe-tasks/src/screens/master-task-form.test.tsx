import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { MasterTask, Template } from '@console/shared-sdk/tasks';
import {
  chooseSite,
  deferred,
  fail,
  fakeApi,
  ok,
  resetBrowserState,
  type Sent,
} from '@console/shared-sdk/testing';
import { todayIn } from '@console/shared-sdk/ui';
import { MasterTaskDialog } from './master-task-form';

// Forms typed into on a shared, busy machine: the default 5 s per test is too tight.
jest.setTimeout(60_000);

const ids = {
  org: '0190a000-0000-7000-8000-0000000000b1',
  site: '0190a000-0000-7000-8000-0000000000c1',
  task: '0190a000-0000-7000-8000-0000000000a1',
  category: '0190a000-0000-7000-8000-0000000000d1',
  deliveries: '0190a000-0000-7000-8000-0000000000d2',
  kitchen: '0190a000-0000-7000-8000-0000000000f1',
  aisha: '0190a000-0000-7000-8000-0000000000e1',
  tom: '0190a000-0000-7000-8000-0000000000e2',
  template: '0190a000-0000-7000-8000-000000000101',
  line1: '0190a000-0000-7000-8000-000000000201',
  line2: '0190a000-0000-7000-8000-000000000202',
};
const zone = 'Europe/London';
const stamps = { createdAt: '2026-10-01T10:00:00.000Z', updatedAt: '2026-10-01T10:00:00.000Z' };

const openingChecks: Template = {
  _id: ids.template,
  orgId: ids.org,
  name: 'Opening checks',
  description: 'Before the doors open.',
  type: null,
  checkListItems: [
    { _id: ids.line1, text: 'Lights on', required: true, photoRequired: false },
    { _id: ids.line2, text: 'Fridges at temperature', required: true, photoRequired: false },
  ],
  libraryTemplateID: null,
  ownerSiteID: null,
  ...stamps,
};

const deliveryIntake: MasterTask = {
  _id: ids.task,
  orgId: ids.org,
  siteID: ids.site,
  name: 'Delivery intake',
  description: 'Check every delivery in.',
  categoryID: ids.deliveries,
  category: { _id: ids.deliveries, name: 'Deliveries and allergens' },
  departmentID: [ids.kitchen],
  departments: [{ _id: ids.kitchen, name: 'Kitchen' }],
  assigneeIDs: [ids.aisha],
  assignees: [{ _id: ids.aisha, firstName: 'Aisha', lastName: 'Khan', email: 'aisha@example.com' }],
  checkListItems: [
    { _id: ids.line1, text: 'Chilled goods at 8 °C or below', required: true, photoRequired: false },
    { _id: ids.line2, text: 'Delivery note signed', required: false, photoRequired: true },
  ],
  photoRequired: true,
  templateID: null,
  schedule: {
    repeat: 'WEEKLY',
    startDate: '2026-10-06',
    endDate: null,
    weekdays: [2, 4],
    dayOfMonth: null,
    dueSlot: null,
    dueTime: '11:00',
  },
  stoppedFrom: null,
  timeZoneId: zone,
  ...stamps,
};

/**
 * The API as the form uses it: the pickers' lists, a template, the site's slots; `extra` answers first
 * (the task's find-one and the writes).
 */
function formApi(extra?: (sent: Sent) => Response | Promise<Response> | undefined) {
  return fakeApi((sent) => {
    const special = extra?.(sent);
    if (special) return special;
    switch (sent.path) {
      case 'task-category/simple-list':
        return ok([
          {
            _id: ids.category,
            value: ids.category,
            label: 'Opening and closing',
            name: 'Opening and closing',
            siteID: [ids.site],
          },
        ]);
      case 'department-panel/simple-list':
        return ok([
          { _id: ids.kitchen, value: ids.kitchen, label: 'Kitchen', name: 'Kitchen', siteID: ids.site },
        ]);
      case 'staff-people/simple-list':
        return ok([
          {
            _id: ids.tom,
            firstName: 'Tom',
            lastName: 'Fletcher',
            email: 'tom@example.com',
            fullName: 'Tom Fletcher',
            userRole: 'STAFF',
          },
        ]);
      case 'template-panel/simple-list':
        return ok([
          {
            _id: ids.template,
            value: ids.template,
            label: 'Opening checks',
            name: 'Opening checks',
            type: null,
            itemCount: 2,
          },
        ]);
      case `template-panel/find-one/${ids.template}`:
        return ok(openingChecks);
      case `site-panel/open-time-slot/${ids.site}`:
        return ok({
          siteData: { _id: ids.site, name: 'Brighton', timeZoneId: zone, timing: [] },
          date: sent.query.get('findDate'),
          isOpen: false,
          openTimeSlot: [],
          timeSlotList: [],
        });
      default:
        return fail(404, { message: `No fake for ${sent.method} ${sent.path}`, error: 'NOT_FOUND' });
    }
  });
}

const writes = (sent: Sent[]) => sent.filter((s) => s.method === 'POST' || s.method === 'PUT');

function renderDialog(masterTaskID: string | null) {
  const onSaved = jest.fn();
  const onClose = jest.fn();
  render(<MasterTaskDialog open masterTaskID={masterTaskID} onClose={onClose} onSaved={onSaved} />);
  return { user: userEvent.setup(), onSaved, onClose };
}

/** The form once its fields (a chunk of their own) have loaded. */
async function formNamed(title: string) {
  await screen.findByRole('status', { name: 'The schedule in words' }, { timeout: 15_000 });
  return screen.getByRole('dialog', { name: title });
}

async function choose(user: ReturnType<typeof userEvent.setup>, select: RegExp, ...options: string[]) {
  await user.click(screen.getByRole('combobox', { name: select }));
  for (const option of options) await user.click(await screen.findByRole('option', { name: option }));
  // A multiple select stays open until it is left.
  if (screen.queryByRole('listbox')) await user.keyboard('{Escape}');
}

const itemTexts = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('textbox', { name: /^Item \d+/ })
    .map((box) => (box as HTMLInputElement).value);

beforeEach(() => {
  resetBrowserState();
  chooseSite(ids.site, { timeZoneId: zone });
});

test('a new task from a template, with a line added and moved, is created with the contract body', async () => {
  const created = { ...deliveryIntake, name: 'Morning opening' };
  const api = formApi((sent) =>
    sent.path === 'master-task/create-new-one' ? ok(created, 'Master task created') : undefined,
  );
  const { user, onSaved } = renderDialog(null);
  const dialog = await formNamed('Add task');

  await user.type(within(dialog).getByRole('textbox', { name: /^Task name/ }), 'Morning opening');
  await choose(user, /^Copy the checklist of a template/, 'Opening checks (2 items)');
  await waitFor(() => expect(itemTexts(dialog)).toEqual(['Lights on', 'Fridges at temperature']));
  // The name typed stays; the empty description takes the template's.
  expect(within(dialog).getByRole('textbox', { name: /^Task name/ })).toHaveValue('Morning opening');
  expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue('Before the doors open.');

  await user.click(within(dialog).getByRole('button', { name: 'Add item' }));
  await user.type(within(dialog).getByRole('textbox', { name: /^Item 3/ }), 'Till float counted');
  await user.click(within(dialog).getByRole('button', { name: 'Move item 3 up' }));
  expect(itemTexts(dialog)).toEqual(['Lights on', 'Till float counted', 'Fridges at temperature']);
  await user.click(
    within(within(dialog).getByRole('group', { name: 'Item 2' })).getByLabelText('Photo required'),
  );

  await choose(user, /^Category/, 'Opening and closing');
  await choose(user, /^Departments/, 'Kitchen');
  await choose(user, /^Assignees/, 'Tom Fletcher');
  await choose(user, /^Repeats/, 'On chosen weekdays');
  const days = within(dialog).getByRole('group', { name: /On these days/ });
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])
    await user.click(within(days).getByRole('checkbox', { name: day }));
  await choose(user, /^Time slot/, 'Opening (the first hour)');
  expect(within(dialog).getByRole('status', { name: 'The schedule in words' })).toHaveTextContent(
    'Every weekday at opening, from today',
  );

  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(onSaved).toHaveBeenCalledWith(created));
  expect(writes(api.sent)).toHaveLength(1);
  expect(JSON.parse(writes(api.sent)[0]!.body)).toEqual({
    siteID: ids.site,
    name: 'Morning opening',
    description: 'Before the doors open.',
    categoryID: ids.category,
    departmentID: [ids.kitchen],
    assigneeIDs: [ids.tom],
    templateID: ids.template,
    // The task's own lines: none keeps the template's ids.
    checkListItems: [
      { text: 'Lights on', required: true, photoRequired: false },
      { text: 'Till float counted', required: true, photoRequired: true },
      { text: 'Fridges at temperature', required: true, photoRequired: false },
    ],
    photoRequired: false,
    schedule: {
      repeat: 'WEEKLY',
      startDate: todayIn(zone),
      endDate: null,
      weekdays: [1, 2, 3, 4, 5],
      dayOfMonth: null,
      dueSlot: 'OPEN',
      dueTime: null,
    },
  });
});

test('an edited task loads first, shows what it is, and is saved with its lines keeping their ids', async () => {
  const found = deferred<Response>();
  const updated = { ...deliveryIntake, name: 'Deliveries in' };
  const api = formApi((sent) => {
    if (sent.path === `master-task/find-one/${ids.task}`) return found.promise;
    if (sent.path === 'master-task/update-one') return ok(updated, 'Master task updated');
    return undefined;
  });
  const { user, onSaved } = renderDialog(ids.task);

  const loading = screen.getByRole('dialog', { name: 'Edit task' });
  expect(within(loading).getByRole('progressbar', { name: 'Loading the task' })).toBeInTheDocument();
  found.resolve(ok(deliveryIntake));

  const dialog = await formNamed('Edit task');
  expect(within(dialog).getByRole('textbox', { name: /^Task name/ })).toHaveValue('Delivery intake');
  expect(itemTexts(dialog)).toEqual(['Chilled goods at 8 °C or below', 'Delivery note signed']);
  expect(within(dialog).getByRole('status', { name: 'The schedule in words' })).toHaveTextContent(
    /^Every Tuesday and Thursday by 11:00, from 6 Oct( 2026)?$/,
  );
  // Aisha and the category are no longer on the site's lists, and still show by name.
  await waitFor(() =>
    expect(within(dialog).getByRole('combobox', { name: /^Assignees/ })).toHaveTextContent('Aisha Khan'),
  );
  await waitFor(() =>
    expect(within(dialog).getByRole('combobox', { name: /^Category/ })).toHaveTextContent(
      'Deliveries and allergens',
    ),
  );

  const name = within(dialog).getByRole('textbox', { name: /^Task name/ });
  await user.clear(name);
  await user.type(name, 'Deliveries in');
  await user.click(within(dialog).getByRole('button', { name: 'Move item 2 up' }));
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(onSaved).toHaveBeenCalledWith(updated));
  const sent = writes(api.sent);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ method: 'PUT', path: 'master-task/update-one' });
  expect(JSON.parse(sent[0]!.body)).toEqual({
    _id: ids.task,
    siteID: ids.site,
    name: 'Deliveries in',
    description: 'Check every delivery in.',
    categoryID: ids.deliveries,
    departmentID: [ids.kitchen],
    assigneeIDs: [ids.aisha],
    templateID: null,
    checkListItems: [
      { _id: ids.line2, text: 'Delivery note signed', required: false, photoRequired: true },
      { _id: ids.line1, text: 'Chilled goods at 8 °C or below', required: true, photoRequired: false },
    ],
    photoRequired: true,
    schedule: {
      repeat: 'WEEKLY',
      startDate: '2026-10-06',
      endDate: null,
      weekdays: [2, 4],
      dayOfMonth: null,
      dueSlot: null,
      dueTime: '11:00',
    },
  });
});

test("the server's refusal shows at the field it names", async () => {
  formApi((sent) =>
    sent.path === 'master-task/create-new-one'
      ? fail(400, {
          message: 'Tom Fletcher does not work at this site',
          error: 'VALIDATION_ERROR',
          details: { fieldErrors: { assigneeIDs: ['Tom Fletcher does not work at this site'] } },
        })
      : undefined,
  );
  const { user, onSaved } = renderDialog(null);
  const dialog = await formNamed('Add task');
  await user.type(within(dialog).getByRole('textbox', { name: /^Task name/ }), 'Closing checks');
  await choose(user, /^Assignees/, 'Tom Fletcher');
  await choose(user, /^Time slot/, 'Closing (the last hour)');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));

  await waitFor(() =>
    expect(within(dialog).getByRole('combobox', { name: /^Assignees/ })).toHaveAccessibleDescription(
      'Tom Fletcher does not work at this site',
    ),
  );
  expect(onSaved).not.toHaveBeenCalled();
  expect(screen.getByRole('dialog', { name: 'Add task' })).toBeInTheDocument();
});

test('a checklist typed by hand is replaced by a template only after asking', async () => {
  formApi();
  const { user } = renderDialog(null);
  const dialog = await formNamed('Add task');
  await user.click(within(dialog).getByRole('button', { name: 'Add item' }));
  await user.type(within(dialog).getByRole('textbox', { name: /^Item 1/ }), 'Back door locked');

  await choose(user, /^Copy the checklist of a template/, 'Opening checks (2 items)');
  const asking = await screen.findByRole('alertdialog', { name: 'Replace the checklist?' });
  await user.click(within(asking).getByRole('button', { name: 'Keep the checklist' }));
  await waitFor(() => expect(itemTexts(dialog)).toEqual(['Back door locked']));

  await choose(user, /^Copy the checklist of a template/, 'Opening checks (2 items)');
  await user.click(
    within(await screen.findByRole('alertdialog', { name: 'Replace the checklist?' })).getByRole('button', {
      name: 'Replace',
    }),
  );
  await waitFor(() => expect(itemTexts(dialog)).toEqual(['Lights on', 'Fridges at temperature']));
  // The form had no name: it takes the template's.
  expect(within(dialog).getByRole('textbox', { name: /^Task name/ })).toHaveValue('Opening checks');
});

test('nothing is sent while the schedule is incomplete, and each message is at its control', async () => {
  const api = formApi();
  const { user } = renderDialog(null);
  const dialog = await formNamed('Add task');
  await choose(user, /^Repeats/, 'On a day of the month');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));

  expect(await within(dialog).findByText('Task name is required')).toBeInTheDocument();
  expect(within(dialog).getByRole('combobox', { name: /^Day of the month/ })).toHaveAccessibleDescription(
    'Choose a day of the month',
  );
  expect(within(dialog).getByRole('combobox', { name: /^Time slot/ })).toHaveAccessibleDescription(
    'Choose when it is due',
  );
  expect(writes(api.sent)).toHaveLength(0);
});
