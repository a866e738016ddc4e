import {
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
import { Link as RouterLink } from '@console/shared-sdk/router';
import { siteOptionsApi, useDocumentTitle } from '@console/shared-sdk';
import {
  alertEventKindLabels,
  alertEventKinds,
  notificationApi,
  type Notification,
} from '@console/shared-sdk/profile';
import { areaApi } from '@console/shared-sdk/sites';
import {
  AutoDirText,
  EmptyState,
  ErrorState,
  defineResource,
  namedOption,
  useResourceGrid,
} from '@console/shared-sdk/ui';
import {
  markAllRead,
  openNotification,
  notificationsPageKey,
  useLatestGroups,
} from '../../notifications/notification-reads';
import { NotificationWhen } from '../../notifications/NotificationWhen';
import { visuallyHidden } from '../../notifications/NotificationBell';
import { severityColors } from '../../notifications/severity';

/** The page's filters as the URL holds them. */
interface NotificationPageFilters {
  unread?: string;
  kind?: string;
  siteID?: string;
  areaID?: string;
  groupID?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const isKind = (value: string | undefined): value is Notification['kind'] =>
  value !== undefined && (alertEventKinds as readonly string[]).includes(value);

const [subject, name] = notificationsPageKey as ['Profile', 'notification'];

/**
 * The signed-in person's notifications as a list of the kit: its filters (read or unread, kind, site, area,
 * group) and page in the URL like every list's, so the bell's "see all" of a group is a link. They are the
 * person's own, which the Profile subject stands for.
 */
const notificationsList = defineResource<Notification, never, never, never, NotificationPageFilters>({
  title: 'Notifications',
  name,
  subject,
  siteScoped: false,
  search: false,
  actions: { view: false },
  columns: [],
  recordLabel: (notification) => notification.title,
  api: {
    list: (params, options) => {
      const unread = text(params.unread);
      const kind = text(params.kind);
      return notificationApi.list(
        {
          page: params.page,
          limit: params.limit,
          unread: unread === undefined ? undefined : unread === 'true',
          kind: isKind(kind) ? kind : undefined,
          siteID: text(params.siteID),
          areaID: text(params.areaID),
          groupID: text(params.groupID),
        },
        options,
      );
    },
  },
  filters: [
    {
      kind: 'status',
      name: 'unread',
      label: 'Read or unread',
      options: [
        { value: 'true', label: 'Unread' },
        { value: 'false', label: 'Read' },
      ],
    },
    {
      kind: 'select',
      name: 'kind',
      label: 'Kind',
      allLabel: 'All kinds',
      options: alertEventKinds.map((kind) => ({ value: kind, label: alertEventKindLabels[kind] })),
    },
    {
      kind: 'select',
      name: 'siteID',
      label: 'Site',
      allLabel: 'All sites',
      options: async () => (await siteOptionsApi.simpleList({ quiet: true })).map(namedOption),
    },
    {
      kind: 'select',
      name: 'areaID',
      label: 'Area',
      allLabel: 'All areas',
      options: () => areaApi.simpleList({ quiet: true }),
    },
    {
      // Set by the bell's link to a group; only cleared here (its chip), so it shows no control.
      kind: 'custom',
      name: 'groupID',
      label: 'Group',
      render: ({ value }) => (value ? <Typography variant="body2">One group of alerts</Typography> : null),
      chip: () => 'One group of alerts',
    },
  ],
});

/** Every notification of the signed-in person, newest first, filtered, a page at a time. */
export function NotificationsPage() {
  useDocumentTitle('Notifications');
  const grid = useResourceGrid(notificationsList);
  const { list } = grid;
  // The unread count, as the bell has it.
  const unreadCount = useLatestGroups().data?.unreadCount;
  const pages = Math.max(1, Math.ceil(list.records / list.query.limit));
  const empty = list.settled && list.rows.length === 0 && list.error === null;
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
        <Typography variant="h4" component="h1" sx={{ flex: 1 }}>
          Notifications
        </Typography>
        <Button variant="outlined" disabled={!unreadCount} onClick={() => void markAllRead()}>
          Mark all read
        </Button>
      </Stack>
      {unreadCount !== undefined && (
        <Typography color="text.secondary">
          <AutoDirText>{unreadCount === 0 ? 'Nothing unread.' : `${unreadCount} unread.`}</AutoDirText>
        </Typography>
      )}
      {grid.statusTabs}
      {grid.filterBar}
      {list.error !== null && (
        <ErrorState message="Your notifications could not be loaded." onRetry={list.reload} />
      )}
      {list.loading && list.rows.length === 0 && (
        <Skeleton variant="rounded" height={240} aria-label="Loading your notifications" />
      )}
      {empty &&
        (grid.narrowed ? (
          <EmptyState message="No notifications match these filters. Clear a filter to see more." />
        ) : (
          <EmptyState message="Nothing to tell you yet. Failed readings, overdue tasks and other alerts of your sites appear here." />
        ))}
      {list.rows.length > 0 && (
        <Paper variant="outlined">
          <List aria-label="Notifications" disablePadding>
            {/* A list holds list items only: each notification's link is inside its item. */}
            {list.rows.map((notification) => (
              <ListItem key={notification._id} disablePadding divider>
                <ListItemButton
                  component={RouterLink}
                  to={notification.link}
                  onClick={() => void openNotification(notification)}
                  sx={{
                    alignItems: 'flex-start',
                    gap: 2,
                    borderLeft: 4,
                    borderColor: severityColors[notification.severity],
                  }}
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
      {pages > 1 && (
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', justifyContent: 'flex-end' }}>
          <Button disabled={list.query.page <= 1} onClick={() => list.setPage(list.query.page - 1)}>
            Newer
          </Button>
          <Typography variant="body2">
            Page {list.query.page} of {pages}
          </Typography>
          <Button disabled={list.query.page >= pages} onClick={() => list.setPage(list.query.page + 1)}>
            Older
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
