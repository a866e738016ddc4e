import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { SiteInputParsed } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../db/client.js';
import { siteMembers, sites, users } from '../../db/schema.js';
import { conflict, fieldError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';

export type SiteRow = typeof sites.$inferSelect;

function parseLatLong(text: string | undefined): { latitude: number | null; longitude: number | null } {
  if (!text) return { latitude: null, longitude: null };
  const [lat, lng] = text.split(',').map((part) => Number(part.trim()));
  return { latitude: lat ?? null, longitude: lng ?? null };
}

async function assertNameFree(db: Database | Tx, orgId: string, name: string, exceptSiteId?: string) {
  const [clash] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(
      and(
        eq(sites.orgId, orgId),
        isNull(sites.deletedAt),
        sql`lower(${sites.name}) = ${name.toLowerCase()}`,
        exceptSiteId ? ne(sites.id, exceptSiteId) : undefined,
      ),
    );
  if (clash) {
    throw conflict(`A site called "${name}" already exists`, {
      name: ['A site with this name already exists'],
    });
  }
}

/** Site admins must be live SITE_ADMIN accounts of the same organisation. */
async function assertSiteAdmins(db: Database | Tx, orgId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  const unique = [...new Set(ids)];
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, unique),
        eq(users.orgId, orgId),
        eq(users.role, 'SITE_ADMIN'),
        isNull(users.deletedAt),
      ),
    );
  if (found.length !== unique.length) {
    throw fieldError('siteAdminList', 'Every site admin must be a site admin of this organisation');
  }
}

function columnsFrom(input: SiteInputParsed) {
  return {
    name: input.name,
    description: input.description ?? '',
    add1: input.add1 ?? null,
    add2: input.add2 ?? null,
    city: input.city ?? input.location?.city ?? null,
    county: input.county ?? input.location?.county ?? null,
    state: input.state ?? input.location?.region ?? null,
    country: input.country,
    zip: input.zip ?? null,
    googlePlaceId: input.google_PlaceID ?? null,
    ...parseLatLong(input.lat_long),
    timeZoneId: input.timeZoneId,
    timing: [...input.timing].sort((a, b) => a.day - b.day),
    slotWindows: input.slotWindows ?? {},
  };
}

async function replaceSiteAdmins(db: Database | Tx, siteId: string, adminIds: readonly string[]) {
  // Only admin memberships are replaced; staff memberships of the site stay.
  const adminsNow = db.select({ id: users.id }).from(users).where(eq(users.role, 'SITE_ADMIN'));
  await db
    .delete(siteMembers)
    .where(and(eq(siteMembers.siteId, siteId), inArray(siteMembers.userId, adminsNow)));
  const unique = [...new Set(adminIds)];
  if (unique.length > 0) {
    await db.insert(siteMembers).values(unique.map((userId) => ({ siteId, userId })));
  }
}

/** Creates a site with its admins. Call inside a transaction: a rejected admin list writes nothing. */
export async function insertSite(db: Database | Tx, orgId: string, input: SiteInputParsed): Promise<SiteRow> {
  await assertNameFree(db, orgId, input.name);
  await assertSiteAdmins(db, orgId, input.siteAdminList);
  const [row] = await db
    .insert(sites)
    .values({ id: newId(), orgId, ...columnsFrom(input) })
    .returning();
  if (!row) throw new Error('insert returned no row');
  await replaceSiteAdmins(db, row.id, input.siteAdminList);
  return row;
}

/**
 * Updates a site. `siteAdminList` is applied only when `replaceAdmins` is true (callers who may not manage
 * admins pass false). Call inside a transaction.
 */
export async function updateSite(
  db: Database | Tx,
  site: SiteRow,
  input: SiteInputParsed,
  options: { replaceAdmins: boolean; now: Date },
): Promise<SiteRow> {
  await assertNameFree(db, site.orgId, input.name, site.id);
  if (options.replaceAdmins) await assertSiteAdmins(db, site.orgId, input.siteAdminList);
  const [row] = await db
    .update(sites)
    .set({ ...columnsFrom(input), updatedAt: options.now })
    .where(eq(sites.id, site.id))
    .returning();
  if (!row) throw new Error('update returned no row');
  if (options.replaceAdmins) await replaceSiteAdmins(db, site.id, input.siteAdminList);
  return row;
}
