import { createStore, useStore } from 'zustand';

export interface Toast {
  id: number;
  message: string;
  severity: 'success' | 'info' | 'warning' | 'error';
}

export interface ErrorPopup {
  title: string;
  /** Field problems of a 400, listed under the title. */
  details: string[];
}

interface NotifyState {
  toasts: Toast[];
  error: ErrorPopup | null;
}

export const notifyStore = createStore<NotifyState>(() => ({ toasts: [], error: null }));

let nextId = 1;

export const notify = {
  toast(message: string, severity: Toast['severity'] = 'success') {
    const toast = { id: nextId++, message, severity };
    notifyStore.setState((s) => ({ toasts: [...s.toasts, toast] }));
    return toast.id;
  },
  success(message: string) {
    return notify.toast(message, 'success');
  },
  /** The error pop-up of spec section 8: a dialog with a confirm button. */
  error(title: string, details: string[] = []) {
    notifyStore.setState({ error: { title, details } });
  },
  dismissToast(id: number) {
    notifyStore.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
  },
  dismissError() {
    notifyStore.setState({ error: null });
  },
};

export function useNotifications<T>(selector: (state: NotifyState) => T): T {
  return useStore(notifyStore, selector);
}
