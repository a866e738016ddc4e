import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import type { TaskRow } from './task-rows';

// The dialogs the list's actions open. A row action only runs a promise, so it puts its request here and
// the screen's host shows the dialog; the promise settles when the dialog closes. It resolves after a save
// or a delete, so the kit reloads the list (and an open view); it rejects when the dialog was cancelled,
// which changed nothing and which the kit ignores.

// The master task form and the delete dialog are downloads of their own: the day's list does not need
// them until a task is edited or deleted.
const MasterTaskDialog = lazy(() =>
  import('./master-task-form').then((m) => ({ default: m.MasterTaskDialog })),
);
const DeleteTaskDialog = lazy(() => import('./task-delete').then((m) => ({ default: m.DeleteTaskDialog })));
const CancelFollowUpDialog = lazy(() =>
  import('./task-cancel').then((m) => ({ default: m.CancelFollowUpDialog })),
);

type TaskDialog =
  | { kind: 'master'; masterTaskID: string | null }
  | { kind: 'delete'; task: TaskRow }
  | { kind: 'cancel'; task: TaskRow };

interface OpenDialog {
  dialog: TaskDialog;
  settle(done: boolean): void;
}

/** Said by a dialog that closed without changing anything. */
export class Cancelled extends Error {
  constructor() {
    super('Cancelled');
    this.name = 'Cancelled';
  }
}

const dialogs = {
  current: null as OpenDialog | null,
  hosts: 0,
  listeners: new Set<() => void>(),
  set(next: OpenDialog | null) {
    dialogs.current = next;
    for (const listener of dialogs.listeners) listener();
  },
  subscribe(listener: () => void) {
    dialogs.listeners.add(listener);
    return () => dialogs.listeners.delete(listener);
  },
};

function open(dialog: TaskDialog): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    dialogs.current?.settle(false);
    const opened: OpenDialog = {
      dialog,
      settle: (done) => {
        if (dialogs.current === opened) dialogs.set(null);
        if (done) resolve();
        else reject(new Cancelled());
      },
    };
    dialogs.set(opened);
  });
}

/** Whether a screen shows these dialogs: the actions that open them are offered only then. */
export const dialogsShown = () => dialogs.hosts > 0;

/** The master task form: a new one for the selected site (null), or one to edit. */
export const openMasterTask = (masterTaskID: string | null) => open({ kind: 'master', masterTaskID });

/** Deleting an occurrence, or it and the ones after it. */
export const openDelete = (task: TaskRow) => open({ kind: 'delete', task });

/** Cancelling a follow-up check still open, with a reason. */
export const openCancelFollowUp = (task: TaskRow) => open({ kind: 'cancel', task });

/** Shows the dialog an action asked for. */
export function TaskDialogsHost() {
  const opened = useSyncExternalStore(dialogs.subscribe, () => dialogs.current);
  useEffect(() => {
    dialogs.hosts += 1;
    return () => {
      dialogs.hosts -= 1;
      dialogs.current?.settle(false);
    };
  }, []);
  if (!opened) return null;
  const { dialog, settle } = opened;
  if (dialog.kind === 'cancel')
    return (
      <Suspense fallback={null}>
        <CancelFollowUpDialog
          task={dialog.task}
          onCancelled={() => settle(true)}
          onClose={() => settle(false)}
        />
      </Suspense>
    );
  if (dialog.kind === 'delete')
    return (
      <Suspense fallback={null}>
        <DeleteTaskDialog task={dialog.task} onDeleted={() => settle(true)} onClose={() => settle(false)} />
      </Suspense>
    );
  return (
    <Suspense fallback={null}>
      <MasterTaskDialog
        open
        masterTaskID={dialog.masterTaskID}
        onClose={() => settle(false)}
        onSaved={() => settle(true)}
      />
    </Suspense>
  );
}
