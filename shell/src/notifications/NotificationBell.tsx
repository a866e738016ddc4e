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
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useEffect, useId, useState, type CSSProperties } from 'react';
import { Link as RouterLink } from '@console/shared-sdk/router';
import { AutoDirText, invalidate, useRead, useSession } from '@console/shared-sdk';
import {
  markAllRead,
  notificationKey,
  openGroupOfOne,
  openNotification,
  readNotifications,
  useLatestGroups,
  type NotificationGroup,
} from './notification-reads';
import { NotificationWhen } from './NotificationWhen';
import { groupWhen, severityColors } from './severity';

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
/** Notifications an opened group lists; the rest are on the notifications page. */
const membersShown = 20;
/** The badge's largest count; more reads "99+". */
const badgeMax = 99;

/** The dot of something unread. */
function UnreadDot({ unread }: { unread: boolean }) {
  return (
    <Box
      aria-hidden
      sx={{
        mt: 1,
        width: 8,
        height: 8,
        borderRadius: '50%',
        flexShrink: 0,
        bgcolor: unread ? 'primary.main' : 'transparent',
      }}
    />
  );
}

/**
 * The top bar's bell: how many groups of notifications hold unread ones, and the latest groups, most
 * urgent first. A group of one opens its record; a larger group opens in place onto its notifications,
 * each opening its record (and read on its own).
 */
export function NotificationBell() {
  const orgId = useSession((s) => s.userData?.orgId ?? null);
  const role = useSession((s) => s.userData?.role);
  // Notifications reach an organisation's admins; the platform admin acting in one has none of its own.
  const enabled = orgId !== null && role !== 'ADMIN';
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const popupId = useId();
  const titleId = useId();
  const read = useLatestGroups(enabled);
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

  // The badge counts groups with something unread: six sensors gone silent together are one.
  const unread = read.data?.unreadGroupCount ?? 0;
  const list = read.data?.list ?? [];
  const badgeText = unread > badgeMax ? `${badgeMax}+` : String(unread);
  // The name holds the badge's text as drawn (speech input users say what they see).
  const label = unread === 0 ? 'Notifications, none unread' : `Notifications, ${badgeText} unread`;
  const close = () => {
    setAnchor(null);
    setOpened(null);
  };
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
              width: 400,
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
            <AutoDirText>
              {read.loading
                ? 'Loading…'
                : 'Nothing to tell you yet. Failed readings, overdue tasks and other alerts of your sites appear here.'}
            </AutoDirText>
          </Typography>
        ) : (
          <List
            aria-label="Latest notifications"
            disablePadding
            sx={{ flex: '1 1 auto', minHeight: 0, overflowY: 'auto' }}
          >
            {list.map((group) => (
              <GroupItem
                key={group._id}
                group={group}
                expanded={opened === group._id}
                onToggle={() => setOpened((current) => (current === group._id ? null : group._id))}
                onOpen={close}
              />
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

/** A group's first line: its kind, how many (and how many unread), escalated. */
function groupHeadline(group: NotificationGroup): string {
  const counted =
    group.count === 1
      ? ''
      : ` · ${group.count} alerts${group.unreadCount > 0 ? `, ${group.unreadCount} unread` : ''}`;
  return `${group.kindLabel}${counted}${group.escalated ? ' · escalated' : ''}`;
}

interface GroupItemProps {
  group: NotificationGroup;
  expanded: boolean;
  onToggle: () => void;
  /** A record is being opened: the popup closes. */
  onOpen: () => void;
}

function GroupItem({ group, expanded, onToggle, onOpen }: GroupItemProps) {
  const membersId = useId();
  const unread = group.unreadCount > 0;
  const text = (
    <ListItemText
      primary={
        <>
          <span style={visuallyHidden}>{`${unread ? 'Unread, ' : ''}${group.severityLabel}: `}</span>
          <AutoDirText>{groupHeadline(group)}</AutoDirText>
        </>
      }
      secondary={
        <>
          <AutoDirText>{group.title}</AutoDirText>
          <br />
          <NotificationWhen notification={groupWhen(group)} />
        </>
      }
      slotProps={{ primary: { variant: 'body2', sx: { fontWeight: unread ? 600 : 400 } } }}
    />
  );
  // The group's severity as a bar down its side: red for failures and overdue, amber for warnings.
  const bar = {
    alignItems: 'flex-start',
    gap: 1,
    borderLeft: 4,
    borderColor: severityColors[group.severity],
  };
  if (group.count === 1)
    return (
      <ListItem disablePadding divider>
        <ListItemButton
          component={RouterLink}
          to={group.link}
          onClick={() => {
            void openGroupOfOne(group);
            onOpen();
          }}
          sx={bar}
        >
          <UnreadDot unread={unread} />
          {text}
        </ListItemButton>
      </ListItem>
    );
  return (
    <ListItem disablePadding divider sx={{ display: 'block' }}>
      <ListItemButton
        aria-expanded={expanded}
        aria-controls={expanded ? membersId : undefined}
        onClick={onToggle}
        sx={bar}
      >
        <UnreadDot unread={unread} />
        {text}
        {expanded ? <ExpandLessIcon sx={{ mt: 1 }} /> : <ExpandMoreIcon sx={{ mt: 1 }} />}
      </ListItemButton>
      {expanded && <GroupMembers id={membersId} group={group} onOpen={onOpen} />}
    </ListItem>
  );
}

/** An opened group's notifications, newest first, each opening its record; all of them on the page. */
function GroupMembers({ id, group, onOpen }: { id: string; group: NotificationGroup; onOpen: () => void }) {
  const read = useRead(notificationKey('group', group._id), (signal) =>
    readNotifications({ groupID: group._id, limit: membersShown }, signal),
  );
  const members = read.data?.list ?? [];
  return (
    <Box id={id} sx={{ pl: 3, pb: 0.5, bgcolor: 'action.hover' }}>
      {members.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }} role="status">
          <AutoDirText>{read.loading ? 'Loading…' : 'These notifications could not be loaded.'}</AutoDirText>
        </Typography>
      ) : (
        <List aria-label={group.title} disablePadding dense>
          {members.map((notification) => (
            <ListItem key={notification._id} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={notification.link}
                onClick={() => {
                  void openNotification(notification);
                  onOpen();
                }}
                sx={{ alignItems: 'flex-start', gap: 1 }}
              >
                <UnreadDot unread={notification.readAt === null} />
                <ListItemText
                  primary={
                    <>
                      {notification.readAt === null && <span style={visuallyHidden}>Unread: </span>}
                      <AutoDirText>{notification.title}</AutoDirText>
                    </>
                  }
                  secondary={<NotificationWhen notification={notification} />}
                  slotProps={{
                    primary: {
                      variant: 'body2',
                      sx: { fontWeight: notification.readAt === null ? 600 : 400 },
                    },
                  }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      <Button component={RouterLink} to={group.link} onClick={onOpen} size="small" sx={{ ml: 1 }}>
        {`See all ${group.count} on the notifications page`}
      </Button>
    </Box>
  );
}
