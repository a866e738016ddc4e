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
import type { NationalFigure } from '@console/shared-sdk/contract';
import type { NationalFiguresHistoryEntry, Organization } from '@console/shared-sdk/organization';
import { OrganizationPage } from './OrganizationPage';

const lyonID = '0190a000-0000-7000-8000-0000000000c3';
const sites = [
  siteOption(demoIds.brighton, { name: 'Brighton' }),
  { ...siteOption(demoIds.manchester, { name: 'Lyon' }), jurisdiction: 'EU' as const, locale: 'en-IE' },
  { ...siteOption(lyonID, { name: 'Paris' }), jurisdiction: 'EU' as const, locale: 'en-IE' },
];

const fridge: NationalFigure = {
  logType: 'FRIDGE',
  kind: 'FRIDGE',
  atLeast: null,
  atMost: 4,
  source: 'Arrêté du 21 décembre 2009, annexe I',
};

const organization = (nationalFigures: NationalFigure[]): Organization => ({
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
  nationalFigures,
  siteCount: 3,
  userCount: 12,
  createdAt: '2025-05-01T09:00:00.000Z',
  updatedAt: '2025-05-01T09:00:00.000Z',
});

const fridgeSet: NationalFiguresHistoryEntry = {
  _id: '0190a000-0000-7000-8000-0000000000f1',
  recordID: demoIds.org,
  action: 'update',
  changes: { before: { nationalFigures: [] }, after: { nationalFigures: [fridge] } },
  reason: 'French sites follow the arrêté of 2009',
  actor: { _id: demoIds.me, name: 'Camille Martin' },
  at: '2026-03-05T14:30:00.000Z',
};

/** The API with the organisation's figures as `figures`; `put` answers the PUT (default: it saves). */
function fakeOrganizationApi(figures: NationalFigure[], put?: (sent: Sent) => Response) {
  return fakeApi((sent: Sent) => {
    switch (sent.path) {
      case 'organization/view-one':
        return ok(organization(figures));
      case 'site-panel/simple-list':
        return ok(sites);
      case 'organization/national-figures/history':
        return ok([fridgeSet]);
      // The page's other section, the standard corrective actions: none of this file's business.
      case 'correctiveAction/standard-action-list':
        return ok([]);
      case 'organization/national-figures': {
        if (put) return put(sent);
        const body = JSON.parse(sent.body) as { figures: NationalFigure[] };
        return ok(organization(body.figures), 'National figures saved');
      }
      default:
        throw new Error(`unexpected ${sent.method} ${sent.path}`);
    }
  });
}

const section = async () =>
  within(await screen.findByRole('region', { name: 'National figures (EU sites)' }));

