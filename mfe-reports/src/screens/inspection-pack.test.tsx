import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { notifyStore, session } from '@console/shared-sdk';
import type { DateFormat } from '@console/shared-sdk/contract';
import type { InspectionPackPreview } from '@console/shared-sdk/reports';
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
import { InspectionPackScreen } from './inspection-pack';

// The inspection pack as a site admin prepares it: the preview's counts, the record check's verdict and
// the digest (with checking a copy's), and a download with progress and a toast.

jest.setTimeout(20_000);

const digest = 'a'.repeat(64);
const pack: InspectionPackPreview = {
  siteID: demoIds.brighton,
  siteName: 'Brighton',
  timeZoneId: 'Europe/London',
  startDate: '2026-01-01',
  endDate: '2026-03-31',
  generatedAt: '2026-03-31T12:00:00.000Z',
  sections: {
    equipment: { items: 9 },
    temperature: { readings: 1200, failed: 4, warned: 2, backFilled: 1 },
    tasks: {
      due: 900,
      onTime: 850,
      late: 20,
      missed: 30,
      score: 95.6,
      band: 'AMBER',
      failedChecklistItems: 3,
    },
    complianceLogs: { total: 40, failed: 1 },
    nearMisses: { total: 3, open: 2 },
    documents: { total: 6, expiring: 1, expired: 1 },
    correctiveActions: { total: 7, awaitingAction: 2, awaitingVerification: 1, verified: 4 },
    reviews: { signed: 2 },
  },
  recordCheck: {
    checkedAt: '2026-03-31T12:00:00.000Z',
    startDate: '2026-01-01',
    endDate: '2026-03-31',
    chain: { valid: true, entries: 5000, brokenAt: null, problem: null },
    subjects: [{ subject: 'TemperatureLog', checked: 1200, mismatched: 0 }],
    intact: true,
    mismatches: [],
  },
  digest,
};

beforeEach(() => {
  resetBrowserState();
  signInAs('SITE_ADMIN');
  chooseSite(demoIds.brighton);
  URL.createObjectURL = jest.fn(() => 'blob:pack');
  URL.revokeObjectURL = jest.fn();
  // Saving clicks a download link, which jsdom would try to follow.
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});

test('the preview counts each section, says the records are intact, and checks a copy’s digest', async () => {
  const user = userEvent.setup();
  const api = fakeApi((sent) => {
    if (sent.path === 'report/inspection-pack/preview') return ok(pack);
    throw new Error(`Unexpected ${sent.path}`);
  });
  renderOnSiteRoute(<InspectionPackScreen />, '/?startDate=2026-01-01&endDate=2026-03-31');
  expect(await screen.findByText('Records intact')).toBeTruthy();
  expect(screen.getByText('1200 readings: 4 failed, 2 warned, 1 back-filled')).toBeTruthy();
  expect(screen.getByText('7: 2 awaiting action, 1 awaiting verification, 4 verified')).toBeTruthy();
  expect(screen.getByText('Four-weekly reviews')).toBeTruthy();
  expect(screen.getByText('2 signed')).toBeTruthy();
  expect(screen.getByText(/95.6 · Needs attention: 900 due/)).toBeTruthy();
  expect(screen.getByLabelText('Digest of the pack').textContent).toBe(digest);
  const [call] = api.to('report/inspection-pack/preview');
  expect(Object.fromEntries(call?.query ?? [])).toEqual({
    siteID: demoIds.brighton,
    startDate: '2026-01-01',
    endDate: '2026-03-31',
  });
  const copy = screen.getByLabelText('Verify a copy: its digest');
  await user.type(copy, 'b'.repeat(64));
  expect(screen.getByText(/Does not match/)).toBeTruthy();
  await user.clear(copy);
  await user.type(copy, digest.toUpperCase());
  expect(screen.getByText(/Matches: the copy holds the records as they are now/)).toBeTruthy();
});

