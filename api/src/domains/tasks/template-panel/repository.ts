import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { templateInputSchema, templateListQuerySchema } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { checklistTemplates } from '../schema.js';
import { recordsOf, type RecordScope } from '../../../platform/http/repository.js';
import { checklistFromForm } from './checklist.js';

export type TemplateRow = typeof checklistTemplates.$inferSelect;
export type TemplateFields = z.output<typeof templateInputSchema>;
export type TemplateListQuery = z.output<typeof templateListQuerySchema>;

export const templateRecords = recordsOf<typeof checklistTemplates, TemplateListQuery>({
  table: checklistTemplates,
  placedOn: 'organisation',
  sort: {
    _id: checklistTemplates.id,
    name: sql`lower(${checklistTemplates.name})`,
    type: checklistTemplates.type,
    createdAt: checklistTemplates.createdAt,
    updatedAt: checklistTemplates.updatedAt,
  },
  search: [checklistTemplates.name, checklistTemplates.description],
  filters: (query) => [query.type === undefined ? undefined : eq(checklistTemplates.type, query.type)],
  name: { column: checklistTemplates.name, field: 'name', what: 'A template' },
  ownerSite: checklistTemplates.ownerSiteId,
});

/** A new template of the organisation, belonging to `place.ownerSiteId` (null: the organisation). */
export const insertTemplate = (
  tx: Tx,
  place: { orgId: string; ownerSiteId: string | null },
  fields: Omit<TemplateFields, 'siteID'>,
  now: Date,
) =>
  templateRecords.insert(
    tx,
    { orgId: place.orgId },
    {
      ownerSiteId: place.ownerSiteId,
      name: fields.name,
      description: fields.description,
      type: fields.type ?? null,
      items: checklistFromForm(fields.checkListItems),
    },
    now,
  );

/** Replaces a template's fields and checklist; lines sent with their `_id` keep it. */
export const updateTemplate = (
  tx: Tx,
  current: TemplateRow,
  fields: Omit<TemplateFields, 'siteID'>,
  now: Date,
) =>
  templateRecords.update(
    tx,
    current,
    {
      name: fields.name,
      description: fields.description,
      type: fields.type ?? null,
      items: checklistFromForm(fields.checkListItems, current.items),
    },
    now,
  );

/** Every live template in `scope` (the organisation's, and its sites' own the caller holds), by name. */
export const templatesByName = (db: Database, scope: RecordScope): Promise<TemplateRow[]> =>
  templateRecords.all(db, scope, undefined, [sql`lower(${checklistTemplates.name})`]);