async function openEditor(user: ReturnType<typeof userEvent.setup>) {
  await user.click((await section()).getByRole('button', { name: 'Edit figures' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Edit national figures' }));
  // The form's fields load on first use.
  await dialog.findByRole('group', { name: 'Figures' });
  return dialog;
}

// A dialog of rows with selects renders slowly in jsdom.
jest.setTimeout(60_000);

beforeEach(() => {
  resetBrowserState();
  signInAs('ORGANIZATION_ADMIN');
});

test('the section lists each figure set with its check, bounds in °C and source, and which sites it judges', async () => {
  fakeOrganizationApi([fridge]);
  renderWithRouter(<OrganizationPage />, '/dashboard/organization');
  const figures = await section();
  const table = within(figures.getByRole('table', { name: 'National figures' }));
  const [, row] = table.getAllByRole('row');
  expect(
    within(row!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['—', '4 °C', 'Arrêté du 21 décembre 2009, annexe I']);
  expect(within(row!).getByRole('rowheader')).toHaveTextContent('Fridge: Fridge');
  expect(await figures.findByText(/under the EU’s rules are judged by these figures/)).toHaveTextContent(
    '2 sites under the EU’s rules are judged by these figures: Lyon, Paris.',
  );
  expect(figures.queryByText(/use its common figures until/)).toBeNull();
});

test('with no figures set, the section says what to do instead of showing an empty table', async () => {
  fakeOrganizationApi([]);
  renderWithRouter(<OrganizationPage />, '/dashboard/organization');
  const figures = await section();
  expect(
    figures.getByText(
      'Your sites under the EU’s rules use its common figures until you set your country’s own.',
    ),
  ).toBeInTheDocument();
  expect(figures.queryByRole('table')).toBeNull();
});

test('an organisation admin sets hot holding at 65 °C with its source and a reason, and exactly that is sent', async () => {
  const api = fakeOrganizationApi([]);
  const user = userEvent.setup();
  renderWithRouter(<OrganizationPage />, '/dashboard/organization');
  const dialog = await openEditor(user);
  const row = within(dialog.getByRole('group', { name: 'Figure 1' }));
  // No bound is offered before the check says which it has.
  expect(row.queryByRole('textbox', { name: /At (least|most)/ })).toBeNull();
  await user.click(row.getByRole('combobox', { name: /Check/ }));
  await user.click(await screen.findByRole('option', { name: 'Hot holding and display: Hot holding' }));
  // Hot holding has a lower limit only.
  expect(row.queryByRole('textbox', { name: /At most/ })).toBeNull();
  await user.type(row.getByRole('textbox', { name: 'At least °C' }), '65');
  await user.type(row.getByRole('textbox', { name: /Source/ }), 'Arrêté du 21 décembre 2009');
  await user.type(dialog.getByRole('textbox', { name: /Reason for the change/ }), 'Our French law');
  await user.click(dialog.getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(api.to('organization/national-figures')).toHaveLength(1));
  const [put] = api.to('organization/national-figures');
  expect(put!.method).toBe('PUT');
  expect(JSON.parse(put!.body)).toEqual({
    _id: demoIds.org,
    figures: [
      {
        logType: 'HOT_HOLD_DISPLAY',
        kind: 'HOT_HOLD',
        atLeast: 65,
        atMost: null,
        source: 'Arrêté du 21 décembre 2009',
      },
    ],
    reason: 'Our French law',
  });
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(notifyStore.getState().toasts.map((toast) => toast.message)).toEqual(['National figures saved']);
  const table = within((await section()).getByRole('table', { name: 'National figures' }));
  expect(table.getByRole('rowheader', { name: 'Hot holding and display: Hot holding' })).toBeInTheDocument();
  expect(table.getByRole('cell', { name: '65 °C' })).toBeInTheDocument();
});

test('a check already chosen is not offered in another row', async () => {
  fakeOrganizationApi([fridge]);
  const user = userEvent.setup();
  renderWithRouter(<OrganizationPage />, '/dashboard/organization');
  const dialog = await openEditor(user);
  await user.click(dialog.getByRole('button', { name: 'Add figure' }));
  const second = within(dialog.getByRole('group', { name: 'Figure 2' }));
  // The new row takes the focus, so the keyboard goes on from "Add figure".
  await waitFor(() => expect(second.getByRole('combobox', { name: /Check/ })).toHaveFocus());
  await user.click(second.getByRole('combobox', { name: /Check/ }));
  const options = within(await screen.findByRole('listbox'));
  expect(options.queryByRole('option', { name: 'Fridge: Fridge' })).toBeNull();
  expect(options.getByRole('option', { name: 'Freezer: Freezer' })).toBeInTheDocument();
});

test('removing every figure sends an empty list, which puts the EU’s common figures back', async () => {
  const api = fakeOrganizationApi([fridge]);
  const user = userEvent.setup();
  renderWithRouter(<OrganizationPage />, '/dashboard/organization');
  const dialog = await openEditor(user);
  await user.click(dialog.getByRole('button', { name: 'Remove figure 1' }));
  expect(dialog.queryByRole('group', { name: 'Figure 1' })).toBeNull();
  expect(dialog.getByRole('button', { name: 'Add figure' })).toHaveFocus();
  await user.type(
    dialog.getByRole('textbox', { name: /Reason for the change/ }),
    'Back to the common figures',
  );
  await user.click(dialog.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.to('organization/national-figures')).toHaveLength(1));
  expect(JSON.parse(api.to('organization/national-figures')[0]!.body)).toEqual({
    _id: demoIds.org,
    figures: [],
    reason: 'Back to the common figures',
  });
  expect(
    await (await section()).findByText(/use its common figures until you set your country’s own/),
  ).toBeInTheDocument();
});

test('a row with no bound or no source shows the message under the field and sends nothing', async () => {
  const api = fakeOrganizationApi([]);
  const user = userEvent.setup();
  renderWithRouter(<OrganizationPage />, '/dashboard/organization');
  const dialog = await openEditor(user);
  const row = within(dialog.getByRole('group', { name: 'Figure 1' }));
  await user.click(row.getByRole('combobox', { name: /Check/ }));
  await user.click(await screen.findByRole('option', { name: 'Hot holding and display: Hot holding' }));
  await user.type(dialog.getByRole('textbox', { name: /Reason for the change/ }), 'Our French law');

  // No source: the contract's message under the source.
  await user.type(row.getByRole('textbox', { name: 'At least °C' }), '65');
  await user.click(dialog.getByRole('button', { name: 'Save' }));
  expect(await row.findByRole('textbox', { name: /Source/ })).toHaveAccessibleDescription(
    'Source is required',
  );

  // A source but no figure: the message goes under the one bound hot holding has.
  await user.type(row.getByRole('textbox', { name: /Source/ }), 'Arrêté du 21 décembre 2009');
  await user.clear(row.getByRole('textbox', { name: 'At least °C' }));
  await user.click(dialog.getByRole('button', { name: 'Save' }));
  expect(await row.findByRole('textbox', { name: 'At least °C' })).toHaveAccessibleDescription(
    'Give the figure',
  );
  expect(api.to('organization/national-figures')).toHaveLength(0);
});

test('a figure the server refuses shows its message under that field, not as a pop-up', async () => {
  const api = fakeOrganizationApi([fridge], () =>
    fail(400, {
      message: 'Check the highlighted fields',
      error: 'VALIDATION_ERROR',
      details: { fieldErrors: { 'figures.0.atMost': ['Must be at most 8 °C under this law'] } },
    }),
  );
  const user = userEvent.setup();
  renderWithRouter(<OrganizationPage />, '/dashboard/organization');
  const dialog = await openEditor(user);
  await user.type(dialog.getByRole('textbox', { name: /Reason for the change/ }), 'Tighter limit');
  await user.click(dialog.getByRole('button', { name: 'Save' }));
  const row = within(dialog.getByRole('group', { name: 'Figure 1' }));
  expect(await row.findByRole('textbox', { name: 'At most °C' })).toHaveAccessibleDescription(
    'Must be at most 8 °C under this law',
  );
  expect(api.to('organization/national-figures')).toHaveLength(1);
  expect(notifyStore.getState().error).toBeNull();
  expect(screen.getByRole('dialog', { name: 'Edit national figures' })).toBeInTheDocument();
});

test('a site admin sees the figures but no button to edit them', async () => {
  signInAs('SITE_ADMIN', { siteIds: [demoIds.brighton] });
  fakeOrganizationApi([fridge]);
  renderWithRouter(<OrganizationPage />, '/dashboard/organization');
  const figures = await section();
  expect(figures.getByRole('table', { name: 'National figures' })).toBeInTheDocument();
  expect(figures.queryByRole('button', { name: 'Edit figures' })).toBeNull();
});

test('the history says who changed the figures, when, why and what changed', async () => {
  fakeOrganizationApi([fridge]);
  const user = userEvent.setup();
  renderWithRouter(<OrganizationPage />, '/dashboard/organization');
  const figures = await section();
  await user.click(figures.getByRole('button', { name: 'History' }));
  const history = within(await figures.findByRole('list', { name: 'History of the national figures' }));
  const [entry] = history.getAllByRole('listitem').filter((item) => item.parentElement?.tagName === 'OL');
  expect(entry).toHaveTextContent(/Changed by Camille Martin, .*2026/);
  expect(entry).toHaveTextContent('Reason: French sites follow the arrêté of 2009');
  expect(entry).toHaveTextContent(
    'Fridge: Fridge: set to at most 4 °C (Arrêté du 21 décembre 2009, annexe I)',
  );
});
