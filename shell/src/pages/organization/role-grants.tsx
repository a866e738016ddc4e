import { type ReactNode } from 'react';
import { useRead } from '@console/shared-sdk';
import { Box, Checkbox, FormControl, FormHelperText, FormLabel, Skeleton } from '@console/shared-sdk/mui';
import {
  grantableActionLabels,
  grantableActions,
  roleApi,
  type GrantableAction,
  type GrantableSubject,
  type RoleGrant,
} from '@console/shared-sdk/organization';
import { ErrorState, type CustomFieldProps } from '@console/shared-sdk/ui';

/**
 * What a custom role may hold: the console's subjects and those the registered remotes brought, with their
 * titles. Read under the roles' subject, so any change on the roles screen reads it again.
 */
export function useGrantableSubjects() {
  return useRead(['Role', 'subjects'], (signal) => roleApi.subjects({ quiet: true, signal }));
}

/** The actions in the console's order (Read, Add, Change, Delete, Verify), whatever order they came in. */
export const inActionOrder = (actions: readonly string[]): GrantableAction[] =>
  grantableActions.filter((action) => actions.includes(action));

/** "Suppliers: Read, Add; Allergens: Read", with the subjects' titles where they are known. */
export function grantWords(grants: readonly RoleGrant[], subjects: readonly GrantableSubject[] = []) {
  const titles = new Map(subjects.map((subject) => [subject.name, subject.title]));
  return grants
    .map(
      (grant) =>
        `${titles.get(grant.subject) ?? grant.subject}: ${inActionOrder(grant.actions)
          .map((action) => grantableActionLabels[action])
          .join(', ')}`,
    )
    .join('; ');
}

// ---- a grid of things × actions ---------------------------------------------------------------------------

export interface ActionGridRow {
  key: string;
  /** The row's header. */
  title: ReactNode;
  /** The row in words for its checkboxes' names: "Read Suppliers". */
  words: string;
  /** The actions it offers; the other columns are empty on its row. */
  offered: readonly GrantableAction[];
  checked: readonly GrantableAction[];
}

export interface ActionGridGroup {
  key: string;
  /** A heading row over the group, or none. */
  title: string | null;
  rows: readonly ActionGridRow[];
}

/**
 * Rows (subjects, or roles) × action columns of checkboxes: a table with column and row headers, each
 * checkbox named by its action and its row ("Read Suppliers"), so a screen reader and the keyboard (Tab,
 * Space) reach each pair.
 */
