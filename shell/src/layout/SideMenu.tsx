import {
  Box,
  Divider,
  Drawer,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Tooltip,
  Typography,
  type SxProps,
  type Theme,
} from '@console/shared-sdk/mui';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { Fragment, useId, useMemo } from 'react';
import { Link as RouterLink, useLocation } from '@console/shared-sdk/router';
import { retryRemote, useRegistry } from '../remotes/registry';
import { closestItem, useMenu } from './menu';

export const menuWidth = 260;
export const collapsedMenuWidth = 72;

/**
 * Every entry keeps the same shape collapsed and expanded: an icon in a fixed box, so a collapsed entry is
 * never narrower than its icon, and a focus ring that reads on the selected (tinted) entry too. On a desk
 * the entries are compact, so that the whole menu fits a 900 px high window; in the phone's drawer they keep
 * a finger's 44 px.
 */
const entrySx = (collapsed: boolean): SxProps<Theme> => ({
  mx: 1,
  borderRadius: 1,
  // 25 px keeps every entry above the 24 px least target size (WCAG 2.5.8).
  minHeight: { xs: 44, md: 25 },
  py: { xs: 0.5, md: 0 },
  justifyContent: collapsed ? 'center' : 'flex-start',
  px: collapsed ? 0 : 2,
  '& .MuiListItemText-root': { my: 0 },
  '&.Mui-focusVisible, &:focus-visible': {
    outline: '3px solid',
    outlineColor: 'primary.main',
    outlineOffset: '-3px',
  },
});

const iconSx = (collapsed: boolean): SxProps<Theme> => ({
  minWidth: collapsed ? 0 : 36,
  '& svg': { fontSize: { xs: 24, md: 20 } },
});

/** A section's name over its entries (collapsed, a line stands in for it: no 72 px column can show it). */
function SectionTitle({ id, title }: { id: string; title: string }) {
  return (
    <Typography
      id={id}
      component="div"
      variant="caption"
      color="text.secondary"
      sx={{ px: 3, pt: { xs: 1, md: 0.5 }, lineHeight: { xs: '32px', md: '16px' }, fontWeight: 600 }}
    >
      {title}
    </Typography>
  );
}

/**
 * The main menu: the console's mark, then each section's entries as a list of its own (a list holds only
 * list items, each an entry's link). Only the entries scroll, and only when the window is too short for them.
 */
function MenuContents({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const sections = useMenu();
  const { pathname } = useLocation();
  const remotes = useRegistry((s) => s.remotes);
  const failed = useMemo(() => remotes.filter((r) => r.status === 'failed'), [remotes]);
  // Two menus are mounted (the phone's drawer and the desk's): each names its sections by ids of its own.
  const idPrefix = useId();
  // One entry is the current page, even where entries nest (Webhooks under Organisation): the router's
  // NavLink would mark every entry whose path begins the address.
  const currentPath = useMemo(
    () =>
      closestItem(
        sections.flatMap((section) => section.items),
        pathname,
      )?.path,
    [sections, pathname],
  );
  return (
    <Box
      component="nav"
      aria-label="Main menu"
      sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
    >
      <Brand collapsed={collapsed} />
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', overflowX: 'hidden', pb: 1 }}>
        {sections.map((section, index) => {
          const titleId = `${idPrefix}-section-${index}`;
          return (
            <Fragment key={section.title}>
              {collapsed ? (
                index > 0 && <Divider sx={{ mx: 2, my: 0.5 }} />
              ) : (
                <SectionTitle id={titleId} title={section.title} />
              )}
              <List
                dense
                disablePadding
                {...(collapsed ? { 'aria-label': section.title } : { 'aria-labelledby': titleId })}
              >
                {section.items.map(({ title, path, Icon }) => {
                  // An entry published without an icon still gets one: collapsed, the icon is all there is.
                  const EntryIcon = Icon ?? LabelOutlinedIcon;
                  const current = path === currentPath;
                  return (
                    <li key={path}>
                      <Tooltip title={collapsed ? title : ''} placement="right">
                        <ListItemButton
                          component={RouterLink}
                          to={path}
                          selected={current}
                          aria-current={current ? 'page' : undefined}
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
                    </li>
                  );
                })}
              </List>
            </Fragment>
          );
        })}
        {failed.length > 0 && (
          <List dense aria-label="Unavailable areas">
            {failed.map((remote) => (
              <li key={remote.name}>
                <Tooltip title={remote.error ?? ''} placement="right">
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
              </li>
            ))}
          </List>
        )}
      </Box>
    </Box>
  );
}

/**
 * The console's mark, at the head of the main menu (so inside a landmark): the icon alone when the menu is
 * collapsed, with the name beside it otherwise, in full (it may take two lines; it is never cut).
 */
function Brand({ collapsed }: { collapsed: boolean }) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        minHeight: 56,
        flexShrink: 0,
        justifyContent: collapsed ? 'center' : 'flex-start',
        px: collapsed ? 0 : 2,
      }}
    >
      <VerifiedUserIcon
        color="primary"
        fontSize={collapsed ? 'large' : 'medium'}
        {...(collapsed ? { titleAccess: 'Compliance Console' } : { 'aria-hidden': true })}
      />
      {!collapsed && (
        <Typography
          data-testid="brand-name"
          sx={{ fontWeight: 700, lineHeight: 1.25 }}
          variant="subtitle1"
          component="div"
          color="primary"
        >
          Compliance Console
        </Typography>
      )}
    </Box>
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
        <MenuContents collapsed={props.collapsed} />
      </Drawer>
    </>
  );
}
