import type { RemoteRoutesModule } from '@console/shared-sdk';
import { FreezersScreen, FridgesScreen } from './screens/cold-storage';
import { FoodItemsScreen, ProbesScreen } from './screens/food-items';
import { SuppliersScreen } from './screens/suppliers';

const section = 'Equipment';

/** `./routes`: the spec's paths (bookmarks keep working), each a list for the selected site. */
export const equipmentRoutes: RemoteRoutesModule = {
  routes: [
    { path: '/dashboard/supplier', Component: SuppliersScreen, siteScoped: true },
    { path: '/dashboard/fooditem', Component: FoodItemsScreen, siteScoped: true },
    { path: '/dashboard/foodItem', Component: FoodItemsScreen, siteScoped: true },
    { path: '/dashboard/probes', Component: ProbesScreen, siteScoped: true },
    { path: '/dashboard/fridge', Component: FridgesScreen, siteScoped: true },
    { path: '/dashboard/freezer', Component: FreezersScreen, siteScoped: true },
  ],
  menu: [
    { title: 'Suppliers', path: '/dashboard/supplier', subject: 'Supplier', section, order: 1 },
    { title: 'Food items', path: '/dashboard/fooditem', subject: 'FoodItem', section, order: 2 },
    { title: 'Probes', path: '/dashboard/probes', subject: 'FoodItem', section, order: 3 },
    { title: 'Fridges', path: '/dashboard/fridge', subject: 'MasterType', section, order: 4 },
    { title: 'Freezers', path: '/dashboard/freezer', subject: 'MasterType', section, order: 5 },
  ],
};

export default equipmentRoutes;
