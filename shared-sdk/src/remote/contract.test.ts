import { remoteDescriptionSchema, remoteMetadataSchema } from './contract.js';

const description = {
  title: 'Equipment',
  routes: [{ path: '/dashboard/fridge', title: 'Fridges', subject: 'MasterType', siteScoped: true }],
  menu: [
    {
      title: 'Fridges',
      path: '/dashboard/fridge',
      subject: 'MasterType',
      section: 'Equipment',
      icon: 'fridge',
    },
  ],
};

test('a remote description names its routes, their subjects and its menu', () => {
  expect(remoteDescriptionSchema.parse(description).routes[0]?.subject).toBe('MasterType');
});

test('a menu entry must lead to one of the remote’s routes', () => {
  const result = remoteDescriptionSchema.safeParse({
    ...description,
    menu: [{ ...description.menu[0], path: '/dashboard/freezer' }],
  });
  expect(result.success).toBe(false);
  expect(result.error?.issues[0]).toMatchObject({
    path: ['menu', 0, 'path'],
    message: "/dashboard/freezer is not one of the remote's routes",
  });
});

test('a subject this SDK has never heard of is a subject all the same: the server’s rules decide', () => {
  const routes = [{ ...description.routes[0], subject: 'Allergen' }];
  expect(remoteDescriptionSchema.parse({ ...description, routes }).routes[0]?.subject).toBe('Allergen');
});

test('a subject that is not a CASL subject name is refused, saying what one looks like', () => {
  const routes = [{ ...description.routes[0], subject: 'master type' }];
  const result = remoteDescriptionSchema.safeParse({ ...description, routes });
  expect(result.error?.issues[0]).toMatchObject({
    path: ['routes', 0, 'subject'],
    message: 'a CASL subject name in PascalCase, such as Supplier or Allergen',
  });
});

test('the published metadata also says which SDK range the remote needs', () => {
  expect(remoteMetadataSchema.safeParse(description).success).toBe(false);
  expect(remoteMetadataSchema.parse({ ...description, requires: '^1.0.0' }).requires).toBe('^1.0.0');
});
