import { Box, Container, Fade, Grow, Slide } from '@console/shared-sdk/mui';
import { useMemo, useState, type ReactElement } from 'react';
import { Outlet, useLocation } from '@console/shared-sdk/router';
import { siteScopedPaths } from '@console/shared-sdk';
import { useRegistry } from '../remotes/registry';
import { useThemeSettings, type ThemeSettings } from '../theme/settings';
import { Footer } from './Footer';
import { NavBar } from './NavBar';
import { SideMenu } from './SideMenu';
import { ThemeSettingsDrawer } from './ThemeSettingsDrawer';

function Transition({ type, children }: { type: ThemeSettings['routerTransition']; children: ReactElement }) {
  switch (type) {
    case 'fade':
      return (
        <Fade in timeout={200}>
          {children}
        </Fade>
      );
    case 'slide':
      return (
        <Slide in direction="up" timeout={200}>
          {children}
        </Slide>
      );
    case 'zoom':
      return (
        <Grow in timeout={200}>
          {children}
        </Grow>
      );
    default:
      return children;
  }
}

/** Paths where the site selector shows: the spec's site-scoped screens and remote routes flagged so. */
function useIsSiteScoped(pathname: string) {
  const remotes = useRegistry((s) => s.remotes);
  return useMemo(() => {
    const remoteScoped = remotes.flatMap(
      (r) => r.module?.routes.filter((route) => route.siteScoped).map((route) => route.path) ?? [],
    );
    return [...siteScopedPaths, ...remoteScoped].some(
      (path) => pathname === path || pathname.startsWith(`${path}/`),
    );
  }, [remotes, pathname]);
}

export function Layout() {
  const { pathname } = useLocation();
  const settings = useThemeSettings((s) => s);
  const [mobileMenu, setMobileMenu] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const siteScoped = useIsSiteScoped(pathname);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <SideMenu
        collapsed={settings.menuCollapsed}
        mobileOpen={mobileMenu}
        onCloseMobile={() => setMobileMenu(false)}
      />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <NavBar
          showSiteSelector={siteScoped}
          onOpenMobileMenu={() => setMobileMenu(true)}
          onOpenSettings={() => setSettingsOpen(true)}
        />
        <Container
          component="main"
          maxWidth={settings.contentWidth === 'boxed' ? 'xl' : false}
          sx={{ flex: 1, py: 3 }}
        >
          <Transition key={pathname} type={settings.routerTransition}>
            <Box>
              <Outlet />
            </Box>
          </Transition>
        </Container>
        <Footer />
      </Box>
      <ThemeSettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </Box>
  );
}
