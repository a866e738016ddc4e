import { lazy, Suspense } from 'react';
import ActionsIcon from '@mui/icons-material/AssignmentLate';

// The badge and the reading of the kept lists it counts load once someone is signed in and the navigation
// shows, not with the first screen; until then the icon is drawn alone.
const ActionsBadge = lazy(() => import('./ActionsBadge'));

/** The navigation's icon of Actions, with how many await action. */
export function ActionsNavIcon() {
  return (
    <Suspense fallback={<ActionsIcon />}>
      <ActionsBadge />
    </Suspense>
  );
}
