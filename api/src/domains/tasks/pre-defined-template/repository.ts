import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { LibraryTemplate } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { checklistTemplates, libraryTemplates } from '../schema.js';
import { checklistDto, copiedChecklist } from '../template-panel/checklist.js';
import { templateRecords, type TemplateRow } from '../template-panel/repository.js';

export type LibraryTemplateRow = typeof libraryTemplates.$inferSelect;

/** The library templates the organisation holds a live copy of. */
async function importedBy(db: Database, orgId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ id: checklistTemplates.libraryTemplateId })
    .from(checklistTemplates)
    .where(
      and(
        eq(checklistTemplates.orgId, orgId),
        isNull(checklistTemplates.deletedAt),
        isNotNull(checklistTemplates.libraryTemplateId),
      ),
    );
  return new Set(rows.flatMap((row) => (row.id === null ? [] : [row.id])));
}

/**
 * Library templates by name (or the one with `id`), each saying whether `orgId` already imported it; a
 * platform admin who names no organisation sees none imported.
 */
export async function libraryFor(
  db: Database,
  orgId: string | null,
  id?: string,
): Promise<LibraryTemplate[]> {
  const rows = await db
    .select()
    .from(libraryTemplates)
    .where(id === undefined ? undefined : eq(libraryTemplates.id, id))
    .orderBy(asc(sql`lower(${libraryTemplates.name})`), libraryTemplates.id);
  const imported = orgId === null ? new Set<string>() : await importedBy(db, orgId);
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    checkListItems: checklistDto(row.items),
    imported: imported.has(row.id),
  }));
}

export async function findLibraryTemplate(
  db: Database | Tx,
  id: string,
): Promise<LibraryTemplateRow | undefined> {
  const [row] = await db.select().from(libraryTemplates).where(eq(libraryTemplates.id, id));
  return row;
}

/**
 * A copy of a library template in the organisation, named `name` or as in the library (409 on `name` when
 * the organisation already has a template called that). Its lines get ids of their own.
 */
export const importLibraryTemplate = (
  tx: Tx,
  place: { orgId: string; ownerSiteId: string | null },
  source: LibraryTemplateRow,
  name: string | undefined,
  now: Date,
): Promise<TemplateRow> =>
  templateRecords.insert(
    tx,
    { orgId: place.orgId },
    {
      ownerSiteId: place.ownerSiteId,
      name: name ?? source.name,
      description: source.description,
      type: source.type,
      items: copiedChecklist(source.items),
      libraryTemplateId: source.id,
    },
    now,
  );
