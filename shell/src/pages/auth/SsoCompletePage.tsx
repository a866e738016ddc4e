import { Alert, CircularProgress, Link, Stack, Typography } from '@console/shared-sdk/mui';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from '@console/shared-sdk/router';
import { completeSingleSignOn, isApiError } from '@console/shared-sdk';
import { ssoSignInErrorLabels, ssoSignInPagePath } from '@console/shared-sdk/contract';
import { AuthLayout } from './AuthLayout';
import { safeReturnTo } from './return-to';

/** Why the exchange failed, in words: a spent or foreign code reads as an expired sign-in. */
function wordsOf(error: unknown): string {
  if (isApiError(error) && error.status === 401) return ssoSignInErrorLabels.EXPIRED;
  return error instanceof Error && error.message !== '' ? error.message : ssoSignInErrorLabels.PROVIDER;
}

/**
 * /sso/complete?code=: where the API sends the browser back from the organisation's identity provider. The
 * one-time code is exchanged (with the value this tab started the sign-in with) for the same session as the
 * password's, then the console opens the page the sign-in started from.
 */
export function SsoCompletePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code');
  const [failure, setFailure] = useState<string | null>(code ? null : ssoSignInErrorLabels.EXPIRED);
  // The code works once: a second run of the effect (React's development check) must not spend it again.
  const exchanged = useRef(false);

  useEffect(() => {
    if (!code || exchanged.current) return;
    exchanged.current = true;
    completeSingleSignOn(code)
      .then((signedIn) => navigate(safeReturnTo(signedIn.returnTo), { replace: true }))
      .catch((error: unknown) => setFailure(wordsOf(error)));
  }, [code, navigate]);

  return (
    <AuthLayout title={failure ? 'Single sign-on failed' : 'Signing you in'}>
      {failure ? (
        <Stack spacing={2}>
          <Alert severity="error">{failure}</Alert>
          <Typography variant="body2">
            <Link component={RouterLink} to={ssoSignInPagePath}>
              Back to sign in
            </Link>
          </Typography>
        </Stack>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'center', py: 2 }} role="status">
          <CircularProgress aria-label="Signing you in" />
          <Typography>Finishing the sign-in with your identity provider…</Typography>
        </Stack>
      )}
    </AuthLayout>
  );
}
