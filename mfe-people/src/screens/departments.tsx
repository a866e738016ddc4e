import { Stack, Typography } from '@console/shared-sdk/mui';
import type { ResourceApi } from '@console/shared-sdk';
import {
  departmentApi,
  departmentInputSchema,
  departmentSortColumns,
  departmentUpdateSchema,
  type Department,
  type DepartmentDetail,
  type DepartmentFilters,
  type DepartmentInput,
  type DepartmentUpdate,
} from '@console/shared-sdk/people';
import { defineResource, ResourceScreen } from '@console/shared-sdk/ui';
import { StatusBadge, staffRoleLabels } from './people-fields';

/** A list row, or the detail find-one returns: the same department, with its members once loaded. */
export type DepartmentRow = Department & Partial<Pick<DepartmentDetail, 'members'>>;

const departmentRows: ResourceApi<DepartmentRow, DepartmentInput, DepartmentUpdate, DepartmentFilters> =
  departmentApi;

interface DepartmentForm {
  name: string;
  description: string;
}

const people = (count: number) => (count === 1 ? '1 person' : `${count} people`);

/** The detail's list of who is in the department. */
function Members({ department }: { department: DepartmentRow }) {
  const members = department.members ?? [];
  if (members.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        Nobody is in this department yet. Add people to it on the Staff screen: edit a person and choose their
        departments.
      </Typography>
    );
  return (
    <Stack component="ul" spacing={1} sx={{ m: 0, pl: 0, listStyle: 'none' }} aria-label="Members">
      {members.map((member) => (
        <Stack
          component="li"
          key={member.userID}
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {member.fullName || `${member.firstName} ${member.lastName}`}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {member.userRole in staffRoleLabels
              ? staffRoleLabels[member.userRole as keyof typeof staffRoleLabels]
              : member.userRole}
          </Typography>
          {member.status === 'INACTIVE' && <StatusBadge status={member.status} />}
        </Stack>
      ))}
    </Stack>
  );
}

export const departments = defineResource({
  title: 'Departments',
  name: 'department',
  subject: 'Department',
  api: departmentRows,
  recordLabel: (row: DepartmentRow) => row.name,
  sortable: departmentSortColumns,
  defaultSort: 'name',
  search: { placeholder: 'Search departments' },
  emptyMessage: 'No departments at this site yet.',
  emptyHint: 'Add the teams people work in, such as Kitchen, Front of house or Bar.',
  columns: [
    { field: 'name', headerName: 'Department', flex: 1, minWidth: 160 },
    { field: 'description', headerName: 'Description', flex: 2, minWidth: 200, sortable: false },
    {
      field: 'memberCount',
      headerName: 'People',
      flex: 0.5,
      minWidth: 100,
      sortable: false,
      valueGetter: (_value, row) => people(row.memberCount),
    },
  ],
  view: [
    { label: 'Department', field: 'name' },
    { label: 'Description', render: (row) => row.description || 'None' },
    { label: 'People', render: (row) => people(row.members?.length ?? row.memberCount) },
  ],
  detail: {
    sections: [{ title: 'Members', render: (department) => <Members department={department} /> }],
  },
  form: {
    schema: departmentInputSchema,
    updateSchema: departmentUpdateSchema,
    fields: [
      { kind: 'text', name: 'name', label: 'Department name', required: true },
      { kind: 'multiline', name: 'description', label: 'Description', rows: 2 },
    ],
    emptyForm: (): DepartmentForm => ({ name: '', description: '' }),
    toForm: (row: DepartmentRow): DepartmentForm => ({ name: row.name, description: row.description }),
    // The kit adds the selected site to a new department and keeps an edited one's own.
    toInput: (form: DepartmentForm) => form,
  },
});

/**
 * /dashboard/departmentManagment (the spec's spelling): the selected site's departments. Deleting one
 * that still has people or tasks is refused by the API (409), and its message says how many.
 */
export const DepartmentsScreen = () => <ResourceScreen resource={departments} />;
