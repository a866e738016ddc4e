import { Box } from '@console/shared-sdk/mui';
import type { MouseEvent } from 'react';

/** The id of the layout's `<main>`, which the skip link moves focus to. */
export const mainContentId = 'main-content';

/**
 * "Skip to content": the first Tab stop of every signed-in page, so a keyboard user reaches the screen
 * without first passing the whole menu and the top bar. Out of sight until it has focus. Activating it moves
 * focus into `<main>` itself (the URL keeps no "#main-content": the console's URLs carry screen state).
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const main = document.getElementById(mainContentId);
    main?.focus();
    main?.scrollIntoView?.({ block: 'start' });
  };
  return (
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
      Skip to content
    </Box>
  );
}
