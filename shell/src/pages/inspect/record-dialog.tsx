import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@console/shared-sdk/mui';
import { useEffect, useId } from 'react';
import { AutoDirText, isApiError, useRead } from '@console/shared-sdk';
import { inspectorViewApi, type InspectorRecord, type InspectorRow } from '@console/shared-sdk/reports';
import { isRefusal, refusalStatuses, type LinkAccess } from './link-access';
import { Facts, Loading } from './parts';

// One record opened from a section's row: its fields in words and its history, newest first as the API
// orders it, each entry with who, when, why and what changed. Full screen on a phone.

function History({ history, headingId }: { history: InspectorRecord['history']; headingId: string }) {
  if (history.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No changes recorded.
      </Typography>
    );
  return (
    <Stack component="ol" spacing={1.5} aria-labelledby={headingId} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {history.map((entry, index) => (
        <Box component="li" key={index} sx={{ borderInlineStart: 3, borderColor: 'divider', pl: 1.5 }}>
          <Typography variant="body2">
            <strong>{entry.action}</strong> by <AutoDirText>{entry.actor}</AutoDirText>, {entry.when}
          </Typography>
          {entry.changes.length > 0 && (
            <Box component="ul" sx={{ my: 0.5, pl: 2.5 }}>
              {entry.changes.map((change, line) => (
                <Typography component="li" variant="body2" key={line}>
                  <AutoDirText>{change}</AutoDirText>
                </Typography>
              ))}
            </Box>
          )}
          {entry.reason !== null && entry.reason !== '' && (
            <Typography variant="body2">
              <strong>Reason:</strong> <AutoDirText>{entry.reason}</AutoDirText>
            </Typography>
          )}
        </Box>
      ))}
    </Stack>
  );
}

export interface RecordDialogProps {
  row: InspectorRow;
  access: LinkAccess;
  onClose: () => void;
}

export function RecordDialog({ row, access, onClose }: RecordDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const historyId = useId();
  const { token, passcode, refused } = access;
  const {
    data: record,
    error,
    loading,
    reload,
  } = useRead(['inspect', token, 'record', row.subject, row._id], (signal) =>
    inspectorViewApi.record(token, row.subject, row._id, passcode, { signal, quietFor: refusalStatuses }),
  );
  useEffect(() => {
    if (isRefusal(error)) refused(error);
  }, [error, refused]);
  const gone = isApiError(error) && error.status === 404;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullScreen={phone} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>
        <AutoDirText>{record?.title ?? row.title}</AutoDirText>
      </DialogTitle>
      <DialogContent dividers>
        {loading ? (
          <Loading label="Loading the record…" />
        ) : !record ? (
          gone ? (
            // The link still opens (the page checks it on a 404): only this record is not there any more.
            <Alert severity="warning">This record is not available any more: it may have been deleted.</Alert>
          ) : (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={reload}>
                  Retry
                </Button>
              }
            >
              The record could not be loaded.
            </Alert>
          )
        ) : (
          <Stack spacing={2}>
            <Facts
              label="The record"
              rows={[
                ['Site', record.siteName],
                ...record.fields.map((field) => [field.label, field.value] as const),
              ]}
            />
            <Box component="section" aria-labelledby={historyId}>
              <Typography id={historyId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
                History
              </Typography>
              <History history={record.history} headingId={historyId} />
            </Box>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
