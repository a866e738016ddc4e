import { useEffect } from 'react';
import { isApiError } from '@console/shared-sdk';
import { useNavigate } from '@console/shared-sdk/router';
import { kitchenApi } from '../api/calls';
import { kitchen, revokedByManager, saveRoster, useKitchen } from './store';

/** How often an online tablet reads its name list (and so hears it was revoked). */
export const rosterPollMs = 30_000;

/** Reads the tablet's name list from the server; a revoked tablet forgets its enrolment and sessions. */
export async function readRoster(): Promise<'read' | 'revoked' | 'unreachable'> {
  const device = kitchen.getState().device;
  if (!device) return 'unreachable';
  try {
    await saveRoster(await kitchenApi.devicePeople(device.deviceToken));
    return 'read';
  } catch (error) {
    if (isApiError(error) && error.code === 'DEVICE_REVOKED') {
      await revokedByManager();
      return 'revoked';
    }
    return 'unreachable';
  }
}

/** On an enrolled tablet: the name list every 30 s while online, and whenever the app comes back in view. */
export function useTabletWatch() {
  const enrolled = useKitchen((state) => state.device !== null);
  const online = useKitchen((state) => state.online);
  const navigate = useNavigate();
  useEffect(() => {
    if (!enrolled || !online) return;
    const read = () =>
      void readRoster().then((outcome) => {
        if (outcome === 'revoked') navigate('/', { replace: true });
      });
    read();
    const timer = setInterval(read, rosterPollMs);
    const onVisible = () => {
      if (document.visibilityState === 'visible') read();
    };
    window.addEventListener('focus', read);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', read);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [enrolled, online, navigate]);
}
