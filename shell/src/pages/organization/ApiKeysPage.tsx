import { useMemo, useState } from 'react';
import { fileUrl, siteOptionsApi, useAbility, useDocumentTitle, type CallOptions } from '@console/shared-sdk';
import { isoDateTimeSchema } from '@console/shared-sdk/contract';
import {
  Alert,
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Link,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@console/shared-sdk/mui';
import {
  apiKeyApi,
  apiKeyInputSchema,
  apiKeyScopeIds,
  apiKeyScopeLabels,
  apiKeyScopes,
  apiKeySortColumns,
  apiKeyStatusLabels,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyInput,
  type ApiKeyScopeId,
} from '@console/shared-sdk/organization';
import {
  defineResource,
  EntryList,
  FieldInput,
  LtrText,
  namedOption,
  ResourceScreen,
  ShownOnceDialog,
  SiteTime,
  useSiteTimeZone,
  type CustomFieldProps,
  type MultiSelectFieldDeclaration,
} from '@console/shared-sdk/ui';
import { DateTime } from 'luxon';
import { AccessDenied } from '../../app/RemoteRoutes';
import { CopyableValue } from './CopyableValue';
import { CredentialStatusChip, LastUsed } from './credential-parts';

// /dashboard/organization/api-keys: the organisation's own systems (a sensor bridge, a BI tool) call the API
// with a key sent as `Authorization: Bearer ck_…`. Here an organisation admin makes a key with only the
// scopes and sites the system needs (and perhaps an expiry), copies it from the one dialog that shows it,
// sees when and from where each key was last used, and revokes one at once.

const title = 'API keys';
const subject = 'ApiKey';

/** An address on the API as the browser reaches it (the API may be on another origin than the console). */
const apiAddress = (path: string) => new URL(fileUrl(path), window.location.href).href;

// ---- scopes and sites in words ----------------------------------------------------------------------------

/** The scopes in the catalogue's order, so every list of them reads the same. */
const inCatalogueOrder = (scopes: readonly ApiKeyScopeId[]) =>
  apiKeyScopeIds.filter((scope) => scopes.includes(scope));

const scopeWords = (key: ApiKey) =>
  inCatalogueOrder(key.scopes)
    .map((scope) => apiKeyScopeLabels[scope])
    .join(', ');

const siteWords = (key: ApiKey) =>
  key.siteIDs === null ? 'Every site' : key.sites.map((site) => site.name).join(', ') || '—';

/** Each scope with what it opens, for the key's detail. */
function ScopeList({ scopes }: { scopes: readonly ApiKeyScopeId[] }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {inCatalogueOrder(scopes).map((scope) => (
        <li key={scope}>
          {apiKeyScopes[scope].label}: {apiKeyScopes[scope].description}
        </li>
      ))}
    </Box>
  );
}

const madeBy = (key: ApiKey) => (
  <>
    {key.createdBy ? `${key.createdBy.name}, ` : ''}
    <SiteTime value={key.createdAt} />
  </>
);

const revokedBy = (key: ApiKey) =>
  key.revokedAt ? (
    <>
      {key.revokedBy ? `${key.revokedBy.name}, ` : ''}
      <SiteTime value={key.revokedAt} />
    </>
  ) : (
    '—'
  );

/** The part of the key a list shows, to tell keys apart (the rest is never kept). */
const prefixWords = (key: ApiKey) => (
  <Box component="code" sx={{ fontFamily: 'monospace' }}>
    <LtrText>{key.prefix}…</LtrText>
  </Box>
);

// ---- the form's own fields --------------------------------------------------------------------------------

/**
 * The scopes as a labelled group of checkboxes, reads apart from writes, each with what it opens under it
 * (read to a screen reader as the checkbox's description).
 */
