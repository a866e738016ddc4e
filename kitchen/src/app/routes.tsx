import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import SettingsIcon from '@mui/icons-material/Settings';
import TodayIcon from '@mui/icons-material/Today';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import ThermostatIcon from '@mui/icons-material/Thermostat';
import { ActionsNavIcon } from '../screens/actions/ActionsNavIcon';
import { AlertsNavIcon } from '../screens/alerts/AlertsNavIcon';

// Every screen of the app, in one table: its address under /kitchen, who may open it, and its place in the
// navigation. Each screen is a chunk of its own, loaded when first opened. Adding a screen is adding a line:
//
//     { path: '/readings', screen: lazy(() => import('../screens/readings/Readings')), access: 'person',
//       nav: { label: 'nav.readings', icon: ThermostatIcon } },

export interface KitchenRoute {
  path: string;
  screen: LazyExoticComponent<ComponentType>;
  /** 'person': only with someone signed in and on the screen (else the start screen); 'anyone': always. */
  access: 'anyone' | 'person';
  /** Its entry in the navigation: the catalogue key of its name, and its icon. */
  nav?: { label: string; icon: ComponentType };
}

export const routes: KitchenRoute[] = [
  { path: '/', screen: lazy(() => import('../screens/start/Home')), access: 'anyone' },
  { path: '/sign-in', screen: lazy(() => import('../screens/start/PhoneSignIn')), access: 'anyone' },
  { path: '/enrol', screen: lazy(() => import('../screens/start/Enrol')), access: 'anyone' },
  { path: '/invite', screen: lazy(() => import('../screens/invite/ChoosePassword')), access: 'anyone' },
  {
    path: '/reset-password',
    screen: lazy(() => import('../screens/invite/ChoosePassword')),
    access: 'anyone',
  },
  {
    path: '/forgot-password',
    screen: lazy(() => import('../screens/invite/ForgotPassword')),
    access: 'anyone',
  },
  { path: '/pin/:userID', screen: lazy(() => import('../screens/tablet/PinPad')), access: 'anyone' },
  {
    path: '/password/:userID',
    screen: lazy(() => import('../screens/tablet/TabletPassword')),
    access: 'anyone',
  },
  { path: '/set-pin', screen: lazy(() => import('../screens/settings/SetPin')), access: 'person' },
  { path: '/welcome', screen: lazy(() => import('../screens/start/Welcome')), access: 'person' },
  {
    path: '/today',
    screen: lazy(() => import('../screens/today/Today')),
    access: 'person',
    nav: { label: 'nav.today', icon: TodayIcon },
  },
  {
    path: '/task/:masterTaskID/:individualTaskID',
    screen: lazy(() => import('../screens/today/TaskScreen')),
    access: 'person',
  },
  {
    path: '/readings',
    screen: lazy(() => import('../screens/readings/Readings')),
    access: 'person',
    nav: { label: 'nav.readings', icon: ThermostatIcon },
  },
  {
    path: '/logs',
    screen: lazy(() => import('../screens/logs/Logs')),
    access: 'person',
    nav: { label: 'nav.logs', icon: FactCheckIcon },
  },
  { path: '/logs/:templateID', screen: lazy(() => import('../screens/logs/LogForm')), access: 'person' },
  { path: '/near-miss', screen: lazy(() => import('../screens/near-miss/NearMiss')), access: 'person' },
  {
    path: '/actions',
    screen: lazy(() => import('../screens/actions/Actions')),
    access: 'person',
    nav: { label: 'nav.actions', icon: ActionsNavIcon },
  },
  {
    path: '/actions/:actionID',
    screen: lazy(() => import('../screens/actions/ActionForm')),
    access: 'person',
  },
  {
    path: '/alerts',
    screen: lazy(() => import('../screens/alerts/Alerts')),
    access: 'person',
    nav: { label: 'nav.alerts', icon: AlertsNavIcon },
  },
  {
    path: '/settings',
    screen: lazy(() => import('../screens/settings/Settings')),
    access: 'person',
    nav: { label: 'nav.settings', icon: SettingsIcon },
  },
];

/** The navigation's entries, in the table's order. */
export const navigation = routes.filter(
  (route): route is KitchenRoute & { nav: NonNullable<KitchenRoute['nav']> } => route.nav !== undefined,
);
