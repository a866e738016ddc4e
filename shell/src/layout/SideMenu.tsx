import {
  Box,
  Divider,
  Drawer,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Toolbar,
  Tooltip,
  Typography,
  type SxProps,
  type Theme,
} from '@console/shared-sdk/mui';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { Fragment, useMemo } from 'react';
import { NavLink, useLocation } from '@console/shared-sdk/router';
import { retryRemote, useRegistry } from '../remotes/registry';
import { useMenu } from './menu';

export const menuWidth = 260;
export const collapsedMenuWidth = 72;

function isActive(itemPath: string, pathname: string) {
  if (itemPath === '/dashboard') return pathname === '/dashboard';
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}

/**
 * Every entry keeps the same shape collapsed and expanded: an icon in a fixed box, so a collapsed entry is
 * never narrower than its icon, and a focus ring that reads on the selected (tinted) entry too.
 */
const entrySx = (collapsed: boolean): SxProps<Theme> => ({
  mx: 1,
  borderRadius: 1,
  minHeight: 44,
  justifyContent: collapsed ? 'center' : 'flex-start',
  px: collapsed ? 0 : 2,
  '&.Mui-focusVisible, &:focus-visible': {
    outline: '3px solid',
    outlineColor: 'primary.main',
    outlineOffset: '-3px',
  },
});

const iconSx = (collapsed: boolean): SxProps<Theme> => ({ minWidth: collapsed ? 0 : 40 });

function MenuContents({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const sections = useMenu();
  const { pathname } = useLocation();
  const remotes = useRegistry((s) => s.remotes);
  const failed = useMemo(() => remotes.filter((r) => r.status === 'failed'), [remotes]);
  return (
    <Box component="nav" aria-label="Main menu" sx={{ overflowY: 'auto', overflowX: 'hidden', flex: 1 }}>
      {sections.map((section, index) => (
        <Fragment key={section.title}>
          {/* Collapsed, a line stands in for the section's name (which no 72 px column can show). */}
          {collapsed && index > 0 && <Divider sx={{ mx: 2 }} />}
          <List
            dense
            aria-label={section.title}
            subheader={
              collapsed ? undefined : (
                <ListSubheader component="div" sx={{ bgcolor: 'transparent', lineHeight: '32px' }}>
                  {section.title}
                </ListSubheader>
              )
            }
          >
            {section.items.map(({ title, path, Icon }) => {
              // An entry published without an icon still gets one: collapsed, the icon is all there is.
              const EntryIcon = Icon ?? LabelOutlinedIcon;
              return (
                <Tooltip key={path} title={collapsed ? title : ''} placement="right">
                  <ListItemButton
                    component={NavLink}
                    to={path}
                    end={path === '/dashboard'}
                    selected={isActive(path, pathname)}
                    onClick={onNavigate}
                    aria-label={collapsed ? title : undefined}
                    sx={entrySx(collapsed)}
                  >
                    <ListItemIcon sx={iconSx(collapsed)}>
                      <EntryIcon />
                    </ListItemIcon>
                    {!collapsed && <ListItemText primary={title} />}
                  </ListItemButton>
                </Tooltip>
              );
            })}
          </List>
        </Fragment>
      ))}
      {failed.map((remote) => (
        <Tooltip key={remote.name} title={remote.error ?? ''} placement="right">
          <ListItemButton
            onClick={() => void retryRemote(remote.name)}
            aria-label={collapsed ? `${remote.title} unavailable, select to retry` : undefined}
            sx={entrySx(collapsed)}
          >
            <ListItemIcon sx={iconSx(collapsed)}>
              <ErrorOutlineIcon color="warning" />
            </ListItemIcon>
            {!collapsed && (
              <ListItemText primary={`${remote.title} unavailable`} secondary="Select to retry" />
            )}
          </ListItemButton>
        </Tooltip>
      ))}
    </Box>
  );
}

/** The console's mark: the icon alone when the menu is collapsed, with the name beside it otherwise. */
function Brand({ collapsed }: { collapsed: boolean }) {
  return (
    <Toolbar sx={{ gap: 1, justifyContent: collapsed ? 'center' : 'flex-start', px: collapsed ? 0 : 2 }}>
      <VerifiedUserIcon
        color="primary"
        fontSize={collapsed ? 'large' : 'medium'}
        {...(collapsed ? { titleAccess: 'Compliance Console' } : { 'aria-hidden': true })}
      />
      {!collapsed && (
        <Typography sx={{ fontWeight: 700 }} variant="subtitle1" noWrap component="div" color="primary">
          Compliance Console
        </Typography>
      )}
    </Toolbar>
  );
}

export function SideMenu(props: { collapsed: boolean; mobileOpen: boolean; onCloseMobile: () => void }) {
  const width = props.collapsed ? collapsedMenuWidth : menuWidth;
  return (
    <>
      <Drawer
        variant="temporary"
        open={props.mobileOpen}
        onClose={props.onCloseMobile}
        ModalProps={{ keepMounted: true }}
        sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: menuWidth } }}
      >
        <Brand collapsed={false} />
        <MenuContents collapsed={false} onNavigate={props.onCloseMobile} />
      </Drawer>
      <Drawer
        variant="permanent"
        open
        sx={{
          display: { xs: 'none', md: 'block' },
          width,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width, boxSizing: 'border-box', transition: 'width 150ms' },
        }}
      >
        <Brand collapsed={props.collapsed} />
        <MenuContents collapsed={props.collapsed} />
      </Drawer>
    </>
  );
}
