import { notify, notifyStore } from './store.js';

beforeEach(() => notifyStore.setState({ toasts: [], error: null }, true));

test('toasts queue in order and are dismissed one by one', () => {
  const first = notify.success('Site created');
  notify.toast('Saved offline', 'warning');
  expect(notifyStore.getState().toasts.map((toast) => [toast.message, toast.severity])).toEqual([
    ['Site created', 'success'],
    ['Saved offline', 'warning'],
  ]);
  notify.dismissToast(first);
  expect(notifyStore.getState().toasts.map((toast) => toast.message)).toEqual(['Saved offline']);
});

test('the error pop-up holds one error, with its details, until confirmed', () => {
  notify.error('Site name already used', ['name: Site name already used']);
  notify.error('Not allowed');
  expect(notifyStore.getState().error).toEqual({ title: 'Not allowed', details: [] });
  notify.dismissError();
  expect(notifyStore.getState().error).toBeNull();
});
