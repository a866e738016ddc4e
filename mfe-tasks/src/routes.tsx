import { lazy } from 'react';
import { remoteDescriptionSchema, type RemoteRoutesModule } from '@console/shared-sdk';
import descriptionData from './remote.json';

/**
 * The remote's paths, menu and title: data the build publishes as remote.json, so the shell knows them
 * before it loads any of this code. Parsed here too, so the remote's own page uses the same data.
 */
export const tasksDescription = remoteDescriptionSchema.parse(descriptionData);

// Each screen is its own download: opening the task list does not fetch the template editor.
const SiteDashboardScreen = lazy(() =>
  import('./screens/site-dashboard').then((m) => ({ default: m.SiteDashboardScreen })),
);
const TasksScreen = lazy(() => import('./screens/tasks').then((m) => ({ default: m.TasksScreen })));
const TemplatesScreen = lazy(() =>
  import('./screens/templates').then((m) => ({ default: m.TemplatesScreen })),
);
const TaskCategoriesScreen = lazy(() =>
  import('./screens/task-categories').then((m) => ({ default: m.TaskCategoriesScreen })),
);

/**
 * `./routes`: the screen for each path of remote.json. `/dashboard` is the site dashboard, which the shell
 * shows in place of its sites overview while a site is selected.
 */
export const tasksRoutes: RemoteRoutesModule = {
  screens: {
    '/dashboard': SiteDashboardScreen,
    '/dashboard/task': TasksScreen,
    '/dashboard/templates': TemplatesScreen,
    '/dashboard/taskcategory': TaskCategoriesScreen,
  },
};

export default tasksRoutes;
