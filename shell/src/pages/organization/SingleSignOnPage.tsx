import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Skeleton,
  Stack,
  Typography,
} from '@console/shared-sdk/mui';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import { useId, useState } from 'react';
import {
  Can,
  notify,
  siteOptionsApi,
  useDocumentTitle,
  useRead,
  useSession,
  useSiteChoices,
} from '@console/shared-sdk';
import { roleLabels } from '@console/shared-sdk/contract';
import {
  domainsOfText,
  ssoDefaultRoles,
  ssoProviderApi,
  ssoProviderInputSchema,
  type SsoProvider,
  type SsoProviderInput,
  type SsoSettings,
} from '@console/shared-sdk/organization';
import {
  ConfirmDialog,
  EmptyState,
  EntryList,
  FormDialog,
  formErrorStatuses,
  issuesToErrors,
  LtrText,
  namedOption,
  useSiteFormat,
  type FieldDeclaration,
  type FieldErrors,
} from '@console/shared-sdk/ui';

// The organisation's single sign-on (organisation admins): the redirect address to register at the company's
// identity provider, the provider once it is set (its secret only said to be set), and the form that sets
// it. Saving reads the provider's discovery document on the server, so what is saved works.

interface SsoForm {
  issuer: string;
  clientId: string;
  /** Empty keeps the saved one. */
  clientSecret: string;
  /** One per line. */
  domains: string;
  enabled: boolean;
  createOnFirstSignIn: boolean;
  defaultRole: string;
  defaultSiteIds: string[];
  requireSso: boolean;
  /** Empty: nobody. */
  breakGlassUserId: string;
}

const formOf = (provider: SsoProvider | null): SsoForm => ({
  issuer: provider?.issuer ?? '',
  clientId: provider?.clientId ?? '',
  clientSecret: '',
  domains: provider?.domains.join('\n') ?? '',
  enabled: provider?.enabled ?? true,
  createOnFirstSignIn: provider?.createOnFirstSignIn ?? false,
  defaultRole: provider?.defaultRole ?? 'SITE_ADMIN',
  defaultSiteIds: provider?.defaultSiteIds ?? [],
  requireSso: provider?.requireSso ?? false,
  breakGlassUserId: provider?.breakGlassUserId ?? '',
});

/** The PUT body, for the contract's schema to check and shape. */
const inputOf = (form: SsoForm): SsoProviderInput => ({
  issuer: form.issuer,
  clientId: form.clientId,
  ...(form.clientSecret !== '' ? { clientSecret: form.clientSecret } : {}),
  domains: domainsOfText(form.domains),
  enabled: form.enabled,
  createOnFirstSignIn: form.createOnFirstSignIn,
  defaultRole: form.defaultRole === 'ORGANIZATION_ADMIN' ? 'ORGANIZATION_ADMIN' : 'SITE_ADMIN',
  defaultSiteIds: form.defaultSiteIds,
  requireSso: form.requireSso,
  breakGlassUserId: form.breakGlassUserId === '' ? null : form.breakGlassUserId,
});

/** The contract's messages, a domain's (`domains.2`) under the one domains field, naming the domain. */
function validate(form: SsoForm, saved: SsoProvider | null): FieldErrors {
  const input = inputOf(form);
  const result = ssoProviderInputSchema.safeParse(input);
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(result.success ? {} : issuesToErrors(result.error.issues))) {
    const domain = /^domains\.(\d+)$/.exec(path);
    if (domain) errors['domains'] ??= `${input.domains[Number(domain[1])] ?? ''}: ${message}`;
    else errors[path] ??= message;
  }
  if (form.clientSecret === '') {
    if (!saved) errors['clientSecret'] ??= 'Client secret is required';
    else if (saved.issuer !== input.issuer || saved.clientId !== input.clientId.trim())
      errors['clientSecret'] ??= 'Enter the client secret again: the issuer or client ID changed';
  }
  return errors;
}

