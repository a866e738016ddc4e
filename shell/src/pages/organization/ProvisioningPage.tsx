import { useMemo, useState } from 'react';
import { siteOptionsApi, useAbility, useDocumentTitle, useRead, type CallOptions } from '@console/shared-sdk';
import { roleLabels, type StaffRole } from '@console/shared-sdk/contract';
import { Alert, Box, Stack, Tab, Tabs, TextField, Typography } from '@console/shared-sdk/mui';
import {
  scimGroupApi,
  scimGroupRoles,
  scimGroupSortColumns,
  scimGroupUnmappedLabel,
  scimGroupUpdateSchema,
  scimTokenApi,
  scimTokenInputSchema,
  scimTokenLifetimes,
  scimTokenSortColumns,
  scimTokenStatusLabels,
  type ScimGroup,
  type ScimGroupUpdate,
  type ScimToken,
  type ScimTokenCreated,
  type ScimTokenInput,
  type ScimTokenStatus,
} from '@console/shared-sdk/organization';
import { useSearchParams } from '@console/shared-sdk/router';
import {
  defineResource,
  EmptyState,
  LtrText,
  ResourceScreen,
  ShownOnceDialog,
  SiteTime,
} from '@console/shared-sdk/ui';
import { AccessDenied } from '../../app/RemoteRoutes';
import { CopyableValue } from './CopyableValue';
import { CredentialStatusChip, LastUsed } from './credential-parts';

// /dashboard/organization/provisioning: the company's directory (Entra ID, Okta) makes, changes and removes
// the organisation's people over SCIM. Here an organisation admin finds the SCIM base URL to give the
// directory, makes its bearer tokens (each shown once), sees when each was last used and revokes them, and
// maps each of the directory's groups to the role and sites its members get.

const title = 'Provisioning (SCIM)';
const subject = 'Provisioning';

// ---- the connection ---------------------------------------------------------------------------------------

/** The SCIM base URL with a copy button, and how many tokens work now. */
function Connection() {
  const { data } = useRead([subject, 'connection'], (signal) =>
    scimTokenApi.connection({ quiet: true, signal }),
  );
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        Give your directory this address and a token made below. In Entra ID they are the Tenant URL and the
        Secret Token of the app&apos;s provisioning; in Okta, the SCIM connector base URL and the HTTP header
        bearer token. The directory then makes, changes, deactivates and removes your people, and its groups
        give them roles and sites once mapped under Directory groups.
      </Typography>
      <CopyableValue
        label="SCIM base URL"
        value={data?.baseUrl ?? ''}
        copied="SCIM base URL copied to the clipboard."
      />
      {data && (
        <Typography variant="body2">
          <LtrText>
            {data.activeTokens} {data.activeTokens === 1 ? 'token works' : 'tokens work'}
          </LtrText>{' '}
          now.
        </Typography>
      )}
    </Stack>
  );
}

// ---- tokens -------------------------------------------------------------------------------------------------

/** A token's status in words, coloured; the words alone carry it. */
function TokenStatusChip({ status }: { status: ScimTokenStatus }) {
  return <CredentialStatusChip status={status} label={scimTokenStatusLabels[status]} />;
}

/** The token form: its name, and how long it works ('' is until it is revoked). */
interface TokenForm {
  name: string;
  expiresInDays: string;
}

const lifetimeOptions = [
  { value: '', label: 'Until it is revoked' },
  ...scimTokenLifetimes.map((days) => ({
    value: String(days),
    label: days % 365 === 0 ? `${days / 365} ${days === 365 ? 'year' : 'years'}` : `${days} days`,
  })),
];

/** A new token, shown once with the base URL, and the warning that it cannot be read again. */
export function TokenDialog({ made, onClose }: { made: ScimTokenCreated | null; onClose: () => void }) {
  if (!made) return null;
  return (
    <ShownOnceDialog
      title={`Token “${made.scimToken.name}” made`}
      copy={{ text: made.token, label: 'Copy token', done: 'Token copied to the clipboard.' }}
      doneLabel="I have copied it"
      onClose={onClose}
    >
      <Alert severity="warning">
        Copy the token now and paste it into your directory&apos;s provisioning settings. You will not see it
        again: if it is lost, revoke it and make another.
      </Alert>
      <TextField
        label="Token"
        value={made.token}
        fullWidth
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
      />
      <TextField
        label="SCIM base URL"
        value={made.baseUrl}
        fullWidth
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
      />
    </ShownOnceDialog>
  );
}

