import { useState } from 'react';
import { Box, Button, CircularProgress, Stack, Typography } from '@console/shared-sdk/mui';
import { useRead } from '@console/shared-sdk';
import { webhookApi, type WebhookDelivery } from '@console/shared-sdk/organization';
import { EmptyState, ErrorState, useSiteFormat } from '@console/shared-sdk/ui';

const pageSize = 20;
/** The most a list call answers (the API's limit). */
const mostShown = 100;

/** The last answer in words: the HTTP status, or why there was none. */
function answerOf(delivery: WebhookDelivery): string {
  if (delivery.status === 'DELIVERED') return `HTTP ${delivery.lastStatusCode ?? 200}`;
  return (
    delivery.lastError ?? (delivery.lastStatusCode ? `HTTP ${delivery.lastStatusCode}` : 'Not tried yet')
  );
}

/**
 * A webhook's delivery log, newest first: what was sent, whether it arrived, after how many attempts, the
 * receiver's last answer and, while pending, when it is tried again. A webhook belongs to the organisation,
 * not to one site: its times are on the selected site's clock and in its date format, as every other time
 * the console shows.
 */
export function WebhookDeliveries({ webhookID }: { webhookID: string }) {
  const [shown, setShown] = useState(pageSize);
  const format = useSiteFormat();
  const when = (instant: string) => format.instant(instant);
  const { data, loading, reload } = useRead(['Webhook', 'deliveries', webhookID, shown], (signal) =>
    webhookApi.deliveries(webhookID, { limit: shown }, { quiet: true, signal }),
  );
  if (loading && !data) {
    return (
      <Box sx={{ py: 1 }}>
        <CircularProgress size={24} aria-label="Loading the deliveries" />
      </Box>
    );
  }
  if (!data) return <ErrorState message="Could not load the deliveries" onRetry={reload} />;
  if (data.records === 0) {
    return <EmptyState message="Nothing sent yet. Send a test call to check the receiver." />;
  }
  return (
    <Stack spacing={1}>
      <Stack component="ol" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label="Deliveries">
        {data.list.map((delivery) => (
          <li key={delivery._id}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {delivery.typeLabel}: {delivery.statusLabel}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {[
                when(delivery.createdAt),
                `${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}`,
                answerOf(delivery),
                delivery.nextAttemptAt ? `next try ${when(delivery.nextAttemptAt)}` : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </li>
        ))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {data.list.length} of {data.records}
        </Typography>
        {data.list.length < data.records && shown < mostShown && (
          <Button size="small" onClick={() => setShown((count) => count + pageSize)}>
            Show more
          </Button>
        )}
        <Button size="small" onClick={reload}>
          Refresh
        </Button>
      </Stack>
    </Stack>
  );
}
