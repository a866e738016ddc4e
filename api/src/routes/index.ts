import type { FastifyInstance } from 'fastify';
import authentication from './authentication/routes.js';
import commonUri from './common-uri/routes.js';
import departmentPanel from './department-panel/routes.js';
import foodItem from './foodItem/routes.js';
import location from './location/routes.js';
import masterType from './masterType/routes.js';
import organization from './organization/routes.js';
import sitePanel from './site-panel/routes.js';
import staffPeople from './staff-people/routes.js';
import supplier from './supplier/routes.js';
import supplierType from './supplierType/routes.js';
import userProfile from './user-profile/routes.js';

/** One folder per resource root of spec section 7, under /api/v1. */
export async function apiRoutes(app: FastifyInstance) {
  await app.register(authentication, { prefix: '/authentication' });
  await app.register(organization, { prefix: '/organization' });
  await app.register(userProfile, { prefix: '/user-profile' });
  await app.register(sitePanel, { prefix: '/site-panel' });
  await app.register(location, { prefix: '/location' });
  await app.register(commonUri, { prefix: '/common-uri' });
  await app.register(supplier, { prefix: '/supplier' });
  await app.register(supplierType, { prefix: '/supplierType' });
  await app.register(foodItem, { prefix: '/foodItem' });
  await app.register(masterType, { prefix: '/masterType' });
  await app.register(departmentPanel, { prefix: '/department-panel' });
  await app.register(staffPeople, { prefix: '/staff-people' });
}
