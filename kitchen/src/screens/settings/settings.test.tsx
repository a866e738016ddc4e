import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from '@console/shared-sdk/testing';
import { kitchen } from '../../app/store';
import { storedPerson } from '../../local/people';
import { actions } from '../../sync/outbox';
import { record } from '../../sync/record';
import { ids } from '../../test/fixtures';
import { annaOnHerPhone, renderKitchen, seriousViolations, setOnline } from '../../test/kitchen';

beforeEach(async () => {
  await annaOnHerPhone();
});
afterEach(() => setOnline(true));

test('choosing a language speaks it at once and saves it on the profile when online', async () => {
  setOnline(false);
  const user = userEvent.setup();
  const { container } = await renderKitchen('/settings');
  await user.click(await screen.findByRole('radio', { name: 'Polski' }));
  expect(await screen.findByRole('heading', { name: 'Ustawienia' })).toBeInTheDocument();
  expect((await storedPerson(ids.anna))?.language).toBe('pl');
  expect(await actions()).toEqual([
    expect.objectContaining({ call: 'profile.language', payload: { language: 'pl' } }),
  ]);
  expect(await seriousViolations(container)).toEqual([]);
});

test('signing out with records still waiting warns first; they stay for the next sign-in', async () => {
  const api = fakeApi(() => ok(null, 'Signed out'));
  setOnline(false);
  const user = userEvent.setup();
  await renderKitchen('/settings');
  await record(
    'task.comment',
    {
      masterTaskID: ids.master,
      individualTaskID: ids.task,
      comment: 'x',
      by: { _id: ids.anna, firstName: 'Anna', lastName: 'Nowak', email: 'anna@example.com' },
    },
    ids.anna,
  );

  await user.click(await screen.findByRole('button', { name: 'Sign out' }));
  expect(screen.getByText(/1 record has not been sent yet/)).toBeInTheDocument();
  expect(kitchen.getState().currentId).toBe(ids.anna);

  setOnline(true);
  await user.click(screen.getByRole('button', { name: 'Sign out anyway' }));
  await waitFor(() => expect(kitchen.getState().currentId).toBeNull());
  expect(await screen.findByRole('link', { name: /Sign in on my phone/ })).toBeInTheDocument();
  expect((await storedPerson(ids.anna))?.tokens).toBeNull();
  expect(await actions()).toEqual([expect.objectContaining({ status: 'needs-sign-in' })]);
  await waitFor(() => expect(api.to('authentication/logout')).toHaveLength(1));
});
