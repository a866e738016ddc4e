import { CircularProgress, Stack, Typography } from '@console/shared-sdk/mui';
import { useEffect } from 'react';
import { useNavigate } from '@console/shared-sdk/router';
import { useDocumentTitle, useSignOut } from '@console/shared-sdk';

export function LogoutPage() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  useDocumentTitle('Signing out');
  useEffect(() => {
    void signOut().finally(() => navigate('/login', { replace: true }));
  }, [signOut, navigate]);
  return (
    <Stack
      sx={{ alignItems: 'center', justifyContent: 'center', minHeight: '100vh' }}
      spacing={2}
      role="status"
    >
      <CircularProgress />
      <Typography>Signing out…</Typography>
    </Stack>
  );
}
