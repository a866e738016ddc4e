import { Alert, Button, Stack } from '@console/shared-sdk/mui';
import type { ReactNode } from 'react';
import { Navigate, Link as RouterLink, useLocation } from '@console/shared-sdk/router';
import { useIsSignedIn, useSession } from '@console/shared-sdk';

/** Signed-out visitors (and sessions that just expired) go to login, keeping the page to come back to. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = useIsSignedIn();
  const location = useLocation();
  if (!signedIn) {
    const returnTo = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/login?returnTo=${returnTo}`} replace />;
  }
  return <>{children}</>;
}

/** Organisation-scoped screens need an organisation; a platform admin picks one first. */
export function RequireOrganization({ children }: { children: ReactNode }) {
  const role = useSession((s) => s.userData?.role);
  const orgId = useSession((s) => s.orgId);
  if (role === 'ADMIN' && !orgId) {
    return (
      <Stack sx={{ alignItems: 'flex-start' }} spacing={2}>
        <Alert severity="info">
          You are signed in as a platform admin. Choose the organisation to work in; its sites and records
          appear here.
        </Alert>
        <Button variant="contained" component={RouterLink} to="/dashboard/organizations">
          Choose an organisation
        </Button>
      </Stack>
    );
  }
  return <>{children}</>;
}
