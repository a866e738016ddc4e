import type { ReactNode } from 'react';
import { Card, CardActionArea, CardContent, Grid, Stack, Typography } from '@console/shared-sdk/mui';
import { Link as RouterLink } from '@console/shared-sdk/router';
import { useAbility, type SubjectName } from '@console/shared-sdk';
import { consoleIcons, type IconName } from '@console/shared-sdk/icons';
import { correctiveActionStateLabels, type SiteDashboard } from '@console/shared-sdk/tasks';
import { LtrText } from '@console/shared-sdk/ui';

// Beside the tasks, what the site's logs hold that someone should look at: documents about to lapse or
// lapsed, readings that failed this week, near misses still open, four-weekly reviews over and not signed,
// and the corrective actions of the site's deviations still to do or to verify. Each card opens its list by its route (mfe-logs),
// filtered to what it counts, so this remote imports nothing of that one.

interface AttentionCard {
  key: keyof SiteDashboard['attention'];
  subject: SubjectName;
  icon: IconName;
  /** What the count means, for one and for several. */
  label: (count: number) => string;
  to: (dashboard: SiteDashboard, siteID: string) => string;
  /** A count above 0 needs someone now (red), not only a look (amber). */
  urgent?: boolean;
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
  {
    key: 'reviewsDue',
    subject: 'SiteReview',
    icon: 'compliance',
    label: (n) => `${plural(n, 'four-weekly review', 'four-weekly reviews')} to sign`,
    to: () => '/dashboard/siteReview',
  },
];

/** The actions screen of the site, filtered as the list keeps its filters in its URL. */
const actionsLink = (siteID: string, filter: Record<string, string>) =>
  `/dashboard/correctiveAction?${new URLSearchParams({ ...filter, siteID }).toString()}`;

const actionCount = (n: number) => plural(n, 'corrective action', 'corrective actions');

/** The states counted, in the contract's words, within a sentence. */
const stateWords = {
  OPEN: correctiveActionStateLabels.OPEN.toLowerCase(),
  ACTION_RECORDED: correctiveActionStateLabels.ACTION_RECORDED.toLowerCase(),
};

const actionCards: readonly AttentionCard[] = [
  {
    key: 'actionsAwaitingAction',
    subject: 'CorrectiveAction',
    icon: 'checklist',
    label: (n) => `${actionCount(n)} ${stateWords.OPEN}`,
    to: (_dashboard, siteID) => actionsLink(siteID, { state: 'OPEN' }),
  },
  {
    key: 'actionsAwaitingVerification',
    subject: 'CorrectiveAction',
    icon: 'compliance',
    label: (n) => `${actionCount(n)} ${stateWords.ACTION_RECORDED}`,
    to: (_dashboard, siteID) => actionsLink(siteID, { state: 'ACTION_RECORDED' }),
  },
  {
    key: 'actionsOverdue',
    subject: 'CorrectiveAction',
    icon: 'warning',
    label: (n) => `${actionCount(n)} overdue`,
    to: (_dashboard, siteID) => actionsLink(siteID, { overdue: 'true' }),
    urgent: true,
  },
];

function AttentionLink({
  to,
  count,
  children,
  icon,
  urgent = false,
}: {
  to: string;
  count: number;
  children: ReactNode;
  icon: IconName;
  urgent?: boolean;
}) {
  const Icon = consoleIcons[icon];
  const tone = urgent ? 'error' : 'warning';
  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', borderLeft: 4, borderLeftColor: count > 0 ? `${tone}.main` : 'divider' }}
    >
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
        <CardContent>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Icon aria-hidden color={count > 0 ? tone : 'disabled'} />
            <Typography sx={{ fontWeight: count > 0 ? 600 : 400 }}>{children}</Typography>
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function AttentionCards({
  of,
  dashboard,
  siteID,
  size,
}: {
  of: readonly AttentionCard[];
  dashboard: SiteDashboard;
  siteID: string;
  size: { xs: number; sm: number; lg: number };
}) {
  return (
    <Grid container spacing={2}>
      {of.map((card) => {
        const count = dashboard.attention[card.key];
        return (
          <Grid key={card.key} size={size}>
            <AttentionLink
              to={card.to(dashboard, siteID)}
              count={count}
              icon={card.icon}
              urgent={card.urgent}
            >
              <LtrText>{card.label(count)}</LtrText>
            </AttentionLink>
          </Grid>
        );
      })}
    </Grid>
  );
}

interface AttentionProps {
  dashboard: SiteDashboard;
  /** The site the dashboard is of, which the links open their lists for. */
  siteID: string;
}

/** The logs' counts for the site, each leading to its log; only the logs the user may read. */
export function DashboardAttention({ dashboard, siteID }: AttentionProps) {
  const ability = useAbility();
  const visible = cards.filter((card) => ability.can('read', card.subject));
  if (visible.length === 0) return null;
  return (
    <AttentionCards of={visible} dashboard={dashboard} siteID={siteID} size={{ xs: 12, sm: 6, lg: 3 }} />
  );
}

/** Whether the user may see the site's corrective actions, which the dashboard's section counts. */
export const useSeesCorrectiveActions = () => useAbility().can('read', 'CorrectiveAction');

/**
 * The site's corrective actions (HACCP principles 5 and 6) by where they stand: awaiting action, awaiting
 * verification, and those open past the site's action time, each opening the actions screen so filtered.
 */
export function DashboardActions({ dashboard, siteID }: AttentionProps) {
  return (
    <AttentionCards of={actionCards} dashboard={dashboard} siteID={siteID} size={{ xs: 12, sm: 6, lg: 4 }} />
  );
}
