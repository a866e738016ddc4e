import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { failureWords } from '../../i18n/errors';
import type { CachedList } from './cached';

/** A part of a screen named by its heading, which screen readers list among the page's regions. */
export function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" sx={{ fontWeight: 700, fontSize: '1.25rem', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A list of large buttons: one column on a phone, more side by side on a tablet. */
export function ButtonGrid({ children, columns = 2 }: { children: ReactNode; columns?: 2 | 3 }) {
  return (
    <Box
      component="ul"
      sx={{
        p: 0,
        m: 0,
        listStyle: 'none',
        display: 'grid',
        gap: 1,
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(2, minmax(0, 1fr))',
          lg: `repeat(${columns}, minmax(0, 1fr))`,
        },
      }}
    >
      {children}
    </Box>
  );
}

/**
 * Why a list the screen keeps for offline is not there: never loaded on this device (`notLoaded`), or its
 * load failed, with a way to try again.
 */
export function NotLoaded<T>({ list, notLoaded }: { list: CachedList<T>; notLoaded: string }) {
  const { t } = useTranslation();
  if (list.value !== null || list.loading) return null;
  return (
    <Alert
      severity="info"
      action={
        list.failure ? (
          <Button color="inherit" onClick={list.reload}>
            {t('app.retry')}
          </Button>
        ) : undefined
      }
    >
      {list.failure ? failureWords(list.failure, t) : notLoaded}
    </Alert>
  );
}

/** A form's one submit button, with what stopped the last save above it, in words. */
export function SaveButton({
  label,
  saving,
  problem,
}: {
  label: string;
  saving: boolean;
  problem: string | null;
}) {
  return (
    <>
      {problem && <Alert severity="error">{problem}</Alert>}
      <Button type="submit" variant="contained" size="large" loading={saving} sx={{ minHeight: 56 }}>
        {label}
      </Button>
    </>
  );
}
