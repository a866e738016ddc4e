import {
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@console/shared-sdk/mui';
import LogoutIcon from '@mui/icons-material/Logout';
import { Suspense, useMemo } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from '@console/shared-sdk/router';
import { canOnSubject } from '../ability/index.js';
import { SignInForm, signOut } from '../auth/index.js';
import { useAbility } from '../session/ability.js';
import { useIsSignedIn, useSession } from '../session/store.js';
import { SiteScopeProvider } from '../site/scope.js';
import { SiteSelector } from '../site/SiteSelector.js';
import type { RemoteDescription, RemoteRoutesModule } from './contract.js';

// A remote's own frame on a page outside the console (its sign-in, site picker and menu): a chunk of its
// own, loaded by createRemoteMount (mount.tsx), so the console's pages, which never show it, do not
// download it with the SDK's main entry.

export interface RemoteParts {
  description: RemoteDescription;
  screens: RemoteRoutesModule['screens'];
}

export function RemoteFrame({ description, screens }: RemoteParts) {
  const { title } = description;
  const signedIn = useIsSignedIn();
  const name = useSession((s) => (s.userData ? `${s.userData.firstName} ${s.userData.lastName}` : ''));
  const ability = useAbility();
  const location = useLocation();
  const navigate = useNavigate();
  const menu = useMemo(
    () => description.menu.filter((entry) => canOnSubject(ability, 'read', entry.subject)),
    [description.menu, ability],
  );
  // Screens the user may not read are not routes here: the address falls through to the first entry.
  const routes = useMemo(
    () => description.routes.filter((route) => canOnSubject(ability, 'read', route.subject)),
    [description.routes, ability],
  );

  if (!signedIn) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', p: 3 }}>
        <Card sx={{ width: '100%', maxWidth: 420 }}>
          <CardContent sx={{ p: 4 }}>
            <Typography variant="h5" component="h1" gutterBottom>
              {title}: sign in
            </Typography>
            <SignInForm />
          </CardContent>
        </Card>
      </Box>
    );
  }
  const current = menu.find((entry) => location.pathname.startsWith(entry.path))?.path ?? false;
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="p" sx={{ flex: 1 }}>
          {title}
        </Typography>
        <SiteSelector />
        <Typography variant="body2" color="text.secondary">
          {name}
        </Typography>
        <Button startIcon={<LogoutIcon />} onClick={() => void signOut()}>
          Sign out
        </Button>
      </Stack>
      <Tabs
        value={current}
        onChange={(_event, path: string) => navigate(path)}
        variant="scrollable"
        aria-label={title}
      >
        {menu.map((entry) => (
          <Tab key={entry.path} value={entry.path} label={entry.title} />
        ))}
      </Tabs>
      <Suspense
        fallback={
          <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }} role="status">
            <CircularProgress aria-label="Loading" />
          </Box>
        }
      >
        <Routes>
          {routes.map(({ path, siteScoped }) => {
            const Screen = screens[path];
            return Screen ? (
              <Route
                key={path}
                path={path}
                element={
                  <SiteScopeProvider siteScoped={siteScoped === true}>
                    <Screen />
                  </SiteScopeProvider>
                }
              />
            ) : null;
          })}
          <Route path="*" element={menu[0] ? <Navigate to={menu[0].path} replace /> : null} />
        </Routes>
      </Suspense>
    </Stack>
  );
}
