import { lazy, type ReactNode } from 'react';
import { Navigate, useLocation } from '@console/shared-sdk/router';
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

/**
 * What an organisation's screen shows a platform admin who is not working in one yet: the choice itself
 * (pages/organization). Loaded when first shown, as the other screens are, so the sign-in page does not
 * download the list kit.
 */
const ChooseOrganization = lazy(() =>
  import('../pages/organization/OrganizationsPage').then((m) => ({ default: m.ChooseOrganizationPage })),
);
