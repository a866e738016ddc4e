import type { FastifyRequest } from 'fastify';
import { asSubject, type Action } from '@console/shared-sdk/ability';
import type { Database, Tx } from '../../../platform/db/client.js';
import { forbidden } from '../../../platform/http/errors.js';
import { siteListScope, type SiteListScope } from '../../../platform/http/site-scope.js';
import { authOf, orgOf } from '../../../platform/auth/guard.js';
import { currentSites } from './repository.js';

// Who may do what to a person (DOMAIN.md "People"), on top of the CASL rules:
// - whoever may `action` every User of the organisation (organisation admins, the platform admin acting in
//   it) manages everyone in it;
// - anyone else (site admins) works through the site-scoped 'Staff' rules: they read the people of the
//   sites they administer, change only STAFF there, and remove or deactivate someone only when every site
//   that person works at is theirs (the person's other managers would otherwise lose them).

/** Whether the caller manages everyone in the organisation. */
export function managesOrganisation(request: FastifyRequest, action: Action, orgId: string): boolean {
  return authOf(request).ability.can(action, asSubject('User', { orgId }));
}

/** Whether the caller may `action` people on one site. */
export function mayOnSite(request: FastifyRequest, action: Action, orgId: string, siteID: string): boolean {
  return authOf(request).ability.can(action, asSubject('Staff', { orgId, siteID }));
}

export interface Reachable {
  id: string;
  orgId: string;
  role: string;
  firstName: string;
  lastName: string;
}

/**
 * The gate for one loaded person (already known to be of the caller's organisation): 403 unless the caller
 * may `action` them. `reach` says whether one shared site is enough (read, edit, invite) or every site of
 * the person must be the caller's (delete, deactivate).
 */
export function assertMayReach(
  request: FastifyRequest,
  action: Action,
  person: Reachable,
  personSiteIds: readonly string[],
  reach: 'any' | 'all',
): void {
  if (managesOrganisation(request, action, person.orgId)) return;
  const shared = personSiteIds.filter((siteID) => mayOnSite(request, action, person.orgId, siteID));
  if (shared.length === 0) throw forbidden('You can only manage people who work at the sites you administer');
  if (action === 'read') return;
  if (person.role !== 'STAFF') throw forbidden('Only an organisation admin can manage admins');
  if (reach === 'all' && shared.length < personSiteIds.length) {
    throw forbidden(
      `${person.firstName} ${person.lastName} also works at sites you do not administer; ask an organisation admin`,
    );
  }
}

/**
 * The find-one gate for a person another call names (assigning tasks to them): 403, the same answer and
 * words as `find-one`, unless the caller may read the person, so a call never says who an id it may not
 * read belongs to.
 */
export async function assertMayReadPerson(
  request: FastifyRequest,
  db: Database | Tx,
  person: Reachable,
): Promise<void> {
  assertMayReach(request, 'read', person, await currentSites(db, person.id), 'any');
}

/**
 * The people a list may show: with `siteID`, that site's (its gate runs when the page comes back empty:
 * `confirmSite`, as for every site-scoped list); without, everyone for those who manage the organisation and
 * the people of their own sites for site admins.
 */
export async function staffScope(
  request: FastifyRequest,
  siteID: string | undefined,
): Promise<SiteListScope> {
  const orgId = orgOf(request);
  if (siteID !== undefined) return siteListScope(request, 'Staff', siteID);
  if (managesOrganisation(request, 'read', orgId)) return { orgId };
  return { orgId, siteIds: authOf(request).siteIds };
}