function ScopeChoices({
  id,
  label,
  required,
  value,
  onChange,
  onBlur,
  error,
  disabled,
}: CustomFieldProps<ApiKeyScopeId[]>) {
  const helperId = `${id}-helper-text`;
  const groups = [
    { key: 'read', title: 'Read', scopes: apiKeyScopeIds.filter((scope) => !apiKeyScopes[scope].writes) },
    { key: 'write', title: 'Write', scopes: apiKeyScopeIds.filter((scope) => apiKeyScopes[scope].writes) },
  ];
  const toggle = (scope: ApiKeyScopeId, on: boolean) =>
    onChange(apiKeyScopeIds.filter((each) => (each === scope ? on : value.includes(each))));
  return (
    <FormControl
      component="fieldset"
      id={id}
      required={required}
      error={error !== undefined}
      disabled={disabled}
      aria-describedby={error ? helperId : undefined}
    >
      <FormLabel component="legend">{label}</FormLabel>
      <FormHelperText id={helperId} sx={{ mx: 0 }}>
        {error ?? 'Only what the system needs: a key can do no more than its scopes, at its sites.'}
      </FormHelperText>
      {groups.map((group) => (
        <Box key={group.key} sx={{ mt: 1 }}>
          <Typography id={`${id}-${group.key}`} variant="subtitle2" component="h3">
            {group.title}
          </Typography>
          <Box role="group" aria-labelledby={`${id}-${group.key}`}>
            {group.scopes.map((scope) => (
              <Box key={scope} sx={{ mb: 0.5 }}>
                <FormControlLabel
                  label={apiKeyScopes[scope].label}
                  control={
                    <Checkbox
                      checked={value.includes(scope)}
                      onChange={(event) => toggle(scope, event.target.checked)}
                      onBlur={onBlur}
                      slotProps={{ input: { 'aria-describedby': `${id}-${scope}-description` } }}
                    />
                  }
                />
                <Typography
                  id={`${id}-${scope}-description`}
                  variant="body2"
                  color="text.secondary"
                  sx={{ pl: 4, mt: -0.75 }}
                >
                  {apiKeyScopes[scope].description}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      ))}
    </FormControl>
  );
}

const siteOptions = async () => (await siteOptionsApi.simpleList({ quiet: true })).map(namedOption);

const chosenSites: MultiSelectFieldDeclaration = {
  kind: 'multiselect',
  name: 'siteIDs',
  label: 'Sites it may act on',
  required: true,
  options: siteOptions,
};

const asIds = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * Every site (null, the default: the organisation's sites now and later) or only some, chosen with the
 * kit's site list. A message about one chosen site (`siteIDs.0`: not the organisation's) shows under it.
 */
function SiteLimit({
  id,
  label,
  value,
  onChange,
  onBlur,
  error,
  errors,
  disabled,
}: CustomFieldProps<string[] | null>) {
  const timeZone = useSiteTimeZone();
  const limited = value !== null;
  const message = error ?? Object.values(errors)[0];
  return (
    <FormControl component="fieldset" disabled={disabled} error={message !== undefined}>
      <FormLabel component="legend">{label}</FormLabel>
      <RadioGroup
        name={id}
        value={limited ? 'some' : 'every'}
        onChange={(event) => onChange(event.target.value === 'some' ? [] : null)}
      >
        <FormControlLabel value="every" control={<Radio />} label="Every site, now and later" />
        <FormControlLabel value="some" control={<Radio />} label="Only some sites" />
      </RadioGroup>
      {limited ? (
        <Box sx={{ mt: 1 }}>
          <FieldInput
            field={chosenSites}
            id={`${id}-chosen`}
            value={value}
            onChange={(next) => onChange(asIds(next))}
            onBlur={onBlur}
            error={message}
            errors={{}}
            disabled={disabled}
            context={{ siteID: null, timeZone }}
          />
        </Box>
      ) : (
        message && <FormHelperText>{message}</FormHelperText>
      )}
    </FormControl>
  );
}

/** The form: an expiry day ('' while half typed, null for none) rather than the instant the API takes. */
interface KeyForm {
  name: string;
  scopes: ApiKeyScopeId[];
  siteIDs: string[] | null;
  expiresAt: string | null;
}

/** A key stops at the end of the day chosen, in the zone the console shows dates in. */
const endOfDay = (day: string, zone: string) =>
  DateTime.fromISO(day, { zone }).endOf('day').toUTC().toISO() ?? '';

/**
 * The contract's input, with the console's words for an expiry that cannot be: half typed, or already
 * past (the API refuses those too, and says so under the same field).
 */
const keyFormSchema = apiKeyInputSchema.extend({
  expiresAt: isoDateTimeSchema('Enter a whole date, or leave it empty')
    .refine((at) => Date.parse(at) > Date.now(), 'Choose today or a later day')
    .nullable()
    .default(null),
});

// ---- the key shown once -----------------------------------------------------------------------------------

/** A call each scope allows, to try a new key with: a list of the records it reads. */
const examplePaths: Record<ApiKeyScopeId, string> = {
  'sites:read': 'site-panel/web-app-list',
  'temperature-logs:read': 'temperature-logs/web-app-list-for-web',
  'sensor-readings:write': 'sensor/web-app-list',
  'tasks:read': 'master-task/web-app-list',
  'logs:read': 'comlianceLog/web-app-list-for-web',
  'equipment:read': 'supplier/web-app-list',
  'reports:read': 'site-panel/all-sites-score-list',
};

/** A curl command the key may run: its first scope's list. */
export function exampleCall(key: string, scopes: readonly ApiKeyScopeId[]): string {
  const scope = inCatalogueOrder(scopes)[0] ?? 'sites:read';
  return `curl -H "Authorization: Bearer ${key}" "${apiAddress(`/api/v1/${examplePaths[scope]}`)}"`;
}

/** A new key, shown once with what it may do and a call to try it, and the warning that it is not kept. */
export function ApiKeyDialog({ made, onClose }: { made: ApiKeyCreated | null; onClose: () => void }) {
  if (!made) return null;
  const { apiKey, key } = made;
  return (
    <ShownOnceDialog
      title={`Key “${apiKey.name}” made`}
      copy={{ text: key, label: 'Copy key', done: 'Key copied to the clipboard.' }}
      doneLabel="I have copied it"
      onClose={onClose}
    >
      <Alert severity="warning">
        Copy the key now and keep it in your system&apos;s secret settings. It will not be shown again: the
        console keeps only a fingerprint of it. If it is lost, revoke it and make another.
      </Alert>
      <TextField
        label="API key"
        value={key}
        fullWidth
        slotProps={{
          htmlInput: { readOnly: true, spellCheck: false, dir: 'ltr', style: { fontFamily: 'monospace' } },
        }}
        onFocus={(event) => event.target.select()}
      />
      <EntryList
        dense
        entries={[
          { label: 'Scopes', value: scopeWords(apiKey) },
          { label: 'Sites', value: siteWords(apiKey) },
          {
            label: 'Expires',
            value: <SiteTime value={apiKey.expiresAt} none="Never: until it is revoked" />,
          },
        ]}
      />
      <Typography variant="body2">
        Your system sends it in every call&apos;s <LtrText>Authorization</LtrText> header. To try it:
      </Typography>
      <CopyableValue
        label="Example call"
        value={exampleCall(key, apiKey.scopes)}
        copied="Example call copied to the clipboard."
        copyLabel="Copy the call"
        multiline
        code
      />
    </ShownOnceDialog>
  );
}

// ---- the list ---------------------------------------------------------------------------------------------

/** The keys' declaration; `show` receives each new key, to show it once. */
export function apiKeys(show: (made: ApiKeyCreated) => void) {
  return defineResource({
    title,
    name: 'API key',
    createLabel: 'New API key',
    subject,
    api: {
      list: apiKeyApi.list,
      get: apiKeyApi.get,
      create: async (input: ApiKeyInput, options?: CallOptions) => {
        const made = await apiKeyApi.create(input, options);
        show(made);
        return made.apiKey;
      },
    },
    recordLabel: (row: ApiKey) => row.name,
    sortable: apiKeySortColumns,
    defaultSort: '-createdAt',
    search: { placeholder: 'Search keys by name or prefix' },
    filters: [
      {
        kind: 'status',
        name: 'status',
        label: 'Key state',
        options: [
          { value: 'ACTIVE', label: apiKeyStatusLabels.ACTIVE },
          { value: 'EXPIRED', label: apiKeyStatusLabels.EXPIRED },
          { value: 'REVOKED', label: apiKeyStatusLabels.REVOKED },
        ],
      },
    ],
    emptyMessage: 'No API keys yet.',
    emptyHint:
      'Make one for each system that calls the API, such as a sensor bridge or a BI tool: choose what it may read or write, then copy the key, which is shown once.',
    columns: [
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 140 },
      { field: 'prefix', headerName: 'Key', sortable: false, renderCell: ({ row }) => prefixWords(row) },
      {
        field: 'scopes',
        headerName: 'Scopes',
        flex: 1.2,
        minWidth: 160,
        sortable: false,
        valueGetter: (_value, row) => scopeWords(row),
      },
      {
        field: 'sites',
        headerName: 'Sites',
        flex: 0.8,
        minWidth: 120,
        sortable: false,
        valueGetter: (_value, row) => siteWords(row),
      },
      {
        field: 'status',
        headerName: 'State',
        sortable: false,
        renderCell: ({ row }) => (
          <CredentialStatusChip status={row.status} label={apiKeyStatusLabels[row.status]} />
        ),
      },
      {
        field: 'expiresAt',
        headerName: 'Expires',
        renderCell: ({ row }) => <SiteTime value={row.expiresAt} none="Never" />,
      },
      {
        field: 'lastUsedAt',
        headerName: 'Last used',
        flex: 1.2,
        minWidth: 180,
        renderCell: ({ row }) => (
          <LastUsed at={row.lastUsedAt} from={row.lastUsedFrom} client={row.lastUsedUserAgent} shortClient />
        ),
      },
      { field: 'createdAt', headerName: 'Made', renderCell: ({ row }) => madeBy(row) },
    ],
    view: [
      { label: 'Name', field: 'name' },
      { label: 'Key', render: prefixWords },
      {
        label: 'State',
        render: (row) => <CredentialStatusChip status={row.status} label={apiKeyStatusLabels[row.status]} />,
      },
      { label: 'Scopes', render: (row) => <ScopeList scopes={row.scopes} /> },
      { label: 'Sites', render: siteWords },
      {
        label: 'Expires',
        render: (row) => <SiteTime value={row.expiresAt} none="Never: until it is revoked" />,
      },
      {
        label: 'Last used',
        render: (row) => (
          <LastUsed at={row.lastUsedAt} from={row.lastUsedFrom} client={row.lastUsedUserAgent} />
        ),
      },
      { label: 'Made', render: madeBy },
      { label: 'Revoked', render: revokedBy },
    ],
    card: [
      {
        label: 'State',
        render: (row) => <CredentialStatusChip status={row.status} label={apiKeyStatusLabels[row.status]} />,
      },
      { label: 'Scopes', render: scopeWords },
      {
        label: 'Last used',
        render: (row) => (
          <LastUsed at={row.lastUsedAt} from={row.lastUsedFrom} client={row.lastUsedUserAgent} shortClient />
        ),
      },
    ],
    rowActions: [
      {
        label: 'Revoke',
        icon: 'warning',
        ability: { action: 'manage' },
        available: (row) => row.status === 'ACTIVE',
        confirm: (row) => ({
          title: `Revoke “${row.name}”?`,
          message:
            'The key stops working at once: the next call made with it is refused. This cannot be undone; the system that uses it needs a new key.',
        }),
        run: (row) => apiKeyApi.revoke(row._id),
      },
    ],
    form: {
      schema: keyFormSchema,
      fields: [
        {
          kind: 'text',
          name: 'name',
          label: 'Key name',
          required: true,
          helperText: 'Which system holds it, e.g. Sensor bridge',
        },
        {
          kind: 'custom',
          name: 'scopes',
          label: 'Scopes',
          required: true,
          render: (props) => <ScopeChoices {...props} />,
        },
        { kind: 'custom', name: 'siteIDs', label: 'Sites', render: (props) => <SiteLimit {...props} /> },
        {
          kind: 'date',
          name: 'expiresAt',
          label: 'Expires',
          helperText:
            'It stops working at the end of this day. Leave it empty for a key that works until it is revoked.',
        },
      ],
      emptyForm: (): KeyForm => ({ name: '', scopes: [], siteIDs: null, expiresAt: null }),
      toForm: (row: ApiKey): KeyForm => ({
        name: row.name,
        scopes: [...row.scopes],
        siteIDs: row.siteIDs,
        expiresAt: null,
      }),
      toInput: (form: KeyForm, context): ApiKeyInput => ({
        name: form.name,
        scopes: form.scopes,
        siteIDs: form.siteIDs,
        expiresAt:
          form.expiresAt === null
            ? null
            : form.expiresAt === ''
              ? ''
              : endOfDay(form.expiresAt, context.timeZone),
      }),
    },
    // A key's scopes and sites are fixed when it is made: a changed need is a new key, and the old one revoked.
    actions: { edit: false, delete: false },
  });
}

// ---- the page ---------------------------------------------------------------------------------------------

/** What a key is and how a system sends it, above the list. */
function Introduction() {
  return (
    <Typography variant="body2" color="text.secondary">
      Your own systems (a sensor bridge, a BI tool, a spreadsheet&apos;s import) call the console&apos;s API
      with a key, sent in every call as{' '}
      <Box component="code">
        <LtrText>Authorization: Bearer ck_…</LtrText>
      </Box>
      . A key reads or writes only what its scopes allow, at its sites, and the records&apos; history names it
      for every change it makes. The calls are described in the{' '}
      <Link href={apiAddress('/api/docs')} target="_blank" rel="noopener">
        API reference
      </Link>
      .
    </Typography>
  );
}

/** The organisation's API keys: the list, the form that makes one, and the key shown once. */
export function ApiKeysPage() {
  const ability = useAbility();
  useDocumentTitle(title);
  const [made, setMade] = useState<ApiKeyCreated | null>(null);
  const keys = useMemo(() => apiKeys(setMade), []);
  if (!ability.can('manage', subject)) return <AccessDenied screen={title} />;
  return (
    <>
      <ResourceScreen resource={keys}>
        <Introduction />
      </ResourceScreen>
      <ApiKeyDialog made={made} onClose={() => setMade(null)} />
    </>
  );
}
