import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from '@console/shared-sdk/router';
import { Notifications, useIsSignedIn } from '@console/shared-sdk';
import { PageLoading } from './PageLoading';
import { LoginPage } from '../pages/auth/LoginPage';
import { LogoutPage } from '../pages/auth/LogoutPage';
import { RemoteBoundary } from '../remotes/RemoteBoundary';
import { loadRemotes } from '../remotes/registry';
import { ThemeRoot } from '../theme/ThemeRoot';
import { useRemoteRouteElements, UnmatchedRoute } from './RemoteRoutes';
import { RequireAuth, RequireOrganization } from './RequireAuth';
import { verifyPath } from '../pages/verify/verify-path';
import { inspectRoute } from '../pages/inspect/inspect-path';
import { singleSignOnRoute } from '../pages/organization/single-sign-on-path';
import { ssoCompletePath } from '@console/shared-sdk/contract';

// Screens load when first opened, so the sign-in page downloads only what signing in needs (the resource
// kit with its data grid and date pickers comes with the first list). The password pages are reached from a
// link or an e-mail, rarely: they are not part of every visit's download either.
const ForgotPasswordPage = lazy(() =>
  import('../pages/auth/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../pages/auth/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
// Where the organisation's identity provider sends a person back, once per sign-in through it.
const SsoCompletePage = lazy(() =>
  import('../pages/auth/SsoCompletePage').then((m) => ({ default: m.SsoCompletePage })),
);
// Public: an inspector checking a pack they were handed, signed in or not.
const VerifyPackPage = lazy(() =>
  import('../pages/verify/VerifyPackPage').then((m) => ({ default: m.VerifyPackPage })),
);
// Public: the records an inspector link opens, without an account, signed in or not.
const InspectPage = lazy(() =>
  import('../pages/inspect/InspectPage').then((m) => ({ default: m.InspectPage })),
);
const Layout = lazy(() => import('../layout/Layout').then((m) => ({ default: m.Layout })));
const DashboardIndex = lazy(() =>
  import('../pages/dashboard/DashboardIndex').then((m) => ({ default: m.DashboardIndex })),
);
const SitesPage = lazy(() => import('../pages/sites/SitesPage').then((m) => ({ default: m.SitesPage })));
const OrganizationPage = lazy(() =>
  import('../pages/organization/OrganizationPage').then((m) => ({ default: m.OrganizationPage })),
);
const WebhooksPage = lazy(() =>
  import('../pages/organization/WebhooksPage').then((m) => ({ default: m.WebhooksPage })),
);
const SingleSignOnPage = lazy(() =>
  import('../pages/organization/SingleSignOnPage').then((m) => ({ default: m.SingleSignOnPage })),
);
const ProvisioningPage = lazy(() =>
  import('../pages/organization/ProvisioningPage').then((m) => ({ default: m.ProvisioningPage })),
);
const ApiKeysPage = lazy(() =>
  import('../pages/organization/ApiKeysPage').then((m) => ({ default: m.ApiKeysPage })),
);
const RolesPage = lazy(() =>
  import('../pages/organization/RolesPage').then((m) => ({ default: m.RolesPage })),
);
const OrganizationsPage = lazy(() =>
  import('../pages/organization/OrganizationsPage').then((m) => ({ default: m.OrganizationsPage })),
);
const NotificationsPage = lazy(() =>
  import('../pages/notifications/NotificationsPage').then((m) => ({ default: m.NotificationsPage })),
);
const ProfilePage = lazy(() =>
  import('../pages/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })),
);

export function App() {
  const signedIn = useIsSignedIn();
  // After sign-in the shell reads each remote's description (data, no code); a remote's code loads when one
  // of its routes opens. Nothing of theirs is fetched for the sign-in page.
  useEffect(() => {
    if (signedIn) void loadRemotes();
  }, [signedIn]);
  const remoteRoutes = useRemoteRouteElements();

  return (
    <ThemeRoot>
      <BrowserRouter>
        <RemoteBoundary area="The console" onRetry={() => window.location.reload()}>
          <Suspense fallback={<PageLoading />}>
            <Routes>
              <Route path="/login" element={<LoginPage />} />
              <Route path="/forgot-password" element={<ForgotPasswordPage />} />
              <Route path="/reset-password" element={<ResetPasswordPage />} />
              <Route path={ssoCompletePath} element={<SsoCompletePage />} />
              <Route path="/logout" element={<LogoutPage />} />
              <Route path={verifyPath} element={<VerifyPackPage />} />
              <Route path={inspectRoute} element={<InspectPage />} />
              <Route
                path="/dashboard"
                element={
                  <RequireAuth>
                    <Layout />
                  </RequireAuth>
                }
              >
                <Route
                  index
                  element={
                    <RequireOrganization>
                      <DashboardIndex />
                    </RequireOrganization>
                  }
                />
                <Route
                  path="sites"
                  element={
                    <RequireOrganization>
                      <SitesPage />
                    </RequireOrganization>
                  }
                />
                <Route
                  path="organization"
                  element={
                    <RequireOrganization>
                      <OrganizationPage />
                    </RequireOrganization>
                  }
                />
                <Route
                  path="organization/webhooks"
                  element={
                    <RequireOrganization>
                      <WebhooksPage />
                    </RequireOrganization>
                  }
                />
                <Route
                  path={singleSignOnRoute}
                  element={
                    <RequireOrganization>
                      <SingleSignOnPage />
                    </RequireOrganization>
                  }
                />
                <Route
                  path="organization/provisioning"
                  element={
                    <RequireOrganization>
                      <ProvisioningPage />
                    </RequireOrganization>
                  }
                />
                <Route
                  path="organization/api-keys"
                  element={
                    <RequireOrganization>
                      <ApiKeysPage />
                    </RequireOrganization>
                  }
                />
                <Route
                  path="organization/roles"
                  element={
                    <RequireOrganization>
                      <RolesPage />
                    </RequireOrganization>
                  }
                />
                <Route path="organizations" element={<OrganizationsPage />} />
                <Route path="profile" element={<ProfilePage />} />
                <Route path="notifications" element={<NotificationsPage />} />
                {remoteRoutes}
                <Route path="*" element={<UnmatchedRoute />} />
              </Route>
              <Route path="*" element={<Navigate to="/dashboard" replace />} />
            </Routes>
          </Suspense>
        </RemoteBoundary>
      </BrowserRouter>
      <Notifications />
    </ThemeRoot>
  );
}
