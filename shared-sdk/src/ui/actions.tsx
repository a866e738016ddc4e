import { useState, type ReactNode } from 'react';
import type { ConfirmText } from './declarations.js';
import { ConfirmDialog } from './dialogs.js';

interface Pending {
  label: string;
  confirm: ConfirmText;
  run: () => Promise<unknown>;
}

export interface ActionRunner {
  /** Asks `confirm` first when given, then runs, then calls the runner's `onDone` (a list reload). */
  start(label: string, confirm: ConfirmText | undefined, run: () => Promise<unknown>): void;
  /** The confirmation, while one is asked. */
  dialog: ReactNode;
}

/** Runs declared actions (row, bulk, detail) the same way: optional confirmation, run, then `onDone`. */
export function useActionRunner(onDone: () => void): ActionRunner {
  const [pending, setPending] = useState<Pending | null>(null);
  return {
    start(label, confirm, run) {
      if (confirm) {
        setPending({ label, confirm, run });
        return;
      }
      // A failure has been shown by the HTTP layer's pop-up; the list stays as it was.
      run().then(onDone, () => undefined);
    },
    dialog: pending && (
      <ConfirmDialog
        open
        title={pending.confirm.title}
        message={pending.confirm.message ?? ''}
        confirmLabel={pending.label}
        onConfirm={async () => {
          await pending.run();
          onDone();
        }}
        onClose={() => setPending(null)}
      />
    ),
  };
}

/** A declared confirmation for its target, when there is one. */
export const confirmationFor = <Target,>(
  confirm: ConfirmText | ((target: Target) => ConfirmText) | undefined,
  target: Target,
): ConfirmText | undefined => (typeof confirm === 'function' ? confirm(target) : confirm);
