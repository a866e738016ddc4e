import { Alert, Box, Button, Stack, Typography } from '@console/shared-sdk/mui';
import type { ReactNode } from 'react';
import { AutoDirText } from '../text/direction.js';

/** Nothing to show, and what to do about it. */
export function EmptyState({ message, action }: { message: ReactNode; action?: ReactNode }) {
  return (
    <Stack role="status" spacing={2} sx={{ alignItems: 'center', py: 6, px: 2, textAlign: 'center' }}>
      <Typography color="text.secondary">
        <AutoDirText>{message}</AutoDirText>
      </Typography>
      {action}
    </Stack>
  );
}

/**
 * A list that could not load. The HTTP layer has already shown the pop-up; this stays on the page so the
 * user can try again without reloading it.
 */
export function ErrorState({ message, onRetry }: { message: ReactNode; onRetry: () => void }) {
  return (
    <Box sx={{ py: 2 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        }
      >
        <AutoDirText>{message}</AutoDirText>
      </Alert>
    </Box>
  );
}
