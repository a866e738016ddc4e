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
