import { Box, CircularProgress, Container, Fade, Grow, Slide } from '@console/shared-sdk/mui';
import { lazy, Suspense, useMemo, useState, type ReactElement } from 'react';
import { Outlet, useLocation } from '@console/shared-sdk/router';
import { siteScopedPaths, useDocumentTitle, useSiteChoices } from '@console/shared-sdk';
import { siteDashboardPath } from '../app/RemoteRoutes';
import { useAllSitesView } from '../pages/dashboard/dashboard-view';
import { useRegistry } from '../remotes/registry';
import { useThemeSettings, type ThemeSettings } from '../theme/settings';
import { Footer } from './Footer';
import { closestItem, coversPath, useMenu } from './menu';
import { NavBar } from './NavBar';
import { SideMenu } from './SideMenu';
import { mainContentId, SkipLink } from './SkipLink';

// What most visits never show loads when shown: the banner only while this browser keeps a remote override,
// the theme settings once they are first opened (then kept, so the drawer closes with its transition).
const OverrideBanner = lazy(() =>
  import('../remotes/OverrideBanner').then((m) => ({ default: m.OverrideBanner })),
);
const ThemeSettingsDrawer = lazy(() =>
  import('./ThemeSettingsDrawer').then((m) => ({ default: m.ThemeSettingsDrawer })),
);

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
      (r) => r.metadata?.routes.filter((route) => route.siteScoped).map((route) => route.path) ?? [],
    );
    return [...siteScopedPaths, ...remoteScoped].some((path) => coversPath(path, pathname));
  }, [remotes, pathname]);
}

/**
 * The name of the screen at a path, as the shell knows it without the screen's code: the title a remote
 * publishes for the route, else the menu entry it belongs to (the longest entry path that contains it).
 */
function useScreenTitle(pathname: string): string | undefined {
  const remotes = useRegistry((s) => s.remotes);
  const sections = useMenu();
  return useMemo(() => {
    const route = closestItem(
      remotes.flatMap((remote) => remote.metadata?.routes ?? []),
      pathname,
    );
    return (
      route?.title ??
      closestItem(
        sections.flatMap((section) => section.items),
        pathname,
      )?.title
    );
  }, [remotes, sections, pathname]);
}

export function Layout() {
  const { pathname } = useLocation();
  const settings = useThemeSettings((s) => s);
  const [mobileMenu, setMobileMenu] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsShown, setSettingsShown] = useState(false);
  if (settingsOpen && !settingsShown) setSettingsShown(true);
  const siteScoped = useIsSiteScoped(pathname);
  // On a site dashboard the selector also offers "All sites", the overview the shell shows instead, to
  // those who look after more than one site.
  const onSiteDashboard = pathname === siteDashboardPath && siteScoped;
  const dashboardView = useAllSitesView();
  // A remote's screen is named after its route (or menu entry) unless it names itself (useDocumentTitle).
  useDocumentTitle(useScreenTitle(pathname), { fallback: true });
  // The stored site is checked against the user's sites before a site-scoped screen asks for its records,
  // so a site deleted since (here or elsewhere) gives way quietly instead of answering "Site not found".
  const siteChoices = useSiteChoices();
  const checkingSite = siteScoped && !onSiteDashboard && siteChoices.status === 'loading';
  const overridden = useRegistry((s) => s.overrides.length > 0);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipLink />
      <SideMenu
        collapsed={settings.menuCollapsed}
        mobileOpen={mobileMenu}
        onCloseMobile={() => setMobileMenu(false)}
      />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <NavBar
          showSiteSelector={siteScoped}
          allSites={
            onSiteDashboard && dashboardView.offered
              ? { chosen: dashboardView.allSites, onChange: dashboardView.setAllSites }
              : undefined
          }
          onOpenMobileMenu={() => setMobileMenu(true)}
          onOpenSettings={() => setSettingsOpen(true)}
        />
        {overridden && (
          <Suspense fallback={null}>
            <OverrideBanner />
          </Suspense>
        )}
        {/* Focusable from the skip link only (tabIndex -1): no ring, the focus is a place to start from. */}
        <Container
          component="main"
          id={mainContentId}
          tabIndex={-1}
          maxWidth={settings.contentWidth === 'boxed' ? 'xl' : false}
          sx={{ flex: 1, py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 }, '&:focus': { outline: 'none' } }}
        >
          <Transition key={pathname} type={settings.routerTransition}>
            {/* minWidth 0: a wide grid scrolls inside its own frame instead of widening the page. */}
            <Box sx={{ minWidth: 0 }}>
              {checkingSite ? (
                <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }} role="status">
                  <CircularProgress aria-label="Loading your sites" />
                </Box>
              ) : (
                <Outlet />
              )}
            </Box>
          </Transition>
        </Container>
        <Footer />
      </Box>
      {settingsShown && (
        <Suspense fallback={null}>
          <ThemeSettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
