import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  FormControl,
  FormHelperText,
  FormLabel,
  Grid,
  IconButton,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@console/shared-sdk/mui';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import { useEffect, useId, useRef, useState } from 'react';
import { Can, invalidate, useRead } from '@console/shared-sdk';
import {
  correctiveActionApi,
  correctiveCheckTypeLabels,
  defaultStandardActions,
  standardActionUpdateSchema,
  type CorrectiveCheckType,
  type StandardActionList,
} from '@console/shared-sdk/logs';
import type { Organization } from '@console/shared-sdk/organization';
import {
  FormDialog,
  formErrorStatuses,
  issuesToErrors,
  type CustomFieldProps,
  type FieldDeclaration,
} from '@console/shared-sdk/ui';

// The organisation's standard corrective actions: for each kind of check, the actions a person picks from
// when they record what was done about a deviation (they may still write their own). Until the
// organisation sets its own list for a check, the console's defaults apply, and the section says so. Its
// admins edit one check's list at a time; everyone else reads them.

/** At most this many per check (the contract's limit). */
const maxActions = 30;

// ---- the editor's rows ----------------------------------------------------------------------------------

let nextRowKey = 0;
const newRowKey = () => `action-${nextRowKey++}`;

type Move = 'up' | 'down';

/**
 * The check's actions in the order staff see them: each a text box, moved up or down, removed; "Add action"
 * adds a blank one at the end, "Put back the defaults" the console's list. Messages arrive at the
 * contract's paths (`0` for the first action); one about the whole list under it.
 */
