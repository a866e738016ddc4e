import { Alert, Button, Stack, Typography } from '@console/shared-sdk/mui';
import { useDocumentTitle } from '@console/shared-sdk';
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
  if (role === 'ADMIN' && !orgId) return <ChooseOrganization />;
  return <>{children}</>;
}

/** What an organisation's screen shows a platform admin who is not working in one yet. */
function ChooseOrganization() {
  useDocumentTitle('Choose an organisation');
  return (
    <Stack sx={{ alignItems: 'flex-start' }} spacing={2}>
      <Typography variant="h4" component="h1">
        Choose an organisation
      </Typography>
      <Alert severity="info">
        You are signed in as a platform admin. Choose the organisation to work in; its sites and records
        appear here.
      </Alert>
      <Button variant="contained" component={RouterLink} to="/dashboard/organizations">
        Go to the organisations
      </Button>
    </Stack>
  );
}
