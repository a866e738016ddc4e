import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { notifyStore } from '@console/shared-sdk';
import {
  demoIds,
  fail,
  fakeApi,
  ok,
  renderWithRouter,
  resetBrowserState,
  signInAs,
  siteOption,
  type Sent,
} from '@console/shared-sdk/testing';
import {
  correctiveCheckTypes,
  defaultStandardActions,
  type StandardActionList,
} from '@console/shared-sdk/logs';
import type { Organization } from '@console/shared-sdk/organization';
import { OrganizationPage } from './OrganizationPage';

// The organisation page's standard corrective actions as its admins and a site's admin see them, against
// a fake API: each check's list with the defaults marked, and the editor of one check's list.

const organization: Organization = {
  _id: demoIds.org,
  name: 'Harbour & Vine Hospitality',
  email: null,
  phone: null,
  add1: null,
  add2: null,
  city: 'Brighton',
  county: null,
  zip: null,
  country: 'GB',
  note: '',
  nationalFigures: [],
  siteCount: 2,
  userCount: 12,
  createdAt: '2025-05-01T09:00:00.000Z',
  updatedAt: '2025-05-01T09:00:00.000Z',
};

const ownFridge = ['Moved food to the walk-in', 'Called Coolfix on 0117 496 0000'];

/** Every check's list as the API answers: the defaults, but the fridge's own unless `ownFridgeList` is false. */
function lists(ownFridgeList = true): StandardActionList[] {
  return correctiveCheckTypes.map((checkType) =>
    checkType === 'FRIDGE' && ownFridgeList
      ? { checkType, actions: ownFridge, isDefault: false }
      : { checkType, actions: [...defaultStandardActions[checkType]], isDefault: true },
  );
}

/** The API; `put` answers the save (default: it keeps what was sent, and answers it from then on). */
function fakeActionsApi(answer: StandardActionList[] = lists(), put?: (sent: Sent) => Response) {
  let kept = answer;
  return fakeApi((sent: Sent) => {
    switch (sent.path) {
      case 'organization/view-one':
        return ok(organization);
      case 'site-panel/simple-list':
        return ok([siteOption(demoIds.brighton, { name: 'Brighton' })]);
      case 'correctiveAction/standard-action-list':
        return ok(kept);
      case 'correctiveAction/standard-actions': {
        if (put) return put(sent);
        const body = JSON.parse(sent.body) as {
          checkType: StandardActionList['checkType'];
          actions: string[];
        };
        const saved: StandardActionList = { ...body, isDefault: false };
        kept = kept.map((list) => (list.checkType === saved.checkType ? saved : list));
        return ok(saved, 'Standard actions saved');
      }
      default:
        throw new Error(`unexpected ${sent.method} ${sent.path}`);
    }
  });
}

const section = async () =>
  within(await screen.findByRole('region', { name: 'Standard corrective actions' }));

const checkOf = async (name: string) => within((await section()).getByRole('region', { name }));

const textsOf = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);

async function openEditor(user: ReturnType<typeof userEvent.setup>, check: string) {
  await user.click((await checkOf(check)).getByRole('button', { name: `Edit ${check}` }));
  const dialog = within(await screen.findByRole('dialog', { name: `Standard actions: ${check}` }));
  // The form's fields load on first use.
  await dialog.findByRole('group', { name: 'Standard actions' });
  return dialog;
}

const rowValues = (dialog: ReturnType<typeof within>) =>
  dialog
    .getAllByRole('textbox', { name: /^Action \d+/ })
    .map((box: HTMLElement) => (box as HTMLInputElement).value);

// A dialog of rows renders slowly in jsdom.
jest.setTimeout(60_000);

beforeEach(() => {
  resetBrowserState();
  signInAs('ORGANIZATION_ADMIN');
});

test("each check's list shows under its name, in order, the console's defaults marked as such", async () => {
  fakeActionsApi();
  renderWithRouter(<OrganizationPage />, '/dashboard/organization');
  const fridge = await checkOf('Fridge');
  expect(textsOf(fridge.getByRole('list'))).toEqual(ownFridge);
  expect(fridge.queryByText('Defaults')).toBeNull();

  const nearMisses = await checkOf('Near misses');
  expect(textsOf(nearMisses.getByRole('list'))).toEqual([...defaultStandardActions.NEAR_MISS]);
  expect(nearMisses.getByText('Defaults')).toBeInTheDocument();
  const tasks = await checkOf('Tasks and checklists');
  expect(tasks.getByText('Defaults')).toBeInTheDocument();
  // One section per check type, each named by the contract's words.
  expect((await section()).getAllByRole('heading', { level: 3 })).toHaveLength(correctiveCheckTypes.length);
});

