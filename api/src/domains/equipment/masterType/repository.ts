import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  coldStorageLimitIssues,
  withDefaultLimits,
  type ListQuery,
  type MasterTypeFields,
  type MasterTypeSortColumn,
  type MasterTypeType,
  type TemperatureItemFields,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { QueryForIds } from '../../../platform/db/prepared.js';
import { masterTypes, temperatureItems } from '../schema.js';
import { badRequest, fieldError, type FieldErrors } from '../../../platform/http/errors.js';
import { newId } from '../../../platform/db/ids.js';
import { recordsOf } from '../../../platform/http/repository.js';
import type { SitePlace } from '../../../platform/http/site-scope.js';
import { rulesOfSite } from '../../sites/index.js';

export type MasterTypeRow = typeof masterTypes.$inferSelect;
export type TemperatureItemRow = typeof temperatureItems.$inferSelect;

/** What a person calls each type, for messages. */
export const masterTypeLabels: Record<MasterTypeType, string> = { FRIDGE: 'Fridge', FREEZER: 'Freezer' };

export const masterTypeRecords = recordsOf<
  typeof masterTypes,
  ListQuery<MasterTypeSortColumn> & { type?: MasterTypeType | undefined }
>({
  table: masterTypes,
  placedOn: 'site',
  sort: {
    _id: masterTypes.id,
    name: sql`lower(${masterTypes.name})`,
    type: masterTypes.type,
    createdAt: masterTypes.createdAt,
    updatedAt: masterTypes.updatedAt,
  },
  search: [masterTypes.name],
  filters: (query) => [query.type === undefined ? undefined : eq(masterTypes.type, query.type)],
  name: {
    column: masterTypes.name,
    field: 'name',
    what: (own) => `A ${masterTypeLabels[own.type].toLowerCase()}`,
    within: (own) => eq(masterTypes.type, own.type),
  },
});

const itemColumns = (item: TemperatureItemFields, position: number) => ({
  name: item.name,
  location: item.location,
  lowerLimit: item.lowerLimit,
  upperLimit: item.upperLimit,
  position,
});

/**
 * Makes `items` the fridge's list, in that order. An item sent with its `_id` is kept and edited in place
 * (limits are per item; a reading records the limits it was judged by); an item left out is retired, not
 * deleted, so readings logged against it keep their item. An `_id` that is not one of this fridge's live
 * items is refused, so ids cannot be carried from another fridge or tenant.
 */
async function saveItems(
  db: Database | Tx,
  masterTypeId: string,
  items: readonly TemperatureItemFields[],
  now: Date,
) {
  const live = await db
    .select({ id: temperatureItems.id })
    .from(temperatureItems)
    .where(and(eq(temperatureItems.masterTypeId, masterTypeId), isNull(temperatureItems.deletedAt)));
  const liveIds = new Set(live.map((row) => row.id));
  items.forEach((item, index) => {
    if (item._id !== undefined && !liveIds.has(item._id)) {
      throw fieldError(
        `temperatureItems.${index}._id`,
        'Not one of the temperature items of this fridge or freezer',
      );
    }
  });
  const kept = new Set(items.flatMap((item) => (item._id === undefined ? [] : [item._id])));
  const retired = [...liveIds].filter((id) => !kept.has(id));
  if (retired.length > 0) {
    await db
      .update(temperatureItems)
      .set({ deletedAt: now, updatedAt: now })
      .where(inArray(temperatureItems.id, retired));
  }
  const added: (typeof temperatureItems.$inferInsert)[] = [];
  for (const [position, item] of items.entries()) {
    if (item._id === undefined) {
      added.push({
        id: newId(),
        masterTypeId,
        ...itemColumns(item, position),
        createdAt: now,
        updatedAt: now,
      });
    } else {
      await db
        .update(temperatureItems)
        .set({ ...itemColumns(item, position), updatedAt: now })
        .where(eq(temperatureItems.id, item._id));
    }
  }
  if (added.length > 0) await db.insert(temperatureItems).values(added);
}

/**
 * The items as stored, judged against the rule set of the site they are on: an upper limit looser than it
 * allows needs the body's reason, an upper limit left out takes its default. 400 naming every such field.
 */
async function itemsUnderRules(
  tx: Tx,
  siteId: string,
  input: MasterTypeFields,
): Promise<TemperatureItemFields[]> {
  const rules = await rulesOfSite(tx, siteId);
  const issues = coldStorageLimitIssues(input, rules);
  const [first] = issues;
  if (first) {
    const fieldErrors: FieldErrors = {};
    for (const { path, message } of issues) (fieldErrors[path.join('.')] ??= []).push(message);
    throw badRequest(`${first.path.join('.')}: ${first.message}`, fieldErrors);
  }
  return withDefaultLimits(input.type, input.temperatureItems, rules);
}

/** Creates a fridge or freezer with its items. Call inside a transaction: a rejected item writes nothing. */
export async function insertMasterType(
  tx: Tx,
  place: SitePlace,
  input: MasterTypeFields,
  now: Date,
): Promise<MasterTypeRow> {
  const items = await itemsUnderRules(tx, place.siteID, input);
  const row = await masterTypeRecords.insert(tx, place, { type: input.type, name: input.name }, now);
  await saveItems(tx, row.id, items, now);
  return row;
}

/** Updates a fridge or freezer on `siteId` (its own or the one it moves to) and replaces its item list. */
export async function updateMasterType(
  tx: Tx,
  current: MasterTypeRow,
  siteId: string,
  input: MasterTypeFields,
  now: Date,
): Promise<MasterTypeRow> {
  const items = await itemsUnderRules(tx, siteId, input);
  const row = await masterTypeRecords.update(
    tx,
    current,
    { type: input.type, name: input.name },
    now,
    siteId,
  );
  await saveItems(tx, row.id, items, now);
  return row;
}

/** Every live fridge and freezer of one site: fridges first, then by name. */
export function masterTypesOfSite(db: Database, place: SitePlace): Promise<MasterTypeRow[]> {
  return masterTypeRecords.all(db, { orgId: place.orgId, siteIds: [place.siteID] }, undefined, [
    asc(masterTypes.type),
    sql`lower(${masterTypes.name})`,
  ]);
}

const itemsOfMasterTypes = new QueryForIds('temperature_items', (db, masterTypeIds) =>
  db
    .select()
    .from(temperatureItems)
    .where(
      and(inArray(temperatureItems.masterTypeId, [...masterTypeIds]), isNull(temperatureItems.deletedAt)),
    )
    .orderBy(temperatureItems.position, temperatureItems.id),
);

/** The live items of several fridges and freezers in one query, by master type id, in list order. */
export async function itemsByMasterType(
  db: Database | Tx,
  masterTypeIds: readonly string[],
): Promise<Map<string, TemperatureItemRow[]>> {
  const byMasterType = new Map<string, TemperatureItemRow[]>();
  if (masterTypeIds.length === 0) return byMasterType;
  for (const row of await itemsOfMasterTypes.run(db, masterTypeIds)) {
    const list = byMasterType.get(row.masterTypeId) ?? [];
    list.push(row);
    byMasterType.set(row.masterTypeId, list);
  }
  return byMasterType;
}
