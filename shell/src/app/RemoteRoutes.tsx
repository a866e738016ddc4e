import { Box, CircularProgress, Typography } from '@console/shared-sdk/mui';
import { useState } from 'react';
import { Link as RouterLink, Route, useLocation } from '@console/shared-sdk/router';
import { RemoteBoundary, RemoteErrorPanel } from '../remotes/RemoteBoundary';
import { retryRemote, useRegistry } from '../remotes/registry';
import { RequireOrganization } from './RequireAuth';

/** The routes every loaded remote declares, each inside its own error boundary. */
export function useRemoteRouteElements() {
  const remotes = useRegistry((s) => s.remotes);
  return remotes.flatMap((remote) =>
    (remote.module?.routes ?? []).map(({ path, Component }) => (
      <Route
        key={`${remote.name}:${path}`}
        path={path}
        element={
          <RemoteBoundary area={remote.name} onRetry={() => void retryRemote(remote.name)}>
            <RequireOrganization>
              <Component />
            </RequireOrganization>
          </RemoteBoundary>
        }
      />
    )),
  );
}

/**
 * An address no screen answers. While remotes load it waits; when a remote failed the address may be one
 * of its screens, so its error panel shows with a retry; otherwise it is simply not found.
 */
export function UnmatchedRoute() {
  const { listed, remotes } = useRegistry((s) => s);
  const { pathname } = useLocation();
  const [retrying, setRetrying] = useState(false);
  const failed = remotes.filter((r) => r.status === 'failed');

  if (!listed || remotes.some((r) => r.status === 'loading')) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }} role="status">
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  }
  if (failed.length > 0) {
    return (
      <RemoteErrorPanel
        area={failed.map((r) => r.name).join(', ')}
        detail={
          retrying
            ? 'Retrying…'
            : failed
                .map((r) => r.error)
                .filter(Boolean)
                .join('; ')
        }
        onRetry={() => {
          setRetrying(true);
          void Promise.all(failed.map((r) => retryRemote(r.name))).finally(() => setRetrying(false));
        }}
      />
    );
  }
  return (
    <Box sx={{ py: 6 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography color="text.secondary">
        Nothing lives at {pathname}. <RouterLink to="/dashboard">Go to the dashboard</RouterLink>.
      </Typography>
    </Box>
  );
}
