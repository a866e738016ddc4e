import type { Database, Tx } from '../../db/client.js';
import { organizations } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

export type OrganizationRow = typeof organizations.$inferSelect;

export interface NewOrganization {
  name: string;
  email?: string | null;
  phone?: string | null;
  add1?: string | null;
  add2?: string | null;
  city?: string | null;
  county?: string | null;
  zip?: string | null;
  country?: string | null;
  note?: string;
}

const blankToNull = (value: string | null | undefined) =>
  value === undefined || value === '' ? null : value;

export async function insertOrganization(
  db: Database | Tx,
  input: NewOrganization,
): Promise<OrganizationRow> {
  const [row] = await db
    .insert(organizations)
    .values({
      id: newId(),
      name: input.name,
      email: blankToNull(input.email),
      phone: blankToNull(input.phone),
      add1: blankToNull(input.add1),
      add2: blankToNull(input.add2),
      city: blankToNull(input.city),
      county: blankToNull(input.county),
      zip: blankToNull(input.zip),
      country: blankToNull(input.country),
      note: input.note ?? '',
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}
