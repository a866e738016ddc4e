import { useCallback, useState } from 'react';

// A row action that opens a dialog answers the kit with a promise that settles when the dialog closes:
// resolved after a change (the kit reloads the list), rejected with Cancelled when closed without one (the
// kit leaves the list as it is). One hook for every screen whose row actions ask through a dialog.

/** Said by a dialog closed without a change. */
export class Cancelled extends Error {
  constructor() {
    super('Cancelled');
    this.name = 'Cancelled';
  }
}

/** What a row action asks for, and the promise the kit waits on. */
export type Ask<Asked> = (asked: Asked) => Promise<void>;

/** The dialog asked for now (null when none), `ask` for the row actions, and `settle` for the dialog. */
export function useAskedDialog<Asked>() {
  const [asked, setAsked] = useState<{ what: Asked; settle: (done: boolean) => void } | null>(null);
  const ask = useCallback<Ask<Asked>>(
    (what) =>
      new Promise<void>((resolve, reject) => {
        let settled = false;
        setAsked({
          what,
          // Once: a dialog that finished its change also closes.
          settle: (done) => {
            if (settled) return;
            settled = true;
            setAsked(null);
            if (done) resolve();
            else reject(new Cancelled());
          },
        });
      }),
    [],
  );
  return { asked, ask };
}
