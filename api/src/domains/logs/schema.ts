import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  ComplianceAnswerRecord,
  DocumentCategory,
  LogType,
  NearMissCategory,
  NearMissFollowUpRecord,
  ReadingSource,
  RecordStatus,
  TemperatureResult,
} from '@console/shared-sdk/contract';
import { createdAt, instant } from '../../platform/db/columns.js';
import { files, orgRecord, siteRecord, sites, users } from '../../platform/db/schema.js';
import { foodItems, sensors, temperatureItems } from '../equipment/index.js';
import { checklistTemplates } from '../tasks/index.js';

// The logs an inspector asks to see (DOMAIN.md "Temperature checks", "Logs and incidents"): temperature
// readings, compliance logs, near misses and documents. They come in from staff on the mobile app and are
// reviewed in the console. Every change to one is kept in record_history with a reason, so rows here are
// the current state and the history is the record of how they got there.

/**
 * One temperature reading. The limits in force when it was taken are copied into it, so a later change of
 * an item's limits never changes whether a past reading passed. `read_at` is the device's time and
 * `received_at` the server's: more than 30 minutes between them marks the reading back-filled.
 */
export const temperatureReadings = pgTable(
  'temperature_readings',
  {
    ...siteRecord(),
    logType: text('log_type').$type<LogType>().notNull(),
    /** A fridge's or freezer's temperature item; else `foodItemId` names the probe or food item. */
    temperatureItemId: uuid('temperature_item_id').references(() => temperatureItems.id),
    foodItemId: uuid('food_item_id').references(() => foodItems.id),
    /** Which check of the log type's standard was made (a delivery's CHILLED or FROZEN, say). */
    checkKind: text('check_kind').notNull(),
    celsius: doublePrecision('celsius').notNull(),
    readAt: instant('read_at').notNull(),
    receivedAt: instant('received_at').notNull(),
    /** Who took it; null for a sensor's reading (`sensor_id`). */
    readBy: uuid('read_by').references(() => users.id),
    source: text('source').$type<ReadingSource>().notNull().default('STAFF'),
    sensorId: uuid('sensor_id').references(() => sensors.id),
    lowerLimit: doublePrecision('lower_limit'),
    upperLimit: doublePrecision('upper_limit'),
    /** Above the upper limit but at most this warns rather than fails (a fridge's 5 to 8 °C). */
    warnUpTo: doublePrecision('warn_up_to'),
    /**
     * The rule set it was judged by (its site's when it was taken): its legal limits and its checks' words
     * stay that set's when the site later changes jurisdiction.
     */
    jurisdiction: text('jurisdiction').notNull().default('GB-ENG'),
    result: text('result').$type<TemperatureResult>().notNull(),
    correctiveAction: text('corrective_action'),
    note: text('note'),
    /** A cooked-core reading that starts cooling: when cooling began (its follow-up is due 90 minutes on). */
    coolingStartedAt: instant('cooling_started_at'),
    /** A hot-holding reading that ends the hold (the food left the hot cupboard): no re-check follows. */
    hotHoldEnded: boolean('hot_hold_ended').notNull().default(false),
    backFilled: boolean('back_filled')
      .generatedAlwaysAs(sql`received_at - read_at > interval '30 minutes'`)
      .notNull(),
  },
  (t) => [
    // A site's list is always a date range, newest first; the filters narrow within it. NULLS FIRST is
    // what ORDER BY ... DESC means in PostgreSQL: with drizzle's default (NULLS LAST) the index cannot
    // give a page in order, and every row of the range is sorted for each page.
    index('temperature_readings_site_read_idx')
      .on(t.siteId, t.readAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('temperature_readings_item_read_idx')
      .on(t.temperatureItemId, t.readAt)
      .where(sql`${t.temperatureItemId} is not null`),
    index('temperature_readings_food_item_read_idx')
      .on(t.foodItemId, t.readAt)
      .where(sql`${t.foodItemId} is not null`),
    check(
      'temperature_readings_reader_check',
      sql`(${t.source} = 'STAFF' and ${t.readBy} is not null) or (${t.source} = 'SENSOR' and ${t.sensorId} is not null)`,
    ),
    check(
      'temperature_readings_one_item_check',
      sql`(${t.temperatureItemId} is null) <> (${t.foodItemId} is null)`,
    ),
    check(
      'temperature_readings_corrective_action_check',
      // A sensor's failing reading waits for a person's corrective action (the excursion's alert asks for it).
      sql`${t.result} <> 'FAIL' or ${t.correctiveAction} is not null or ${t.source} = 'SENSOR'`,
    ),
  ],
);

/**
 * A compliance log: a checklist of one of the ten log types, answered by staff. The template's name and
 * questions are copied into `answers`, so editing the template later leaves the log as it was answered.
 */
export const complianceLogs = pgTable(
  'compliance_logs',
  {
    ...siteRecord(),
    logType: text('log_type').$type<LogType>().notNull(),
    templateId: uuid('template_id').references(() => checklistTemplates.id),
    title: text('title').notNull(),
    answers: jsonb('answers').$type<ComplianceAnswerRecord[]>().notNull(),
    /**
     * The rule set its temperatures were judged by (its site's when it was submitted): a correction is
     * judged by it again, and its words and legal limits stay that set's when the site changes jurisdiction.
     */
    jurisdiction: text('jurisdiction').notNull().default('GB-ENG'),
    status: text('status').$type<RecordStatus>().notNull(),
    result: text('result').$type<'PASS' | 'FAIL'>().notNull(),
    note: text('note'),
    submittedBy: uuid('submitted_by')
      .notNull()
      .references(() => users.id),
    submittedAt: instant('submitted_at').notNull(),
    receivedAt: instant('received_at').notNull(),
    reviewNote: text('review_note'),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: instant('reviewed_at'),
  },
  (t) => [
    index('compliance_logs_site_submitted_idx')
      .on(t.siteId, t.submittedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * A near miss or incident. Status REPORTED, then PENDING (under investigation), then COMPLETED (closed
 * with an outcome); the follow-up actions are part of the report and change with it.
 */
export const nearMisses = pgTable(
  'near_misses',
  {
    ...siteRecord(),
    category: text('category').$type<NearMissCategory>().notNull(),
    title: text('title').notNull(),
    whatHappened: text('what_happened').notNull(),
    location: text('location').notNull(),
    occurredAt: instant('occurred_at').notNull(),
    peopleInvolved: text('people_involved').notNull().default(''),
    injuries: text('injuries').notNull().default(''),
    immediateAction: text('immediate_action').notNull().default(''),
    followUps: jsonb('follow_ups').$type<NearMissFollowUpRecord[]>().notNull().default([]),
    status: text('status').$type<RecordStatus>().notNull(),
    outcome: text('outcome'),
    reportedBy: uuid('reported_by')
      .notNull()
      .references(() => users.id),
    reportedAt: instant('reported_at').notNull(),
    receivedAt: instant('received_at').notNull(),
    closedAt: instant('closed_at'),
  },
  (t) => [
    index('near_misses_site_occurred_idx')
      .on(t.siteId, t.occurredAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    check(
      'near_misses_closed_outcome_check',
      sql`${t.status} <> 'COMPLETED' or (${t.outcome} is not null and ${t.closedAt} is not null)`,
    ),
  ],
);

/** The photos of a near-miss report, in the order they were added. */
export const nearMissPhotos = pgTable(
  'near_miss_photos',
  {
    nearMissId: uuid('near_miss_id')
      .notNull()
      .references(() => nearMisses.id),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.nearMissId, t.fileId] })],
);

/**
 * A document (a licence, a certificate, a policy) of one site or, with no site, of the whole organisation,
 * with its files and an optional expiry date, a local date.
 */
export const documents = pgTable(
  'documents',
  {
    ...orgRecord(),
    siteId: uuid('site_id').references(() => sites.id),
    name: text('name').notNull(),
    category: text('category').$type<DocumentCategory>().notNull(),
    expiresOn: date('expires_on', { mode: 'string' }),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id),
  },
  (t) => [
    index('documents_org_site_idx')
      .on(t.orgId, t.siteId)
      .where(sql`${t.deletedAt} is null`),
    index('documents_org_expires_idx')
      .on(t.orgId, t.expiresOn)
      .where(sql`${t.deletedAt} is null and ${t.expiresOn} is not null`),
  ],
);

/** A document's files, in order; a file removed from a document keeps its row for the history. */
export const documentFiles = pgTable(
  'document_files',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    removedAt: instant('removed_at'),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.fileId] })],
);
