import { Component, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from '@console/shared-sdk/router';

export function Loading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  );
}

function LoadFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Alert severity="error">{t('app.failedToLoad')}</Alert>
      <Button variant="contained" onClick={retry}>
        {t('app.retry')}
      </Button>
    </Stack>
  );
}

/**
 * A screen whose code could not be loaded (offline before the app was ever fully cached, or a new version
 * replaced the files) says so in its own area, with a way to try again; the frame and the status bar stay.
 */
export class ScreenBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) return <LoadFailed retry={() => window.location.reload()} />;
    return this.props.children;
  }
}

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
        {t('app.notFound')}
      </Typography>
      <Button component={Link} to="/" variant="contained">
        {t('app.goHome')}
      </Button>
    </Stack>
  );
}
