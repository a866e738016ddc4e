import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '@console/shared-sdk/contract';
import { createdAt, instant, updatedAt } from '../db/columns.js';
import { organizations, users } from '../db/schema.js';

// The company's directory: single sign-on with its OpenID Connect provider, and SCIM 2.0 provisioning of
// its people. Both are per organisation, and both act on the same people as the console's own sign-in.

/** An organisation's OpenID Connect provider (one per organisation). */
export const ssoProviders = pgTable('sso_providers', {
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => organizations.id),
  /** The provider's issuer URL, whose discovery document names its endpoints and keys. */
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** The client secret, sealed with the server's key; never answered by any call. */
  clientSecretSealed: text('client_secret_sealed').notNull(),
  /** Whether the console's sign-in page sends the covered e-mail domains to the provider. */
  enabled: boolean('enabled').notNull().default(true),
  /** Make a person on their first sign-in (a verified e-mail of a covered domain) with the default role. */
  createOnFirstSignIn: boolean('create_on_first_sign_in').notNull().default(false),
  defaultRole: text('default_role').$type<Role>().notNull().default('SITE_ADMIN'),
  /** The sites a person made on first sign-in gets, when the default role is per site. */
  defaultSiteIds: jsonb('default_site_ids').$type<string[]>().notNull().default([]),
  /** Password sign-in is off for the organisation's people, except the break-glass admin's. */
  requireSso: boolean('require_sso').notNull().default(false),
  breakGlassUserId: uuid('break_glass_user_id').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** An e-mail domain an organisation's provider covers; a domain belongs to one organisation at most. */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    /** Lower case, e.g. `brightkitchens.co.uk`. */
    domain: text('domain').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    createdAt: createdAt(),
  },
  (t) => [index('sso_domains_org_idx').on(t.orgId)],
);

/**
 * One sign-in through the provider, from the redirect to the console holding its tokens: the state's hash,
 * the nonce and the PKCE verifier it was started with (each used once), then the one-time hand-off code
 * the console trades for its session, so no token ever travels in an address.
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    stateHash: text('state_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** The console path to go back to after the sign-in. */
    returnTo: text('return_to'),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    /** When the provider's answer came back (a second answer with the same state is refused). */
    usedAt: instant('used_at'),
    userId: uuid('user_id').references(() => users.id),
    handoffHash: text('handoff_hash'),
    handoffExpiresAt: instant('handoff_expires_at'),
    handoffUsedAt: instant('handoff_used_at'),
    /** Why it failed, in words the sign-in page shows. */
    error: text('error'),
  },
  (t) => [
    uniqueIndex('sso_logins_state_key').on(t.stateHash),
    uniqueIndex('sso_logins_handoff_key')
      .on(t.handoffHash)
      .where(sql`${t.handoffHash} is not null`),
    index('sso_logins_created_idx').on(t.createdAt),
  ],
);

/** A bearer token the organisation's directory provisions people with; only its hash is kept. */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    expiresAt: instant('expires_at'),
    lastUsedAt: instant('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    revokedAt: instant('revoked_at'),
  },
  (t) => [uniqueIndex('scim_tokens_hash_key').on(t.tokenHash), index('scim_tokens_org_idx').on(t.orgId)],
);

/**
 * A directory group (SCIM Group), and what its members get in the console: a role and, for a per-site role,
 * a set of sites. The directory makes the group and its members; an organisation admin maps it.
 */
export const scimGroups = pgTable(
  'scim_groups',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    displayName: text('display_name').notNull(),
    externalId: text('external_id'),
    /** Null until an organisation admin maps it: membership of an unmapped group grants nothing. */
    role: text('role').$type<Role>(),
    siteIds: jsonb('site_ids').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    uniqueIndex('scim_groups_org_name_live_key')
      .on(t.orgId, sql`lower(${t.displayName})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const scimGroupMembers = pgTable(
  'scim_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => scimGroups.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('scim_group_members_user_idx').on(t.userId)],
);