export function ActionGrid({
  caption,
  rowHeader,
  columns = grantableActions,
  groups,
  onToggle,
  disabled = false,
}: {
  caption: string;
  rowHeader: string;
  columns?: readonly GrantableAction[];
  groups: readonly ActionGridGroup[];
  onToggle: (rowKey: string, action: GrantableAction, on: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <Box
      component="table"
      sx={{
        borderCollapse: 'collapse',
        width: '100%',
        '& caption': { textAlign: 'start', typography: 'body2', color: 'text.secondary', pb: 0.5 },
        '& th, & td': { py: 0, px: 1, borderBottom: 1, borderColor: 'divider' },
        '& th[scope=row]': { textAlign: 'start', fontWeight: 'normal', typography: 'body2' },
        '& th[scope=rowgroup]': { textAlign: 'start', typography: 'subtitle2', pt: 1.5, pb: 0.5 },
        '& thead th': { typography: 'subtitle2', textAlign: 'center' },
        '& thead th:first-of-type': { textAlign: 'start' },
        '& td': { textAlign: 'center', width: '4.5rem' },
      }}
    >
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{rowHeader}</th>
          {columns.map((action) => (
            <th scope="col" key={action}>
              {grantableActionLabels[action]}
            </th>
          ))}
        </tr>
      </thead>
      {groups.map((group) => (
        <tbody key={group.key}>
          {group.title !== null && (
            <tr>
              <th scope="rowgroup" colSpan={columns.length + 1}>
                {group.title}
              </th>
            </tr>
          )}
          {group.rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.title}</th>
              {columns.map((action) => (
                <td key={action}>
                  {row.offered.includes(action) && (
                    <Checkbox
                      size="small"
                      checked={row.checked.includes(action)}
                      disabled={disabled}
                      onChange={(event) => onToggle(row.key, action, event.target.checked)}
                      slotProps={{ input: { 'aria-label': `${grantableActionLabels[action]} ${row.words}` } }}
                    />
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      ))}
    </Box>
  );
}

// ---- a custom role's pairs, as a form field -----------------------------------------------------------------

/** The console's subjects first, then each remote's under its name. */
function subjectGroups(
  subjects: readonly GrantableSubject[],
  grants: readonly RoleGrant[],
): ActionGridGroup[] {
  const checked = new Map(grants.map((grant) => [grant.subject, grant.actions]));
  const row = (subject: GrantableSubject): ActionGridRow => ({
    key: subject.name,
    title: subject.title,
    words: subject.title,
    offered: subject.actions,
    checked: checked.get(subject.name) ?? [],
  });
  const own = subjects.filter((subject) => subject.remote === null);
  const remotes = [
    ...new Set(subjects.flatMap((subject) => (subject.remote === null ? [] : [subject.remote]))),
  ];
  return [
    { key: 'console', title: "The console's", rows: own.map(row) },
    ...remotes.map((remote) => ({
      key: `remote:${remote}`,
      title: `From remotes: ${remote}`,
      rows: subjects.filter((subject) => subject.remote === remote).map(row),
    })),
  ];
}

/**
 * A grant changed by one checkbox: its actions in the console's order, a subject left with none dropped,
 * and the subjects kept in the order they were first chosen.
 */
export function toggledGrants(
  grants: readonly RoleGrant[],
  subject: string,
  action: GrantableAction,
  on: boolean,
): RoleGrant[] {
  const current = grants.find((grant) => grant.subject === subject)?.actions ?? [];
  const actions = inActionOrder(on ? [...current, action] : current.filter((each) => each !== action));
  const others = grants.filter((grant) => grant.subject !== subject);
  if (actions.length === 0) return others;
  return grants.some((grant) => grant.subject === subject)
    ? grants.map((grant) => (grant.subject === subject ? { subject, actions } : grant))
    : [...others, { subject, actions }];
}

/**
 * The role's subject × action pairs as a grid of checkboxes. A message about the pairs (none chosen, or the
 * API refusing one: `grants.0.subject`) shows under the legend and describes the group.
 */
export function GrantChoices({
  id,
  label,
  required,
  value,
  onChange,
  error,
  errors,
  disabled,
}: CustomFieldProps<RoleGrant[]>) {
  const subjects = useGrantableSubjects();
  const helperId = `${id}-helper-text`;
  const message = error ?? Object.values(errors)[0];
  let grid: ReactNode;
  if (subjects.data) {
    grid = (
      <ActionGrid
        caption="Tick what holders may do. A subject kept per site is theirs only at their own sites."
        rowHeader="Subject"
        groups={subjectGroups(subjects.data, value)}
        onToggle={(subject, action, on) => onChange(toggledGrants(value, subject, action, on))}
        disabled={disabled}
      />
    );
  } else if (subjects.error) {
    grid = <ErrorState message="Could not load what a role may hold." onRetry={subjects.reload} />;
  } else {
    grid = <Skeleton variant="rounded" height={320} aria-label="Loading what a role may hold" />;
  }
  return (
    <FormControl
      component="fieldset"
      id={id}
      required={required}
      error={message !== undefined}
      disabled={disabled}
      aria-describedby={helperId}
      sx={{ width: '100%' }}
    >
      <FormLabel component="legend">{label}</FormLabel>
      <FormHelperText id={helperId} sx={{ mx: 0 }}>
        {message ??
          'Its holders may do only what is ticked here, instead of the site admin’s rules: people, roles, keys, sign-in and webhooks stay with organisation admins.'}
      </FormHelperText>
      <Box sx={{ mt: 1 }}>{grid}</Box>
    </FormControl>
  );
}
