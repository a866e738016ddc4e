import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { siteChoicesStore } from '@console/shared-sdk';
import type { Timing } from '@console/shared-sdk/sites';
import { chooseSite, fail, fakeApi, ok, resetBrowserState, siteOption } from '@console/shared-sdk/testing';
import { FormDialog, todayIn, type CustomFieldDeclaration, type FieldErrors } from '@console/shared-sdk/ui';
import {
  newScheduleDraft,
  scheduleBody,
  ScheduleBuilder,
  scheduleErrors,
  type ScheduleDraft,
} from './schedule-builder';

// Forms typed into on a shared, busy machine: the default 5 s per test is too tight.
jest.setTimeout(30_000);

const site = '0190a000-0000-7000-8000-0000000000c1';
const zone = 'Europe/London';
const today = () => todayIn(zone);

/** The site's slots on any date: open 09:00 to 23:00, so closing is 22:00–23:00; its week is `timing`. */
function slotsApi(timing: Timing = []) {
  return fakeApi((sent) => {
    if (sent.path === `site-panel/open-time-slot/${site}`) {
      const date = sent.query.get('findDate') ?? today();
      const slot = (value: string, fromTime: string, toTime: string) => ({
        label: value,
        value,
        fromTime,
        toTime,
        fromTimeUTC: `${date}T${fromTime}:00.000Z`,
        toTimeUTC: `${date}T${toTime}:00.000Z`,
      });
      return ok({
        siteData: { _id: site, name: 'Brighton', timeZoneId: zone, timing },
        date,
        isOpen: true,
        openTimeSlot: [slot('OPEN', '09:00', '10:00'), slot('CLOSE', '22:00', '23:00')],
        timeSlotList: [],
      });
    }
    return fail(404, { message: `No fake for ${sent.method} ${sent.path}`, error: 'NOT_FOUND' });
  });
}

const underSchedule = (errors: FieldErrors) =>
  Object.fromEntries(Object.entries(errors).map(([path, message]) => [`schedule.${path}`, message]));

const scheduleField: CustomFieldDeclaration<'schedule', ScheduleDraft> = {
  kind: 'custom',
  name: 'schedule',
  label: 'Schedule',
  render: (field) => <ScheduleBuilder {...field} siteID={site} />,
};

/** The builder as the master task form has it: a custom field of the kit's FormDialog. */
async function renderBuilder(initial: ScheduleDraft = newScheduleDraft(today())) {
  const save = jest.fn(async (_values: { schedule: ScheduleDraft }) => undefined);
  render(
    <FormDialog
      title="When"
      fields={[scheduleField]}
      initial={{ schedule: initial }}
      validate={(values) => underSchedule(scheduleErrors(values.schedule))}
      save={save}
      onSaved={() => undefined}
      onClose={() => undefined}
      context={{ siteID: site, timeZone: zone }}
      editing={false}
    />,
  );
  // The form's fields are a chunk of their own: the first test waits for it to load.
  await screen.findByRole('status', { name: 'The schedule in words' }, { timeout: 15_000 });
  return { user: userEvent.setup(), save, dialog: screen.getByRole('dialog', { name: 'When' }) };
}

const sentence = () => screen.getByRole('status', { name: 'The schedule in words' });

async function choose(user: ReturnType<typeof userEvent.setup>, select: RegExp, option: string) {
  await user.click(await screen.findByRole('combobox', { name: select }));
  await user.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => {
  resetBrowserState();
  chooseSite(site, { timeZoneId: zone });
});

test('weekly on Monday to Friday reads "Every weekday", and the slot joins the sentence', async () => {
  slotsApi();
  const { user } = await renderBuilder();
  await choose(user, /^Repeats/, 'On chosen weekdays');
  expect(sentence()).toHaveTextContent('Choose the days it happens on.');

  const days = screen.getByRole('group', { name: /On these days/ });
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])
    await user.click(within(days).getByRole('checkbox', { name: day }));
  expect(sentence()).toHaveTextContent('Every weekday, from today');

  await choose(user, /^Time slot/, 'Opening (the first hour)');
  expect(sentence()).toHaveTextContent('Every weekday at opening, from today');
  // What the slot means on the start date, from the site's hours.
  expect(await screen.findByText(/: 09:00–10:00\.$/)).toBeInTheDocument();

  await user.click(within(days).getByRole('checkbox', { name: 'Friday' }));
  expect(sentence()).toHaveTextContent(
    'Every Monday, Tuesday, Wednesday and Thursday at opening, from today',
  );
});

