import { createTheme, type Theme } from '@console/shared-sdk/mui';

export type Skin = 'light' | 'dark' | 'bordered';
export type Direction = 'ltr' | 'rtl';

/**
 * The status colours, chosen for text: a status chip or word is drawn in `main` on the page or a card, and a
 * filled chip in `contrastText` on `main`, so each must reach WCAG AA's 4.5:1 both ways (MUI's own orange,
 * #ED6C02, reaches about 3:1 on white). Dark mode keeps MUI's light shades, which read on the dark
 * backgrounds, except red, whose 400 does not.
 */
const statusColors = {
  light: {
    warning: { main: '#b45309' },
    info: { main: '#0271b0' },
    error: { main: '#d32f2f' },
    success: { main: '#2e7d32' },
  },
  dark: {
    warning: { main: '#ffa726' },
    info: { main: '#29b6f6' },
    error: { main: '#e57373' },
    success: { main: '#66bb6a' },
  },
};

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
  const primary = dark ? '#5fb3b3' : '#16707a';
  // Keyboard focus shows as a ring in the primary colour, which stands 3:1 off the page in each skin. Outside
  // the control, a gap of the page's own colour between them, it shows on a filled button of that colour too;
  // inside it where a container would clip it (menu entries, tabs).
  const focusRing = { outline: `2px solid ${primary}`, outlineOffset: 2 };
  const insetFocusRing = { '&.Mui-focusVisible': { outlineOffset: -2 } };
  return createTheme({
    direction,
    palette: {
      mode: dark ? 'dark' : 'light',
      // Text drawn on a colour (a filled chip or button) is black or white, whichever reaches 4.5:1.
      contrastThreshold: 4.5,
      primary: { main: primary },
      secondary: { main: '#7b5ea7' },
      ...statusColors[dark ? 'dark' : 'light'],
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
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing } } },
      MuiMenuItem: { styleOverrides: { root: insetFocusRing } },
      MuiListItemButton: { styleOverrides: { root: insetFocusRing } },
      MuiTab: { styleOverrides: { root: insetFocusRing } },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true, size: 'small' } },
    },
  });
}
