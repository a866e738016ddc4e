import { lazy, Suspense, useMemo } from 'react';
import { THEME_ID, type ThemeProviderProps } from '@mui/material/styles';
import { ThemeProvider as SystemThemeProvider, type DefaultTheme } from '@mui/system';

// MUI's ThemeProvider, less what the console's themes never use. MUI's own imports its CSS-variables
// provider (colour-scheme storage and listeners: 3 KB gzip) on every page, but runs it only for a theme
// with `colorSchemes`; createConsoleTheme makes none. Here a theme without them goes straight to the
// provider MUI would use for it, and one with them loads MUI's provider on first use (a moment's blank).
const CssVariablesThemeProvider = lazy(() =>
  import('@mui/material/styles').then(({ ThemeProvider }) => ({ default: ThemeProvider })),
);

/** The theme the console's providers receive: a theme, or a function of the theme above it. */
type ThemeInput = ThemeProviderProps['theme'];

/**
 * The theme as MUI's ThemeProvider passes it on when it has no colour schemes (its `vars` cleared, so it
 * does not inherit an outer CSS-variables theme's), or null when it has them.
 */
function withoutVariables(theme: ThemeInput): ThemeInput | null {
  if (typeof theme === 'function') return theme;
  const muiTheme: object = THEME_ID in theme ? (theme as Record<string, object>)[THEME_ID]! : theme;
  if ('colorSchemes' in muiTheme) return null;
  return 'vars' in muiTheme ? theme : { ...theme, vars: null };
}

export function ThemeProvider<Theme = DefaultTheme>({ theme, ...props }: ThemeProviderProps<Theme>) {
  const input = theme as ThemeInput;
  const plain = useMemo(() => withoutVariables(input), [input]);
  if (!plain)
    return (
      <Suspense fallback={null}>
        <CssVariablesThemeProvider theme={input} {...props} />
      </Suspense>
    );
  // What MUI's ThemeProviderNoVars renders: the system provider, under MUI's key when the theme is scoped.
  const scoped =
    typeof plain === 'function' || !(THEME_ID in plain)
      ? undefined
      : (plain as Record<string, object>)[THEME_ID];
  return <SystemThemeProvider {...props} themeId={scoped ? THEME_ID : undefined} theme={scoped ?? plain} />;
}
