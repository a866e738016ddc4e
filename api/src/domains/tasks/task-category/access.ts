import type { FastifyRequest } from 'fastify';
import { asSubject } from '@console/shared-sdk/ability';
import type { Tx } from '../../../platform/db/client.js';
import { fieldError, forbidden, notFound } from '../../../platform/http/errors.js';
import { catalogueOf, type Tenancy } from '../../../platform/http/resource-routes.js';
import { assertHeldRecord, siteListScope } from '../../../platform/http/site-scope.js';
import { assertCan, authOf } from '../../../platform/auth/guard.js';
import { missingSites } from '../../../platform/auth/users/site-access.js';
import {
  liveMasterTasks,
  masterTasksOfCategories,
  sitesOfCategories,
  type CategoryPlacement,
  type PlacedTaskCategoryRow,
} from './repository.js';

// Who may do what with task categories. The category itself is an organisation catalogue ('TaskCategory':
// every admin of the organisation reads and adds them; a site admin edits and deletes only a category
// every one of whose sites it administers, organisation admins any). The record gate checks a category
// with its live sites (`siteID`), as the rules' conditions say. Where it applies is a matter of the
// sites: a category placed on a site is offered for that site's master tasks, and linking it to a master
// task changes that task. So the sites and the master tasks pass the 'MasterTask' site rules: a site admin
// names only the sites it administers (403 otherwise), and sites (and their master tasks) it does not
// administer that the category already holds keep their place whatever it sends.

export const subject = 'TaskCategory';
/** The site-scoped subject whose rules decide which sites a caller may place a category on. */
export const siteSubject = 'MasterTask';

/** What a category form sends about its place. */
export interface CategoryLinks {
  siteID: string[];
  masterTaskID: string[];
}

/**
 * Which sites' master tasks the caller may see in a category it reads: all of them for an organisation
 * admin, its own sites' for a site admin (the rest are not its to read, and the edit dialog would only
 * fail to list them).
 */
export function visibleTaskSites(request: FastifyRequest): (siteID: string) => boolean {
  const { ability, orgId } = authOf(request);
  return (siteID) => ability.can('read', asSubject(siteSubject, { orgId, siteID }));
}

/**
 * Where a created or edited category applies and which master tasks it holds: every site must be a live
 * site of the organisation (404), every master task a live one of the organisation on one of those sites
 * (400 on masterTaskID).
 */
async function placementOf(
  request: FastifyRequest,
  tx: Tx,
  orgId: string,
  links: CategoryLinks,
  categoryId?: string,
): Promise<CategoryPlacement> {
  const { ability } = authOf(request);
  const administers = (siteID: string) => ability.can('update', asSubject(siteSubject, { orgId, siteID }));

  if ((await missingSites(tx, orgId, links.siteID)).length > 0) throw notFound('Site');
  const currentSites = categoryId ? await sitesOfCategories(tx, [categoryId]) : [];
  const currentTasks = categoryId ? await masterTasksOfCategories(tx, [categoryId]) : [];
  const keptSites = currentSites.map((site) => site.id).filter((id) => !administers(id));
  if (links.siteID.some((id) => !administers(id) && !keptSites.includes(id))) {
    throw forbidden('You can only place a category on the sites you administer');
  }
  const siteIds = [...new Set([...links.siteID, ...keptSites])];

  const listed = await liveMasterTasks(tx, orgId, links.masterTaskID);
  if (listed.length < links.masterTaskID.length) {
    throw fieldError('masterTaskID', "Choose master tasks from this organisation's sites");
  }
  const elsewhere = listed.find((task) => !siteIds.includes(task.siteId));
  if (elsewhere) {
    throw fieldError('masterTaskID', `"${elsewhere.name}" is not on one of the category's sites`);
  }
  const held = new Set(currentTasks.map((task) => task.id));
  if (listed.some((task) => !administers(task.siteId) && !held.has(task.id))) {
    throw forbidden('You can only add master tasks of the sites you administer');
  }
  const keptTasks = currentTasks.filter((task) => !administers(task.siteId)).map((task) => task.id);
  return { orgId, siteIds, masterTaskIds: [...new Set([...links.masterTaskID, ...keptTasks])] };
}

/**
 * The catalogue's gates, with a site filter on lists (a site admin's list without one shows the
 * categories of its own sites) and the placement checks above on writes.
 */
export const taskCategoryTenancy: Tenancy<
  Pick<PlacedTaskCategoryRow, 'id' | 'orgId' | 'siteIds'>,
  { siteID?: string | undefined },
  CategoryLinks,
  CategoryLinks,
  CategoryPlacement,
  CategoryPlacement
> = {
  subject,
  where: async (request, query) => {
    catalogueOf(request, subject, 'read');
    return siteListScope(request, siteSubject, query.siteID);
  },
  admit: (request, body) => {
    const orgId = catalogueOf(request, subject, 'create');
    return (tx) => placementOf(request, tx, orgId, body);
  },
  // A category only on sites the caller does not hold is theirs alone: 404, as if missing.
  record: (request, action, what, found) => {
    const row = assertHeldRecord(request, what, found, (one) => one.siteIds);
    assertCan(request, action, subject, { orgId: row.orgId, siteID: row.siteIds });
    return row;
  },
  target: (request, current, body, tx) => placementOf(request, tx, current.orgId, body, current.id),
};
