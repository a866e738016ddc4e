import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { deferred } from '@console/shared-sdk/testing';
import { RecordHistory, type LogHistoryEntry } from './history';
import { ReasonDialog } from './reason';
import { reasonProblem } from './words';

// The pieces every log screen shares: the reason a change needs, and a record's history with the reasons
// given. (The date range is the SDK's, in @console/shared-sdk/report-kit, tested there.)

jest.setTimeout(20_000);

describe('the reason for a change', () => {
  test('is required, at least 3 and at most 500 characters once trimmed', () => {
    expect(reasonProblem('   ')).toBe('Say why you are making this change');
    expect(reasonProblem(' ab ')).toBe('At least 3 characters');
    expect(reasonProblem('abc')).toBeUndefined();
    expect(reasonProblem('x'.repeat(501))).toBe('At most 500 characters');
  });

  test('the dialog sends nothing without one, sends it trimmed, and stays open when the change fails', async () => {
    const user = userEvent.setup();
    const answer = deferred<void>();
    const onConfirm = jest
      .fn<Promise<unknown>, [string]>()
      .mockRejectedValueOnce(new Error('refused'))
      .mockReturnValueOnce(answer.promise);
    const onClose = jest.fn();
    render(
      <ReasonDialog
        open
        title="Delete this reading?"
        message="It leaves the list."
        onConfirm={onConfirm}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete this reading?' });
    const field = within(dialog).getByLabelText(/^Reason for the change/);
    expect(field).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByText('Say why you are making this change')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();

    await user.type(field, '  Entered twice  ');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('Entered twice'));
    // Refused: still open, with what was typed.
    expect(onClose).not.toHaveBeenCalled();
    expect(field).toHaveValue('  Entered twice  ');

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(2));
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    answer.resolve();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});

describe("a record's history", () => {
  interface Snapshot {
    celsius: number;
    note: string | null;
  }
  const entry = (n: number, overrides: Partial<LogHistoryEntry<Snapshot>>): LogHistoryEntry<Snapshot> => ({
    _id: `0190a000-0000-7000-8000-00000000070${n}`,
    recordID: '0190a000-0000-7000-8000-000000000700',
    action: 'update',
    changes: { before: null, after: null },
    reason: null,
    actor: { _id: null, name: 'Marcus Reid' },
    at: '2026-03-30T08:00:00.000Z',
    ...overrides,
  });

  test("says who changed what, when in the site's zone, and why", async () => {
    const load = jest.fn(async () => [
      entry(2, {
        action: 'delete',
        reason: 'Duplicate reading',
        at: '2026-03-30T09:15:00.000Z',
      }),
      entry(1, {
        changes: { before: { celsius: 19.5, note: null }, after: { celsius: 9.5, note: 'Checked twice' } },
        reason: 'Typed 19.5 instead of 9.5',
      }),
    ]);
    render(
      <RecordHistory
        recordID="0190a000-0000-7000-8000-000000000700"
        load={load}
        timeZone="Europe/London"
        fields={[
          { key: 'celsius', label: 'Reading', format: (value) => `${String(value)} °C` },
          { key: 'note', label: 'Note' },
        ]}
      />,
    );
    const history = await screen.findByRole('list', { name: 'History' });
    const [deleted, changed] = within(history)
      .getAllByRole('listitem', { name: '' })
      .filter((item) => item.parentElement === history);
    expect(deleted).toHaveTextContent('Deleted by Marcus Reid, 30 Mar 2026, 10:15');
    expect(deleted).toHaveTextContent('Reason: Duplicate reading');
    expect(changed).toHaveTextContent('Changed by Marcus Reid, 30 Mar 2026, 09:00');
    expect(within(changed!).getByText('Reading: 19.5 °C → 9.5 °C')).toBeInTheDocument();
    expect(within(changed!).getByText('Note: none → Checked twice')).toBeInTheDocument();
    expect(changed).toHaveTextContent('Reason: Typed 19.5 instead of 9.5');
  });

  test('a history that cannot load offers to try again', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce([]);
    const user = userEvent.setup();
    render(<RecordHistory recordID="0190a000-0000-7000-8000-000000000700" load={load} timeZone="UTC" />);
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
  });
});
