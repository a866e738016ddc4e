import { useEffect } from 'react';

export const consoleName = 'Compliance Console';

/** The browser tab's text: the screen first (what tells tabs apart), then the console. */
export const documentTitle = (screen?: string | null) =>
  screen ? `${screen} · ${consoleName}` : consoleName;

interface TitleClaim {
  title: string;
  /** A frame's guess (the shell names a remote's screen after its menu entry); any screen's own wins. */
  fallback: boolean;
}

// Screens are nested (layout, screen, tab) and React runs the inner effects first, so the order the claims
// arrive in says nothing: the newest screen's own claim wins, else the newest fallback.
const claims: TitleClaim[] = [];

function apply() {
  const own = claims.findLast((claim) => !claim.fallback);
  document.title = documentTitle((own ?? claims.at(-1))?.title);
}

/**
 * Names the current screen in the browser tab ("Suppliers · Compliance Console") while the calling
 * component is mounted; an empty title leaves the name to others. `fallback` is for frames that name a
 * screen they only host.
 */
export function useDocumentTitle(title: string | null | undefined, { fallback = false } = {}): void {
  useEffect(() => {
    if (!title) return;
    const claim: TitleClaim = { title, fallback };
    claims.push(claim);
    apply();
    return () => {
      claims.splice(claims.indexOf(claim), 1);
      apply();
    };
  }, [title, fallback]);
}
