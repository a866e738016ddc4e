import { createTheme } from '@mui/material/styles';
import { createConsoleTheme } from '@console/shared-sdk';

// The console's look, made for a kitchen: every control at least 48 px high (a wet or gloved finger), larger
// type, and full-width buttons that read from across the counter.

const touch = 48;

export const kitchenTheme = createTheme(createConsoleTheme(), {
  typography: {
    fontSize: 16,
    button: { fontSize: '1rem', textTransform: 'none', fontWeight: 600 },
    // A screen's title and its sections' headings, read from across the counter.
    h1: { fontSize: '2rem', fontWeight: 700, lineHeight: 1.2 },
    h2: { fontSize: '1.25rem', fontWeight: 700, lineHeight: 1.3 },
  },
  components: {
    MuiButton: { defaultProps: { size: 'large' }, styleOverrides: { root: { minHeight: touch } } },
    MuiIconButton: { styleOverrides: { root: { minWidth: touch, minHeight: touch } } },
    MuiToggleButton: { styleOverrides: { root: { minHeight: touch } } },
    MuiTextField: { defaultProps: { size: 'medium' } },
    MuiInputBase: { styleOverrides: { input: { minHeight: 24 } } },
    MuiListItemButton: { styleOverrides: { root: { minHeight: touch } } },
    MuiMenuItem: { styleOverrides: { root: { minHeight: touch } } },
  },
});
