import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import {
  abilityFor,
  asSubject,
  invalidate,
  selectedSite,
  session,
  type AbilityRule,
  type AppAbility,
  type Gender,
  type Option,
  type ResourceApi,
} from '@console/shared-sdk';
import {
  provisionedByLabels,
  staffApi,
  staffInputSchema,
  staffSortColumns,
  staffUpdateSchema,
  type StaffFilters,
  type StaffInput,
  type StaffMember,
  type StaffRole,
  type StaffUpdate,
} from '@console/shared-sdk/people';
import { Chip, Stack } from '@console/shared-sdk/mui';
import { defineResource, ResourceScreen, SiteTime } from '@console/shared-sdk/ui';
import {
  type NamedSite,
  StatusBadge,
  invitationLabels,
  loadDepartmentsOfSite,
  roleOptions,
  staffRoleLabels,
  statusLabels,
  statusOptions,
} from './people-fields';
import { StaffToolbar } from './staff-toolbar';

// The form's sites and departments fields come with the first form opened, not with the list.
const SitesField = lazy(() => import('./staff-place-fields').then((m) => ({ default: m.SitesField })));
const DepartmentsField = lazy(() =>
  import('./staff-place-fields').then((m) => ({ default: m.DepartmentsField })),
);
// "Assign tasks" comes with its first use too.
const AssignTasksDialog = lazy(() =>
  import('./assign-tasks').then((m) => ({ default: m.AssignTasksDialog })),
);
const PersonTasks = lazy(() => import('./assign-tasks').then((m) => ({ default: m.PersonTasks })));

/**
 * A staff member as the list and its actions see it. The ability's site rule for Staff reads `siteID`
 * (a site admin manages people "on its sites"): a person works at several sites, so their sites go there,
 * and the rule matches when any of them is one the admin runs.
 */
export type StaffRow = StaffMember & { siteID: string[] };

const asRow = (member: StaffMember): StaffRow => ({ ...member, siteID: member.siteIDs });

/**
 * A person is not a record of one site: the kit's `siteID` for a site-scoped screen's record means nothing
 * to the staff calls, whose sites are `siteIDs`. Left out rather than sent along.
 */
function withoutSite<Input extends object>(input: Input): Input {
  const { siteID: _siteID, ...rest } = input as Input & { siteID?: unknown };
  return rest as Input;
}

const staffRows: Required<ResourceApi<StaffRow, StaffInput, StaffUpdate, StaffFilters>> = {
  list: async (params, options) => {
    const page = await staffApi.list(params, options);
    return { ...page, list: page.list.map(asRow) };
  },
  get: async (id, options) => asRow(await staffApi.get(id, options)),
  create: async (input, options) => asRow(await staffApi.create(withoutSite(input), options)),
  update: async (input, options) => asRow(await staffApi.update(withoutSite(input), options)),
  remove: (id, options) => staffApi.remove(id, options),
};

interface StaffForm {
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string;
  gender: Gender | '';
  userRole: StaffRole;
  siteIDs: string[];
  departmentID: string[];
  /** The person's sites with their names, for the sites field (not sent). */
  knownSites: NamedSite[];
}

const genderOptions: readonly Option[] = [
  { value: 'FEMALE', label: 'Female' },
  { value: 'MALE', label: 'Male' },
  { value: 'NON-BINARY', label: 'Non-binary' },
  { value: 'TRANS', label: 'Trans' },
  { value: 'OTHER', label: 'Other' },
];

/** A site admin gives only the STAFF role (it cannot create or change admins); an organisation admin any. */
export const loadRoleChoices = async (): Promise<readonly Option[]> =>
  session.get().userData?.role === 'SITE_ADMIN'
    ? roleOptions.filter((option) => option.value === 'STAFF')
    : roleOptions;

const fullName = (row: StaffMember) => row.fullName || `${row.firstName} ${row.lastName}`;
const names = (items: readonly { name: string }[], none: string) =>
  items.map((item) => item.name).join(', ') || none;
const myself = (row: StaffMember) => row._id === session.get().userData?.userID;
/** A site admin manages STAFF only (DOMAIN.md); admins are the organisation admin's to manage. */
const manageable = (row: StaffMember) =>
  session.get().userData?.role !== 'SITE_ADMIN' || row.userRole === 'STAFF';

// ---- assign tasks -----------------------------------------------------------------------------------------

/** Tasks are given at a site the person works at; an organisation admin works at every site (the API's rule). */
const worksAt = (row: StaffMember, siteID: string | null): siteID is string =>
  siteID !== null && (row.userRole === 'ORGANIZATION_ADMIN' || row.siteIDs.includes(siteID));

let abilityMemo: { rules: unknown; ability: AppAbility } | null = null;
/** The signed-in user's ability outside a component (a row action's `available`), rebuilt when it changes. */
function currentAbility(): AppAbility {
  const rules = session.get().userData?.ability;
  if (abilityMemo && abilityMemo.rules === rules) return abilityMemo.ability;
  const ability = abilityFor((rules as AbilityRule[] | undefined) ?? []);
  abilityMemo = { rules, ability };
  return ability;
}

