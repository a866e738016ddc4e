import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { session } from '../session/store.js';
import {
  chooseSite,
  demoIds,
  renderWithRouter,
  resetBrowserState,
  setClock,
  signInAs,
} from '../testing/index.js';
import { typeDate } from '../ui/testing.js';
import { DateRangeChooser, lastDays, readDateRange, useDateRange } from './index.js';

// A screen's range of the site's dates, as a log list or a report uses it: in the URL, with presets.

jest.setTimeout(20_000);

/** A screen with a 7-day default that shows the range it would ask for. */
function Screen({ timeZone, locale }: { timeZone?: string; locale?: string }) {
  const dates = useDateRange({ defaultDays: 7, timeZone });
  return (
    <>
      <DateRangeChooser state={dates} locale={locale} />
      <output aria-label="Asked for">{`${dates.range.startDate} to ${dates.range.endDate}`}</output>
    </>
  );
}

const asked = () => screen.getByRole('status', { name: 'Asked for' }).textContent;
const preset = (days: number) => screen.getByRole('button', { name: `Last ${days} days` });

beforeEach(() => {
  resetBrowserState();
  // 12:30 UTC on 29 March: still the 29th in London, already the 30th in Auckland.
  setClock('2026-03-29T12:30:00Z');
  chooseSite(demoIds.brighton, { timeZoneId: 'Pacific/Auckland' });
});

afterEach(() => jest.useRealTimers());

