import type { Template, TemplateOption } from '@console/shared-sdk/contract';
import { checklistDto } from './checklist.js';
import type { TemplateRow } from './repository.js';

/** The one mapping from a template row to what the API answers. */
export const toTemplateDto = (row: TemplateRow): Template => ({
  _id: row.id,
  orgId: row.orgId,
  name: row.name,
  description: row.description,
  type: row.type,
  checkListItems: checklistDto(row.items),
  libraryTemplateID: row.libraryTemplateId,
  ownerSiteID: row.ownerSiteId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toTemplateOption = (row: TemplateRow): TemplateOption => ({
  _id: row.id,
  value: row.id,
  label: row.name,
  name: row.name,
  type: row.type,
  itemCount: row.items.length,
});
