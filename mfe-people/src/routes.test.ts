import { peopleDescription, peopleRoutes } from './routes';

test('remote.json describes the remote: title, and a screen for every route it publishes', () => {
  expect(peopleDescription.title).toBe('People');
  const routePaths = peopleDescription.routes.map((route) => route.path).sort();
  expect(Object.keys(peopleRoutes.screens).sort()).toEqual(routePaths);
});

test('every menu entry names an icon of the SDK set and opens a published route', async () => {
  const { isIconName } = await import('@console/shared-sdk/icons');
  expect(peopleDescription.menu.filter((entry) => !isIconName(entry.icon))).toEqual([]);
  const paths = peopleDescription.routes.map((route) => route.path);
  expect(peopleDescription.menu.filter((entry) => !paths.includes(entry.path))).toEqual([]);
});

test("every screen lists one site's people, departments or kitchen tablets: each route is site-scoped", () => {
  expect(peopleDescription.routes.filter((route) => route.siteScoped !== true)).toEqual([]);
});