test('a download shows its progress, then saves the file with a toast', async () => {
  const user = userEvent.setup();
  const file = deferred<Response>();
  const api = fakeApi((sent) => {
    if (sent.path === 'report/inspection-pack/preview') return ok(pack);
    if (sent.path === 'report/inspection-pack/download') return file.promise;
    throw new Error(`Unexpected ${sent.path}`);
  });
  renderOnSiteRoute(<InspectionPackScreen />);
  await screen.findByText('Records intact');
  await user.click(screen.getByRole('button', { name: 'Download PDF' }));
  expect(await screen.findByRole('status', { name: 'Producing the pack' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Download Excel' }).hasAttribute('disabled')).toBe(true);
  expect(api.to('report/inspection-pack/download')[0]?.query.get('format')).toBe('PDF');
  file.resolve(
    new Response(new Blob(['%PDF-1.7']), {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="Inspection pack.pdf"',
      },
    }),
  );
  await waitFor(() =>
    expect(notifyStore.getState().toasts.map((toast) => toast.message)).toEqual([
      'Inspection pack downloaded: Inspection pack.pdf',
    ]),
  );
  await waitFor(() => expect(screen.queryByRole('status', { name: 'Producing the pack' })).toBeNull());
  expect(HTMLAnchorElement.prototype.click).toHaveBeenCalled();
});

test('a download can be stopped: the progress goes, nothing is saved and nothing is reported', async () => {
  const user = userEvent.setup();
  fakeApi((sent) => {
    if (sent.path === 'report/inspection-pack/preview') return ok(pack);
    // The server is still producing the file when the user stops: the request ends with its signal.
    if (sent.path === 'report/inspection-pack/download')
      return new Promise<Response>((_, reject) =>
        sent.request.signal.addEventListener('abort', () => reject(sent.request.signal.reason)),
      );
    throw new Error(`Unexpected ${sent.path}`);
  });
  renderOnSiteRoute(<InspectionPackScreen />);
  await screen.findByText('Records intact');
  await user.click(screen.getByRole('button', { name: 'Download Excel' }));
  const progress = await screen.findByRole('status', { name: 'Producing the pack' });
  expect(progress.textContent).toMatch(/Producing the Excel pack/);
  await user.click(screen.getByRole('button', { name: 'Stop' }));
  await waitFor(() => expect(screen.queryByRole('status', { name: 'Producing the pack' })).toBeNull());
  expect(screen.getByRole('button', { name: 'Download PDF' }).hasAttribute('disabled')).toBe(false);
  expect(URL.createObjectURL).not.toHaveBeenCalled();
  expect(notifyStore.getState().toasts).toEqual([]);
  expect(notifyStore.getState().error).toBeNull();
});

test('a failed pack is a toast with the answer’s message', async () => {
  fakeApi(
    () =>
      new Response(JSON.stringify({ statusCode: 403, message: 'You may not read this site’s reports' }), {
        status: 403,
        headers: { 'content-type': 'application/json' },
      }),
  );
  renderOnSiteRoute(<InspectionPackScreen />);
  expect(await screen.findByText('The preview could not be prepared.')).toBeTruthy();
  expect(notifyStore.getState().toasts.map((toast) => [toast.severity, toast.message])).toEqual([
    ['error', 'You may not read this site’s reports'],
  ]);
});

describe('at an American site', () => {
  /** The signed-in person chooses how dates are written for them, as their profile saves it. */
  function chooseDateFormat(dateFormat: DateFormat) {
    const { accessToken, refreshToken, userData } = session.get();
    act(() =>
      session.signIn({
        accessToken: accessToken!,
        refreshToken: refreshToken!,
        userData: { ...userData!, dateFormat },
      }),
    );
  }

  const answerPack = () =>
    fakeApi((sent) => {
      if (sent.path === 'report/inspection-pack/preview')
        return ok({ ...pack, siteName: 'Brooklyn', timeZoneId: 'America/New_York' });
      throw new Error(`Unexpected ${sent.path}`);
    });

  beforeEach(() => chooseSite(demoIds.brighton, { name: 'Brooklyn', american: true }));

  test('the range is written month first', async () => {
    answerPack();
    renderOnSiteRoute(<InspectionPackScreen />, '/?startDate=2026-01-01&endDate=2026-03-31');
    await screen.findByText('Records intact');
    expect(
      screen.getByText('Brooklyn (Brooklyn) · Jan 1, 2026 to Mar 31, 2026 · times in America/New_York'),
    ).toBeTruthy();
  });

  test('a person who chose day-first dates reads the range so', async () => {
    chooseDateFormat('en-GB');
    answerPack();
    renderOnSiteRoute(<InspectionPackScreen />, '/?startDate=2026-01-01&endDate=2026-03-31');
    await screen.findByText('Records intact');
    expect(
      screen.getByText('Brooklyn (Brooklyn) · 1 Jan 2026 to 31 Mar 2026 · times in America/New_York'),
    ).toBeTruthy();
  });
});
