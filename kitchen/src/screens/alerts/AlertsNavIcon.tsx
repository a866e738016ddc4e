import { lazy, Suspense } from 'react';
import NotificationsIcon from '@mui/icons-material/Notifications';

// The badge and the reading of the stored day it counts load once someone is signed in and the
// navigation shows, not with the first screen; until then the icon is drawn alone.
const AlertsBadge = lazy(() => import('./AlertsBadge'));

/** The navigation's icon of Alerts, with their count. */
export function AlertsNavIcon() {
  return (
    <Suspense fallback={<NotificationsIcon />}>
      <AlertsBadge />
    </Suspense>
  );
}
