import type { Option, SupplierType } from '@console/shared-sdk/contract';
import type { SupplierTypeRow } from './repository.js';

export function toSupplierTypeOption(row: Pick<SupplierTypeRow, 'id' | 'name'>): Option {
  return { value: row.id, label: row.name };
}

/** The one mapping from a supplier type row to what the API answers. */
export function toSupplierTypeDto(row: SupplierTypeRow): SupplierType {
  return {
    _id: row.id,
    orgId: row.orgId,
    name: row.name,
    ...toSupplierTypeOption(row),
    ownerSiteID: row.ownerSiteId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
