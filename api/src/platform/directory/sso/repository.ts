import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { SsoAdminChoice, SsoProvider } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../db/client.js';
import { organizations, users } from '../../db/schema.js';
import { ssoDomains, ssoProviders } from '../schema.js';

// An organisation's single sign-on provider and its e-mail domains, read and written for the settings
// screen and the sign-in. The client secret stays sealed here; only the sign-in opens it.

export type ProviderRow = typeof ssoProviders.$inferSelect;

/** Whose sealed client secret it is: a secret sealed for one organisation does not open for another. */
export const secretContextOf = (orgId: string) => `sso-client-secret:${orgId}`;

/** The provider with its domains, as the sign-in and the settings read it. */
export interface ProviderWithDomains extends ProviderRow {
  domains: string[];
}

async function domainsOf(db: Database | Tx, orgId: string): Promise<string[]> {
  const rows = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(eq(ssoDomains.orgId, orgId))
    .orderBy(asc(ssoDomains.domain));
  return rows.map((row) => row.domain);
}

export async function findProvider(
  db: Database | Tx,
  orgId: string,
): Promise<ProviderWithDomains | undefined> {
  const [row] = await db.select().from(ssoProviders).where(eq(ssoProviders.orgId, orgId));
  return row ? { ...row, domains: await domainsOf(db, orgId) } : undefined;
}

/** The provider that covers an e-mail domain, with its organisation's name, if it is open. */
export async function providerOfDomain(
  db: Database | Tx,
  domain: string,
): Promise<{ provider: ProviderRow; organizationName: string } | undefined> {
  const [row] = await db
    .select({ provider: ssoProviders, organizationName: organizations.name })
    .from(ssoDomains)
    .innerJoin(ssoProviders, eq(ssoProviders.orgId, ssoDomains.orgId))
    .innerJoin(organizations, eq(organizations.id, ssoDomains.orgId))
    .where(and(eq(ssoDomains.domain, domain.toLowerCase()), isNull(organizations.deletedAt)));
  return row;
}

/** The domains among `domains` that another organisation already covers. */
export async function domainsClaimedElsewhere(
  db: Database | Tx,
  orgId: string,
  domains: readonly string[],
): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(and(inArray(ssoDomains.domain, [...domains]), ne(ssoDomains.orgId, orgId)));
  return rows.map((row) => row.domain).sort();
}

export type ProviderValues = Omit<ProviderRow, 'orgId' | 'createdAt' | 'updatedAt'>;

/** Makes or replaces the organisation's provider, and its domains with `domains`. */
export async function saveProvider(
  tx: Tx,
  orgId: string,
  values: ProviderValues,
  domains: readonly string[],
  now: Date,
): Promise<void> {
  await tx
    .insert(ssoProviders)
    .values({ orgId, ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: ssoProviders.orgId, set: { ...values, updatedAt: now } });
  await tx.delete(ssoDomains).where(eq(ssoDomains.orgId, orgId));
  await tx.insert(ssoDomains).values(domains.map((domain) => ({ domain, orgId, createdAt: now })));
}

/** Removes the organisation's provider and frees its domains. Answers whether there was one. */
export async function deleteProvider(tx: Tx, orgId: string): Promise<boolean> {
  await tx.delete(ssoDomains).where(eq(ssoDomains.orgId, orgId));
  const removed = await tx
    .delete(ssoProviders)
    .where(eq(ssoProviders.orgId, orgId))
    .returning({ orgId: ssoProviders.orgId });
  return removed.length > 0;
}

/** The organisation's active organisation admins: who may be its break-glass admin. */
export async function breakGlassChoices(db: Database | Tx, orgId: string): Promise<SsoAdminChoice[]> {
  const rows = await db
    .select({ _id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.orgId, orgId),
        eq(users.role, 'ORGANIZATION_ADMIN'),
        eq(users.status, 'ACTIVE'),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(sql`lower(${users.firstName})`, sql`lower(${users.lastName})`, users.id);
  return rows.map(({ _id, firstName, lastName, email }) => ({
    _id,
    fullName: `${firstName} ${lastName}`.trim(),
    email,
  }));
}

export function toSsoProvider(row: ProviderWithDomains): SsoProvider {
  return {
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecretSet: row.clientSecretSealed !== '',
    domains: row.domains,
    enabled: row.enabled,
    createOnFirstSignIn: row.createOnFirstSignIn,
    defaultRole: row.defaultRole === 'ORGANIZATION_ADMIN' ? 'ORGANIZATION_ADMIN' : 'SITE_ADMIN',
    defaultSiteIds: row.defaultSiteIds,
    requireSso: row.requireSso,
    breakGlassUserId: row.breakGlassUserId,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Whether the console's password sign-in is off for this person: an organisation or site admin of an
 * organisation whose enabled provider requires single sign-on, unless they are its break-glass admin. Staff
 * are not console users: their passwords and PINs (mobile app, kitchen tablets) are not the provider's.
 */
export async function passwordSignInOff(
  db: Database | Tx,
  person: { id: string; orgId: string | null; role: string },
): Promise<boolean> {
  if (person.orgId === null || (person.role !== 'ORGANIZATION_ADMIN' && person.role !== 'SITE_ADMIN')) {
    return false;
  }
  const [row] = await db
    .select({
      requireSso: ssoProviders.requireSso,
      enabled: ssoProviders.enabled,
      breakGlassUserId: ssoProviders.breakGlassUserId,
    })
    .from(ssoProviders)
    .where(eq(ssoProviders.orgId, person.orgId));
  return row !== undefined && row.enabled && row.requireSso && row.breakGlassUserId !== person.id;
}
