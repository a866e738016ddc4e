import type { FastifyInstance } from 'fastify';
import authentication from './authentication/routes.js';
import commentTask from './comment-task/routes.js';
import commonUri from './common-uri/routes.js';
import departmentPanel from './department-panel/routes.js';
import foodItem from './foodItem/routes.js';
import individualTask from './individual-task/routes.js';
import location from './location/routes.js';
import masterTask from './master-task/routes.js';
import masterType from './masterType/routes.js';
import organization from './organization/routes.js';
import preDefinedTemplate from './pre-defined-template/routes.js';
import sitePanel from './site-panel/routes.js';
import staffPeople from './staff-people/routes.js';
import supplier from './supplier/routes.js';
import supplierType from './supplierType/routes.js';
import taskCategory from './task-category/routes.js';
import taskNewVersion from './task-new-version/routes.js';
import taskDashboard from './task-dashboard/routes.js';
import templatePanel from './template-panel/routes.js';
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
  await app.register(masterTask, { prefix: '/master-task' });
  await app.register(departmentPanel, { prefix: '/department-panel' });
  await app.register(staffPeople, { prefix: '/staff-people' });
  await app.register(taskCategory, { prefix: '/task-category' });
  await app.register(templatePanel, { prefix: '/template-panel' });
  await app.register(preDefinedTemplate, { prefix: '/pre-defined-template' });
  await app.register(individualTask, { prefix: '/individual-task' });
  await app.register(commentTask, { prefix: '/comment-task' });
  await app.register(taskNewVersion, { prefix: '/task-new-version' });
  await app.register(taskDashboard, { prefix: '/task-dashboard' });
}
