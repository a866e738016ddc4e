import { CssBaseline, ThemeProvider } from '@console/shared-sdk/mui';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { createConsoleTheme } from '@console/shared-sdk';
import { useThemeSettings } from './settings';

const ltrCache = createCache({ key: 'mui' });
let rtlCache: Promise<EmotionCache> | undefined;

/**
 * Right-to-left flips every style rule; MUI's documented way is a separate emotion cache with the RTL
 * stylis plugin. It is loaded only when someone chooses RTL.
 */
function loadRtlCache() {
  rtlCache ??= Promise.all([import('stylis'), import('stylis-plugin-rtl')]).then(([stylis, rtl]) =>
    createCache({ key: 'muirtl', stylisPlugins: [stylis.prefixer, rtl.default] }),
  );
  return rtlCache;
}

export function ThemeRoot({ children }: { children: ReactNode }) {
  const skin = useThemeSettings((s) => s.skin);
  const direction = useThemeSettings((s) => s.direction);
  const theme = useMemo(() => createConsoleTheme({ skin, direction }), [skin, direction]);
  // The RTL cache once it has loaded; until then (and for LTR) the LTR cache styles the page.
  const [loadedRtlCache, setLoadedRtlCache] = useState<EmotionCache | null>(null);
  const cache = direction === 'rtl' && loadedRtlCache ? loadedRtlCache : ltrCache;

  useEffect(() => {
    let current = true;
    if (direction === 'rtl') void loadRtlCache().then((loaded) => current && setLoadedRtlCache(loaded));
    document.documentElement.dir = direction;
    return () => {
      current = false;
    };
  }, [direction]);

  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
