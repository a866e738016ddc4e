import type { ReactNode } from 'react';
import { Card, CardActionArea, CardContent, Grid, Stack, Typography } from '@console/shared-sdk/mui';
import { Link as RouterLink } from '@console/shared-sdk/router';
import { useAbility, type SubjectName } from '@console/shared-sdk';
import { consoleIcons, type IconName } from '@console/shared-sdk/icons';
import type { SiteDashboard } from '@console/shared-sdk/tasks';
import { LtrText } from '@console/shared-sdk/ui';

// Beside the tasks, what the site's logs hold that someone should look at (issue 11): documents about to
// lapse or lapsed, readings that failed this week, near misses still open. Each card opens its log by its
// route (mfe-logs), filtered to what it counts, so this remote imports nothing of that one.

interface AttentionCard {
  key: keyof SiteDashboard['attention'];
  subject: SubjectName;
  icon: IconName;
  /** What the count means, for one and for several. */
  label: (count: number) => string;
  to: (dashboard: SiteDashboard) => string;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const cards: readonly AttentionCard[] = [
  {
    key: 'temperatureFailures',
    subject: 'TemperatureLog',
    icon: 'temperature',
    label: (n) => `${plural(n, 'failed temperature reading', 'failed temperature readings')} this week`,
    to: ({ startDate, endDate }) =>
      `/dashboard/temperatureLog?result=FAIL&startDate=${startDate}&endDate=${endDate}`,
  },
  {
    key: 'openNearMisses',
    subject: 'NearMiss',
    icon: 'nearMiss',
    label: (n) => `${plural(n, 'near miss', 'near misses')} open`,
    to: () => '/dashboard/nearMiss',
  },
  {
    key: 'documentsExpiring',
    subject: 'Document',
    icon: 'documents',
    label: (n) => `${plural(n, 'document expires', 'documents expire')} within 30 days`,
    to: () => '/dashboard/documentmanagement?expiring=30',
  },
  {
    key: 'documentsExpired',
    subject: 'Document',
    icon: 'warning',
    label: (n) => `${plural(n, 'document has', 'documents have')} expired`,
    to: () => '/dashboard/documentmanagement?expiry=EXPIRED',
  },
];

function AttentionLink({
  to,
  count,
  children,
  icon,
}: {
  to: string;
  count: number;
  children: ReactNode;
  icon: IconName;
}) {
  const Icon = consoleIcons[icon];
  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', borderLeft: 4, borderLeftColor: count > 0 ? 'warning.main' : 'divider' }}
    >
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
        <CardContent>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Icon aria-hidden color={count > 0 ? 'warning' : 'disabled'} />
            <Typography sx={{ fontWeight: count > 0 ? 600 : 400 }}>{children}</Typography>
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The logs' counts for the site, each leading to its log; only the logs the user may read. */
export function DashboardAttention({ dashboard }: { dashboard: SiteDashboard }) {
  const ability = useAbility();
  const visible = cards.filter((card) => ability.can('read', card.subject));
  if (visible.length === 0) return null;
  return (
    <Grid container spacing={2}>
      {visible.map((card) => {
        const count = dashboard.attention[card.key];
        return (
          <Grid key={card.key} size={{ xs: 12, sm: 6, lg: 3 }}>
            <AttentionLink to={card.to(dashboard)} count={count} icon={card.icon}>
              <LtrText>{card.label(count)}</LtrText>
            </AttentionLink>
          </Grid>
        );
      })}
    </Grid>
  );
}
