import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FoodItemType, MasterTypeType } from '@console/shared-sdk/contract';
import { createdAt, instant, updatedAt } from '../../platform/db/columns.js';
import { orgRecord, siteRecord, sites } from '../../platform/db/schema.js';

// Equipment: suppliers, supplier types, food items and probes, fridges and freezers.
// Site records are soft-deleted: temperature logs will point at them, and an inspector must still be able
// to read which fridge a past reading came from. A deleted record's name is free again.

/** The organisation's catalogue of supplier kinds (butcher, dairy, ...), shared by all its sites. */
export const supplierTypes = pgTable(
  'supplier_types',
  {
    ...orgRecord(),
    /**
     * The site whose admin made it, which that site's admins may change; null for the organisation's own,
     * which only organisation admins change (docs/decisions.md).
     */
    ownerSiteId: uuid('owner_site_id').references(() => sites.id),
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

/**
 * A wireless sensor that logs a fridge's or freezer's temperature item, or a probe, on its own (issue 24).
 * It signs in with a device key shown once when it is made or rotated: only the key's SHA-256 is kept.
 * `excursion_since` is when its readings left the limits and have stayed out (the debounce's start), and
 * `offline_since` when it was found silent (until it speaks again).
 */
export const sensors = pgTable(
  'sensors',
  {
    ...siteRecord(),
    name: text('name').notNull(),
    /** The fridge's or freezer's item it logs; else `foodItemId` names the probe. */
    temperatureItemId: uuid('temperature_item_id').references(() => temperatureItems.id),
    foodItemId: uuid('food_item_id').references(() => foodItems.id),
    keyHash: text('key_hash').notNull(),
    /** The key's first characters, to tell keys apart on screen. */
    keyPrefix: text('key_prefix').notNull(),
    keyCreatedAt: instant('key_created_at').notNull(),
    revokedAt: instant('revoked_at'),
    lastSeenAt: instant('last_seen_at'),
    lastReadAt: instant('last_read_at'),
    lastCelsius: doublePrecision('last_celsius'),
    excursionSince: instant('excursion_since'),
    offlineSince: instant('offline_since'),
  },
  (t) => [
    uniqueIndex('sensors_key_hash_key').on(t.keyHash),
    uniqueIndex('sensors_site_name_live_key')
      .on(t.siteId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    index('sensors_org_site_idx').on(t.orgId, t.siteId),
    check('sensors_one_item_check', sql`(${t.temperatureItemId} is null) <> (${t.foodItemId} is null)`),
  ],
);

/** Each batch line a sensor sent, by its sequence: a batch sent again stores nothing twice. */
export const sensorReceipts = pgTable(
  'sensor_receipts',
  {
    sensorId: uuid('sensor_id')
      .notNull()
      .references(() => sensors.id),
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
    /** The reading it made. */
    readingId: uuid('reading_id').notNull(),
    receivedAt: instant('received_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sensorId, t.sequence] })],
);
