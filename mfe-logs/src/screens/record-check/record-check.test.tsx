import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { RecordCheck } from '@console/shared-sdk/logs';
import {
  chooseSite,
  deferred,
  demoIds,
  fakeApi,
  ok,
  renderOnSiteRoute,
  resetBrowserState,
  signInAs,
} from '@console/shared-sdk/testing';
import { RecordCheckScreen } from './record-check';

// The record check as a site admin runs it before an inspection: the range in the URL goes to the API,
// a progress line while it reads, then the verdict in words, with each record that differs.

jest.setTimeout(20_000);

const recordID = '0190a000-0000-7000-8000-000000000101';
const intact: RecordCheck = {
  checkedAt: '2026-06-10T13:05:00.000Z',
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  chain: { valid: true, entries: 1234, brokenAt: null, problem: null },
  subjects: [
    { subject: 'TemperatureLog', checked: 900, mismatched: 0 },
    { subject: 'ComplianceLog', checked: 40, mismatched: 0 },
    { subject: 'NearMiss', checked: 3, mismatched: 0 },
    { subject: 'Document', checked: 6, mismatched: 0 },
  ],
  intact: true,
  mismatches: [],
};
const tampered: RecordCheck = {
  ...intact,
  chain: { valid: false, entries: 57, brokenAt: 57, problem: 'changed' },
  subjects: intact.subjects.map((subject) =>
    subject.subject === 'TemperatureLog'
      ? { ...subject, mismatched: 2 }
      : subject.subject === 'Document'
        ? { ...subject, mismatched: 1 }
        : subject,
  ),
  intact: false,
  mismatches: [
    {
      subject: 'TemperatureLog',
      recordID,
      label: 'Walk-in fridge 4.1 °C at 3 Mar 2026 14:05',
      problem: 'CHANGED',
      fields: ['celsius', 'result'],
    },
    {
      subject: 'TemperatureLog',
      recordID: demoIds.me,
      label: 'Pass fridge 3 °C at 4 Mar 2026 09:00',
      problem: 'NO_HISTORY',
      fields: [],
    },
    {
      subject: 'Document',
      recordID: demoIds.org,
      label: 'Public liability insurance',
      problem: 'DELETED',
      fields: [],
    },
  ],
};

function checkApi(answer: () => Response | Promise<Response>) {
  return fakeApi((sent) => {
    if (sent.path === 'record-history/check') return answer();
    if (sent.path === 'site-panel/simple-list') return ok([]);
    throw new Error(`Unexpected ${sent.method} ${sent.path}`);
  });
}

beforeEach(() => {
  resetBrowserState();
  signInAs('SITE_ADMIN');
  chooseSite(demoIds.brighton);
});

test('runs on demand for the range in the URL, shows progress, then says the records are intact', async () => {
  const user = userEvent.setup();
  const answer = deferred<Response>();
  const api = checkApi(() => answer.promise);
  renderOnSiteRoute(<RecordCheckScreen />, '/?startDate=2026-03-01&endDate=2026-03-31');
  expect(await screen.findByText(/Run the check to see whether any record/)).toBeTruthy();
  expect(api.to('record-history/check')).toHaveLength(0);
  await user.click(screen.getByRole('button', { name: 'Run the check' }));
  expect(await screen.findByRole('status', { name: 'Checking the records' })).toBeTruthy();
  const [call] = api.to('record-history/check');
  expect(Object.fromEntries(call?.query ?? [])).toEqual({
    siteID: demoIds.brighton,
    startDate: '2026-03-01',
    endDate: '2026-03-31',
  });
  answer.resolve(ok(intact));
  expect(await screen.findByText('Records intact')).toBeTruthy();
  expect(screen.getByText(/1,234 history entries checked; it holds/)).toBeTruthy();
  // 13:05 UTC in June is 14:05 at Brighton (British Summer Time).
  expect(screen.getByText(/Checked 10 Jun 2026, 14:05 \(site time\)/)).toBeTruthy();
  const table = screen.getByRole('table', { name: 'Records checked' });
  const readings = within(table).getByRole('row', { name: /Temperature readings/ });
  expect(
    within(readings)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['900', '0']);
  expect(screen.queryByRole('status', { name: 'Checking the records' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Run the check again' })).toBeTruthy();
});

test('a broken chain and records changed outside the console are said in words', async () => {
  const user = userEvent.setup();
  checkApi(() => ok(tampered));
  renderOnSiteRoute(<RecordCheckScreen />);
  await user.click(await screen.findByRole('button', { name: 'Run the check' }));
  expect(await screen.findByText('Records changed outside the console')).toBeTruthy();
  expect(
    screen.getByText(/3 records differ from their history, and the history chain is broken/),
  ).toBeTruthy();
  expect(screen.getByText(/It breaks at entry 57, which was edited after it was written/)).toBeTruthy();
  const table = screen.getByRole('table', { name: 'Records checked' });
  const readings = within(table).getByRole('row', { name: /Temperature readings/ });
  expect(
    within(readings)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['900', '2']);
  const list = screen.getByRole('list', { name: 'Records that differ from their history' });
  expect(
    within(list).getByText('Temperature readings: Walk-in fridge 4.1 °C at 3 Mar 2026 14:05'),
  ).toBeTruthy();
  expect(
    within(list).getByText('changed in the database, not through the console (celsius, result)'),
  ).toBeTruthy();
  expect(within(list).getByText('no history: made outside the console')).toBeTruthy();
  expect(within(list).getByText('deleted outside the console')).toBeTruthy();
});

test("the check time is the site's own: Brooklyn's check reads in New York time", async () => {
  const user = userEvent.setup();
  chooseSite(demoIds.brighton, { name: 'Brooklyn', timeZoneId: 'America/New_York' });
  checkApi(() => ok(intact));
  renderOnSiteRoute(<RecordCheckScreen />);
  await user.click(await screen.findByRole('button', { name: 'Run the check' }));
  expect(await screen.findByText(/Checked 10 Jun 2026, 09:05 \(site time\)/)).toBeTruthy();
});

test('a range longer than one check covers is refused before anything is read', async () => {
  const api = checkApi(() => ok(intact));
  renderOnSiteRoute(<RecordCheckScreen />, '/?startDate=2025-01-01&endDate=2026-01-02');
  expect(await screen.findByText(/One check covers at most 366 days/)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Run the check' })).toBeDisabled();
  expect(api.to('record-history/check')).toHaveLength(0);
});

test('changing the range while it checks stops the old check: its answer is not shown for the new range', async () => {
  const user = userEvent.setup();
  const answer = deferred<Response>();
  checkApi(() => answer.promise);
  const view = renderOnSiteRoute(<RecordCheckScreen />, '/?startDate=2026-03-01&endDate=2026-03-31');
  await user.click(await screen.findByRole('button', { name: 'Run the check' }));
  expect(await screen.findByRole('status', { name: 'Checking the records' })).toBeTruthy();
  await view.go('/?startDate=2026-04-01&endDate=2026-04-30');
  expect(screen.queryByRole('status', { name: 'Checking the records' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Run the check' })).toBeEnabled();
  answer.resolve(ok(intact));
  expect(await screen.findByText(/Run the check to see whether any record/)).toBeTruthy();
  expect(screen.queryByText('Records intact')).toBeNull();
});

test('without a selected site it asks for one and calls nothing', async () => {
  chooseSite(null);
  const api = checkApi(() => ok(intact));
  renderOnSiteRoute(<RecordCheckScreen />);
  expect(await screen.findByText('Choose a site to check its records.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Run the check' })).toBeNull();
  expect(api.to('record-history/check')).toHaveLength(0);
});
