import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Grid,
  Skeleton,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@console/shared-sdk/mui';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from '@console/shared-sdk/router';
import { genderSchema, isApiError, roleLabels, session, useDocumentTitle } from '@console/shared-sdk';
import { dateFormatLabels, dateFormats } from '@console/shared-sdk/contract';
import {
  changePasswordSchema,
  profileApi,
  updateProfileSchema,
  type NotificationSettings,
  type Profile,
} from '@console/shared-sdk/profile';
import {
  FieldInput,
  formErrorStatuses,
  issuesToErrors,
  useModalForm,
  type AnyFieldDeclaration,
  type FieldErrors,
} from '@console/shared-sdk/ui';

const noSite = { siteID: null, timeZone: 'UTC' };

/** A card holding a small form built from field declarations, validated with a contract schema. */
function FormCard<Form extends object>(props: {
  title: string;
  subheader?: string;
  fields: readonly AnyFieldDeclaration[];
  initial: Form;
  validate: (form: Form) => FieldErrors;
  save: (form: Form) => Promise<void>;
  submitLabel: string;
  resetAfterSave?: boolean;
  /** The account a password form is for, so password managers know whose password changes. */
  username?: string;
}) {
  const id = useId();
  const [generation, setGeneration] = useState(0);
  return (
    <Card>
      <CardHeader title={props.title} subheader={props.subheader} />
      <CardContent>
        <FormBody
          key={generation}
          {...props}
          id={id}
          onSaved={() => props.resetAfterSave && setGeneration((g) => g + 1)}
        />
      </CardContent>
    </Card>
  );
}

function FormBody<Form extends object>(props: {
  id: string;
  fields: readonly AnyFieldDeclaration[];
  initial: Form;
  validate: (form: Form) => FieldErrors;
  save: (form: Form) => Promise<void>;
  submitLabel: string;
  onSaved: () => void;
  username?: string;
}) {
  const form = useModalForm({
    initial: props.initial,
    validate: props.validate,
    save: props.save,
    onSaved: props.onSaved,
  });
  return (
    <Stack component="form" spacing={2} {...form.formProps}>
      {form.formError && <Alert severity="error">{form.formError}</Alert>}
      {props.username !== undefined && (
        <input type="text" name="username" autoComplete="username" value={props.username} readOnly hidden />
      )}
      {props.fields.map((field) => (
        <FieldInput
          key={field.name}
          id={`${props.id}-${field.name}`}
          field={field}
          value={Reflect.get(form.values, field.name)}
          onChange={(value) => form.setField(field.name, value)}
          onBlur={form.blur}
          error={form.errors[field.name]}
          errors={{}}
          disabled={form.submitting}
          context={noSite}
        />
      ))}
      <Box>
        <Button type="submit" variant="contained" loading={form.submitting}>
          {props.submitLabel}
        </Button>
      </Box>
    </Stack>
  );
}

const detailFields: AnyFieldDeclaration[] = [
  { kind: 'text', name: 'firstName', label: 'First name', required: true },
  { kind: 'text', name: 'lastName', label: 'Last name', required: true },
  { kind: 'email', name: 'email', label: 'E-mail', required: true },
  {
    kind: 'password',
    name: 'currentPassword',
    label: 'Current password',
    autoComplete: 'current-password',
    helperText: 'Needed only to change your e-mail address',
  },
  { kind: 'tel', name: 'mobileNumber', label: 'Mobile number' },
  {
    kind: 'select',
    name: 'gender',
    label: 'Gender',
    options: [
      { value: '', label: 'Prefer not to say' },
      ...genderSchema.options.map((g) => ({ value: g, label: g.charAt(0) + g.slice(1).toLowerCase() })),
    ],
  },
  {
    kind: 'select',
    name: 'dateFormat',
    label: 'Date format',
    helperText: 'How the console writes dates and times for you',
    options: dateFormats.map((format) => ({ value: format, label: dateFormatLabels[format] })),
  },
];

/** The signed-in session's user as the saved profile is, so the console writes names and dates the new way at once. */
function keepInSession({ firstName, lastName, email, dateFormat }: Profile) {
  session.updateUser({ firstName, lastName, email, dateFormat });
}

