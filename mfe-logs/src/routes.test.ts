import { logsDescription, logsRoutes } from './routes';

test('remote.json describes the remote: title, and a screen for every route it publishes', () => {
  expect(logsDescription.title).toBe('Logs');
  const routePaths = logsDescription.routes.map((route) => route.path).sort();
  expect(Object.keys(logsRoutes.screens).sort()).toEqual(routePaths);
});

test('every menu entry names an icon of the SDK set and opens a published route', async () => {
  const { isIconName } = await import('@console/shared-sdk/icons');
  expect(logsDescription.menu.filter((entry) => !isIconName(entry.icon))).toEqual([]);
  const paths = logsDescription.routes.map((route) => route.path);
  expect(logsDescription.menu.filter((entry) => !paths.includes(entry.path))).toEqual([]);
});

test("every screen works on the selected site's logs: each route is site-scoped", () => {
  expect(logsDescription.routes.filter((route) => route.siteScoped !== true)).toEqual([]);
});
