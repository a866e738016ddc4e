import {
  Alert,
  Box,
  Button,
  Chip,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@console/shared-sdk/mui';
import { useState } from 'react';
import { useNavigate } from '@console/shared-sdk/router';
import { useDocumentTitle, useRead } from '@console/shared-sdk';
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
  const navigate = useNavigate();
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
          Your notifications could not be loaded.
        </Alert>
      )}
      {read.loading && <Skeleton variant="rounded" height={240} aria-label="Loading your notifications" />}
      {data && (
        <Typography color="text.secondary">
          {data.unreadCount === 0 ? 'Nothing unread.' : `${data.unreadCount} unread.`}
        </Typography>
      )}
      {data && data.list.length === 0 && (
        <Alert severity="info">
          Nothing to tell you yet. Failed readings, overdue tasks and other alerts of your sites appear here.
        </Alert>
      )}
      {data && data.list.length > 0 && (
        <Paper variant="outlined">
          <List aria-label="Notifications" disablePadding>
            {data.list.map((notification) => (
              <ListItemButton
                key={notification._id}
                divider
                onClick={() => {
                  void openNotification(notification);
                  navigate(notification.link);
                }}
                sx={{ alignItems: 'flex-start', gap: 2 }}
              >
                <ListItemText
                  primary={
                    <>
                      {notification.readAt === null && <span style={visuallyHidden}>Unread: </span>}
                      {notification.title}
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
