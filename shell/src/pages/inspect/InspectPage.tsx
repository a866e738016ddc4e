import { Alert, Box, Button, CircularProgress, Stack } from '@console/shared-sdk/mui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from '@console/shared-sdk/router';
import { isApiError } from '@console/shared-sdk';
import { inspectorViewApi, type InspectorView } from '@console/shared-sdk/reports';
import { AuthLayout } from '../auth/AuthLayout';
import { refusalStatuses, type LinkAccess } from './link-access';
import { PasscodeForm } from './passcode-form';
import { InspectorViewPage } from './inspector-view';
import { usePrivatePage } from './private-page';

// The page an inspector link opens, without an account: the link's token is in the address, its passcode
// (when it has one) is asked for here and kept in memory only. A link that is unknown, expired or revoked
// answers 404 like a missing page; the page then says no more than that it is not valid.

type Opening =
  | { step: 'opening' }
  | { step: 'passcode'; error: string | null }
  | { step: 'invalid' }
  | { step: 'failed'; message: string }
  /** `passcode`: the one the link opened with, kept in memory for the calls that follow. */
  | { step: 'open'; view: InspectorView; passcode: string | undefined };

const notValidSentence =
  'This link is not valid: it may have expired or been revoked. Ask the person who sent it for a new one.';

const title = 'Inspection records';

/** Where a refused opening leaves the page; `withPasscode`: the inspector has just typed one. */
function refusalOf(error: unknown, withPasscode: boolean): Opening {
  if (isApiError(error)) {
    if (error.status === 404) return { step: 'invalid' };
    if (error.status === 401) return { step: 'passcode', error: withPasscode ? error.message : null };
    if (error.status === 429)
      return withPasscode
        ? { step: 'passcode', error: error.message }
        : { step: 'failed', message: error.message };
  }
  // The network or the server: the client's pop-up has said what went wrong.
  return withPasscode
    ? { step: 'passcode', error: null }
    : { step: 'failed', message: 'The link could not be opened.' };
}

/** Opens the link, with the passcode when one was typed; never rejects, a refusal is a step of its own. */
async function openLink(token: string, tried: string | undefined, signal: AbortSignal): Promise<Opening> {
  try {
    const view = await inspectorViewApi.open(token, tried, { signal, quietFor: [...refusalStatuses, 429] });
    return { step: 'open', view, passcode: tried };
  } catch (error) {
    return refusalOf(error, tried !== undefined);
  }
}

export function InspectPage() {
  const { token = '' } = useParams();
  usePrivatePage();
  const [opening, setOpening] = useState<Opening>({ step: 'opening' });
  const running = useRef<AbortController | null>(null);

  const open = useCallback(
    (tried: string | undefined): Promise<void> => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      return openLink(token, tried, controller.signal).then((next) => {
        if (controller.signal.aborted) return;
        running.current = null;
        setOpening(next);
      });
    },
    [token],
  );

  useEffect(() => {
    void open(undefined);
    const calls = running;
    return () => calls.current?.abort();
  }, [open]);

  const passcode = opening.step === 'open' ? opening.passcode : undefined;
  const refused = useCallback(
    (error: unknown) => {
      if (!isApiError(error)) return;
      if (error.status === 401) setOpening({ step: 'passcode', error: error.message });
      // The link may have expired or been revoked since it was opened, or only the one record is gone:
      // opening the link again tells which, and refreshes the counts if it still works.
      else if (error.status === 404) void open(passcode);
    },
    [open, passcode],
  );
  switch (opening.step) {
    case 'opening':
      return (
        <AuthLayout title={title}>
          <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
            <CircularProgress aria-label="Opening the link" />
          </Box>
        </AuthLayout>
      );
    case 'passcode':
      return (
        <AuthLayout title={title}>
          <PasscodeForm error={opening.error} onSubmit={open} />
        </AuthLayout>
      );
    case 'invalid':
      return (
        <AuthLayout title={title}>
          <Alert severity="warning" role="none">
            {notValidSentence}
          </Alert>
        </AuthLayout>
      );
    case 'failed':
      return (
        <AuthLayout title={title}>
          <Stack spacing={2}>
            <Alert severity="error" role="none">
              {opening.message}
            </Alert>
            <Button variant="contained" onClick={() => void open(undefined)} sx={{ alignSelf: 'flex-start' }}>
              Try again
            </Button>
          </Stack>
        </AuthLayout>
      );
    case 'open': {
      const access: LinkAccess = { token, passcode: opening.passcode, refused };
      return <InspectorViewPage view={opening.view} access={access} title={title} />;
    }
  }
}
