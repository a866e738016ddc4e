import { reportsDescription, reportsRoutes } from './routes';

test('remote.json describes the remote: title, and a screen for every route it publishes', () => {
  expect(reportsDescription.title).toBe('Reports');
  const routePaths = reportsDescription.routes.map((route) => route.path).sort();
  expect(Object.keys(reportsRoutes.screens).sort()).toEqual(routePaths);
});

test('every menu entry names an icon of the SDK set and opens a published route', async () => {
  const { isIconName } = await import('@console/shared-sdk/icons');
  expect(reportsDescription.menu.filter((entry) => !isIconName(entry.icon))).toEqual([]);
  const paths = reportsDescription.routes.map((route) => route.path);
  expect(reportsDescription.menu.filter((entry) => !paths.includes(entry.path))).toEqual([]);
});

test('the inspection pack and the four-weekly review are of the selected site; the ranking and the inspector links span sites', () => {
  const scoped = Object.fromEntries(
    reportsDescription.routes.map((route) => [route.path, route.siteScoped === true]),
  );
  expect(scoped).toEqual({
    '/dashboard/reports': false,
    '/dashboard/reports/inspection': true,
    '/dashboard/siteReview': true,
    '/dashboard/inspectorLinks': false,
  });
});
