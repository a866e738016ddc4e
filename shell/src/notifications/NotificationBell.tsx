import {
  Badge,
  Box,
  Button,
  Divider,
  IconButton,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  Tooltip,
  Typography,
} from '@console/shared-sdk/mui';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useEffect, useState, type CSSProperties } from 'react';
import { useNavigate } from '@console/shared-sdk/router';
import { invalidate, useRead, useSession } from '@console/shared-sdk';
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
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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
  const go = (path: string) => {
    setAnchor(null);
    navigate(path);
  };
  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
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
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{
          paper: { sx: { width: 380, maxWidth: '100vw' } },
          list: { 'aria-label': 'Latest notifications' },
        }}
      >
        <Stack direction="row" sx={{ px: 2, py: 1, alignItems: 'center' }} component="li" role="none">
          <Typography sx={{ fontWeight: 600, flex: 1 }}>Notifications</Typography>
          <Button
            size="small"
            disabled={unread === 0}
            onClick={() => {
              // Closed first: the button it leaves is disabled once all are read, and the focus goes back
              // to the bell.
              setAnchor(null);
              void markAllRead();
            }}
          >
            Mark all read
          </Button>
        </Stack>
        <Divider component="li" />
        {list.length === 0 && (
          <MenuItem disabled>
            <Typography variant="body2">{read.loading ? 'Loading…' : 'Nothing to tell you yet'}</Typography>
          </MenuItem>
        )}
        {list.map((notification) => (
          <MenuItem
            key={notification._id}
            onClick={() => {
              void openNotification(notification);
              go(notification.link);
            }}
            sx={{ alignItems: 'flex-start', whiteSpace: 'normal', gap: 1 }}
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
                  {notification.kindLabel}
                  {notification.escalated ? ' · escalated' : ''}
                </>
              }
              secondary={
                <>
                  {notification.title}
                  <br />
                  <NotificationWhen notification={notification} />
                </>
              }
              slotProps={{
                primary: { variant: 'body2', sx: { fontWeight: notification.readAt ? 400 : 600 } },
              }}
            />
          </MenuItem>
        ))}
        <Divider component="li" />
        <MenuItem onClick={() => go('/dashboard/notifications')}>See all notifications</MenuItem>
      </Menu>
    </>
  );
}
