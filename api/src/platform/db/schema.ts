import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  type AnyPgColumn,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  Gender,
  DateFormat,
  KitchenLanguage,
  NationalFigure,
  NotificationSettings,
  Role,
  RoleGrant,
  SubjectDefaults,
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
  /**
   * The figures of its country's law, in °C, that replace a general rule set's (the EU's) at its sites under
   * that set; empty where none are set.
   */
  nationalFigures: jsonb('national_figures').$type<NationalFigure[]>().notNull().default([]),
  /**
   * The organisation's own defaults for subjects the remotes brought (subject → actions per fixed role),
   * each replacing the remote's for its people; empty where it kept the remotes'.
   */
  subjectDefaults: jsonb('subject_defaults').$type<Record<string, SubjectDefaults>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: instant('deleted_at'),
});

/**
 * An organisation's custom role: subject × action pairs its admins gave a name ("Auditor (read only)"). A
 * site admin holding one keeps their sites, and the role's pairs replace the site admin's rules. A change
 * is announced on the sign-in channel, so every instance rebuilds its holders' rules at once.
 */
export const customRoles = pgTable(
  'custom_roles',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    grants: jsonb('grants').$type<RoleGrant[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('custom_roles_org_name_key').on(t.orgId, sql`lower(${t.name})`)],
);

/**
 * A permission subject a registered remote brought (its remote.json's `subjects`), as the API learnt it:
 * every instance builds its people's rules from this table, so they agree whichever of them learnt it.
 */
export const declaredSubjects = pgTable('declared_subjects', {
  name: text('name').primaryKey(),
  /** The remote that declared it (its name in REMOTES); another remote cannot take it. */
  remote: text('remote').notNull(),
  title: text('title').notNull(),
  siteScoped: boolean('site_scoped').notNull().default(false),
  defaults: jsonb('defaults').$type<SubjectDefaults>().notNull(),
  learntAt: instant('learnt_at').notNull(),
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
    /** The kitchen PIN (4–6 digits) a person signs in with on a shared tablet, hashed like a password. */
    pinHash: text('pin_hash'),
    pinSetAt: instant('pin_set_at'),
    /** The language the kitchen app speaks to this person (the console stays English). */
    language: text('language').$type<KitchenLanguage>().notNull().default('en'),
    /** How the console writes dates for this person: as each site does (SITE), or always en-GB or en-US. */
    dateFormat: text('date_format').$type<DateFormat>().notNull().default('SITE'),
    /** The identity provider's own id of the person (SCIM `externalId`), when a directory manages them. */
    externalId: text('external_id'),
    /** Made or last changed by the company's directory (SCIM) or its single sign-on, not by hand. */
    provisionedBy: text('provisioned_by').$type<'SCIM' | 'SSO'>(),
    /** A site admin's custom role, whose pairs replace the site admin's rules; null for the fixed role's. */
    customRoleId: uuid('custom_role_id').references((): AnyPgColumn => customRoles.id, {
      onDelete: 'set null',
    }),
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

/**
 * A group of an organisation's sites (a region, a brand) that the overview groups, filters and totals by
 * and the scores report compares. A site is in one area or none.
 */
export const areas = pgTable(
  'areas',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    uniqueIndex('areas_org_name_live_key')
      .on(t.orgId, sql`lower(${t.name})`)
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
    /** The area (region, brand) it belongs to, if any. */
    areaId: uuid('area_id').references(() => areas.id),
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
    /**
     * The food-safety rule set its readings are judged by (the contract's rule-sets: GB-ENG, GB-SCT, US-FDA,
     * US-NYC, EU), which also sets the unit and the way the site writes dates.
     */
    jurisdiction: text('jurisdiction').notNull().default('GB-ENG'),
    /** Minutes a failure or overdue task may go unacknowledged before the organisation's admins hear of it. */
    escalationMinutes: integer('escalation_minutes').notNull().default(30),
    /** Minutes a sensor must read outside its limits, without a break, before it alerts (a door opened for a delivery does not). */
    excursionDebounceMinutes: integer('excursion_debounce_minutes').notNull().default(15),
    /** Hours a corrective action may stay open before it is overdue and escalates. */
    actionHours: integer('action_hours').notNull().default(24),
    /** °C a person's probe and a sensor may differ on one item within 10 minutes before it is an event. */
    probeSensorToleranceCelsius: doublePrecision('probe_sensor_tolerance_celsius').notNull().default(2),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    uniqueIndex('sites_org_name_live_key')
      .on(t.orgId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    index('sites_org_idx').on(t.orgId),
    index('sites_area_idx')
      .on(t.areaId)
      .where(sql`${t.areaId} is not null`),
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
    /**
     * A sign-in by PIN on a shared kitchen tablet: the device it was made on (revoking the device ends it)
     * and the one site the session may act on, whatever other sites the person works at.
     */
    deviceId: uuid('device_id').references((): AnyPgColumn => kitchenDevices.id),
    siteId: uuid('site_id').references(() => sites.id),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    revokedAt: instant('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    index('auth_sessions_user_idx').on(t.userId),
    index('auth_sessions_device_idx')
      .on(t.deviceId)
      .where(sql`${t.deviceId} is not null`),
  ],
);

/**
 * A shared kitchen tablet enrolled for one site. A site admin makes it in the console, which shows a
 * one-time enrolment code once; the tablet trades the code for its device secret. Only hashes of either
 * are kept. Revoking a device ends every session made on it.
 */
export const kitchenDevices = pgTable(
  'kitchen_devices',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    enrolmentCodeHash: text('enrolment_code_hash'),
    enrolmentExpiresAt: instant('enrolment_expires_at'),
    secretHash: text('secret_hash'),
    enrolledAt: instant('enrolled_at'),
    lastSeenAt: instant('last_seen_at'),
    createdBy: uuid('created_by').references(() => users.id),
    revokedAt: instant('revoked_at'),
    revokedBy: uuid('revoked_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('kitchen_devices_org_site_idx').on(t.orgId, t.siteId),
    uniqueIndex('kitchen_devices_enrolment_code_key')
      .on(t.enrolmentCodeHash)
      .where(sql`${t.enrolmentCodeHash} is not null`),
    uniqueIndex('kitchen_devices_secret_key')
      .on(t.secretHash)
      .where(sql`${t.secretHash} is not null`),
  ],
);

/**
 * The client-made id of each staff write (a reading, a tick, a completion, a comment, a log, a near miss):
 * the kitchen app sends its queue again after a lost answer, and a write whose id is here already answers
 * what it made the first time instead of making a second record.
 */
export const staffClientWrites = pgTable(
  'staff_client_writes',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    clientId: uuid('client_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The call (`PUT /task-new-version/complete`), so one id cannot be replayed against another call. */
    call: text('call').notNull(),
    /** The record the write made or changed. */
    recordId: uuid('record_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.clientId] })],
);

/**
 * Keys the server makes for itself once and every instance shares (the Web Push VAPID key pair when the
 * configuration gives none).
 */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<Record<string, string>>().notNull(),
  createdAt: createdAt(),
});

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
