import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import {
  chooseSite,
  demoIds,
  fakeApi,
  gridProps,
  ok,
  onAPhone,
  renderOnSiteRoute,
  resetBrowserState,
  setClock,
  signInAs,
} from '@console/shared-sdk/testing';
import type { MasterTaskDialogProps } from './master-task-form';
import { dailyTasks, TasksScreen } from './tasks';
import { occurrence, testId } from './testing';

// How the day's tasks are laid out (issue 25): at 1440 × 900 no status, time or name is cut, and on a
// phone each task is a short card rather than a page and a half of facts.

jest.setTimeout(40_000);

jest.mock('./master-task-form', () => ({
  MasterTaskDialog: (props: MasterTaskDialogProps) =>
    props.open ? <div role="dialog" aria-label="Master task" /> : null,
}));

const fridge = occurrence(1, 'Fridge temperatures', {
  description: 'Read every fridge and write down what you see, with the time.',
  category: { _id: testId(301), name: 'Temperature checks' },
  assignees: [{ _id: testId(401), firstName: 'Noah', lastName: 'Williams', email: 'noah@example.com' }],
});

beforeEach(() => {
  setClock('2026-03-30T14:00:00Z');
  resetBrowserState();
  signInAs('ORGANIZATION_ADMIN');
  chooseSite(demoIds.brighton);
});

afterEach(() => jest.useRealTimers());

test('a status, the due time and the checklist are as wide as they need; names and categories wrap', () => {
  const column = (field: string) => dailyTasks.columns.find((one) => one.field === field);
  // Without flex the kit sizes a column to its widest cell and header: "Completed overdue", "Due".
  for (const field of ['expireOn', 'itemCheckList', 'status']) {
    expect(column(field)?.flex).toBeUndefined();
    expect(column(field)?.width).toBeUndefined();
  }
  // With flex, a column shares the rest and wraps its words rather than cutting them: a task's name, its
  // category, who it is for, who did it.
  for (const field of ['name', 'category', 'assignees', 'completedAt']) {
    expect(column(field)?.flex).toBeGreaterThan(0);
    expect(column(field)?.minWidth).toBeGreaterThanOrEqual(110);
  }
});

describe('on a phone', () => {
  onAPhone();

  test('a task is a short card: where it stands and what it needs, with the list’s actions', async () => {
    fakeApi((sent) =>
      sent.path === 'master-task/web-app-list'
        ? ok({
            list: [fridge],
            records: 1,
            page: 1,
            limit: 10,
            timeZoneId: 'Europe/London',
            counts: { ALL: 1, UPCOMING: 1, ON_TIME: 0, LATE: 0, INCOMPLETE: 0, DELETED: 0 },
          })
        : ok([]),
    );
    const user = userEvent.setup();
    renderOnSiteRoute(<TasksScreen gridProps={gridProps} />, '/dashboard/task');
    const card = within((await screen.findByRole('heading', { name: 'Fridge temperatures' })).closest('li')!);
    expect(screen.queryByRole('grid')).toBeNull();
    const labels = card.getAllByRole('term').map((term) => term.textContent);
    expect(labels).toEqual(['Status', 'Due', 'Assigned to', 'Checklist']);
    expect(card.getByText('16:00')).toBeInTheDocument();
    expect(card.getByText('Noah Williams')).toBeInTheDocument();
    // The view's description and received time are a tap away, not on the card.
    expect(card.queryByText(fridge.description)).toBeNull();

    expect(card.getByRole('button', { name: 'View Fridge temperatures' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Complete Fridge temperatures' })).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'More actions for Fridge temperatures' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit task', 'Delete']);
  });
});
