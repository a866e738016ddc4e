import { Chip } from '@console/shared-sdk/mui';
import type { Option } from '@console/shared-sdk';
import {
  departmentApi,
  type InvitationState,
  type StaffRole,
  type StaffStatus,
} from '@console/shared-sdk/people';
import type { FormContext } from '@console/shared-sdk/ui';

// Pieces the staff and department screens share: words for the contract's values, site-local times and the
// option loaders of the filters and forms (the form's own fields are in staff-place-fields.tsx).

export const staffRoleLabels: Record<StaffRole, string> = {
  STAFF: 'Staff',
  SITE_ADMIN: 'Site admin',
  ORGANIZATION_ADMIN: 'Organisation admin',
};

export const statusLabels: Record<StaffStatus, string> = { ACTIVE: 'Active', INACTIVE: 'Inactive' };

export const invitationLabels: Record<InvitationState, string> = {
  PENDING: 'Invited',
  EXPIRED: 'Invitation expired',
  ACCEPTED: 'Accepted',
};

export const roleOptions: readonly Option[] = Object.entries(staffRoleLabels).map(([value, label]) => ({
  value,
  label,
}));
export const statusOptions: readonly Option[] = Object.entries(statusLabels).map(([value, label]) => ({
  value,
  label,
}));

/** Active people in green, inactive ones plain: the one thing to see at a glance in the list. */
export function StatusBadge({ status }: { status: StaffStatus }) {
  return (
    <Chip
      size="small"
      variant={status === 'ACTIVE' ? 'filled' : 'outlined'}
      color={status === 'ACTIVE' ? 'success' : 'default'}
      label={statusLabels[status]}
    />
  );
}

// ---- option loaders (module-level, so a select loads once per site rather than on every render) ---------

/** The selected site's departments, for the staff list's filter. */
export const loadDepartmentsOfSite = async (context: FormContext): Promise<Option[]> =>
  context.siteID ? departmentApi.simpleList(context.siteID, { quiet: true }) : [];

/** A site a person works at, as find-one names it. */
export interface NamedSite {
  _id: string;
  name: string;
}
