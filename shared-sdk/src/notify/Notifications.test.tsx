import { act, render, screen, within } from '@testing-library/react';
import { Notifications } from './Notifications.js';
import { notify } from './store.js';

// The console's messages are English sentences; on a right-to-left page each is set in its own direction
// (`<bdi dir="auto">`), or its closing full stop would be drawn at the start of the line.
beforeEach(() => {
  document.documentElement.dir = 'rtl';
});
afterEach(() => {
  document.documentElement.dir = '';
  act(() => notify.dismissError());
});

const ownDirection = (element: HTMLElement) => expect(element.closest('bdi')).toHaveAttribute('dir', 'auto');

test('a toast’s message is set in its own direction', async () => {
  render(<Notifications />);
  act(() => {
    notify.success('Webhook saved.');
  });
  const toast = await screen.findByRole('status');
  ownDirection(within(toast).getByText('Webhook saved.'));
});

test('the error pop-up’s title and each of its lines are set in their own direction', async () => {
  render(<Notifications />);
  act(() => notify.error('The form has errors.', ['url: Enter a web address.', 'name: Required.']));
  const popup = await screen.findByRole('dialog', { name: 'The form has errors.' });
  ownDirection(within(popup).getByText('The form has errors.'));
  ownDirection(within(popup).getByText('url: Enter a web address.'));
  ownDirection(within(popup).getByText('name: Required.'));
});
