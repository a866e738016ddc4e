import { Box } from '@console/shared-sdk/mui';
import { useEffect, useRef, type MouseEvent } from 'react';
import { useLocation } from '@console/shared-sdk/router';

/** The id of the layout's `<main>`, which the skip link moves focus to. */
export const mainContentId = 'main-content';

/**
 * "Skip to main content": the first Tab stop of every signed-in page, so a keyboard user reaches the screen
 * without first passing the whole menu and the top bar. Out of sight until it has focus. Activating it moves
 * focus into `<main>` itself (the URL keeps no "#main-content": the console's URLs carry screen state).
 *
 * A screen opened inside the console starts as a loaded page does, from the top: the browser would go on
 * from the menu entry just chosen (or from where a link of the old screen was), and the skip link would be
 * some twenty Tab stops behind. So focus returns to the skip link's frame, from which the next Tab reaches
 * the link, unless the new screen has put it somewhere itself.
 */
export function SkipLink() {
  const { pathname } = useLocation();
  const start = useRef<HTMLDivElement>(null);
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    const main = document.getElementById(mainContentId);
    if (main?.contains(document.activeElement)) return;
    start.current?.focus({ preventScroll: true });
  }, [pathname]);

  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const main = document.getElementById(mainContentId);
    main?.focus();
    main?.scrollIntoView?.({ block: 'start' });
  };
  return (
    // Focusable from script only (tabIndex -1), and drawing no ring: a place for the next Tab to start from.
    <Box ref={start} tabIndex={-1} sx={{ '&:focus': { outline: 'none' } }}>
      <Box
        component="a"
        href={`#${mainContentId}`}
        onClick={skip}
        sx={{
          position: 'fixed',
          insetInlineStart: 8,
          top: 8,
          zIndex: (theme) => theme.zIndex.tooltip + 1,
          px: 2,
          py: 1,
          borderRadius: 1,
          bgcolor: 'background.paper',
          color: 'primary.main',
          fontWeight: 600,
          boxShadow: 3,
          // Moved out of sight rather than hidden, so it stays in the Tab order.
          transform: 'translateY(calc(-100% - 16px))',
          '&:focus': { transform: 'none', outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        Skip to main content
      </Box>
    </Box>
  );
}