function ActionRows({
  id,
  label,
  value: rows,
  onChange,
  error,
  errors,
  disabled,
  defaults,
}: CustomFieldProps<string[]> & { defaults: readonly string[] }) {
  // Stable keys per row, so moving or removing one does not hand its typing to another.
  const [keys, setKeys] = useState(() => rows.map(newRowKey));
  const rowKeys = keys.length === rows.length ? keys : rows.map(newRowKey);
  if (rowKeys !== keys) setKeys(rowKeys);
  // Where the focus goes after a change that takes or moves the button pressed: the row added, or the
  // moved row's button (the other one when it reached an end). Set with the change, taken after it renders.
  const pendingFocus = useRef<string | null>(null);
  const controls = useRef(new Map<string, HTMLElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (pendingFocus.current === null) return;
    controls.current.get(pendingFocus.current)?.focus();
    pendingFocus.current = null;
  });
  const focusAfter = (key: string, control: 'text' | Move) => {
    pendingFocus.current = `${key}/${control}`;
  };
  const hold = (key: string, control: 'text' | Move) => (element: HTMLElement | null) => {
    if (element) controls.current.set(`${key}/${control}`, element);
    else controls.current.delete(`${key}/${control}`);
  };

  const replace = (index: number, text: string) =>
    onChange(rows.map((old, at) => (at === index ? text : old)));
  const add = () => {
    const key = newRowKey();
    setKeys([...rowKeys, key]);
    focusAfter(key, 'text');
    onChange([...rows, '']);
  };
  const remove = (index: number) => {
    setKeys(rowKeys.filter((_, at) => at !== index));
    onChange(rows.filter((_, at) => at !== index));
    addButton.current?.focus();
  };
  const move = (index: number, direction: Move) => {
    const to = direction === 'up' ? index - 1 : index + 1;
    const swap = <T,>(list: readonly T[]) =>
      list.map((item, at) => (at === index ? list[to]! : at === to ? list[index]! : item));
    const key = rowKeys[index]!;
    setKeys(swap(rowKeys));
    const atEnd = direction === 'up' ? to === 0 : to === rows.length - 1;
    focusAfter(key, atEnd ? (direction === 'up' ? 'down' : 'up') : direction);
    onChange(swap(rows));
  };
  const sameAsDefaults = rows.length === defaults.length && rows.every((row, at) => row === defaults[at]);

  return (
    <FormControl component="fieldset" fullWidth error={error !== undefined} disabled={disabled}>
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        {label}
      </FormLabel>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        In the order staff see them. The record keeps the words chosen, so write what a person did.
      </Typography>
      <Stack component="ol" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((row, index) => {
          const key = rowKeys[index]!;
          const number = index + 1;
          return (
            <Stack component="li" key={key} direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
              <TextField
                id={`${id}-${index}`}
                inputRef={hold(key, 'text')}
                label={`Action ${number}`}
                required
                fullWidth
                size="small"
                value={row}
                onChange={(event) => replace(index, event.target.value)}
                disabled={disabled}
                error={errors[String(index)] !== undefined}
                helperText={errors[String(index)]}
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
              <IconButton
                ref={hold(key, 'up')}
                aria-label={`Move action ${number} up`}
                onClick={() => move(index, 'up')}
                disabled={disabled || index === 0}
              >
                <ArrowUpwardIcon />
              </IconButton>
              <IconButton
                ref={hold(key, 'down')}
                aria-label={`Move action ${number} down`}
                onClick={() => move(index, 'down')}
                disabled={disabled || index === rows.length - 1}
              >
                <ArrowDownwardIcon />
              </IconButton>
              <IconButton
                aria-label={`Remove action ${number}`}
                onClick={() => remove(index)}
                disabled={disabled}
              >
                <DeleteOutlinedIcon />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
      {rows.length === 0 && (
        <Typography variant="body2">
          No standard actions: staff write what they did in their own words.
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Button
          ref={addButton}
          startIcon={<AddIcon />}
          onClick={add}
          disabled={disabled || rows.length >= maxActions}
        >
          Add action
        </Button>
        {!sameAsDefaults && (
          <Button
            onClick={() => {
              setKeys(defaults.map(newRowKey));
              onChange([...defaults]);
            }}
            disabled={disabled}
          >
            Put back the defaults
          </Button>
        )}
      </Stack>
      {error !== undefined && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

// ---- the edit dialog ------------------------------------------------------------------------------------

interface ActionsForm {
  actions: string[];
}

const fieldsFor = (checkType: CorrectiveCheckType): readonly FieldDeclaration<ActionsForm>[] => [
  {
    kind: 'custom',
    name: 'actions',
    label: 'Standard actions',
    render: (props) => <ActionRows {...props} defaults={defaultStandardActions[checkType]} />,
  },
];

function EditStandardActionsDialog({
  list,
  onSaved,
  onClose,
}: {
  list: StandardActionList;
  onSaved: (list: StandardActionList) => void;
  onClose: () => void;
}) {
  const updateOf = (form: ActionsForm) => ({ checkType: list.checkType, actions: form.actions });
  return (
    <FormDialog
      title={`Standard actions: ${correctiveCheckTypeLabels[list.checkType]}`}
      fields={fieldsFor(list.checkType)}
      initial={{ actions: [...list.actions] }}
      validate={(form) => {
        const result = standardActionUpdateSchema.safeParse(updateOf(form));
        return result.success ? {} : issuesToErrors(result.error.issues);
      }}
      save={async (form) => {
        // What the contract made of the form (each action trimmed) is what is sent.
        const body = standardActionUpdateSchema.parse(updateOf(form));
        onSaved(await correctiveActionApi.setStandardActions(body, { quietFor: formErrorStatuses }));
      }}
      onSaved={onClose}
      onClose={onClose}
      context={{ siteID: null, timeZone: 'UTC' }}
      editing
      width="sm"
    />
  );
}

// ---- the section ----------------------------------------------------------------------------------------

function CheckTypeActions({
  list,
  organization,
  onEdit,
}: {
  list: StandardActionList;
  organization: Organization;
  onEdit: () => void;
}) {
  const titleId = useId();
  const label = correctiveCheckTypeLabels[list.checkType];
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 1.5, height: '100%' }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        {list.isDefault && <Chip size="small" variant="outlined" label="Defaults" />}
        <Box sx={{ flex: 1 }} />
        <Can I="update" a="StandardAction" this={{ orgId: organization._id }}>
          <Button size="small" startIcon={<EditIcon />} onClick={onEdit} aria-label={`Edit ${label}`}>
            Edit
          </Button>
        </Can>
      </Stack>
      {list.actions.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          None: staff write what they did in their own words.
        </Typography>
      ) : (
        <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
          {list.actions.map((action) => (
            <Typography component="li" variant="body2" key={action}>
              {action}
            </Typography>
          ))}
        </Box>
      )}
    </Paper>
  );
}

/**
 * The organisation page's "Standard corrective actions": each check's list, the console's defaults marked
 * as such, and for the organisation's admins an editor per check.
 */
export function StandardActionsCard({ organization }: { organization: Organization }) {
  const titleId = useId();
  const { data, error, reload, replace } = useRead(['StandardAction', 'lists', organization._id], (signal) =>
    correctiveActionApi.standardActions(undefined, { quiet: true, signal }),
  );
  const [editing, setEditing] = useState<StandardActionList | null>(null);
  const saved = (list: StandardActionList) => {
    if (data) replace(data.map((old) => (old.checkType === list.checkType ? list : old)));
    // Every screen that offers them (recording an action) reads them again.
    invalidate(['StandardAction']);
  };
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader
        title="Standard corrective actions"
        subheader="What staff choose from when they record what was done about something that went wrong, for each kind of check. They may still write their own words."
        slotProps={{ title: { id: titleId, component: 'h2' } }}
      />
      <CardContent>
        {data === undefined && error !== null && (
          <Alert severity="error" action={<Button onClick={reload}>Retry</Button>}>
            The standard actions could not be loaded.
          </Alert>
        )}
        {data === undefined && error === null && (
          <Skeleton variant="rounded" height={160} aria-label="Loading the standard actions" />
        )}
        {data && (
          <Grid container spacing={2}>
            {data.map((list) => (
              <Grid key={list.checkType} size={{ xs: 12, md: 6, lg: 4 }}>
                <CheckTypeActions list={list} organization={organization} onEdit={() => setEditing(list)} />
              </Grid>
            ))}
          </Grid>
        )}
      </CardContent>
      {editing && (
        <EditStandardActionsDialog list={editing} onSaved={saved} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
}
