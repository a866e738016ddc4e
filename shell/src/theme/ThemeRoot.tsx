import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { useEffect, useMemo, type ReactNode } from 'react';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import { createConsoleTheme } from '@console/shared-sdk';
import { useThemeSettings } from './settings';

const ltrCache = createCache({ key: 'mui' });
// Right-to-left flips every style rule; MUI's documented way is a separate emotion cache with this plugin.
const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });

export function ThemeRoot({ children }: { children: ReactNode }) {
  const skin = useThemeSettings((s) => s.skin);
  const direction = useThemeSettings((s) => s.direction);
  const theme = useMemo(() => createConsoleTheme({ skin, direction }), [skin, direction]);

  useEffect(() => {
    document.documentElement.dir = direction;
  }, [direction]);

  return (
    <CacheProvider value={direction === 'rtl' ? rtlCache : ltrCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