describe('the presets', () => {
  it("set both ends to the last days up to the site's today, and the default leaves the URL", async () => {
    const user = userEvent.setup();
    const { params } = renderWithRouter(<Screen />, '/list?tab=types&page=3');
    expect(asked()).toBe('2026-03-24 to 2026-03-30');
    expect(preset(7)).toHaveAttribute('aria-pressed', 'true');

    await user.click(preset(30));
    expect(asked()).toBe('2026-03-01 to 2026-03-30');
    expect(preset(30)).toHaveAttribute('aria-pressed', 'true');
    expect(preset(7)).toHaveAttribute('aria-pressed', 'false');
    // A preset stays relative: a bookmark shows the last 30 days whenever it is opened. The screen's own
    // params stay; a new range is a new list, which starts at its first page.
    expect(params().toString()).toBe('tab=types&days=30');

    await user.click(preset(7));
    expect(asked()).toBe('2026-03-24 to 2026-03-30');
    expect(params().toString()).toBe('tab=types');
  });

  it('follow the zone a screen names instead (a ranking of every site ends on the UTC date)', () => {
    renderWithRouter(<Screen timeZone="UTC" />, '/list?days=90');
    expect(asked()).toBe('2025-12-30 to 2026-03-29');
    expect(preset(90)).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('chosen dates', () => {
  it('come from the link and go to it as startDate and endDate', async () => {
    const user = userEvent.setup();
    const { container, params } = renderWithRouter(
      <Screen />,
      '/list?startDate=2026-03-10&endDate=2026-03-16&tab=types',
    );
    expect(asked()).toBe('2026-03-10 to 2026-03-16');
    for (const days of [7, 30, 90]) expect(preset(days)).toHaveAttribute('aria-pressed', 'false');

    // The pickers load only when asked for.
    await user.click(screen.getByRole('button', { name: /Choose other dates$/ }));
    await typeDate(container, 'dates-to', '20/03/2026');
    await waitFor(() => expect(asked()).toBe('2026-03-10 to 2026-03-20'));
    expect(params().toString()).toBe('tab=types&startDate=2026-03-10&endDate=2026-03-20');
  });

  it('keep their ends ordered: a start after the end moves the end, an end before the start moves the start', async () => {
    const user = userEvent.setup();
    const { container, params } = renderWithRouter(
      <Screen />,
      '/list?startDate=2026-03-10&endDate=2026-03-16',
    );
    await user.click(screen.getByRole('button', { name: /Choose other dates$/ }));

    await typeDate(container, 'dates-from', '20/03/2026');
    await waitFor(() => expect(asked()).toBe('2026-03-20 to 2026-03-20'));
    await typeDate(container, 'dates-to', '05/03/2026');
    await waitFor(() => expect(asked()).toBe('2026-03-05 to 2026-03-05'));
    expect(params().get('startDate')).toBe('2026-03-05');
    expect(params().get('endDate')).toBe('2026-03-05');
  });

  it("take the default's end for a cleared one, still in order", async () => {
    const user = userEvent.setup();
    const { container } = renderWithRouter(<Screen />, '/list?startDate=2026-03-10&endDate=2026-03-16');
    await user.click(screen.getByRole('button', { name: /Choose other dates$/ }));
    // The default's start is after this end: the end moves along.
    await typeDate(container, 'dates-from', '');
    await waitFor(() => expect(asked()).toBe('2026-03-24 to 2026-03-24'));
    await typeDate(container, 'dates-to', '');
    await waitFor(() => expect(asked()).toBe('2026-03-24 to 2026-03-30'));
  });

  it('equal to the default range leave the URL, which then means the recent days', async () => {
    const user = userEvent.setup();
    const { container, params } = renderWithRouter(
      <Screen />,
      '/list?startDate=2026-03-24&endDate=2026-03-29',
    );
    await user.click(screen.getByRole('button', { name: /Choose other dates$/ }));
    await typeDate(container, 'dates-to', '30/03/2026');
    await waitFor(() => expect(params().toString()).toBe(''));
    expect(within(screen.getByRole('group', { name: 'Dates' })).getByText('Last 7 days')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});

describe("another site's dates", () => {
  const chosen = '/list?startDate=2026-03-10&endDate=2026-03-16';
  const datesButton = () => screen.getByRole('button', { name: /Choose other dates$/ });

  it("are written as the selected site writes them unless the screen names a site's locale", () => {
    renderWithRouter(<Screen />, chosen);
    expect(datesButton()).toHaveTextContent(/^Tue, 10 Mar 2026 – Mon, 16 Mar 2026$/);
  });

  it('are written and picked month first for an American site while a British site is selected', async () => {
    const user = userEvent.setup();
    const { container } = renderWithRouter(<Screen locale="en-US" />, chosen);
    expect(datesButton()).toHaveTextContent(/^Tue, Mar 10, 2026 – Mon, Mar 16, 2026$/);
    await user.click(datesButton());
    await waitFor(() => expect(container.querySelector('#dates-from')).toHaveValue('03/10/2026'));
    expect(container.querySelector('#dates-to')).toHaveValue('03/16/2026');
  });

  it('are written in the format the person chose', () => {
    signInAs('ORGANIZATION_ADMIN');
    session.updateUser({ dateFormat: 'en-GB' });
    renderWithRouter(<Screen locale="en-US" />, chosen);
    expect(datesButton()).toHaveTextContent(/^Tue, 10 Mar 2026 – Mon, 16 Mar 2026$/);
  });
});

describe('reading a link', () => {
  const now = new Date('2026-03-30T10:00:00Z');
  const read = (search: string) =>
    readDateRange(new URLSearchParams(search), { defaultDays: 7, timeZone: 'Europe/London' }, now);

  it("ends the last days on the site's today, which may not be the browser's", () => {
    // 22:30 UTC on 30 March is 23:30 that day in London, and already 31 March in Auckland.
    const late = new Date('2026-03-30T22:30:00Z');
    expect(lastDays(7, 'Europe/London', late)).toEqual({ startDate: '2026-03-24', endDate: '2026-03-30' });
    expect(lastDays(7, 'Pacific/Auckland', late)).toEqual({ startDate: '2026-03-25', endDate: '2026-03-31' });
    expect(lastDays(30, 'Europe/London', late)).toEqual({ startDate: '2026-03-01', endDate: '2026-03-30' });
  });

  it('takes chosen dates, a preset, or the default; what cannot be a range falls back', () => {
    const lastWeek = { startDate: '2026-03-24', endDate: '2026-03-30' };
    expect(read('startDate=2026-03-01&endDate=2026-03-05')).toEqual({
      range: { startDate: '2026-03-01', endDate: '2026-03-05' },
      days: null,
    });
    expect(read('')).toEqual({ range: lastWeek, days: 7 });
    expect(read('days=30')).toEqual({ range: { startDate: '2026-03-01', endDate: '2026-03-30' }, days: 30 });
    // Not one of the presets, or an end before the start: the default.
    expect(read('days=12')).toEqual({ range: lastWeek, days: 7 });
    expect(read('startDate=2026-03-10&endDate=2026-03-01')).toEqual({ range: lastWeek, days: 7 });
    // One end only (an edited link): kept, the other the default's unless that would cross it.
    expect(read('startDate=2026-03-01')).toEqual({
      range: { startDate: '2026-03-01', endDate: '2026-03-30' },
      days: null,
    });
    expect(read('endDate=2026-03-01')).toEqual({
      range: { startDate: '2026-03-01', endDate: '2026-03-01' },
      days: null,
    });
    expect(read('startDate=2026-02-30&endDate=2026-03-05')).toEqual({
      range: { startDate: '2026-03-05', endDate: '2026-03-05' },
      days: null,
    });
  });
});
