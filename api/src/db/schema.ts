import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  FoodItemType,
  Gender,
  HistoryAction,
  MasterTypeType,
  NotificationSettings,
  Role,
  SlotWindows,
  Timing,
} from '@console/shared-sdk/contract';

/** A history entry's change: JSON snapshots of the record before and after, as lib/history.ts writes them. */
export interface HistoryChanges {
  before: unknown;
  after: unknown;
}

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => instant('created_at').notNull().defaultNow();
const updatedAt = () => instant('updated_at').notNull().defaultNow();

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    uniqueIndex('users_email_live_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.deletedAt} is null`),
    index('users_org_idx').on(t.orgId),
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

// ---- equipment: suppliers, supplier types, food items and probes, fridges and freezers ------------------
// Site records are soft-deleted: temperature logs will point at them, and an inspector must still be able
// to read which fridge a past reading came from. A deleted record's name is free again.

/** What every organisation record has: its id, its organisation, and when it was made, changed and retired. */
const orgRecord = () => ({
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id')
    .notNull()
    .references(() => organizations.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: instant('deleted_at'),
});

/** An organisation record that belongs to one site (the rules of lib/site-scope.ts apply to it). */
const siteRecord = () => ({
  ...orgRecord(),
  siteId: uuid('site_id')
    .notNull()
    .references(() => sites.id),
});

/** The organisation's catalogue of supplier kinds (butcher, dairy, ...), shared by all its sites. */
export const supplierTypes = pgTable(
  'supplier_types',
  {
    ...orgRecord(),
    name: text('name').notNull(),
  },
  (t) => [
    uniqueIndex('supplier_types_org_name_live_key')
      .on(t.orgId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const suppliers = pgTable(
  'suppliers',
  {
    ...siteRecord(),
    supplierName: text('supplier_name').notNull(),
    contactPersonName: text('contact_person_name'),
    email: text('email'),
    mobileNumber: text('mobile_number'),
  },
  (t) => [
    uniqueIndex('suppliers_site_name_live_key')
      .on(t.siteId, sql`lower(${t.supplierName})`)
      .where(sql`${t.deletedAt} is null`),
    index('suppliers_org_site_idx').on(t.orgId, t.siteId),
  ],
);

export const supplierSupplierTypes = pgTable(
  'supplier_supplier_types',
  {
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    supplierTypeId: uuid('supplier_type_id')
      .notNull()
      .references(() => supplierTypes.id),
  },
  (t) => [
    primaryKey({ columns: [t.supplierId, t.supplierTypeId] }),
    index('supplier_supplier_types_type_idx').on(t.supplierTypeId),
  ],
);

/** Food items and probes share one table, told apart by `type` (FOODITEM or PROB). */
export const foodItems = pgTable(
  'food_items',
  {
    ...siteRecord(),
    type: text('type').$type<FoodItemType>().notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [
    uniqueIndex('food_items_site_type_name_live_key')
      .on(t.siteId, t.type, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    index('food_items_org_site_idx').on(t.orgId, t.siteId),
  ],
);

/** Fridges and freezers (the spec's master types), told apart by `type`. */
export const masterTypes = pgTable(
  'master_types',
  {
    ...siteRecord(),
    type: text('type').$type<MasterTypeType>().notNull(),
    name: text('name').notNull(),
  },
  (t) => [
    uniqueIndex('master_types_site_type_name_live_key')
      .on(t.siteId, t.type, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    index('master_types_org_site_idx').on(t.orgId, t.siteId),
  ],
);

/**
 * What is checked in a fridge or freezer (a shelf, a compartment) and the limits a reading must meet, in
 * °C; null means no bound on that side. Retired items are soft-deleted so past readings keep their item.
 */
export const temperatureItems = pgTable(
  'temperature_items',
  {
    id: uuid('id').primaryKey(),
    masterTypeId: uuid('master_type_id')
      .notNull()
      .references(() => masterTypes.id),
    name: text('name').notNull(),
    location: text('location').notNull().default(''),
    lowerLimit: doublePrecision('lower_limit'),
    upperLimit: doublePrecision('upper_limit'),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    index('temperature_items_master_type_idx').on(t.masterTypeId, t.position),
    check(
      'temperature_items_limits_check',
      sql`${t.lowerLimit} is null or ${t.upperLimit} is null or ${t.lowerLimit} < ${t.upperLimit}`,
    ),
  ],
);

// ---- record history -------------------------------------------------------------------------------------

/**
 * Who changed which record, how, when and why (DOMAIN.md "Logs and incidents"), for every subject that
 * declares a history. Append-only: a trigger (migration record_history) refuses UPDATE, DELETE and TRUNCATE. The
 * entries of one organisation form a hash chain in `position` order, each holding the hash of the one
 * before, so an entry changed or removed behind the application's back breaks the chain (lib/history.ts).
 */
export const historyEntries = pgTable(
  'record_history',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    /** Null for records of the whole organisation. */
    siteId: uuid('site_id'),
    /** The ability subject of the record, e.g. 'MasterType'. */
    subject: text('subject').notNull(),
    recordId: uuid('record_id').notNull(),
    action: text('action').$type<HistoryAction>().notNull(),
    /** `{ before, after }`: the record's snapshots, null where there is none (create, delete). */
    changes: jsonb('changes').$type<HistoryChanges>().notNull(),
    reason: text('reason'),
    actorId: uuid('actor_id'),
    /** The actor's name at the time: the history must not change when the person is renamed. */
    actorName: text('actor_name').notNull(),
    at: instant('at').notNull(),
    /** 1, 2, 3, ... within the organisation: the chain's order. */
    position: integer('position').notNull(),
    previousHash: text('previous_hash'),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('record_history_org_position_key').on(t.orgId, t.position),
    index('record_history_record_idx').on(t.orgId, t.subject, t.recordId, t.position),
  ],
);