const lastUsed = (token: ScimToken) => <LastUsed at={token.lastUsedAt} from={token.lastUsedFrom} />;

/** The tokens' declaration; `show` receives each new token, to show it once. */
export function scimTokens(show: (made: ScimTokenCreated) => void) {
  return defineResource({
    title,
    name: 'token',
    createLabel: 'Make a token',
    subject,
    api: {
      list: scimTokenApi.list,
      create: async (input: ScimTokenInput, options?: CallOptions) => {
        const made = await scimTokenApi.create(input, options);
        show(made);
        return made.scimToken;
      },
    },
    recordLabel: (row: ScimToken) => row.name,
    sortable: scimTokenSortColumns,
    defaultSort: '-createdAt',
    search: { placeholder: 'Search tokens by name' },
    emptyMessage: 'No tokens yet.',
    emptyHint: 'Make one for your directory: it is shown once, to paste into its provisioning settings.',
    columns: [
      { field: 'name', headerName: 'Token', flex: 1, minWidth: 160 },
      {
        field: 'status',
        headerName: 'Status',
        sortable: false,
        renderCell: ({ row }) => <TokenStatusChip status={row.status} />,
      },
      { field: 'createdAt', headerName: 'Made', renderCell: ({ row }) => <SiteTime value={row.createdAt} /> },
      {
        field: 'expiresAt',
        headerName: 'Works until',
        sortable: false,
        renderCell: ({ row }) => <SiteTime value={row.expiresAt} none="Revoked by hand" />,
      },
      {
        field: 'lastUsedAt',
        headerName: 'Last used',
        flex: 1,
        minWidth: 180,
        renderCell: ({ row }) => lastUsed(row),
      },
    ],
    view: [
      { label: 'Token', field: 'name' },
      { label: 'Status', render: (row) => <TokenStatusChip status={row.status} /> },
      { label: 'Made by', render: (row) => row.createdBy?.name ?? '—' },
      { label: 'Last used', render: lastUsed },
    ],
    rowActions: [
      {
        label: 'Revoke',
        icon: 'warning',
        ability: { action: 'update' },
        available: (row) => row.status !== 'REVOKED',
        confirm: (row) => ({
          title: `Revoke “${row.name}”?`,
          message:
            'The directory’s next call with it is refused: provisioning stops until it is given a new token.',
        }),
        run: (row) => scimTokenApi.revoke(row._id),
      },
    ],
    form: {
      schema: scimTokenInputSchema,
      fields: [
        {
          kind: 'text',
          name: 'name',
          label: 'Token name',
          required: true,
          helperText: 'Which directory holds it, e.g. Entra ID production',
        },
        { kind: 'select', name: 'expiresInDays', label: 'Works for', options: lifetimeOptions },
      ],
      emptyForm: (): TokenForm => ({ name: '', expiresInDays: '' }),
      toForm: (row: ScimToken): TokenForm => ({ name: row.name, expiresInDays: '' }),
      toInput: (form: TokenForm): ScimTokenInput => ({
        name: form.name,
        expiresInDays: form.expiresInDays === '' ? null : Number(form.expiresInDays),
      }),
    },
    actions: { view: false, edit: false, delete: false },
  });
}

// ---- directory groups -------------------------------------------------------------------------------------

/** The mapping form: '' is no role (the group gives nothing). */
interface GroupForm {
  role: string;
  siteIDs: string[];
}

const roleOptions = [
  { value: '', label: scimGroupUnmappedLabel },
  ...scimGroupRoles.map((role) => ({ value: role, label: roleLabels[role] })),
];
const isGroupRole = (value: string): value is StaffRole =>
  (scimGroupRoles as readonly string[]).includes(value);

const siteOptions = async () =>
  (await siteOptionsApi.simpleList({ quiet: true })).map((site) => ({ value: site._id, label: site.name }));

const roleWords = (group: ScimGroup) => (group.role ? roleLabels[group.role] : scimGroupUnmappedLabel);
const siteWords = (group: ScimGroup) =>
  group.role === 'ORGANIZATION_ADMIN'
    ? 'Every site'
    : group.sites.length === 0
      ? '—'
      : group.sites.map((site) => site.name).join(', ');