test('a day of the month past the 28th says what shorter months do', async () => {
  slotsApi();
  const { user } = await renderBuilder({ ...newScheduleDraft(today()), due: 'time', dueTime: '14:00' });
  await choose(user, /^Repeats/, 'On a day of the month');
  expect(sentence()).toHaveTextContent('Choose the day of the month.');

  await choose(user, /^Day of the month/, '31st');
  expect(screen.getByText('Months without a 31st use their last day.')).toBeInTheDocument();
  expect(sentence()).toHaveTextContent(
    'On the 31st of every month (the last day in shorter months) by 14:00, from today',
  );

  await choose(user, /^Day of the month/, '15th');
  expect(screen.queryByText(/Months without/)).not.toBeInTheDocument();
  expect(sentence()).toHaveTextContent('On the 15th of every month by 14:00, from today');
});

test('weekly with no day chosen: the message is at the days, the focus goes there, nothing is saved', async () => {
  slotsApi();
  const { user, save, dialog } = await renderBuilder();
  await choose(user, /^Repeats/, 'On chosen weekdays');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));

  const days = screen.getByRole('group', { name: /On these days/ });
  expect(within(days).getByText('Choose at least one day')).toBeInTheDocument();
  expect(days).toHaveAttribute('aria-invalid', 'true');
  await waitFor(() => expect(within(days).getByRole('checkbox', { name: 'Monday' })).toHaveFocus());
  // No slot chosen either: that message is at the slot, on the same Save.
  expect(screen.getByRole('combobox', { name: /^Time slot/ })).toHaveAccessibleDescription(
    'Choose when it is due',
  );
  expect(save).not.toHaveBeenCalled();

  // Ticking a day takes its message away at once.
  await user.click(within(days).getByRole('checkbox', { name: 'Wednesday' }));
  expect(within(days).queryByText('Choose at least one day')).not.toBeInTheDocument();
});

test('due at a time: the time is what is sent, and the slot chosen before is not', async () => {
  slotsApi();
  const initial: ScheduleDraft = {
    ...newScheduleDraft(today()),
    dueSlot: 'CLOSE',
    due: 'time',
    dueTime: '10:00',
  };
  const { user, save, dialog } = await renderBuilder(initial);
  expect(sentence()).toHaveTextContent('Every day by 10:00, from today');
  // A left-to-right run, which a right-to-left page cannot reorder.
  expect(within(sentence()).getByText('10:00')).toHaveAttribute('dir', 'ltr');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(save).toHaveBeenCalled());
  expect(scheduleBody(save.mock.calls[0]![0].schedule)).toEqual({
    repeat: 'DAILY',
    startDate: today(),
    endDate: null,
    weekdays: [],
    dayOfMonth: null,
    dueSlot: null,
    dueTime: '10:00',
  });

  await user.click(within(dialog).getByRole('radio', { name: 'In a time slot' }));
  expect(sentence()).toHaveTextContent('Every day by closing, from today');
  expect(await screen.findByText(/: 22:00–23:00\.$/)).toBeInTheDocument();
});

test('a due time outside the opening hours is warned of and can be kept; closed days are named', async () => {
  // Open 09:00 to 23:00, closed on Mondays.
  slotsApi(
    [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, isOpen: day !== 1, openTime: '09:00', closeTime: '23:00' })),
  );
  const { user, save, dialog } = await renderBuilder({
    ...newScheduleDraft(today()),
    due: 'time',
    dueTime: '12:00',
  });
  const dueBy = screen.getByRole('group', { name: /^Due by/ });
  expect(
    await screen.findByText(/The site is closed on Monday: no task is made on that day\./),
  ).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();

  // 07:00, before opening: a warning, not an error.
  await user.click(dueBy);
  await user.keyboard('0700');
  const warning = await screen.findByRole('alert');
  expect(warning).toHaveTextContent(
    "Due by 07:00 is outside the site's opening hours on every day it is made. If nobody is there then, " +
      'the task counts as missed: choose a time when the site is open, or keep this one if staff are there.',
  );
  expect(within(warning).getByText('07:00')).toHaveAttribute('dir', 'ltr');
  await user.click(within(warning).getByRole('button', { name: 'Keep this time' }));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(save).toHaveBeenCalled());
  expect(scheduleBody(save.mock.calls[0]![0].schedule).dueTime).toBe('07:00');
});

