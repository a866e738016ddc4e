import { sql } from 'drizzle-orm';
import {
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  Gender,
  NotificationSettings,
  Role,
  SlotWindows,
  StaffStatus,
  Timing,
} from '@console/shared-sdk/contract';
import { createdAt, instant, updatedAt } from './columns.js';

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email'),
  phone: text('phone'),
  add1: text('add1'),
  add2: text('add2'),
  city: text('city'),
  county: text('county'),
  zip: text('zip'),
  country: text('country'),
  note: text('note').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: instant('deleted_at'),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id').references(() => organizations.id),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role').$type<Role>().notNull(),
    mobileNumber: text('mobile_number'),
    gender: text('gender').$type<Gender>(),
    notificationSettings: jsonb('notification_settings').$type<NotificationSettings>().notNull(),
    /** INACTIVE people cannot sign in anywhere; deactivating one ends their sessions. */
    status: text('status').$type<StaffStatus>().notNull().default('ACTIVE'),
    lastSignInAt: instant('last_sign_in_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    uniqueIndex('users_email_live_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.deletedAt} is null`),
    index('users_org_idx').on(t.orgId),
    // The staff list's default order: a page is read in index order instead of sorting every person.
    index('users_org_full_name_idx')
      .on(t.orgId, sql`lower(${t.firstName})`, sql`lower(${t.lastName})`, t.id)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const sites = pgTable(
  'sites',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    add1: text('add1'),
    add2: text('add2'),
    city: text('city'),
    county: text('county'),
    state: text('state'),
    country: text('country').notNull(),
    zip: text('zip'),
    googlePlaceId: text('google_place_id'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    timeZoneId: text('time_zone_id').notNull(),
    timing: jsonb('timing').$type<Timing>().notNull(),
    slotWindows: jsonb('slot_windows').$type<SlotWindows>().notNull().default({}),
    /** The reheating check's lower limit (DOMAIN.md: 75 °C; 82 °C in Scotland). */
    reheatLimitCelsius: doublePrecision('reheat_limit_celsius').notNull().default(75),
    /** Minutes a failure or overdue task may go unacknowledged before the organisation's admins hear of it. */
    escalationMinutes: integer('escalation_minutes').notNull().default(30),
    /** Minutes a sensor must read outside its limits, without a break, before it alerts (a door opened for a delivery does not). */
    excursionDebounceMinutes: integer('excursion_debounce_minutes').notNull().default(15),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    uniqueIndex('sites_org_name_live_key')
      .on(t.orgId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    index('sites_org_idx').on(t.orgId),
  ],
);

/** The spec's `siteAdminList`: which site admins (and staff) belong to which sites. */
export const siteMembers = pgTable(
  'site_members',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.userId] }), index('site_members_user_idx').on(t.userId)],
);

/** A sign-in: the family every rotated refresh token of one login belongs to. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    client: text('client').$type<'WEB' | 'MOBILE'>().notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    revokedAt: instant('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

/** One-time links sent by e-mail: password resets and invitations to set a first password. */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose').$type<'RESET' | 'INVITE'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_tokens_hash_key').on(t.tokenHash)],
);

/** Failed sign-ins, counted per account and per address for the login rate limit. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_failures_key_idx').on(t.key, t.createdAt)],
);

export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id').references(() => organizations.id),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('files_storage_key_key').on(t.storageKey)],
);

/** What every organisation record has: its id, its organisation, and when it was made, changed and retired. */
export const orgRecord = () => ({
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id')
    .notNull()
    .references(() => organizations.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: instant('deleted_at'),
});

/** An organisation record that belongs to one site (the rules of platform/http/site-scope.ts apply to it). */
export const siteRecord = () => ({
  ...orgRecord(),
  siteId: uuid('site_id')
    .notNull()
    .references(() => sites.id),
});