/** A group's members as find-one names them. */
function Members({ group }: { group: ScimGroup }) {
  const members = group.members ?? [];
  if (members.length === 0)
    return <EmptyState message="Nobody is in this group yet: the directory adds its members." />;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {members.map((member) => (
        <li key={member._id}>
          {member.firstName} {member.lastName} (<LtrText>{member.email}</LtrText>)
          {member.status === 'INACTIVE' ? ', inactive' : ''}
        </li>
      ))}
    </Box>
  );
}

export const scimGroups = defineResource({
  title,
  name: 'group',
  subject,
  api: scimGroupApi,
  recordLabel: (row: ScimGroup) => row.displayName,
  sortable: scimGroupSortColumns,
  defaultSort: 'displayName',
  search: { placeholder: 'Search groups by name' },
  emptyMessage: 'No directory groups yet: your directory sends its groups once it provisions them.',
  columns: [
    { field: 'displayName', headerName: 'Group', flex: 1, minWidth: 160 },
    {
      field: 'role',
      headerName: 'Members get',
      sortable: false,
      valueGetter: (_value, row) => roleWords(row),
    },
    {
      field: 'sites',
      headerName: 'Sites',
      flex: 1.2,
      minWidth: 160,
      sortable: false,
      valueGetter: (_value, row) => siteWords(row),
    },
    { field: 'memberCount', headerName: 'Members', sortable: false },
  ],
  view: [
    { label: 'Group', field: 'displayName' },
    { label: 'Members get', render: roleWords },
    { label: 'Sites', render: siteWords },
    { label: 'Members', render: (row) => <LtrText>{row.memberCount}</LtrText> },
  ],
  detail: { sections: [{ title: 'Members', render: (group) => <Members group={group} /> }] },
  form: {
    schema: scimGroupUpdateSchema,
    fields: [
      {
        kind: 'select',
        name: 'role',
        label: 'Members get',
        options: roleOptions,
        helperText:
          'Someone in several mapped groups gets the highest of their roles and the sites of all of them',
      },
      {
        kind: 'multiselect',
        name: 'siteIDs',
        label: 'Sites',
        options: siteOptions,
        helperText:
          'For a site admin or staff: the sites they work at (an organisation admin sees every site)',
      },
    ],
    // The directory makes its groups: the console only maps them (create is turned off below).
    emptyForm: (): GroupForm => {
      throw new Error('Directory groups are made by the directory');
    },
    toForm: (row: ScimGroup): GroupForm => ({ role: row.role ?? '', siteIDs: [...row.siteIDs] }),
    toInput: (): never => {
      throw new Error('Directory groups are made by the directory');
    },
    toUpdate: (form: GroupForm, row: ScimGroup): ScimGroupUpdate => ({
      _id: row._id,
      role: isGroupRole(form.role) ? form.role : null,
      siteIDs: form.siteIDs,
    }),
  },
  actions: { create: false, delete: false },
});

// ---- the page ---------------------------------------------------------------------------------------------

type ProvisioningTab = 'tokens' | 'groups';

/** The tokens and the groups, one tab each (`?tab=groups`); the base URL above both. */
export function ProvisioningPage() {
  const ability = useAbility();
  useDocumentTitle(title);
  const [params, setParams] = useSearchParams();
  const tab: ProvisioningTab = params.get('tab') === 'groups' ? 'groups' : 'tokens';
  const [made, setMade] = useState<ScimTokenCreated | null>(null);
  const tokens = useMemo(() => scimTokens(setMade), []);
  if (!ability.can('read', subject)) return <AccessDenied screen={title} />;
  const header = (
    <>
      <Connection />
      <Tabs
        value={tab}
        onChange={(_event, value: ProvisioningTab) => setParams(value === 'groups' ? { tab: value } : {})}
        aria-label="Provisioning"
      >
        <Tab value="tokens" label="Tokens" />
        <Tab value="groups" label="Directory groups" />
      </Tabs>
    </>
  );
  return (
    <>
      {tab === 'tokens' ? (
        <ResourceScreen resource={tokens}>{header}</ResourceScreen>
      ) : (
        <ResourceScreen resource={scimGroups}>{header}</ResourceScreen>
      )}
      <TokenDialog made={made} onClose={() => setMade(null)} />
    </>
  );
}
