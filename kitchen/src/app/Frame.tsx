import { useEffect, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import SwitchPersonIcon from '@mui/icons-material/SwitchAccount';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from '@console/shared-sdk/router';
import { navigation } from './routes';
import { StatusBar } from './StatusBar';
import { choosePerson, useCurrentPerson, useKitchen } from './store';
import { useTabletWatch } from './tablet';

/** How long a tablet waits, untouched, before it goes back to the name list. */
export const tabletIdleMs = 60_000;

/** Back to the name list after a minute unused: the person's session stays stored for their outbox. */
function useIdleReturn(active: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return;
    let timer = setTimeout(leave, tabletIdleMs);
    function leave() {
      void choosePerson(null).then(() => navigate('/', { replace: true }));
    }
    const touched = () => {
      clearTimeout(timer);
      timer = setTimeout(leave, tabletIdleMs);
    };
    const events = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;
    for (const event of events) window.addEventListener(event, touched, { passive: true, capture: true });
    return () => {
      clearTimeout(timer);
      for (const event of events) window.removeEventListener(event, touched, { capture: true });
    };
  }, [active, navigate]);
}

function Navigation() {
  const { t } = useTranslation();
  return (
    <Box
      component="nav"
      aria-label={t('app.navigation')}
      sx={{
        display: 'flex',
        gap: { xs: 0.5, md: 1 },
        p: 1,
        bgcolor: 'background.paper',
        zIndex: 1,
        borderColor: 'divider',
        // A phone: a bar at the bottom, in reach of the thumb. A tablet in landscape: a column on the left.
        position: { xs: 'sticky', md: 'static' },
        bottom: 0,
        flexDirection: { xs: 'row', md: 'column' },
        borderTop: { xs: 1, md: 0 },
        borderRight: { xs: 0, md: 1 },
        order: { xs: 2, md: 0 },
        minWidth: { md: 200 },
      }}
    >
      {navigation.map(({ path, nav }) => {
        const Icon = nav.icon;
        return (
          <Button
            key={path}
            component={NavLink}
            to={path}
            startIcon={<Icon />}
            sx={{
              flex: { xs: 1, md: 'none' },
              minWidth: 0,
              // A phone: the icon above a short label, so six entries fit in 360 px; a long word of
              // another language ("Ustawienia") breaks rather than running into its neighbour.
              flexDirection: { xs: 'column', md: 'row' },
              fontSize: { xs: '0.75rem', md: '1rem' },
              hyphens: 'auto',
              overflowWrap: 'anywhere',
              px: { xs: 0.5, md: 2 },
              lineHeight: 1.2,
              justifyContent: { md: 'flex-start' },
              '& .MuiButton-startIcon': { m: { xs: 0, md: '0 8px 0 -4px' } },
              '&.active': { bgcolor: 'action.selected', fontWeight: 700 },
            }}
          >
            {t(nav.label)}
          </Button>
        );
      })}
    </Box>
  );
}

/** Every screen's frame: the header, the status bar, the navigation once someone is signed in. */
export function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const person = useCurrentPerson();
  const device = useKitchen((state) => state.device);
  const tablet = device !== null;
  useIdleReturn(tablet && person !== null);
  useTabletWatch();

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <Link
        href="#main"
        sx={{
          position: 'absolute',
          left: 8,
          top: -100,
          zIndex: 2000,
          p: 1,
          bgcolor: 'background.paper',
          '&:focus': { top: 8 },
        }}
      >
        {t('app.skipToContent')}
      </Link>
      <AppBar position="static" component="header" elevation={0}>
        <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Typography component="p" sx={{ fontWeight: 700, fontSize: '1.125rem', flexGrow: 1 }}>
            {device ? `${t('app.name')} · ${device.siteName}` : t('app.name')}
          </Typography>
          {person && (
            <Typography
              component="p"
              aria-label={t('app.signedInAs', { name: `${person.firstName} ${person.lastName}` })}
            >
              {person.firstName} {person.lastName}
            </Typography>
          )}
          {tablet && person && (
            <Button
              color="inherit"
              variant="outlined"
              startIcon={<SwitchPersonIcon />}
              onClick={() => void choosePerson(null).then(() => navigate('/'))}
            >
              {t('app.switchPerson')}
            </Button>
          )}
        </Toolbar>
      </AppBar>
      <StatusBar />
      <Box sx={{ display: 'flex', flex: 1, flexDirection: { xs: 'column', md: 'row' } }}>
        {person && <Navigation />}
        <Box
          component="main"
          id="main"
          tabIndex={-1}
          sx={{ flex: 1, p: 2, width: '100%', maxWidth: 960, mx: 'auto', outline: 'none' }}
        >
          {children}
        </Box>
      </Box>
    </Box>
  );
}