// Password kinds are hidden with a show/hide toggle; the autofill hints let a password manager fill the
// current password and offer to save the new one.
const passwordFields: AnyFieldDeclaration[] = [
  {
    kind: 'password',
    name: 'currentPassword',
    label: 'Current password',
    required: true,
    autoComplete: 'current-password',
  },
  {
    kind: 'password',
    name: 'newPassword',
    label: 'New password',
    required: true,
    autoComplete: 'new-password',
    helperText: 'At least 8 characters',
  },
  {
    kind: 'password',
    name: 'confirmPassword',
    label: 'Repeat the new password',
    required: true,
    autoComplete: 'new-password',
  },
];

type Setting = keyof NotificationSettings;

interface AlertKindRow {
  label: string;
  email: Setting;
  inConsole?: Setting;
}

/** Each kind of alert and its two switches: failures, silent sensors and near misses e-mail at once. */
const alertKinds: readonly AlertKindRow[] = [
  {
    label: 'A temperature reading fails its limits',
    email: 'temperatureFailure',
    inConsole: 'temperatureFailureInConsole',
  },
  { label: 'A wireless sensor goes silent', email: 'sensorOffline', inConsole: 'sensorOfflineInConsole' },
  {
    label: 'A near miss or incident is reported',
    email: 'nearMissReported',
    inConsole: 'nearMissReportedInConsole',
  },
  {
    label: 'A task becomes overdue at one of my sites',
    email: 'taskOverdue',
    inConsole: 'taskOverdueInConsole',
  },
  {
    label: 'Opening or closing checks are missed',
    email: 'checksMissed',
    inConsole: 'checksMissedInConsole',
  },
  {
    label: 'A follow-up check (cooling, hot holding) is not taken in time',
    email: 'followUpDue',
    inConsole: 'followUpDueInConsole',
  },
  {
    label: 'A document is about to expire or has expired',
    email: 'documentExpiry',
    inConsole: 'documentExpiryInConsole',
  },
  { label: 'A weekly summary of scores', email: 'weeklySummary' },
];

const sentAtOnce: ReadonlySet<Setting> = new Set(['temperatureFailure', 'sensorOffline', 'nearMissReported']);

