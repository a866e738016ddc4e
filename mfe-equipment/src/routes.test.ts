import { equipmentDescription, equipmentRoutes } from './routes';

test('remote.json describes the remote: title, and a screen for every route it publishes', () => {
  expect(equipmentDescription.title).toBe('Equipment');
  const routePaths = equipmentDescription.routes.map((route) => route.path).sort();
  expect(Object.keys(equipmentRoutes.screens).sort()).toEqual(routePaths);
});

test('every menu entry names an icon of the SDK set', async () => {
  const { isIconName } = await import('@console/shared-sdk/icons');
  expect(equipmentDescription.menu.filter((entry) => !isIconName(entry.icon))).toEqual([]);
});

test("every equipment screen lists one site's records: each route is site-scoped (the kit reads it here)", () => {
  expect(equipmentDescription.routes.filter((route) => route.siteScoped !== true)).toEqual([]);
});

test('the sensors screen is on the menu, for those who may read sensors', () => {
  expect(equipmentDescription.menu.find((entry) => entry.path === '/dashboard/sensors')).toMatchObject({
    title: 'Sensors',
    subject: 'Sensor',
    section: 'Equipment',
  });
  expect(equipmentRoutes.screens['/dashboard/sensors']).toBeDefined();
});
