import { ScopedCssBaseline, ThemeProvider } from '@console/shared-sdk/mui';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, MemoryRouter } from '@console/shared-sdk/router';
import { configureApi } from '../http/index.js';
import { Notifications } from '../notify/Notifications.js';
import { session } from '../session/store.js';
import { selectedSite } from '../site/store.js';
import { createConsoleTheme } from '../theme/theme.js';
import type { MountFunction, MountOptions } from './contract.js';
import type { RemoteParts } from './frame.js';

// The frame is loaded when a remote is mounted: the console's own pages never mount one.
const RemoteFrame = lazy(() => import('./frame.js').then((m) => ({ default: m.RemoteFrame })));

/**
 * The `./mount` of a remote: renders the remote on any page, with its own sign-in, site picker and menu.
 * With `basename` it follows the page's address under that prefix; without, it keeps its own history so it
 * never fights the host page over the URL.
 */
export function createRemoteMount(parts: RemoteParts): MountFunction {
  return (element: HTMLElement, options: MountOptions = {}) => {
    configureApi({ baseUrl: options.apiBaseUrl ?? '' });
    if (options.session) session.signIn(options.session);
    if (options.siteId) selectedSite.prefer(options.siteId);
    const theme = createConsoleTheme();
    const frame = (
      <Suspense fallback={null}>
        <RemoteFrame {...parts} />
      </Suspense>
    );
    const root = createRoot(element);
    root.render(
      <StrictMode>
        <ThemeProvider theme={theme}>
          {/* Scoped: the host page's own styles stay as they are. */}
          <ScopedCssBaseline>
            {options.basename !== undefined ? (
              <BrowserRouter basename={options.basename}>{frame}</BrowserRouter>
            ) : (
              <MemoryRouter initialEntries={[parts.description.menu[0]?.path ?? '/']}>{frame}</MemoryRouter>
            )}
            <Notifications />
          </ScopedCssBaseline>
        </ThemeProvider>
      </StrictMode>,
    );
    return () => root.unmount();
  };
}
