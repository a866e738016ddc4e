import { AppBar, Box, IconButton, Toolbar, Tooltip } from '@console/shared-sdk/mui';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import SettingsIcon from '@mui/icons-material/Settings';
import { SiteSelector, type AllSitesChoice } from '@console/shared-sdk';
import { themeSettings, useThemeSettings } from '../theme/settings';
import { ActingOrganization } from './ActingOrganization';
import { UserMenu } from './UserMenu';
import { NotificationBell } from '../notifications/NotificationBell';

interface Props {
  showSiteSelector: boolean;
  /** Offer "All sites" in the selector (on the dashboard). */
  allSites?: AllSitesChoice;
  onOpenMobileMenu: () => void;
  onOpenSettings: () => void;
}

export function NavBar({ showSiteSelector, allSites, onOpenMobileMenu, onOpenSettings }: Props) {
  const type = useThemeSettings((s) => s.navbarType);
  const collapsed = useThemeSettings((s) => s.menuCollapsed);
  if (type === 'hidden') return null;
  const floating = type === 'floating';
  return (
    <AppBar
      position={type === 'static' ? 'static' : 'sticky'}
      color="inherit"
      elevation={floating ? 2 : 0}
      sx={{
        borderBottom: floating ? 0 : 1,
        borderColor: 'divider',
        ...(floating ? { top: 12, mx: { xs: 1, md: 3 }, mt: 1.5, width: 'auto', borderRadius: 2 } : {}),
      }}
    >
      {/* On a phone the site selector takes a row of its own, so the account button keeps its place. */}
      <Toolbar
        sx={{
          gap: { xs: 1, sm: 1.5 },
          flexWrap: { xs: 'wrap', md: 'nowrap' },
          py: { xs: 1, md: 0 },
          px: { xs: 1.5, sm: 3 },
        }}
      >
        <IconButton
          edge="start"
          aria-label="Open the menu"
          onClick={onOpenMobileMenu}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Tooltip title={collapsed ? 'Expand the menu' : 'Collapse the menu'}>
          <IconButton
            edge="start"
            aria-label={collapsed ? 'Expand the menu' : 'Collapse the menu'}
            onClick={() => themeSettings.set({ menuCollapsed: !collapsed })}
            sx={{ display: { xs: 'none', md: 'inline-flex' } }}
          >
            <MenuOpenIcon sx={{ transform: collapsed ? 'scaleX(-1)' : 'none' }} />
          </IconButton>
        </Tooltip>
        {showSiteSelector && (
          <Box sx={{ order: { xs: 1, md: 0 }, flexBasis: { xs: '100%', md: 'auto' }, minWidth: 0 }}>
            <SiteSelector allSites={allSites} />
          </Box>
        )}
        <Box sx={{ flex: 1 }} />
        <ActingOrganization />
        <NotificationBell />
        <Tooltip title="Theme settings">
          <IconButton aria-label="Theme settings" onClick={onOpenSettings}>
            <SettingsIcon />
          </IconButton>
        </Tooltip>
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
