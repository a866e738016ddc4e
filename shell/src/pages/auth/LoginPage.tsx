import { Alert, Divider, Link, Typography } from '@console/shared-sdk/mui';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from '@console/shared-sdk/router';
import { SignInForm, useIsSignedIn, useSession } from '@console/shared-sdk';
import { ssoErrorParam, ssoSignInErrorText } from '@console/shared-sdk/contract';
import { AuthLayout } from './AuthLayout';
import { safeReturnTo } from './return-to';
import { verifyPath } from '../verify/verify-path';

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const signedIn = useIsSignedIn();
  const endedBecause = useSession((s) => s.endedBecause);
  const notice = params.get('notice');
  // Sent back from the organisation's identity provider without a sign-in: why, in words.
  const ssoRefusal = ssoSignInErrorText(params.get(ssoErrorParam));

  if (signedIn) return <Navigate to={returnTo} replace />;
  return (
    <AuthLayout
      title="Sign in"
      subtitle="For organisation and site admins. Staff sign in to the kitchen app at /kitchen."
    >
      {endedBecause === 'expired' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Your session has ended. Please sign in again.
        </Alert>
      )}
      {notice === 'password-set' && (
        <Alert severity="success" sx={{ mb: 2 }}>
          Your password has been set. Sign in with it now.
        </Alert>
      )}
      {ssoRefusal && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {ssoRefusal}
        </Alert>
      )}
      <SignInForm
        defaultEmail={params.get('email') ?? undefined}
        returnTo={returnTo}
        onSignedIn={() => navigate(returnTo, { replace: true })}
        forgotPasswordLink={
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            Forgot password?
          </Link>
        }
      />
      <Divider sx={{ my: 3 }} />
      <Typography variant="body2" color="text.secondary">
        Handed an inspection pack?{' '}
        <Link component={RouterLink} to={verifyPath}>
          Verify an inspection pack
        </Link>{' '}
        without signing in.
      </Typography>
    </AuthLayout>
  );
}
