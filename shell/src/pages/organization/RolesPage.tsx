import { roleLabels, useAbility, useDocumentTitle, type Role } from '@console/shared-sdk';
import { Box, Stack, Typography } from '@console/shared-sdk/mui';
import {
  customRoleInputSchema,
  customRoleSortColumns,
  customRoleUpdateSchema,
  roleApi,
  type CustomRole,
  type RoleGrant,
} from '@console/shared-sdk/organization';
import { defineResource, EntryList, ResourceScreen, SiteTime } from '@console/shared-sdk/ui';
import { AccessDenied } from '../../app/RemoteRoutes';
import { GrantChoices, grantWords, useGrantableSubjects } from './role-grants';
import { RolePeople } from './RolePeople';
import { RemoteSubjectDefaults } from './RemoteSubjectDefaults';

// /dashboard/organization/roles: what each of the four fixed roles may do, the organisation's custom roles
// (subject × action pairs given to site admins in place of the site admin's rules) with who holds them, and
// what the fixed roles may do with the subjects remotes bring. Organisation admins only.

const title = 'Roles';
const subject = 'Role';

/** The fixed roles in a line each: what DOMAIN.md's rules give them. */
const fixedRoles: readonly { role: Role; does: string }[] = [
  {
    role: 'ADMIN',
    does: "The platform's own administrators: every organisation, and everything in it.",
  },
  {
    role: 'ORGANIZATION_ADMIN',
    does: 'Everything in the organisation: its sites, people, catalogues and records, and its settings, roles, keys and sign-in.',
  },
  {
    role: 'SITE_ADMIN',
    does: "Their own sites' staff, tasks, logs and equipment; the organisation's catalogues to use and add to.",
  },
  {
    role: 'STAFF',
    does: 'The kitchen app at their sites: their tasks, and the readings, logs, near misses and comments they record.',
  },
];

function FixedRoles() {
  return (
    <Box component="section" aria-labelledby="fixed-roles">
      <Typography id="fixed-roles" variant="h6" component="h2">
        Fixed roles
      </Typography>
      <EntryList
        dense
        entries={fixedRoles.map(({ role, does }) => ({ label: roleLabels[role], value: does }))}
      />
    </Box>
  );
}

/** A role's pairs in words, with the subjects' titles once they are known. */
function GrantWords({ grants }: { grants: readonly RoleGrant[] }) {
  const subjects = useGrantableSubjects();
  return <>{grantWords(grants, subjects.data) || '—'}</>;
}

const peopleWords = (count: number) => (count === 1 ? '1 person' : `${count} people`);

interface RoleForm {
  name: string;
  description: string;
  grants: RoleGrant[];
}

/** The custom roles' declaration: the list, the form, delete after saying what happens to the holders. */
export const customRoles = defineResource({
  title,
  name: 'role',
  createLabel: 'New role',
  subject,
  api: roleApi,
  recordLabel: (row: CustomRole) => row.name,
  sortable: customRoleSortColumns,
  defaultSort: 'name',
  search: { placeholder: 'Search roles by name' },
  emptyMessage: 'No custom roles yet.',
  emptyHint:
    'Make one for site admins who should do more or less than the site admin’s rules, such as a site manager who verifies logs but leaves the equipment alone: tick what it may do, then give it to people.',
  columns: [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 140 },
    { field: 'description', headerName: 'Description', flex: 1.5, minWidth: 160, sortable: false },
    {
      field: 'memberCount',
      headerName: 'People',
      sortable: false,
      valueGetter: (_value, row) => peopleWords(row.memberCount),
    },
    {
      field: 'updatedAt',
      headerName: 'Changed',
      renderCell: ({ row }) => <SiteTime value={row.updatedAt} />,
    },
  ],
  view: [
    { label: 'Name', field: 'name' },
    { label: 'Description', render: (row) => row.description || '—' },
    { label: 'May do', render: (row) => <GrantWords grants={row.grants} /> },
    { label: 'Changed', render: (row) => <SiteTime value={row.updatedAt} /> },
  ],
  card: [
    { label: 'People', render: (row) => peopleWords(row.memberCount) },
    { label: 'Description', field: 'description' },
  ],
  detail: {
    width: 'md',
    sections: [{ title: 'People', render: (role) => <RolePeople role={role} /> }],
  },
  form: {
    width: 'md',
    schema: customRoleInputSchema,
    updateSchema: customRoleUpdateSchema,
    fields: [
      { kind: 'text', name: 'name', label: 'Name', required: true },
      {
        kind: 'multiline',
        name: 'description',
        label: 'Description',
        rows: 2,
        helperText: 'What it is for, for whoever gives it to someone',
      },
      {
        kind: 'custom',
        name: 'grants',
        label: 'What it may do',
        required: true,
        render: (props) => <GrantChoices {...props} />,
      },
    ],
    emptyForm: (): RoleForm => ({ name: '', description: '', grants: [] }),
    toForm: (row: CustomRole): RoleForm => ({
      name: row.name,
      description: row.description,
      grants: row.grants,
    }),
    toInput: (form: RoleForm) => form,
  },
  rowActions: [
    {
      label: 'Delete',
      icon: 'delete',
      ability: { action: 'delete' },
      confirm: (role) => ({
        title: `Delete role “${role.name}”?`,
        message:
          role.memberCount === 0
            ? 'No one holds it. This cannot be undone.'
            : `${role.memberCount === 1 ? 'The person holding it goes' : `The ${role.memberCount} people holding it go`} back to the site admin’s rules at their sites. This cannot be undone.`,
      }),
      run: (role) => roleApi.remove(role._id),
    },
  ],
  // The kit's own delete cannot say what happens to the holders: the row action above does.
  actions: { delete: false },
});

/** The organisation's roles: the fixed ones in words, its custom roles, and the remotes' subjects. */
export function RolesPage() {
  const ability = useAbility();
  useDocumentTitle(title);
  if (!ability.can('manage', subject)) return <AccessDenied screen={title} />;
  return (
    <Stack spacing={3}>
      <ResourceScreen resource={customRoles}>
        <Typography variant="body2" color="text.secondary">
          Everyone holds one of the four fixed roles. A site admin may hold a custom role of yours instead of
          the site admin&apos;s rules: they keep their sites, and may do there only what the role allows.
        </Typography>
        <FixedRoles />
        <Typography variant="h6" component="h2">
          Custom roles
        </Typography>
      </ResourceScreen>
      <RemoteSubjectDefaults />
    </Stack>
  );
}