test('an organisation admin adds, removes and reorders a check’s actions; exactly that list is sent and shown', async () => {
  const api = fakeActionsApi(lists(false));
  const user = userEvent.setup();
  renderWithRouter(<OrganizationPage />, '/dashboard/organization');
  const dialog = await openEditor(user, 'Fridge');
  expect(rowValues(dialog)).toEqual([...defaultStandardActions.FRIDGE]);

  // "Called an engineer" (4th) goes to the top, "Discarded high-risk food" goes, one is added at the end.
  await user.click(dialog.getByRole('button', { name: 'Move action 4 up' }));
  await user.click(dialog.getByRole('button', { name: 'Move action 3 up' }));
  await user.click(dialog.getByRole('button', { name: 'Move action 2 up' }));
  // At the top it moves no further, and the focus stays on the row's other move button.
  expect(dialog.getByRole('button', { name: 'Move action 1 up' })).toBeDisabled();
  expect(dialog.getByRole('button', { name: 'Move action 1 down' })).toHaveFocus();
  expect(rowValues(dialog)).toEqual([
    'Called an engineer',
    'Moved food to another fridge',
    'Discarded high-risk food',
    'Adjusted the thermostat and re-checked in 30 minutes',
  ]);
  await user.click(dialog.getByRole('button', { name: 'Remove action 3' }));
  await user.click(dialog.getByRole('button', { name: 'Add action' }));
  const added = dialog.getByRole('textbox', { name: /^Action 4/ });
  expect(added).toHaveFocus();
  await user.paste('  Told the head chef  ');
  await user.click(dialog.getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(api.to('correctiveAction/standard-actions')).toHaveLength(1));
  const [sent] = api.to('correctiveAction/standard-actions');
  expect(sent!.method).toBe('PUT');
  expect(JSON.parse(sent!.body)).toEqual({
    checkType: 'FRIDGE',
    actions: [
      'Called an engineer',
      'Moved food to another fridge',
      'Adjusted the thermostat and re-checked in 30 minutes',
      'Told the head chef',
    ],
  });
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(notifyStore.getState().toasts.map((toast) => toast.message)).toEqual(['Standard actions saved']);
  const fridge = await checkOf('Fridge');
  expect(textsOf(fridge.getByRole('list'))).toEqual([
    'Called an engineer',
    'Moved food to another fridge',
    'Adjusted the thermostat and re-checked in 30 minutes',
    'Told the head chef',
  ]);
  // Its own list now: no longer the defaults.
  expect(fridge.queryByText('Defaults')).toBeNull();
});

test('a blank action or the same action twice is refused before sending, and the defaults can be put back', async () => {
  const api = fakeActionsApi();
  const user = userEvent.setup();
  renderWithRouter(<OrganizationPage />, '/dashboard/organization');
  const dialog = await openEditor(user, 'Fridge');
  expect(rowValues(dialog)).toEqual(ownFridge);

  await user.click(dialog.getByRole('button', { name: 'Add action' }));
  await user.click(dialog.getByRole('button', { name: 'Save' }));
  expect(await dialog.findByText('Action is required')).toBeInTheDocument();
  expect(dialog.getByRole('textbox', { name: /^Action 3/ })).toHaveAccessibleDescription(
    'Action is required',
  );

  await user.paste('moved food to the walk-in');
  await user.click(dialog.getByRole('button', { name: 'Save' }));
  expect(await dialog.findByText('Each standard action once')).toBeInTheDocument();
  expect(api.to('correctiveAction/standard-actions')).toHaveLength(0);

  await user.click(dialog.getByRole('button', { name: 'Put back the defaults' }));
  expect(rowValues(dialog)).toEqual([...defaultStandardActions.FRIDGE]);
  expect(dialog.queryByRole('button', { name: 'Put back the defaults' })).toBeNull();
  await user.click(dialog.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.to('correctiveAction/standard-actions')).toHaveLength(1));
  expect(JSON.parse(api.to('correctiveAction/standard-actions')[0]!.body)).toEqual({
    checkType: 'FRIDGE',
    actions: [...defaultStandardActions.FRIDGE],
  });
});

test("the server's refusal shows in the dialog, which stays open with what was typed", async () => {
  fakeActionsApi(lists(), () =>
    fail(400, {
      message: 'Check the highlighted fields',
      error: 'VALIDATION_ERROR',
      details: { fieldErrors: { actions: ['At most 30 standard actions per check'] } },
    }),
  );
  const user = userEvent.setup();
  renderWithRouter(<OrganizationPage />, '/dashboard/organization');
  const dialog = await openEditor(user, 'Fridge');
  await user.click(dialog.getByRole('button', { name: 'Remove action 2' }));
  await user.click(dialog.getByRole('button', { name: 'Save' }));
  expect(await dialog.findByText('At most 30 standard actions per check')).toBeInTheDocument();
  expect(rowValues(dialog)).toEqual([ownFridge[0]]);
  expect(notifyStore.getState().toasts).toEqual([]);
});

test("a site's admin reads the lists but has no editor", async () => {
  signInAs('SITE_ADMIN', { siteIds: [demoIds.brighton] });
  fakeActionsApi();
  renderWithRouter(<OrganizationPage />, '/dashboard/organization');
  const fridge = await checkOf('Fridge');
  expect(textsOf(fridge.getByRole('list'))).toEqual(ownFridge);
  expect((await section()).queryAllByRole('button', { name: /^Edit/ })).toEqual([]);
});

test('lists that cannot be loaded say so, with Retry', async () => {
  let refuse = true;
  fakeApi((sent: Sent) => {
    if (sent.path === 'organization/view-one') return ok(organization);
    if (sent.path === 'site-panel/simple-list') return ok([]);
    if (sent.path === 'correctiveAction/standard-action-list')
      return refuse ? fail(500, { message: 'Something went wrong', error: 'INTERNAL' }) : ok(lists());
    throw new Error(`unexpected ${sent.method} ${sent.path}`);
  });
  const user = userEvent.setup();
  renderWithRouter(<OrganizationPage />, '/dashboard/organization');
  const actions = await section();
  expect(await actions.findByText('The standard actions could not be loaded.')).toBeInTheDocument();
  refuse = false;
  await user.click(actions.getByRole('button', { name: 'Retry' }));
  expect(await actions.findByRole('region', { name: 'Fridge' })).toBeInTheDocument();
});
