import { tasksDescription, tasksRoutes } from './routes';

test('remote.json describes the remote: title, and a screen for every route it publishes', () => {
  expect(tasksDescription.title).toBe('Tasks');
  const routePaths = tasksDescription.routes.map((route) => route.path).sort();
  expect(Object.keys(tasksRoutes.screens).sort()).toEqual(routePaths);
});

test('every menu entry names an icon of the SDK set and opens a published route', async () => {
  const { isIconName } = await import('@console/shared-sdk/icons');
  expect(tasksDescription.menu.filter((entry) => !isIconName(entry.icon))).toEqual([]);
  const paths = tasksDescription.routes.map((route) => route.path);
  expect(tasksDescription.menu.filter((entry) => !paths.includes(entry.path))).toEqual([]);
});

test("every screen works on the selected site's tasks: each route is site-scoped", () => {
  expect(tasksDescription.routes.filter((route) => route.siteScoped !== true)).toEqual([]);
});
