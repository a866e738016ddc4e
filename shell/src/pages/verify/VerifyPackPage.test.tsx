import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from '@console/shared-sdk/router';
import { Notifications, session } from '@console/shared-sdk';
import { packVerifyMaxBytes, packVerifyPath, type PackVerification } from '@console/shared-sdk/reports';
import {
  deferred,
  fail,
  fakeApi,
  loginResponse,
  ok,
  resetBrowserState,
  type Sent,
} from '@console/shared-sdk/testing';
import { verifyPath } from './verify-path';
import { VerifyPackPage } from './VerifyPackPage';

// The public page an inspector checks a pack on: the file goes to POST /report/verify-pack as it is, and the
// answer comes back in words; files the server would refuse for their size never leave the browser.

const sha256 = 'ab'.repeat(32);

const authentic: PackVerification = {
  verdict: 'AUTHENTIC',
  sha256,
  site: 'The Harbour Kitchen, Brighton',
  startDate: '2026-01-01',
  endDate: '2026-03-31',
  format: 'PDF',
  // Midday UTC: the same calendar day in whatever zone the test runs in.
  producedAt: '2026-04-02T12:00:00.000Z',
  producedBy: 'Olivia Owner',
  locale: 'en-GB',
};

const pdf = (name = 'Inspection pack - Brighton.pdf') =>
  new File(['%PDF-1.7 pack bytes'], name, { type: 'application/pdf' });

function answer(verdict: PackVerification | Response) {
  return fakeApi((sent: Sent) => {
    if (sent.path === 'report/verify-pack') return verdict instanceof Response ? verdict : ok(verdict);
    throw new Error(`unexpected ${sent.method} ${sent.path}`);
  });
}

function renderPage() {
  render(
    <MemoryRouter initialEntries={[verifyPath]}>
      <VerifyPackPage />
      <Notifications />
    </MemoryRouter>,
  );
}

const fileInput = () => screen.getByLabelText('Choose a pack file');
const verdictArea = async () => (await screen.findByRole('heading', { level: 2 })).closest('[aria-live]')!;

beforeEach(() => resetBrowserState());

test('the page is at the path every pack prints, with its title', () => {
  answer(authentic);
  renderPage();
  expect(verifyPath).toBe(packVerifyPath);
  expect(screen.getByRole('heading', { level: 1, name: 'Verify an inspection pack' })).toBeInTheDocument();
  expect(document.title).toBe('Verify an inspection pack · Compliance Console');
  // Reached without signing in, so it offers the way to sign in rather than back into the console.
  expect(screen.getByRole('link', { name: 'Sign in to the console' })).toHaveAttribute('href', '/login');
});

test('an American site’s pack reads its dates as the pack writes them, month first', async () => {
  answer({ ...authentic, site: 'Harbour Kitchen Brooklyn', locale: 'en-US' });
  const user = userEvent.setup({ delay: null });
  renderPage();
  await user.upload(fileInput(), pdf());
  const heading = await screen.findByRole('heading', { name: 'Authentic inspection pack' });
  expect(heading.closest('[aria-live]')).toHaveTextContent(
    'for Harbour Kitchen Brooklyn, covering Jan 1, 2026 to Mar 31, 2026, by Olivia Owner on Thu, Apr 2, 2026',
  );
});

test('an authentic pack: who produced it, for which site and dates, its format and SHA-256', async () => {
  const api = answer(authentic);
  const user = userEvent.setup({ delay: null });
  renderPage();
  await user.upload(fileInput(), pdf());

  const heading = await screen.findByRole('heading', { name: 'Authentic inspection pack' });
  const verdict = heading.closest('[aria-live]')!;
  expect(verdict).toHaveAttribute('aria-live', 'polite');
  expect(verdict).toHaveTextContent(
    'This is an authentic inspection pack. It was produced by this console for The Harbour Kitchen, ' +
      'Brighton, covering 1 Jan 2026 to 31 Mar 2026, by Olivia Owner on Thu, 2 Apr 2026, ',
  );
  expect(verdict).toHaveTextContent('PDF document');
  expect(verdict).toHaveTextContent(sha256);
  expect(verdict).toHaveTextContent('Inspection pack - Brighton.pdf');
  expect(verdict).toHaveTextContent(/even to one byte, would make it unrecognised/);
  expect(screen.queryByText(/not a pack this console produced/)).not.toBeInTheDocument();

  const sent = api.to('report/verify-pack');
  expect(sent).toHaveLength(1);
  expect(sent[0]!.method).toBe('POST');
  // The file itself, as the multipart field `file`, with no sign-in.
  expect(sent[0]!.body).toContain('name="file"; filename="Inspection pack - Brighton.pdf"');
  expect(sent[0]!.body).toContain('%PDF-1.7 pack bytes');
  expect(sent[0]!.authorization).toBeNull();
});

