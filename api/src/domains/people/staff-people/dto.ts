import type { InvitationState, StaffMember } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { detailsOfPeople, type PersonDetails, type PersonInvitation, type StaffRow } from './repository.js';

/** ACCEPTED once a password is set; PENDING while a link works; EXPIRED otherwise (invite again). */
export function invitationState(
  row: Pick<StaffRow, 'hasPassword'>,
  invitation?: PersonInvitation,
): InvitationState {
  if (row.hasPassword) return 'ACCEPTED';
  return invitation?.pending ? 'PENDING' : 'EXPIRED';
}

/** People as the API answers them, with their sites, departments and invitation: one more query a page. */
export async function staffDtos(
  db: Database | Tx,
  rows: readonly StaffRow[],
  now: Date,
): Promise<StaffMember[]> {
  const details = await detailsOfPeople(
    db,
    rows.map((row) => row.id),
    now,
  );
  return rows.map((row) => staffDto(row, details.get(row.id)));
}

/** One person as the API answers them, from their row and what their DTO adds (none: no site, no department). */
export function staffDto(row: StaffRow, own: PersonDetails | undefined): StaffMember {
  const invitation = own?.invitation;
  return {
    _id: row.id,
    userID: row.id,
    orgId: row.orgId,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: `${row.firstName} ${row.lastName}`,
    email: row.email,
    mobileNumber: row.mobileNumber,
    gender: row.gender,
    userRole: row.role,
    status: row.status,
    siteIDs: own?.sites.map((site) => site._id) ?? [],
    sites: own?.sites ?? [],
    departmentID: own?.departments.map((department) => department._id) ?? [],
    departments: own?.departments ?? [],
    invitation: invitationState(row, invitation),
    provisionedBy: row.provisionedBy,
    invitedAt: invitation?.invitedAt?.toISOString() ?? null,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