function NotificationsCard({ profile }: { profile: Profile }) {
  const [settings, setSettings] = useState(profile.notificationSettings);
  const toggle = (key: Setting, value: boolean) => {
    const previous = settings;
    setSettings({ ...settings, [key]: value });
    profileApi.changeNotificationSettings({ [key]: value }).then(setSettings, () => setSettings(previous));
  };
  const setting = (key: Setting, label: string) => (
    <FormControlLabel
      key={key}
      control={<Switch checked={settings[key]} onChange={(event) => toggle(key, event.target.checked)} />}
      label={label}
    />
  );
  const cell = (key: Setting | undefined, label: string, disabled = false) =>
    key ? (
      <Switch
        checked={settings[key]}
        disabled={disabled}
        onChange={(event) => toggle(key, event.target.checked)}
        slotProps={{ input: { 'aria-label': label } }}
      />
    ) : (
      <Typography variant="body2" color="text.secondary" component="span">
        By e-mail only
      </Typography>
    );
  return (
    <Card>
      <CardHeader title="Notifications" subheader="Saved as soon as you change them" />
      <CardContent>
        <Stack spacing={2}>
          <Stack>
            {setting('inConsole', 'Show alerts under the bell in the console')}
            {profile.role === 'ORGANIZATION_ADMIN' &&
              setting(
                'allSites',
                "Hear of every site's alerts (off: only the organisation's own, and what nobody acknowledged in time)",
              )}
          </Stack>
          <Box
            component="table"
            aria-label="Alerts by kind and channel"
            sx={{
              borderCollapse: 'collapse',
              width: '100%',
              '& th, & td': { py: 0.25, px: 1, borderBottom: 1, borderColor: 'divider' },
              '& th[scope=row]': { textAlign: 'start', fontWeight: 'normal', typography: 'body2' },
              '& thead th': { typography: 'subtitle2', textAlign: 'center' },
              '& thead th:first-of-type': { textAlign: 'start' },
              '& td': { textAlign: 'center', whiteSpace: 'nowrap' },
            }}
          >
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">In the bell</th>
                <th scope="col">By e-mail</th>
              </tr>
            </thead>
            <tbody>
              {alertKinds.map((kind) => (
                <tr key={kind.email}>
                  <th scope="row">{kind.label}</th>
                  <td>{cell(kind.inConsole, `${kind.label}: in the bell`, !settings.inConsole)}</td>
                  <td>
                    {cell(
                      kind.email,
                      `${kind.label}: by e-mail${sentAtOnce.has(kind.email) ? ' at once' : ''}`,
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Box>
          <Typography variant="body2" color="text.secondary">
            Temperature failures, silent sensors and near misses are e-mailed at once; the others come
            together in a morning digest. What nobody acknowledges in time is escalated to the
            organisation&apos;s admins through the same choices.
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}

function DeleteAccountCard() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  async function confirm() {
    setDeleting(true);
    setError(null);
    try {
      await profileApi.deleteMyAccount({ password }, { quietFor: [400, 409] });
      session.signOut();
      navigate('/login', { replace: true });
    } catch (failure) {
      setError(
        isApiError(failure)
          ? (failure.fieldErrors.password?.[0] ?? failure.message)
          : 'The account could not be deleted',
      );
    } finally {
      setDeleting(false);
    }
  }
  return (
    <Card>
      <CardHeader title="Delete my account" />
      <CardContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          You will be signed out everywhere. Records you made keep your name, as compliance records must.
        </Typography>
        <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
        <Dialog
          open={open}
          onClose={() => !deleting && setOpen(false)}
          aria-labelledby="delete-account-title"
        >
          <DialogTitle id="delete-account-title">Delete your account?</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              This cannot be undone. Enter your password to confirm.
            </DialogContentText>
            {error && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {error}
              </Alert>
            )}
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              autoFocus
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} disabled={deleting}>
              Cancel
            </Button>
            <Button
              color="error"
              variant="contained"
              onClick={() => void confirm()}
              loading={deleting}
              disabled={!password}
            >
              Delete my account
            </Button>
          </DialogActions>
        </Dialog>
      </CardContent>
    </Card>
  );
}

export function ProfilePage() {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [failed, setFailed] = useState(false);
  useDocumentTitle('Profile');
  useEffect(() => {
    profileApi.viewMe({ quiet: true }).then(setProfile, () => setFailed(true));
  }, []);

  if (failed) return <Alert severity="error">Your profile could not be loaded.</Alert>;
  if (!profile) return <Skeleton variant="rounded" height={300} aria-label="Loading your profile" />;

  const details = {
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    currentPassword: '',
    mobileNumber: profile.mobileNumber ?? '',
    gender: profile.gender ?? '',
    dateFormat: profile.dateFormat,
  };
  const emailChanged = (email: string) => email.trim().toLowerCase() !== profile.email;
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          {profile.firstName} {profile.lastName}
        </Typography>
        <Typography color="text.secondary">
          {roleLabels[profile.role]}
          {profile.organizationName ? ` · ${profile.organizationName}` : ''}
        </Typography>
      </Box>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormCard
            title="Your details"
            fields={detailFields}
            initial={details}
            submitLabel="Save details"
            username={profile.email}
            validate={(form) => {
              const result = updateProfileSchema.safeParse({ ...form, gender: form.gender || null });
              const errors = result.success ? {} : issuesToErrors(result.error.issues);
              if (emailChanged(form.email) && form.currentPassword === '')
                errors.currentPassword = 'Enter your current password to change your e-mail address';
              return errors;
            }}
            save={async ({ currentPassword, ...form }) => {
              const saved = await profileApi.updateMe(
                {
                  ...form,
                  gender: (form.gender || null) as Profile['gender'],
                  ...(emailChanged(form.email) ? { currentPassword } : {}),
                },
                { quietFor: formErrorStatuses },
              );
              setProfile(saved.profile);
              keepInSession(saved.profile);
            }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={3}>
            <FormCard
              title="Change password"
              subheader="Your other sessions are signed out"
              fields={passwordFields}
              initial={{ currentPassword: '', newPassword: '', confirmPassword: '' }}
              submitLabel="Change password"
              resetAfterSave
              username={profile.email}
              validate={(form) => {
                const result = changePasswordSchema.safeParse(form);
                const errors = result.success ? {} : issuesToErrors(result.error.issues);
                if (form.confirmPassword !== form.newPassword)
                  errors.confirmPassword = 'The two passwords are not the same';
                return errors;
              }}
              save={async ({ currentPassword, newPassword }) => {
                await profileApi.changePassword(
                  { currentPassword, newPassword },
                  { quietFor: formErrorStatuses },
                );
              }}
            />
            <NotificationsCard profile={profile} />
            <DeleteAccountCard />
          </Stack>
        </Grid>
      </Grid>
    </Stack>
  );
}
