import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, fakeApi, ok } from '@console/shared-sdk/testing';
import { actions, updateAction } from '../sync/outbox';
import { record } from '../sync/record';
import { sendSoon } from '../sync/sender';
import { day, ids, task } from '../test/fixtures';
import { annaOnHerPhone, renderKitchen, setOnline } from '../test/kitchen';

const by = { _id: ids.anna, firstName: 'Anna', lastName: 'Nowak', email: 'anna@example.com' };
const ref = { masterTaskID: ids.master, individualTaskID: ids.task };

beforeEach(async () => {
  await annaOnHerPhone();
});
afterEach(() => setOnline(true));

test('says offline, how many records wait, and when the server last answered', async () => {
  fakeApi(() => ok(day([task()])));
  await renderKitchen('/today');
  await screen.findByText('Fridge temperatures');
  const bar = screen.getByRole('region', { name: 'Sync status' });
  expect(within(bar).getByText('Online')).toBeInTheDocument();
  await waitFor(() => expect(within(bar).getByText(/^Last in touch \d\d:\d\d$/)).toBeInTheDocument());
  expect(within(bar).getByText('Everything is sent')).toBeInTheDocument();

  setOnline(false);
  await record('task.check', { ...ref, checkListID: ids.lineA, status: 'COMPLETED', by }, ids.anna);
  await record('task.comment', { ...ref, comment: 'Seal loose', by }, ids.anna);
  expect(await within(bar).findByText('2 waiting to send')).toBeInTheDocument();
  expect(within(bar).getByText(/^Offline/)).toBeInTheDocument();
});

test('a refused record is said in words with what to do, until the person dismisses it', async () => {
  fakeApi((sent) =>
    sent.path === 'task-new-version/today'
      ? ok(day([task()]))
      : fail(403, { message: 'You do not have permission to do this', error: 'FORBIDDEN' }),
  );
  const user = userEvent.setup();
  await renderKitchen('/today');
  await screen.findByText('Fridge temperatures');
  await record('task.check', { ...ref, checkListID: ids.lineA, status: 'COMPLETED', by }, ids.anna);
  await sendSoon();

  const refusals = await screen.findByRole('region', { name: 'Not accepted by the server' });
  expect(
    within(refusals).getByText('“Walk-in fridge below 5 °C” in Fridge temperatures'),
  ).toBeInTheDocument();
  expect(
    within(refusals).getByText('You may no longer record this here. Tell your manager.'),
  ).toBeInTheDocument();
  // Kept until read.
  await sendSoon();
  expect(await actions()).toHaveLength(1);

  await user.click(within(refusals).getByRole('button', { name: /^Dismiss: / }));
  await waitFor(() =>
    expect(screen.queryByRole('region', { name: 'Not accepted by the server' })).not.toBeInTheDocument(),
  );
  expect(await actions()).toEqual([]);
});

test('a record of a session that ended says who must sign in again', async () => {
  setOnline(false);
  await renderKitchen('/today');
  const action = await record(
    'task.check',
    { ...ref, checkListID: ids.lineA, status: 'COMPLETED', by },
    ids.anna,
  );
  await updateAction(action.seq!, { status: 'needs-sign-in' });
  expect(await screen.findByText('1 record waits for Anna Nowak to sign in again')).toBeInTheDocument();
});
