import { lazy } from 'react';
import { remoteDescriptionSchema, type RemoteRoutesModule } from '@console/shared-sdk';
import descriptionData from './remote.json';

/**
 * The remote's paths, menu and title: data the build publishes as remote.json, so the shell knows them
 * before it loads any of this code. Parsed here too, so the remote's own page uses the same data.
 */
export const peopleDescription = remoteDescriptionSchema.parse(descriptionData);

// Each screen is its own download: opening the staff list does not fetch the departments screen.
const StaffScreen = lazy(() => import('./screens/staff').then((m) => ({ default: m.StaffScreen })));
const DepartmentsScreen = lazy(() =>
  import('./screens/departments').then((m) => ({ default: m.DepartmentsScreen })),
);
const KitchenDevicesScreen = lazy(() =>
  import('./screens/kitchen-devices').then((m) => ({ default: m.KitchenDevicesScreen })),
);

/** `./routes`: the screen for each path of remote.json (the spec's paths, its spelling included). */
export const peopleRoutes: RemoteRoutesModule = {
  screens: {
    '/dashboard/staff': StaffScreen,
    '/dashboard/departmentManagment': DepartmentsScreen,
    '/dashboard/devices': KitchenDevicesScreen,
  },
};

export default peopleRoutes;
