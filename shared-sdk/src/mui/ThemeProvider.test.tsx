import { render, screen } from '@testing-library/react';
import { Button, ThemeProvider, createTheme, useTheme } from '@console/shared-sdk/mui';

function PrimaryColour() {
  return <p>primary {useTheme().palette.primary.main}</p>;
}

test("the console's themes reach the components below, as with MUI's own provider", () => {
  render(
    <ThemeProvider theme={createTheme({ palette: { primary: { main: '#16707a' } } })}>
      <PrimaryColour />
      <Button>Save</Button>
    </ThemeProvider>,
  );
  expect(screen.getByText('primary #16707a')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
});

test('a theme given as a function of the outer one builds on it', () => {
  render(
    <ThemeProvider theme={createTheme({ palette: { primary: { main: '#16707a' } } })}>
      <ThemeProvider
        theme={(outer: ReturnType<typeof createTheme>) =>
          createTheme(outer, { palette: { primary: { main: '#7b5ea7' } } })
        }
      >
        <PrimaryColour />
      </ThemeProvider>
    </ThemeProvider>,
  );
  expect(screen.getByText('primary #7b5ea7')).toBeInTheDocument();
});

test('a theme with colour schemes still renders, through MUI’s own provider once it has loaded', async () => {
  render(
    <ThemeProvider
      theme={createTheme({ colorSchemes: { light: { palette: { primary: { main: '#123456' } } } } })}
    >
      <PrimaryColour />
    </ThemeProvider>,
  );
  expect(await screen.findByText('primary #123456')).toBeInTheDocument();
});
