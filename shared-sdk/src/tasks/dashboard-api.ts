import { call, type CallOptions } from '@console/shared-sdk';
import { siteDashboardSchema, type DashboardQuery, type SiteDashboard } from '../contract/dashboard.js';

// The site dashboard's call, apart from the definitions' calls (./api.ts, which re-exports it): the
// dashboard is the first screen a site admin sees, and it does not download the templates', categories'
// and master tasks' contracts (contract/tasks.ts) that ./api.ts builds its calls with.

/** /task-dashboard: where a site's tasks stand. */
export const taskDashboardApi = {
  /** GET /site: each bucket's count for a range of the site's local dates (default its week), and each day. */
  site: (query: DashboardQuery, options?: CallOptions): Promise<SiteDashboard> =>
    call({ method: 'get', path: 'task-dashboard/site', query, data: siteDashboardSchema }, options),
};
