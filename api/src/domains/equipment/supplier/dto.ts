import type { Supplier } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { toSupplierTypeOption } from '../supplierType/dto.js';
import type { SupplierTypeRow } from '../supplierType/repository.js';
import { typesBySupplier, type SupplierRow } from './repository.js';

/** The one mapping from a supplier row and its types to what the API answers. */
export function toSupplierDto(row: SupplierRow, types: readonly SupplierTypeRow[]): Supplier {
  return {
    _id: row.id,
    orgId: row.orgId,
    siteID: row.siteId,
    supplierName: row.supplierName,
    supplierContactPersonName: row.contactPersonName,
    email: row.email,
    mobileNumber: row.mobileNumber,
    supplierTypes: types.map(toSupplierTypeOption),
    supplierTypeIDs: types.map((type) => type.id),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** DTOs for a page of suppliers, their types loaded in one query. */
export async function supplierDtos(db: Database | Tx, rows: readonly SupplierRow[]): Promise<Supplier[]> {
  const types = await typesBySupplier(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toSupplierDto(row, types.get(row.id) ?? []));
}
