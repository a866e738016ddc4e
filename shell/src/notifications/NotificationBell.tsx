import {
  Badge,
  Box,
  Button,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Popover,
  Stack,
  Tooltip,
  Typography,
} from '@console/shared-sdk/mui';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useEffect, useId, useState, type CSSProperties } from 'react';
import { Link as RouterLink } from '@console/shared-sdk/router';
import { AutoDirText, invalidate, useRead, useSession } from '@console/shared-sdk';
import { markAllRead, notificationKey, openNotification, readNotifications } from './notification-reads';
import { NotificationWhen } from './NotificationWhen';

/** Read by screen readers, not shown: the dot says it to the eye. */
export const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

/** How often the count is read again while the page is open (and at once when the window comes back). */
export const bellRefreshMs = 30_000;
const shown = 8;
/** The badge's largest count; more reads "99+". */
const badgeMax = 99;

/** The top bar's bell: the unread count, and the latest notifications, each opening its record. */
export function NotificationBell() {
  const orgId = useSession((s) => s.userData?.orgId ?? null);
  const role = useSession((s) => s.userData?.role);
  // Notifications reach an organisation's admins; the platform admin acting in one has none of its own.
  const enabled = orgId !== null && role !== 'ADMIN';
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popupId = useId();
  const titleId = useId();
  const read = useRead(enabled ? notificationKey('latest', shown) : null, (signal) =>
    readNotifications({ limit: shown }, signal),
  );
  useEffect(() => {
    if (!enabled) return;
    const refresh = () => invalidate(notificationKey());
    const timer = setInterval(refresh, bellRefreshMs);
    window.addEventListener('focus', refresh);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', refresh);
    };
  }, [enabled]);
  if (!enabled) return null;

  const unread = read.data?.unreadCount ?? 0;
  const list = read.data?.list ?? [];
  const badgeText = unread > badgeMax ? `${badgeMax}+` : String(unread);
  // The name holds the badge's text as drawn (speech input users say what they see).
  const label = unread === 0 ? 'Notifications, none unread' : `Notifications, ${badgeText} unread`;
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={anchor !== null}
          aria-controls={anchor ? popupId : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          {/* No badge at all at zero: MUI's badge keeps drawing the last count while it shrinks away, which
              then disagrees with the name. */}
          {unread === 0 ? (
            <NotificationsIcon />
          ) : (
            <Badge badgeContent={badgeText} color="error">
              <NotificationsIcon />
            </Badge>
          )}
        </IconButton>
      </Tooltip>
      {/* A dialog holding a list of links, not a menu: a menu may hold only menu items, and this one has a
          heading, a button and links. As a modal popover it keeps the focus inside while open, and Escape or
          a click outside closes it and gives the focus back to the bell. */}
      <Popover
        id={popupId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            // The popup is never taller than the window: only the list scrolls, between the heading and
            // "See all notifications", which stay in sight.
            sx: {
              width: 380,
              maxWidth: 'calc(100vw - 32px)',
              maxHeight: 'min(640px, calc(100vh - 96px))',
              display: 'flex',
              flexDirection: 'column',
              overflow: 'hidden',
            },
          },
        }}
      >
        <Stack direction="row" sx={{ px: 2, py: 1, alignItems: 'center', flexShrink: 0 }}>
          <Typography id={titleId} component="h2" sx={{ fontWeight: 600, flex: 1 }}>
            Notifications
          </Typography>
          <Button
            size="small"
            disabled={unread === 0}
            onClick={() => {
              // Closed first: the button it leaves is disabled once all are read, and the focus goes back
              // to the bell.
              close();
              void markAllRead();
            }}
          >
            Mark all read
          </Button>
        </Stack>
        <Divider />
        {list.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }} role="status">
            <AutoDirText>{read.loading ? 'Loading…' : 'Nothing to tell you yet.'}</AutoDirText>
          </Typography>
        ) : (
          <List
            aria-label="Latest notifications"
            disablePadding
            sx={{ flex: '1 1 auto', minHeight: 0, overflowY: 'auto' }}
          >
            {list.map((notification) => (
              <ListItem key={notification._id} disablePadding divider>
                <ListItemButton
                  component={RouterLink}
                  to={notification.link}
                  onClick={() => {
                    void openNotification(notification);
                    close();
                  }}
                  sx={{ alignItems: 'flex-start', gap: 1 }}
                >
                  <Box
                    aria-hidden
                    sx={{
                      mt: 1,
                      width: 8,
                      height: 8,
                      borderRadius: '50%',
                      flexShrink: 0,
                      bgcolor: notification.readAt === null ? 'primary.main' : 'transparent',
                    }}
                  />
                  <ListItemText
                    primary={
                      <>
                        {notification.readAt === null && <span style={visuallyHidden}>Unread: </span>}
                        <AutoDirText>
                          {notification.kindLabel}
                          {notification.escalated ? ' · escalated' : ''}
                        </AutoDirText>
                      </>
                    }
                    secondary={
                      <>
                        <AutoDirText>{notification.title}</AutoDirText>
                        <br />
                        <NotificationWhen notification={notification} />
                      </>
                    }
                    slotProps={{
                      primary: { variant: 'body2', sx: { fontWeight: notification.readAt ? 400 : 600 } },
                    }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
        <Divider />
        <Box sx={{ flexShrink: 0, px: 1, py: 0.5 }}>
          <Button component={RouterLink} to="/dashboard/notifications" onClick={close} fullWidth>
            See all notifications
          </Button>
        </Box>
      </Popover>
    </>
  );
}
