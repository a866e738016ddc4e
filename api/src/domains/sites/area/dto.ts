import type { Area, AreaRef, Option } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { siteCountsOf, type AreaRow } from './repository.js';

export const toAreaRef = (row: Pick<AreaRow, 'id' | 'name'>): AreaRef => ({ _id: row.id, name: row.name });

export const toAreaOption = (row: Pick<AreaRow, 'id' | 'name'>): Option => ({
  value: row.id,
  label: row.name,
});

/** The one mapping from area rows to what the API answers, their live sites counted in one query. */
export async function areaDtos(db: Database | Tx, rows: readonly AreaRow[]): Promise<Area[]> {
  const counts = await siteCountsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    _id: row.id,
    orgId: row.orgId,
    name: row.name,
    siteCount: counts.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}