test('once: the date is the only date, and the sentence names its weekday', async () => {
  slotsApi();
  const { user } = await renderBuilder({
    ...newScheduleDraft('2026-12-01'),
    repeat: 'ONCE',
    dueSlot: 'CLOSE',
    endDate: '2026-12-31',
  });
  // The year shows when the date is not in the current one.
  expect(sentence()).toHaveTextContent(/^Once on Tue,? 1 Dec( 2026)? by closing$/);
  // No end date to a single day.
  expect(screen.queryByText('Optional: the last day it happens.')).not.toBeInTheDocument();
  await choose(user, /^Repeats/, 'Every day');
  expect(screen.getByText('Optional: the last day it happens.')).toBeInTheDocument();
  expect(sentence()).toHaveTextContent(/^Every day by closing, from 1 Dec( 2026)? until 31 Dec( 2026)?$/);
});

test('without a start date the messages still come all at once', () => {
  const errors = scheduleErrors({ ...newScheduleDraft(today()), startDate: null, repeat: 'MONTHLY' });
  expect(errors).toEqual({
    startDate: 'Choose a start date',
    dayOfMonth: 'Choose a day of the month',
    dueSlot: 'Choose when it is due',
  });
});

describe('in the task’s site’s own way of writing dates and times', () => {
  /** Open 09:00 to 23:00 every day. */
  const everyDay = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
    day,
    isOpen: true,
    openTime: '09:00',
    closeTime: '23:00',
  }));

  /** The site list the layout loads, holding the task's site as an American one. */
  const americanInTheList = () =>
    act(() =>
      siteChoicesStore.setState(
        { owner: 'test', status: 'ready', sites: [siteOption(site, { american: true })] },
        true,
      ),
    );

  test('an American site: the sentence, the warning and the slot’s hours month first, on a 12-hour clock', async () => {
    slotsApi(everyDay);
    // The selected site is British (beforeEach); the task's site, as the site list has it, is American.
    americanInTheList();
    const { user } = await renderBuilder({
      ...newScheduleDraft('2026-12-01'),
      due: 'time',
      dueTime: '07:00',
      endDate: '2026-12-24',
    });
    expect(sentence()).toHaveTextContent(/^Every day by 7:00 AM, from Dec 1(, 2026)? until Dec 24(, 2026)?$/);
    expect(within(sentence()).getByText('7:00 AM')).toHaveAttribute('dir', 'ltr');
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent(/^Due by 7:00 AM is outside the site's opening hours on every day/);
    expect(within(warning).getByText('7:00 AM')).toHaveAttribute('dir', 'ltr');

    await user.click(screen.getByRole('radio', { name: 'In a time slot' }));
    await choose(user, /^Time slot/, 'Opening (the first hour)');
    expect(sentence()).toHaveTextContent(/^Every day at opening, from Dec 1/);
    expect(
      await screen.findByText(/^On Tue, Dec 1(, 2026)?, the start date: 9:00 AM–10:00 AM\.$/),
    ).toBeVisible();
  });

  test('a British site: the same schedule day first, on a 24-hour clock', async () => {
    slotsApi(everyDay);
    const { user } = await renderBuilder({
      ...newScheduleDraft('2026-12-01'),
      due: 'time',
      dueTime: '07:00',
      endDate: '2026-12-24',
    });
    expect(sentence()).toHaveTextContent(/^Every day by 07:00, from 1 Dec( 2026)? until 24 Dec( 2026)?$/);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Due by 07:00 is outside/);
    await user.click(screen.getByRole('radio', { name: 'In a time slot' }));
    await choose(user, /^Time slot/, 'Opening (the first hour)');
    expect(await screen.findByText(/^On Tue,? 1 Dec( 2026)?, the start date: 09:00–10:00\.$/)).toBeVisible();
  });
});
