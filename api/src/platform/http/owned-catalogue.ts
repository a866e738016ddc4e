import type { FastifyRequest } from 'fastify';
import { ownerSiteFor, type SubjectName } from '@console/shared-sdk/ability';
import type { Tx } from '../db/client.js';
import { assertCan, authOf } from '../auth/guard.js';
import { fieldError } from './errors.js';
import { catalogueOf, type Tenancy } from './resource-routes.js';
import { assertHeldRecord, assertSiteAccess, heldSiteIds, type SiteScopedSubject } from './site-scope.js';

// A catalogue of the organisation that every admin of it uses and may add to (checklist templates,
// supplier types): a record belongs to the organisation (owner_site_id null: only organisation admins
// change it, as every site may rely on it) or to the site whose admin added it (that site's admins change
// it too), as the subject's rules say with `ownerSiteID` (docs/decisions.md, "Tenancy and roles"). A site's
// own record is not another site's to read or use: it answers 404 to them and leaves their lists.

/** Where a new catalogue record goes: the organisation and its owning site. */
export interface CataloguePlace {
  orgId: string;
  ownerSiteId: string | null;
}

export interface OwnedCatalogue {
  /**
   * The owner of a new record: a site admin's names the site it was added for (`siteID`, one it
   * administers: 404 for another organisation's, 403 for another site), else its only site; a site admin
   * of several sites must name one (400 on siteID). An organisation's or platform admin's is the
   * organisation's.
   */
  ownerOfNew: (request: FastifyRequest, tx: Tx, siteID: string | undefined) => Promise<string | null>;
  /** The catalogue's gates: a loaded record is checked with its owner, so a site admin changes only its own. */
  tenancy: Tenancy<
    { orgId: string; ownerSiteId: string | null },
    object,
    { siteID?: string | undefined },
    object,
    CataloguePlace,
    string
  >;
}

/**
 * The gates of `subject`'s catalogue. `siteSubject` is the site-scoped subject whose rules say on which
 * sites a site admin may add one (a template is made for master tasks, a supplier type for suppliers);
 * `missingSite` is the 400's words when a site admin of several sites names none.
 */
export function ownedCatalogue(
  subject: SubjectName,
  siteSubject: SiteScopedSubject,
  missingSite: string,
): OwnedCatalogue {
  const ownerOfNew: OwnedCatalogue['ownerOfNew'] = async (request, tx, siteID) => {
    const { user, siteIds } = authOf(request);
    const owner = ownerSiteFor({ role: user.role, siteIds }, siteID);
    if (owner === undefined) throw fieldError('siteID', missingSite);
    if (owner !== null) await assertSiteAccess(request, 'create', siteSubject, owner, tx);
    return owner;
  };
  return {
    ownerOfNew,
    tenancy: {
      subject,
      // A site's own records are its sites' alone: a list shows the organisation's and the caller's sites'.
      where: async (request) => {
        const orgId = catalogueOf(request, subject, 'read');
        const held = heldSiteIds(request);
        return held ? { orgId, siteIds: held } : { orgId };
      },
      admit: (request, body) => {
        const orgId = catalogueOf(request, subject, 'create');
        return async (tx) => ({ orgId, ownerSiteId: await ownerOfNew(request, tx, body.siteID) });
      },
      record: (request, action, what, found) => {
        const row = assertHeldRecord(request, what, found, (one) => [one.ownerSiteId]);
        assertCan(request, action, subject, { orgId: row.orgId, ownerSiteID: row.ownerSiteId });
        return row;
      },
      target: async (_request, current) => current.orgId,
    },
  };
}
