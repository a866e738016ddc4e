import { lazy } from 'react';
import { remoteDescriptionSchema, type RemoteRoutesModule } from '@console/shared-sdk';
import descriptionData from './remote.json';

/**
 * The remote's paths, menu and title: data the build publishes as remote.json, so the shell knows them
 * before it loads any of this code. Parsed here too, so the remote's own page uses the same data.
 */
export const equipmentDescription = remoteDescriptionSchema.parse(descriptionData);

// Each screen is its own download: opening the suppliers list does not fetch the fridges screen.
const SuppliersScreen = lazy(() =>
  import('./screens/suppliers').then((m) => ({ default: m.SuppliersScreen })),
);
const FoodItemsScreen = lazy(() =>
  import('./screens/food-items').then((m) => ({ default: m.FoodItemsScreen })),
);
const ProbesScreen = lazy(() => import('./screens/food-items').then((m) => ({ default: m.ProbesScreen })));
const FridgesScreen = lazy(() =>
  import('./screens/cold-storage').then((m) => ({ default: m.FridgesScreen })),
);
const FreezersScreen = lazy(() =>
  import('./screens/cold-storage').then((m) => ({ default: m.FreezersScreen })),
);
const SensorsScreen = lazy(() => import('./screens/sensors').then((m) => ({ default: m.SensorsScreen })));

/** `./routes`: the screen for each path of remote.json (the spec's paths, so bookmarks keep working). */
export const equipmentRoutes: RemoteRoutesModule = {
  screens: {
    '/dashboard/supplier': SuppliersScreen,
    '/dashboard/fooditem': FoodItemsScreen,
    '/dashboard/foodItem': FoodItemsScreen,
    '/dashboard/probes': ProbesScreen,
    '/dashboard/fridge': FridgesScreen,
    '/dashboard/freezer': FreezersScreen,
    '/dashboard/sensors': SensorsScreen,
  },
};

export default equipmentRoutes;
