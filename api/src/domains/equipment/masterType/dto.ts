import type { MasterType } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { itemsByMasterType, type MasterTypeRow, type TemperatureItemRow } from './repository.js';

/** The one mapping from a fridge or freezer row and its items to what the API answers. */
export function toMasterTypeDto(row: MasterTypeRow, items: readonly TemperatureItemRow[]): MasterType {
  return {
    _id: row.id,
    orgId: row.orgId,
    siteID: row.siteId,
    name: row.name,
    type: row.type,
    temperatureItems: items.map((item) => ({
      _id: item.id,
      name: item.name,
      location: item.location,
      lowerLimit: item.lowerLimit,
      upperLimit: item.upperLimit,
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** DTOs for several fridges and freezers, their items loaded in one query. */
export async function masterTypeDtos(
  db: Database | Tx,
  rows: readonly MasterTypeRow[],
): Promise<MasterType[]> {
  const items = await itemsByMasterType(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toMasterTypeDto(row, items.get(row.id) ?? []));
}
