import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Snackbar,
} from '@console/shared-sdk/mui';
import { AutoDirText } from '../text/direction.js';
import { notify, useNotifications } from './store.js';

/**
 * Toasts for successes and the error pop-up; rendered once by the shell (or a mounted remote). Each text is
 * set in its own direction: the server's English sentences keep their full stop at their end on a
 * right-to-left page.
 */
export function Notifications() {
  const toast = useNotifications((s) => s.toasts[0]);
  const error = useNotifications((s) => s.error);
  return (
    <>
      <Snackbar
        key={toast?.id}
        open={toast !== undefined}
        autoHideDuration={4000}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway' && toast) notify.dismissToast(toast.id);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      >
        <Alert
          severity={toast?.severity ?? 'success'}
          variant="filled"
          onClose={() => toast && notify.dismissToast(toast.id)}
          role="status"
        >
          <AutoDirText>{toast?.message}</AutoDirText>
        </Alert>
      </Snackbar>
      <Dialog open={error !== null} onClose={() => notify.dismissError()} aria-labelledby="error-popup-title">
        <DialogTitle id="error-popup-title">
          <AutoDirText>{error?.title}</AutoDirText>
        </DialogTitle>
        {error && error.details.length > 0 && (
          <DialogContent>
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {error.details.map((line) => (
                <li key={line}>
                  <AutoDirText>{line}</AutoDirText>
                </li>
              ))}
            </ul>
          </DialogContent>
        )}
        <DialogActions>
          <Button onClick={() => notify.dismissError()} variant="contained" autoFocus>
            OK
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
