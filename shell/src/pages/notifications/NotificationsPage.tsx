import {
  Alert,
  Box,
  Button,
  Chip,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@console/shared-sdk/mui';
import { useState } from 'react';
import { Link as RouterLink } from '@console/shared-sdk/router';
import { useDocumentTitle, useRead } from '@console/shared-sdk';
import { AutoDirText } from '@console/shared-sdk/ui';
import {
  markAllRead,
  notificationKey,
  openNotification,
  readNotifications,
} from '../../notifications/notification-reads';
import { NotificationWhen } from '../../notifications/NotificationWhen';
import { visuallyHidden } from '../../notifications/NotificationBell';

const perPage = 20;

/** Every notification of the signed-in person, newest first, a page at a time. */
export function NotificationsPage() {
  useDocumentTitle('Notifications');
  const [page, setPage] = useState(1);
  const read = useRead(notificationKey('page', page), (signal) =>
    readNotifications({ page, limit: perPage }, signal),
  );
  const data = read.data;
  const pages = data ? Math.max(1, Math.ceil(data.records / perPage)) : 1;
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
        <Typography variant="h4" component="h1" sx={{ flex: 1 }}>
          Notifications
        </Typography>
        <Button
          variant="outlined"
          disabled={!data || data.unreadCount === 0}
          onClick={() => void markAllRead()}
        >
          Mark all read
        </Button>
      </Stack>
      {read.error !== null && !data && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={read.reload}>
              Retry
            </Button>
          }
        >
          <AutoDirText>Your notifications could not be loaded.</AutoDirText>
        </Alert>
      )}
      {read.loading && <Skeleton variant="rounded" height={240} aria-label="Loading your notifications" />}
      {data && (
        <Typography color="text.secondary">
          <AutoDirText>
            {data.unreadCount === 0 ? 'Nothing unread.' : `${data.unreadCount} unread.`}
          </AutoDirText>
        </Typography>
      )}
      {data && data.list.length === 0 && (
        <Alert severity="info">
          <AutoDirText>
            Nothing to tell you yet. Failed readings, overdue tasks and other alerts of your sites appear
            here.
          </AutoDirText>
        </Alert>
      )}
      {data && data.list.length > 0 && (
        <Paper variant="outlined">
          <List aria-label="Notifications" disablePadding>
            {/* A list holds list items only: each notification's link is inside its item. */}
            {data.list.map((notification) => (
              <ListItem key={notification._id} disablePadding divider>
                <ListItemButton
                  component={RouterLink}
                  to={notification.link}
                  onClick={() => void openNotification(notification)}
                  sx={{ alignItems: 'flex-start', gap: 2 }}
                >
                  <ListItemText
                    primary={
                      <>
                        {notification.readAt === null && <span style={visuallyHidden}>Unread: </span>}
                        <AutoDirText>{notification.title}</AutoDirText>
                      </>
                    }
                    secondary={<NotificationWhen notification={notification} />}
                    slotProps={{ primary: { sx: { fontWeight: notification.readAt ? 400 : 600 } } }}
                  />
                  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
                    <Chip size="small" label={notification.kindLabel} />
                    {notification.escalated && <Chip size="small" color="warning" label="Escalated" />}
                    {notification.acknowledgedAt !== null && (
                      <Chip size="small" variant="outlined" label="Acknowledged" />
                    )}
                  </Box>
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      {data && pages > 1 && (
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', justifyContent: 'flex-end' }}>
          <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <Typography variant="body2">
            Page {page} of {pages}
          </Typography>
          <Button disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
