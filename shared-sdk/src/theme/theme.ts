export type Skin = 'light' | 'dark' | 'bordered';
export type Direction = 'ltr' | 'rtl';

/**
 * The console's look. "bordered" is the light skin with outlines instead of shadows, which reads better
 * on the low-contrast screens found in back offices.
 */
export function createConsoleTheme({
  skin = 'light',
  direction = 'ltr',
}: { skin?: Skin; direction?: Direction } = {}): Theme {
  const dark = skin === 'dark';
  const bordered = skin === 'bordered';
  return createTheme({
    direction,
    palette: {
      mode: dark ? 'dark' : 'light',
      primary: { main: dark ? '#5fb3b3' : '#16707a' },
      secondary: { main: '#7b5ea7' },
      background: dark ? { default: '#121a1f', paper: '#1a242b' } : { default: '#f4f6f8', paper: '#ffffff' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    },
    components: {
      MuiPaper: bordered
        ? {
            defaultProps: { elevation: 0 },
            styleOverrides: { root: { border: '1px solid rgba(0,0,0,0.12)' } },
          }
        : {},
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true, size: 'small' } },
    },
  });
}
import { createTheme, type Theme } from '@console/shared-sdk/mui';
