import { useState } from 'react';
import { invalidate, roleLabels } from '@console/shared-sdk';
import { Box, Button, Chip, Paper, Skeleton, Stack, Typography } from '@console/shared-sdk/mui';
import {
  defaultedRoles,
  roleApi,
  type DefaultedRole,
  type GrantableAction,
  type GrantableSubject,
  type SubjectDefaults,
} from '@console/shared-sdk/organization';
import { ErrorState } from '@console/shared-sdk/ui';
import { ActionGrid, inActionOrder, useGrantableSubjects } from './role-grants';

type RoleActions = Record<DefaultedRole, GrantableAction[]>;

/**
 * What each fixed role holds on the subject, in the actions it offers: `manage` (a remote's "everything")
 * ticks them all.
 */
function shownActions(subject: GrantableSubject, defaults: SubjectDefaults | null): RoleActions {
  const of = (role: DefaultedRole) => {
    const held = defaults?.[role] ?? [];
    return held.includes('manage')
      ? [...subject.actions]
      : inActionOrder(held).filter((action) => subject.actions.includes(action));
  };
  return { ORGANIZATION_ADMIN: of('ORGANIZATION_ADMIN'), SITE_ADMIN: of('SITE_ADMIN'), STAFF: of('STAFF') };
}

/**
 * One remote's subject: the actions each fixed role gets, the organisation's own when it set them, else the
 * remote's (said so), changed with the checkboxes and saved, or given back to the remote's defaults.
 */
function SubjectDefaultsEditor({ subject }: { subject: GrantableSubject }) {
  const own = subject.organisationDefaults !== null;
  const saved = shownActions(subject, subject.organisationDefaults ?? subject.defaults);
  const [draft, setDraft] = useState(saved);
  const [busy, setBusy] = useState<'save' | 'reset' | null>(null);
  const changed = defaultedRoles.some((role) => draft[role].join() !== saved[role].join());

  const run = (which: 'save' | 'reset', call: () => Promise<unknown>) => {
    setBusy(which);
    call()
      .then(() => invalidate(['Role']))
      .catch(() => undefined)
      .finally(() => setBusy(null));
  };
  const headingId = `subject-${subject.name}`;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
        <Typography id={headingId} variant="subtitle1" component="h3">
          {subject.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          from {subject.remote}
          {subject.siteScoped ? ', kept per site' : ''}
        </Typography>
        <Chip size="small" variant="outlined" label={own ? "Your organisation's own" : "Remote's default"} />
      </Stack>
      <ActionGrid
        caption={`What each role may do with ${subject.title}`}
        rowHeader="Role"
        columns={subject.actions}
        groups={[
          {
            key: 'roles',
            title: null,
            rows: defaultedRoles.map((role) => ({
              key: role,
              title: roleLabels[role],
              words: `${subject.title}: ${roleLabels[role]}`,
              offered: subject.actions,
              checked: draft[role],
            })),
          },
        ]}
        onToggle={(role, action, on) => {
          const key = role as DefaultedRole;
          setDraft({
            ...draft,
            [key]: inActionOrder(on ? [...draft[key], action] : draft[key].filter((each) => each !== action)),
          });
        }}
        disabled={busy !== null}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button
          variant="contained"
          disabled={!changed || busy !== null}
          loading={busy === 'save'}
          aria-label={`Save what each role may do with ${subject.title}`}
          onClick={() => run('save', () => roleApi.setSubjectDefaults({ subject: subject.name, ...draft }))}
        >
          Save
        </Button>
        {own && (
          <Button
            disabled={busy !== null}
            loading={busy === 'reset'}
            onClick={() => run('reset', () => roleApi.resetSubjectDefaults(subject.name))}
          >
            Use the remote&apos;s defaults
          </Button>
        )}
      </Stack>
    </Box>
  );
}

/** The subjects remotes brought, each with what the fixed roles may do with it in this organisation. */
export function RemoteSubjectDefaults() {
  const subjects = useGrantableSubjects();
  let content;
  if (subjects.data) {
    const brought = subjects.data.filter((subject) => subject.remote !== null);
    content =
      brought.length === 0 ? (
        <Typography color="text.secondary">No remote brings subjects of its own yet.</Typography>
      ) : (
        <Stack spacing={3}>
          {brought.map((subject) => (
            // A new answer from the server (a save, a reset) starts the checkboxes again from it.
            <SubjectDefaultsEditor
              key={`${subject.name}:${JSON.stringify(subject.organisationDefaults ?? subject.defaults)}`}
              subject={subject}
            />
          ))}
        </Stack>
      );
  } else if (subjects.error) {
    content = <ErrorState message="Could not load the remotes' subjects." onRetry={subjects.reload} />;
  } else {
    content = <Skeleton variant="rounded" height={120} aria-label="Loading the remotes' subjects" />;
  }
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="remote-subjects"
      sx={{ p: { xs: 1.5, sm: 2 } }}
    >
      <Stack spacing={1.5}>
        <Typography id="remote-subjects" variant="h6" component="h2">
          Subjects from remotes
        </Typography>
        <Typography variant="body2" color="text.secondary">
          A remote may bring things of its own (allergens, recipes) with what each role may do with them.
          Change that for your organisation here; a custom role decides for its holders itself.
        </Typography>
        {content}
      </Stack>
    </Paper>
  );
}
