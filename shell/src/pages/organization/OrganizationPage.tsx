import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Grid,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@console/shared-sdk/mui';
import EditIcon from '@mui/icons-material/Edit';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from '@console/shared-sdk/router';
import { Can, useAbility, useDocumentTitle, useRead, useSession } from '@console/shared-sdk';
import { organizationApi, type Organization } from '@console/shared-sdk/organization';
import { EntryList, FormDialog, formErrorStatuses, issuesToErrors } from '@console/shared-sdk/ui';
import {
  organizationFields,
  organizationToForm,
  organizationToUpdate,
  updateOrganizationSchema,
} from './organization-form';
import { AreasTab } from './areas';
import { NationalFiguresCard } from './NationalFigures';
import { StandardActionsCard } from './StandardActions';
import { ApiKeysCard } from './ApiKeysCard';
import { ProvisioningCard } from './ProvisioningCard';
import { RolesCard } from './RolesCard';
import { SingleSignOnCard } from './SingleSignOnCard';

function NoteCard({
  organization,
  onSaved,
}: {
  organization: Organization;
  onSaved: (org: Organization) => void;
}) {
  const [note, setNote] = useState(organization.note);
  const [saving, setSaving] = useState(false);
  // A new note from the server (a save, another organisation) replaces what is in the box.
  const [shownNote, setShownNote] = useState(organization.note);
  if (shownNote !== organization.note) {
    setShownNote(organization.note);
    setNote(organization.note);
  }
  const changed = note !== organization.note;
  return (
    <Card>
      <CardHeader title="Note" subheader="Visible to every admin of the organisation" />
      <CardContent>
        <Can
          I="update"
          a="Organization"
          this={{ _id: organization._id }}
          otherwise={
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{organization.note || 'No note.'}</Typography>
          }
        >
          <Stack spacing={1.5}>
            <TextField
              label="Note"
              multiline
              minRows={4}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 10000 } }}
            />
            <Box>
              <Button
                variant="contained"
                disabled={!changed}
                loading={saving}
                onClick={() => {
                  setSaving(true);
                  organizationApi
                    .updateNote({ _id: organization._id, note })
                    .then(onSaved)
                    .catch(() => undefined)
                    .finally(() => setSaving(false));
                }}
              >
                Save note
              </Button>
            </Box>
          </Stack>
        </Can>
      </CardContent>
    </Card>
  );
}

type OrganizationTab = 'details' | 'areas';

/**
 * /dashboard/organization: the organisation the user works in, and beside it its areas (a tab rather than
 * an entry of its own: the platform admin's whole menu must still fit a 900 px high window). The tab is in
 * the URL (`?tab=areas`); switching starts the other from its own defaults.
 */
export function OrganizationPage() {
  const [params, setParams] = useSearchParams();
  const ability = useAbility();
  const areasShown = ability.can('read', 'Area');
  const tab: OrganizationTab = areasShown && params.get('tab') === 'areas' ? 'areas' : 'details';
  const tabs = areasShown ? (
    <Tabs
      value={tab}
      onChange={(_event, value: OrganizationTab) => setParams(value === 'areas' ? { tab: value } : {})}
      aria-label="Organisation"
    >
      <Tab value="details" label="Organisation" />
      <Tab value="areas" label="Areas" />
    </Tabs>
  ) : null;
  return tab === 'areas' ? <AreasTab tabs={tabs} /> : <OrganizationDetails tabs={tabs} />;
}

/**
 * The organisation's record, an edit form, the shared note, its national figures and its standard
 * corrective actions.
 */
function OrganizationDetails({ tabs }: { tabs: ReactNode }) {
  const orgId = useSession((s) => s.orgId);
  const {
    data: organization,
    error,
    reload: load,
    replace: setOrganization,
  } = useRead(['Organization', 'record', orgId], (signal) =>
    organizationApi.view(undefined, { quiet: true, signal }),
  );
  const failed = error !== null && organization === undefined;
  const [editing, setEditing] = useState(false);
  useDocumentTitle(organization?.name ?? 'Organisation');

  if (failed) {
    return (
      <Alert severity="error" action={<Button onClick={load}>Retry</Button>}>
        The organisation could not be loaded.
      </Alert>
    );
  }
  if (!organization) return <Skeleton variant="rounded" height={240} aria-label="Loading the organisation" />;

  const entries = [
    { label: 'Name', value: organization.name },
    { label: 'E-mail', value: organization.email },
    { label: 'Phone', value: organization.phone },
    {
      label: 'Address',
      value: [
        organization.add1,
        organization.add2,
        organization.city,
        organization.county,
        organization.zip,
        organization.country,
      ]
        .filter(Boolean)
        .join(', '),
    },
    { label: 'Sites', value: String(organization.siteCount) },
    { label: 'People', value: String(organization.userCount) },
  ];

  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h4" component="h1">
          {organization.name}
        </Typography>
        <Can I="update" a="Organization" this={{ _id: organization._id }}>
          <Button variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
            Edit details
          </Button>
        </Can>
      </Stack>
      {tabs}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card>
            <CardHeader title="Details" />
            <CardContent>
              <EntryList entries={entries} />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <NoteCard organization={organization} onSaved={setOrganization} />
        </Grid>
      </Grid>
      <NationalFiguresCard organization={organization} onSaved={setOrganization} />
      <StandardActionsCard organization={organization} />
      <SingleSignOnCard />
      <ProvisioningCard />
      <ApiKeysCard />
      <RolesCard />
      {editing && (
        <FormDialog
          title="Edit organisation"
          fields={organizationFields}
          initial={organizationToForm(organization)}
          validate={(form) => {
            const result = updateOrganizationSchema.safeParse(organizationToUpdate(form, organization));
            return result.success ? {} : issuesToErrors(result.error.issues);
          }}
          save={async (form) => {
            setOrganization(
              await organizationApi.update(organizationToUpdate(form, organization), {
                quietFor: formErrorStatuses,
              }),
            );
          }}
          onSaved={() => setEditing(false)}
          onClose={() => setEditing(false)}
          context={{ siteID: null, timeZone: 'UTC' }}
          editing
        />
      )}
    </Stack>
  );
}
