import { useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { Notifications } from '@console/shared-sdk';
import { DashboardPage } from '../pages/dashboard/DashboardPage';
import { ForgotPasswordPage } from '../pages/auth/ForgotPasswordPage';
import { LoginPage } from '../pages/auth/LoginPage';
import { LogoutPage } from '../pages/auth/LogoutPage';
import { ResetPasswordPage } from '../pages/auth/ResetPasswordPage';
import { OrganizationPage } from '../pages/organization/OrganizationPage';
import { OrganizationsPage } from '../pages/organization/OrganizationsPage';
import { ProfilePage } from '../pages/profile/ProfilePage';
import { SitesPage } from '../pages/sites/SitesPage';
import { Layout } from '../layout/Layout';
import { loadRemotes } from '../remotes/registry';
import { ThemeRoot } from '../theme/ThemeRoot';
import { useRemoteRouteElements, UnmatchedRoute } from './RemoteRoutes';
import { RequireAuth, RequireOrganization } from './RequireAuth';

export function App() {
  useEffect(() => {
    void loadRemotes();
  }, []);
  const remoteRoutes = useRemoteRouteElements();

  return (
    <ThemeRoot>
      <BrowserRouter>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/logout" element={<LogoutPage />} />
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
                  <DashboardPage />
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
            <Route path="organizations" element={<OrganizationsPage />} />
            <Route path="profile" element={<ProfilePage />} />
            {remoteRoutes}
            <Route path="*" element={<UnmatchedRoute />} />
          </Route>
          <Route path="*" element={<Navigate to="/dashboard" replace />} />
        </Routes>
      </BrowserRouter>
      <Notifications />
    </ThemeRoot>
  );
}
