import { Alert, Button } from '@console/shared-sdk/mui';
import LoginIcon from '@mui/icons-material/Login';
import { Navigate, useLocation, useNavigate } from '@console/shared-sdk/router';
import { session, useAbility, useDocumentTitle } from '@console/shared-sdk';
import { organizationResource, type Organization } from '@console/shared-sdk/organization';
import { defineResource, ResourceScreen } from '@console/shared-sdk/ui';
import {
  createOrganizationSchema,
  emptyOrganizationForm,
  organizationFields,
  organizationToForm,
  organizationToInput,
  organizationToUpdate,
  updateOrganizationSchema,
} from './organization-form';

/** The organisations list's own address; anywhere else the list stands in for a screen that needs one. */
const organizationsPath = '/dashboard/organizations';

function ActInButton({ organization }: { organization: Organization }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Button
      size="small"
      startIcon={<LoginIcon />}
      onClick={() => {
        session.actInOrganization(organization._id);
        // Chosen on the screen that asked for an organisation: that screen shows, now in it.
        if (pathname === organizationsPath) navigate('/dashboard');
      }}
      // The name a voice user says is the one they see, and the organisation tells the rows apart.
      aria-label={`Work in ${organization.name}`}
    >
      Work in
    </Button>
  );
}

const organizations = defineResource({
  title: 'Organisations',
  name: 'organisation',
  subject: 'Organization',
  api: organizationResource,
  recordLabel: (org: Organization) => org.name,
  defaultSort: 'name',
  search: { placeholder: 'Search by name, e-mail or town' },
  emptyMessage: 'No organisations yet.',
  emptyHint: 'Add the first one and invite its admin.',
  columns: [
    { field: 'name', headerName: 'Organisation', flex: 1.3, minWidth: 180 },
    { field: 'email', headerName: 'E-mail', flex: 1, minWidth: 160, sortable: false },
    { field: 'city', headerName: 'Town', flex: 0.8, minWidth: 110, sortable: false },
    { field: 'siteCount', headerName: 'Sites', type: 'number', width: 80, sortable: false },
    { field: 'userCount', headerName: 'People', type: 'number', width: 90, sortable: false },
    {
      field: 'act',
      headerName: '',
      width: 110,
      sortable: false,
      renderCell: ({ row }) => <ActInButton organization={row} />,
    },
  ],
  view: [
    { label: 'Name', field: 'name' },
    { label: 'E-mail', field: 'email' },
    { label: 'Phone', field: 'phone' },
    {
      label: 'Address',
      render: (o) => [o.add1, o.add2, o.city, o.county, o.zip, o.country].filter(Boolean).join(', '),
    },
    { label: 'Sites', field: 'siteCount' },
    { label: 'People', field: 'userCount' },
    { label: 'Note', field: 'note' },
  ],
  form: {
    schema: createOrganizationSchema,
    updateSchema: updateOrganizationSchema,
    fields: organizationFields,
    emptyForm: emptyOrganizationForm,
    toForm: organizationToForm,
    toInput: organizationToInput,
    toUpdate: organizationToUpdate,
  },
});

/** The platform admin's list of organisations, and the way into one of them. */
export function OrganizationsPage() {
  const ability = useAbility();
  useDocumentTitle('Organisations');
  if (!ability.can('manage', 'Organization')) return <Navigate to="/dashboard" replace />;
  return <ResourceScreen resource={organizations} />;
}

/**
 * What a platform admin who is not working in an organisation sees on any organisation's screen: the
 * choice itself, the organisations with their Open buttons, rather than a page that only points to it.
 */
export function ChooseOrganizationPage() {
  useDocumentTitle('Choose an organisation');
  return (
    <ResourceScreen resource={organizations}>
      <Alert severity="info">
        You are signed in as a platform admin. Choose the organisation to work in with its Open button; its
        sites and records appear on every screen until you choose another.
      </Alert>
    </ResourceScreen>
  );
}