function fieldsOf(settings: SsoSettings): readonly FieldDeclaration<SsoForm>[] {
  const saved = settings.provider;
  return [
    {
      kind: 'text',
      name: 'issuer',
      label: 'Issuer',
      required: true,
      placeholder: 'https://login.microsoftonline.com/<tenant ID>/v2.0',
      helperText:
        'Entra ID: https://login.microsoftonline.com/<tenant ID>/v2.0 · Okta: https://<your domain>.okta.com · Google: https://accounts.google.com',
    },
    { kind: 'text', name: 'clientId', label: 'Client ID', required: true },
    {
      kind: 'password',
      name: 'clientSecret',
      label: 'Client secret',
      required: !saved,
      autoComplete: 'new-password',
      helperText: saved
        ? 'A secret is saved: leave this empty to keep it (enter it again if you change the issuer or client ID)'
        : 'Kept sealed on the server and never shown again',
    },
    {
      kind: 'multiline',
      name: 'domains',
      label: 'E-mail domains',
      required: true,
      rows: 3,
      helperText:
        'One per line, e.g. harbourvine.co.uk: addresses of these domains are offered single sign-on',
    },
    {
      kind: 'switch',
      name: 'enabled',
      label: 'Offer single sign-on on the sign-in page',
    },
    {
      kind: 'switch',
      name: 'createOnFirstSignIn',
      label: 'Give a console account to a person of these domains at their first sign-in',
    },
    {
      kind: 'select',
      name: 'defaultRole',
      label: 'Their role',
      options: ssoDefaultRoles.map((role) => ({ value: role, label: roleLabels[role] })),
    },
    {
      kind: 'multiselect',
      name: 'defaultSiteIds',
      label: 'Their sites (a site admin’s)',
      options: async () => (await siteOptionsApi.simpleList({ quiet: true })).map(namedOption),
    },
    {
      kind: 'switch',
      name: 'requireSso',
      label: 'Require single sign-on: turn console passwords off (staff keep theirs for the kitchen app)',
    },
    {
      kind: 'select',
      name: 'breakGlassUserId',
      label: 'Break-glass admin (keeps a password, should the provider fail)',
      options: [
        { value: '', label: 'Nobody' },
        ...settings.breakGlassChoices.map((admin) => ({
          value: admin._id,
          label: `${admin.fullName} (${admin.email})`,
        })),
      ],
    },
  ];
}

/** The redirect address with a button that copies it. */
function RedirectAddress({ address }: { address: string }) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader
        title="Redirect address"
        subheader="Register it at your identity provider as the console’s redirect (sign-in) URI, with the scopes openid, email and profile."
        slotProps={{ title: { id: titleId, component: 'h2' } }}
      />
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Box
            component="code"
            sx={{ p: 1, borderRadius: 1, bgcolor: 'action.hover', overflowWrap: 'anywhere', flex: 1 }}
          >
            <LtrText>{address}</LtrText>
          </Box>
          <Button
            startIcon={<ContentCopyIcon />}
            onClick={() => {
              void navigator.clipboard
                .writeText(address)
                .then(() => notify.success('Redirect address copied'))
                .catch(() => notify.error('It could not be copied: select it and copy it yourself'));
            }}
          >
            Copy
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** What is saved, in words. */
function ProviderEntries({ settings, provider }: { settings: SsoSettings; provider: SsoProvider }) {
  const format = useSiteFormat();
  const { sites } = useSiteChoices();
  const siteNames = provider.defaultSiteIds.map((id) => sites.find((site) => site._id === id)?.name ?? id);
  const breakGlass = settings.breakGlassChoices.find((admin) => admin._id === provider.breakGlassUserId);
  const newPeople = !provider.createOnFirstSignIn
    ? 'Not made here: add people before they sign in'
    : provider.defaultRole === 'ORGANIZATION_ADMIN'
      ? `Made at their first sign-in as ${roleLabels.ORGANIZATION_ADMIN}`
      : `Made at their first sign-in as ${roleLabels.SITE_ADMIN} of ${siteNames.join(', ') || 'no site'}`;
  const passwords = provider.requireSso
    ? `Off for the console, but for ${breakGlass ? `${breakGlass.fullName} (break-glass admin)` : 'the break-glass admin'}`
    : 'On, beside single sign-on';
  return (
    <EntryList
      entries={[
        { label: 'Status', value: provider.enabled ? 'On: offered on the sign-in page' : 'Off' },
        { label: 'Issuer', value: <LtrText>{provider.issuer}</LtrText> },
        { label: 'Client ID', value: <LtrText>{provider.clientId}</LtrText> },
        { label: 'Client secret', value: provider.clientSecretSet ? 'Set' : 'Not set' },
        { label: 'E-mail domains', value: provider.domains.join(', ') },
        { label: 'New people', value: newPeople },
        { label: 'Password sign-in', value: passwords },
        { label: 'Last changed', value: format.instant(provider.updatedAt) },
      ]}
    />
  );
}

