import { Suspense } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from '@console/shared-sdk/router';
import { i18n } from '../i18n/i18n';
import { Frame } from './Frame';
import { Loading, NotFound, ScreenBoundary } from './Loading';
import { routes, type KitchenRoute } from './routes';
import { useCurrentPerson } from './store';
import { kitchenTheme } from './theme';

/** Where the server serves the app; the router's addresses are under it. */
export const basename = '/kitchen';

function Screen({ route }: { route: KitchenRoute }) {
  const person = useCurrentPerson();
  if (route.access === 'person' && !person) return <Navigate to="/" replace />;
  const Component = route.screen;
  return (
    <ScreenBoundary>
      <Suspense fallback={<Loading />}>
        <Component />
      </Suspense>
    </ScreenBoundary>
  );
}

/** The app's screens inside its frame; `Router` is the browser's, or a test's memory router. */
export function KitchenScreens() {
  return (
    <Frame>
      <Routes>
        {routes.map((route) => (
          <Route key={route.path} path={route.path} element={<Screen route={route} />} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Frame>
  );
}

export function KitchenProviders({ children }: { children: React.ReactNode }) {
  return (
    <ThemeProvider theme={kitchenTheme}>
      <CssBaseline />
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </ThemeProvider>
  );
}

export function App() {
  return (
    <KitchenProviders>
      <BrowserRouter basename={basename}>
        <KitchenScreens />
      </BrowserRouter>
    </KitchenProviders>
  );
}
