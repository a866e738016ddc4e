import type { ReactNode } from 'react';

/**
 * A run that reads left to right whatever the page's direction: a time or a range of times ("08:00–23:00"),
 * a number with its unit or words ("2 failed readings", "7 of 12"), an e-mail, an id. In a right-to-left
 * page the bidirectional algorithm would otherwise turn "08:00–23:00" into "23:00–08:00" and move a leading
 * number to the other end of its words. `<bdi>` also keeps the run from reordering the text around it.
 * Render-only: the strings themselves stay plain, as exports and PDFs use them too.
 */
export function LtrText({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}

/**
 * A message in the direction of its own script: a toast, an alert, an empty state, a notification's text.
 * The console's messages are English sentences; on a right-to-left page the bidirectional algorithm would
 * set them in the page's direction and move the closing full stop (or a leading number) to the other end of
 * the line. `<bdi dir="auto">` takes the direction from the text's first letter instead, so a Latin sentence
 * reads left to right and an Arabic or Hebrew one right to left, while the line keeps the page's alignment.
 */
export function AutoDirText({ children }: { children: ReactNode }) {
  return <bdi dir="auto">{children}</bdi>;
}