/** /dashboard/organization/single-sign-on. */
export function SingleSignOnPage() {
  useDocumentTitle('Single sign-on');
  const orgId = useSession((s) => s.orgId);
  const {
    data: settings,
    error,
    reload,
    replace,
  } = useRead(['SingleSignOn', 'settings', orgId], (signal) => ssoProviderApi.view({ quiet: true, signal }));
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const titleId = useId();

  if (error !== null && settings === undefined) {
    return (
      <Alert severity="error" action={<Button onClick={reload}>Retry</Button>}>
        Single sign-on could not be loaded.
      </Alert>
    );
  }
  if (!settings) return <Skeleton variant="rounded" height={240} aria-label="Loading single sign-on" />;
  const provider = settings.provider;

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          Single sign-on
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Your people sign in to the console with your company’s identity provider (Microsoft Entra ID, Okta,
          Google Workspace) over OpenID Connect, with the e-mail address it has verified.
        </Typography>
      </Box>
      <RedirectAddress address={settings.redirectUri} />
      <Card component="section" aria-labelledby={titleId}>
        <CardHeader
          title="Provider"
          slotProps={{ title: { id: titleId, component: 'h2' } }}
          action={
            provider && (
              <Can I="update" a="SingleSignOn">
                <Stack direction="row" spacing={1}>
                  <Button startIcon={<EditIcon />} onClick={() => setEditing(true)}>
                    Edit
                  </Button>
                  <Button color="error" startIcon={<DeleteOutlinedIcon />} onClick={() => setRemoving(true)}>
                    Remove
                  </Button>
                </Stack>
              </Can>
            )
          }
        />
        <CardContent>
          {provider ? (
            <ProviderEntries settings={settings} provider={provider} />
          ) : (
            <EmptyState
              message="Single sign-on is not set up. Register the console at your identity provider with the redirect address above, then enter the issuer, client ID and secret it gives you."
              action={
                <Can I="update" a="SingleSignOn">
                  <Button variant="contained" onClick={() => setEditing(true)}>
                    Set up single sign-on
                  </Button>
                </Can>
              }
            />
          )}
        </CardContent>
      </Card>
      {editing && (
        <FormDialog
          title={provider ? 'Edit single sign-on' : 'Set up single sign-on'}
          fields={fieldsOf(settings)}
          initial={formOf(provider)}
          validate={(form) => validate(form, provider)}
          save={async (form) => {
            const body = ssoProviderInputSchema.parse(inputOf(form));
            replace(await ssoProviderApi.update(body, { quietFor: formErrorStatuses }));
          }}
          onSaved={() => setEditing(false)}
          onClose={() => setEditing(false)}
          context={{ siteID: null, timeZone: 'UTC' }}
          editing={provider !== null}
          width="md"
        />
      )}
      <ConfirmDialog
        open={removing}
        title="Remove single sign-on?"
        message="The sign-in page stops offering it, its e-mail domains are freed, and everyone signs in with a password again (people made by single sign-on set one with “Forgot password?”)."
        confirmLabel="Remove"
        onConfirm={async () => {
          await ssoProviderApi.remove();
          reload();
        }}
        onClose={() => setRemoving(false)}
      />
    </Stack>
  );
}
