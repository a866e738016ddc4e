import {
  Box,
  Drawer,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Toolbar,
  Tooltip,
  Typography,
} from '@console/shared-sdk/mui';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useMemo } from 'react';
import { NavLink, useLocation } from '@console/shared-sdk/router';
import { retryRemote, useRegistry } from '../remotes/registry';
import { useMenu } from './menu';

export const menuWidth = 260;
export const collapsedMenuWidth = 72;

function isActive(itemPath: string, pathname: string) {
  if (itemPath === '/dashboard') return pathname === '/dashboard';
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}

function MenuContents({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const sections = useMenu();
  const { pathname } = useLocation();
  const remotes = useRegistry((s) => s.remotes);
  const failed = useMemo(() => remotes.filter((r) => r.status === 'failed'), [remotes]);
  return (
    <Box component="nav" aria-label="Main menu" sx={{ overflowY: 'auto', flex: 1 }}>
      {sections.map((section) => (
        <List
          key={section.title}
          dense
          subheader={
            collapsed ? undefined : (
              <ListSubheader component="div" sx={{ bgcolor: 'transparent', lineHeight: '32px' }}>
                {section.title}
              </ListSubheader>
            )
          }
        >
          {section.items.map(({ title, path, Icon }) => (
            <Tooltip key={path} title={collapsed ? title : ''} placement="right">
              <ListItemButton
                component={NavLink}
                to={path}
                end={path === '/dashboard'}
                selected={isActive(path, pathname)}
                onClick={onNavigate}
                sx={{ mx: 1, borderRadius: 1 }}
              >
                {Icon && (
                  <ListItemIcon sx={{ minWidth: collapsed ? 0 : 40 }}>
                    <Icon />
                  </ListItemIcon>
                )}
                {!collapsed && <ListItemText primary={title} />}
              </ListItemButton>
            </Tooltip>
          ))}
        </List>
      ))}
      {failed.map((remote) => (
        <Tooltip key={remote.name} title={remote.error ?? ''} placement="right">
          <ListItemButton onClick={() => void retryRemote(remote.name)} sx={{ mx: 1, borderRadius: 1 }}>
            <ListItemIcon sx={{ minWidth: collapsed ? 0 : 40 }}>
              <ErrorOutlineIcon color="warning" />
            </ListItemIcon>
            {!collapsed && (
              <ListItemText primary={`${remote.name} unavailable`} secondary="Select to retry" />
            )}
          </ListItemButton>
        </Tooltip>
      ))}
    </Box>
  );
}

export function SideMenu(props: { collapsed: boolean; mobileOpen: boolean; onCloseMobile: () => void }) {
  const width = props.collapsed ? collapsedMenuWidth : menuWidth;
  const brand = (
    <Toolbar sx={{ gap: 1 }}>
      <Typography sx={{ fontWeight: 700 }} variant="h6" noWrap component="div" color="primary">
        {props.collapsed ? 'CC' : 'Compliance Console'}
      </Typography>
    </Toolbar>
  );
  return (
    <>
      <Drawer
        variant="temporary"
        open={props.mobileOpen}
        onClose={props.onCloseMobile}
        ModalProps={{ keepMounted: true }}
        sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: menuWidth } }}
      >
        {brand}
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
        {brand}
        <MenuContents collapsed={props.collapsed} />
      </Drawer>
    </>
  );
}