test('an unknown file: not recognised, what to do, its SHA-256, and no organisation named', async () => {
  answer({ verdict: 'UNKNOWN', sha256 });
  const user = userEvent.setup({ delay: null });
  renderPage();
  await user.upload(fileInput(), pdf('copy.pdf'));

  await screen.findByRole('heading', { name: 'Not recognised' });
  const verdict = await verdictArea();
  expect(verdict).toHaveTextContent(
    'This file is not a pack this console produced, or it has been changed since.',
  );
  expect(verdict).toHaveTextContent(/Ask the site for the original file/);
  expect(verdict).toHaveTextContent(/re-saved, edited or printed to PDF/);
  expect(verdict).toHaveTextContent(sha256);
  expect(verdict).not.toHaveTextContent(/authentic/i);
  expect(verdict).not.toHaveTextContent(/Harbour|organisation/i);
});

test('a file larger than a pack can be is refused in the browser, without a call', async () => {
  const api = answer(authentic);
  const user = userEvent.setup({ delay: null });
  renderPage();
  const huge = pdf('scan.pdf');
  // The size the browser reports, without holding 32 MB in the test.
  Object.defineProperty(huge, 'size', { value: packVerifyMaxBytes + 1 });
  await user.upload(fileInput(), huge);

  const popup = await screen.findByRole('dialog');
  expect(popup).toHaveTextContent('This file is too large to be an inspection pack');
  expect(popup).toHaveTextContent('scan.pdf is 32.1 MB; a pack is at most 32 MB');
  expect(api.sent).toHaveLength(0);
  // The pop-up hides the page from assistive technology; the verdict is not there either way.
  expect(
    screen.queryByRole('heading', { name: /^(Authentic inspection pack|Not recognised)$/, hidden: true }),
  ).not.toBeInTheDocument();
  expect(screen.queryByRole('progressbar', { hidden: true })).not.toBeInTheDocument();
});

test('the drop zone names itself, shows the check in progress, and takes a dropped file', async () => {
  const held = deferred<Response>();
  const api = fakeApi(() => held.promise);
  renderPage();
  const zone = screen.getByRole('region', { name: 'Drop a pack file here' });
  expect(zone).toHaveAccessibleDescription(/PDF or Excel \(XLSX\), at most 32 MB/);

  fireEvent.dragEnter(zone, { dataTransfer: { files: [], types: ['Files'] } });
  fireEvent.drop(zone, { dataTransfer: { files: [pdf('dropped.pdf')], types: ['Files'] } });
  expect(await screen.findByRole('progressbar', { name: 'Checking dropped.pdf' })).toBeInTheDocument();

  await act(async () => held.resolve(ok(authentic)));
  const verdict = await verdictArea();
  expect(verdict).toHaveTextContent(/^Authentic inspection pack/);
  expect(verdict).toHaveTextContent('dropped.pdf');
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  expect(api.to('report/verify-pack')[0]!.body).toContain('filename="dropped.pdf"');
});

test('after a verdict another file can be checked', async () => {
  let next: PackVerification = authentic;
  fakeApi(() => ok(next));
  const user = userEvent.setup({ delay: null });
  renderPage();
  await user.upload(fileInput(), pdf());
  await screen.findByRole('heading', { name: 'Authentic inspection pack' });

  await user.click(screen.getByRole('button', { name: 'Check another file' }));
  expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  expect(fileInput()).toHaveFocus();

  next = { verdict: 'UNKNOWN', sha256 };
  await user.upload(fileInput(), pdf('edited.pdf'));
  await screen.findByRole('heading', { name: 'Not recognised' });
});

test('too many checks: the error pop-up says so in words, and the page is ready again', async () => {
  fakeApi(() => fail(429, { message: 'Too Many Requests', error: 'RATE_LIMITED' }));
  const user = userEvent.setup({ delay: null });
  renderPage();
  await user.upload(fileInput(), pdf());

  const popup = await screen.findByRole('dialog');
  expect(within(popup).getByRole('heading', { name: 'Too many checks from this connection' })).toBeVisible();
  expect(popup).toHaveTextContent(/Wait a minute, then try again/);
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
});

test('signed in, the page is still there, with the way back into the console', () => {
  session.signIn(loginResponse());
  answer(authentic);
  renderPage();
  expect(screen.getByRole('heading', { level: 1, name: 'Verify an inspection pack' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to the console' })).toHaveAttribute('href', '/dashboard');
});