/**
 * The assign-tasks dialog a row action asked for. A row action only runs a promise, so it puts the person
 * here and the screen's host shows the dialog; the promise settles when the dialog closes (then the list
 * and an open detail reload).
 */
interface Assigning {
  person: StaffRow;
  siteID: string;
  siteLabel: string | null;
  close(): void;
}
const assigning = {
  current: null as Assigning | null,
  hosts: 0,
  listeners: new Set<() => void>(),
  set(next: Assigning | null) {
    assigning.current = next;
    for (const listener of assigning.listeners) listener();
  },
  subscribe(listener: () => void) {
    assigning.listeners.add(listener);
    return () => assigning.listeners.delete(listener);
  },
};

const assignTasks = (person: StaffRow, siteID: string, siteLabel: string | null) =>
  new Promise<void>((resolve) => {
    assigning.current?.close();
    const open: Assigning = {
      person,
      siteID,
      siteLabel,
      close: () => {
        if (assigning.current === open) assigning.set(null);
        resolve();
      },
    };
    assigning.set(open);
  });

/** Shows the dialog the row action opened; without one on screen the action is not offered. */
function AssignTasksHost() {
  const open = useSyncExternalStore(assigning.subscribe, () => assigning.current);
  useEffect(() => {
    assigning.hosts += 1;
    return () => {
      assigning.hosts -= 1;
      assigning.current?.close();
    };
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <AssignTasksDialog
        key={`${open.person._id}/${open.siteID}`}
        person={open.person}
        siteID={open.siteID}
        siteLabel={open.siteLabel}
        onClose={open.close}
      />
    </Suspense>
  );
}

/**
 * Offered for people who work at the selected site, to those who may change that site's tasks (the row
 * action's own ability checks that they may update the person: a site admin does not manage admins).
 */
const assignable = (row: StaffRow) => {
  const { selectedSiteID } = selectedSite.get();
  return (
    assigning.hosts > 0 &&
    worksAt(row, selectedSiteID) &&
    currentAbility().can(
      'update',
      asSubject('MasterTask', { orgId: session.get().orgId, siteID: selectedSiteID }),
    )
  );
};

export const staff = defineResource({
  title: 'Staff',
  name: 'staff member',
  subject: 'Staff',
  api: staffRows,
  recordLabel: fullName,
  sortable: staffSortColumns,
  // Spec section 9: staff lists are sorted by full name.
  defaultSort: 'fullName',
  search: { placeholder: 'Search by name or e-mail' },
  emptyMessage: 'No staff at this site yet.',
  emptyHint: 'Add people one by one, or import a spreadsheet of them with Import.',
  filters: [
    { kind: 'select', name: 'role', label: 'Role', options: roleOptions },
    { kind: 'select', name: 'departmentID', label: 'Department', options: loadDepartmentsOfSite },
    { kind: 'select', name: 'status', label: 'Status', options: statusOptions },
  ],
  // Columns without flex are as wide as their widest cell (the kit sizes them), so a name, an address or a
  // status is never cut; the departments share the rest and wrap.
  columns: [
    {
      field: 'fullName',
      headerName: 'Name',
      // Someone the company's directory manages says so: their changes belong there, not here.
      renderCell: ({ row }) =>
        row.provisionedBy === 'SCIM' ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <span>{row.fullName}</span>
            <Chip size="small" variant="outlined" label={provisionedByLabels.SCIM} />
          </Stack>
        ) : (
          row.fullName
        ),
    },
    { field: 'email', headerName: 'E-mail' },
    {
      field: 'userRole',
      headerName: 'Role',
      valueGetter: (_value, row) => staffRoleLabels[row.userRole as StaffRole] ?? row.userRole,
    },
    {
      field: 'departments',
      headerName: 'Departments',
      flex: 1,
      minWidth: 140,
      sortable: false,
      valueGetter: (_value, row) => names(row.departments, ''),
    },
    {
      field: 'status',
      headerName: 'Status',
      renderCell: ({ row }) => <StatusBadge status={row.status} />,
    },
    {
      field: 'invitation',
      headerName: 'Invitation',
      sortable: false,
      valueGetter: (_value, row) => invitationLabels[row.invitation],
    },
  ],
  view: [
    { label: 'Name', render: fullName },
    { label: 'E-mail', field: 'email' },
    { label: 'Phone', render: (row) => row.mobileNumber || 'None' },
    { label: 'Role', render: (row) => staffRoleLabels[row.userRole as StaffRole] ?? row.userRole },
    {
      label: 'Sites',
      render: (row) => names(row.sites, row.userRole === 'ORGANIZATION_ADMIN' ? 'Every site' : 'None'),
    },
    { label: 'Departments', render: (row) => names(row.departments, 'None') },
    { label: 'Status', render: (row) => statusLabels[row.status] },
    {
      label: 'Managed',
      render: (row) => (row.provisionedBy ? provisionedByLabels[row.provisionedBy] : 'In the console'),
    },
    { label: 'Last sign-in', render: (row) => <SiteTime value={row.lastSignInAt} /> },
    {
      label: 'Invitation',
      render: (row) =>
        row.invitedAt ? (
          <>
            {invitationLabels[row.invitation]}, sent <SiteTime value={row.invitedAt} />
          </>
        ) : (
          invitationLabels[row.invitation]
        ),
    },
  ],
  detail: {
    sections: [
      {
        title: 'Tasks at this site',
        render: (row, { context }) => (
          <Suspense fallback={null}>
            <PersonTasks person={row} siteID={context.siteID} worksHere={worksAt(row, context.siteID)} />
          </Suspense>
        ),
      },
    ],
  },
  rowActions: [
    {
      label: 'Assign tasks',
      icon: 'tasks',
      ability: { action: 'update' },
      available: assignable,
      run: (row) => {
        const { selectedSiteID, selectedSiteLabel } = selectedSite.get();
        return selectedSiteID ? assignTasks(row, selectedSiteID, selectedSiteLabel) : Promise.resolve();
      },
    },
    {
      label: 'Invite again',
      icon: 'person',
      ability: { action: 'update' },
      available: (row) => row.invitation !== 'ACCEPTED' && row.status === 'ACTIVE' && manageable(row),
      confirm: (row) => ({
        title: `Invite ${fullName(row)} again?`,
        message: `A new link goes to ${row.email}; the one sent before stops working.`,
      }),
      run: (row) => staffApi.resendInvite(row._id),
    },
    {
      label: 'Deactivate',
      icon: 'warning',
      ability: { action: 'update' },
      // Nobody deactivates themselves (the API refuses it too).
      available: (row) => row.status === 'ACTIVE' && !myself(row) && manageable(row),
      confirm: (row) => ({
        title: `Deactivate ${fullName(row)}?`,
        message:
          'They are signed out at once and cannot sign in, on the web or in the mobile app, until they are activated again. Their history stays.',
      }),
      run: (row) => staffApi.updateStatus(row._id, 'INACTIVE'),
    },
    {
      label: 'Activate',
      icon: 'approve',
      ability: { action: 'update' },
      available: (row) => row.status === 'INACTIVE' && manageable(row),
      confirm: (row) => ({
        title: `Activate ${fullName(row)}?`,
        message: 'They can sign in again with their password.',
      }),
      run: (row) => staffApi.updateStatus(row._id, 'ACTIVE'),
    },
  ],
  form: {
    schema: staffInputSchema,
    updateSchema: staffUpdateSchema,
    fields: [
      { kind: 'text', name: 'firstName', label: 'First name', required: true },
      { kind: 'text', name: 'lastName', label: 'Last name', required: true },
      {
        kind: 'email',
        name: 'email',
        label: 'E-mail',
        required: true,
        helperText: 'The invitation goes here; it is also how they sign in',
      },
      { kind: 'tel', name: 'mobileNumber', label: 'Phone' },
      { kind: 'select', name: 'gender', label: 'Gender', options: genderOptions },
      { kind: 'select', name: 'userRole', label: 'Role', required: true, options: loadRoleChoices },
      {
        kind: 'custom',
        name: 'siteIDs',
        label: 'Sites',
        render: (props) => (
          <Suspense fallback={null}>
            <SitesField
              {...props}
              helperText="Where they work (an organisation admin sees every site without one)"
            />
          </Suspense>
        ),
      },
      {
        kind: 'custom',
        name: 'departmentID',
        label: 'Departments',
        render: (props) => (
          <Suspense fallback={null}>
            <DepartmentsField {...props} />
          </Suspense>
        ),
      },
    ],
    // A new person works at the selected site unless the admin says otherwise.
    emptyForm: (context): StaffForm => ({
      firstName: '',
      lastName: '',
      email: '',
      mobileNumber: '',
      gender: '',
      userRole: 'STAFF',
      siteIDs: context.siteID ? [context.siteID] : [],
      departmentID: [],
      knownSites: [],
    }),
    toForm: (row: StaffRow): StaffForm => ({
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      mobileNumber: row.mobileNumber ?? '',
      gender: row.gender ?? '',
      // A platform admin is never listed here; anything else is one of the roles this form gives.
      userRole: row.userRole === 'ADMIN' ? 'ORGANIZATION_ADMIN' : row.userRole,
      siteIDs: row.siteIDs,
      departmentID: row.departmentID,
      knownSites: row.sites,
    }),
    toInput: (form: StaffForm): StaffInput => ({
      firstName: form.firstName,
      lastName: form.lastName,
      email: form.email,
      mobileNumber: form.mobileNumber || null,
      gender: form.gender || null,
      userRole: form.userRole,
      siteIDs: form.siteIDs,
      departmentID: form.departmentID,
    }),
  },
});

/** An import adds people: the list and anything else showing staff read them again. */
const staffImported = () => invalidate([staff.subject]);

/** /dashboard/staff: the selected site's people, with import and export beside the list. */
export function StaffScreen() {
  return (
    <ResourceScreen resource={staff}>
      <StaffToolbar onImported={staffImported} />
      <AssignTasksHost />
    </ResourceScreen>
  );
}
