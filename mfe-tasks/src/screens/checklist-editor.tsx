import {
  Box,
  Button,
  FormControl,
  FormHelperText,
  FormLabel,
  IconButton,
  Stack,
  Typography,
} from '@console/shared-sdk/mui';
import { useEffect, useRef, useState } from 'react';
import { consoleIcons } from '@console/shared-sdk/icons';
import { taskLimits, type ChecklistItemDefinition, type ChecklistItemInput } from '@console/shared-sdk/tasks';
import { FieldInput, type CustomFieldDeclaration, type CustomFieldProps } from '@console/shared-sdk/ui';

// The checklist-items editor of a template (and of a master task): a custom field of the kit, because the
// kit's list field has no order to change. Lines are added, removed and moved with buttons, every one of
// them reachable by keyboard, and each change is announced, since a line moving under the focus is not
// something a screen reader notices by itself.

/** One line as the form holds it: `_id` only for a line the record already had, so it keeps its id. */
export interface ChecklistLine {
  _id?: string;
  text: string;
  required: boolean;
  photoRequired: boolean;
}

export const newChecklistLine = (): ChecklistLine => ({ text: '', required: true, photoRequired: false });

/** A stored checklist as the editor's value. */
export const checklistLines = (items: readonly ChecklistItemDefinition[]): ChecklistLine[] =>
  items.map(({ _id, text, required, photoRequired }) => ({ _id, text, required, photoRequired }));

/**
 * Another record's checklist copied in (a master task made from a template): without ids, because the
 * server gives a copied line an id of its own and refuses one that is not the record's.
 */
export const copiedChecklistLines = (items: readonly ChecklistItemDefinition[]): ChecklistLine[] =>
  items.map(({ text, required, photoRequired }) => ({ text, required, photoRequired }));

/** The editor's value as the contract's `checkListItems`. */
export const checklistInput = (lines: readonly ChecklistLine[]): ChecklistItemInput[] =>
  lines.map(({ _id, text, required, photoRequired }) => ({
    ...(_id === undefined ? {} : { _id }),
    text,
    required,
    photoRequired,
  }));

export interface ChecklistFieldOptions {
  label?: string;
  helperText?: string;
  required?: boolean;
}

/**
 * The editor as a field of a kit form whose value at `name` is `ChecklistLine[]`. Messages the schema or
 * the server give for `name.2.text` show at that line.
 */
export function checklistItemsField<Name extends string>(
  name: Name,
  options: ChecklistFieldOptions = {},
): CustomFieldDeclaration<Name, ChecklistLine[]> {
  return {
    kind: 'custom',
    name,
    label: options.label ?? 'Checklist items',
    required: options.required,
    helperText: options.helperText,
    render: (props) => <ChecklistEditor {...props} helperText={options.helperText} />,
  };
}

const defaultHelp = 'A required item must be done before the task can be completed.';

let lastKey = 0;
const newKey = () => `line-${++lastKey}`;

/** Each line's own key, kept apart from the value so a form's value stays the contract's shape. */
function useLineKeys(count: number) {
  const [keys, setKeys] = useState(() => Array.from({ length: count }, newKey));
  // A value replaced from outside (a reset, a template copied in) starts with fresh keys.
  const current = keys.length === count ? keys : Array.from({ length: count }, newKey);
  if (current !== keys) setKeys(current);
  return [current, setKeys] as const;
}

const moved = <T,>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
};

const hidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export function ChecklistEditor(props: CustomFieldProps<ChecklistLine[]> & { helperText?: string }) {
  const { id, label, required, onChange, onBlur, error, errors, disabled } = props;
  const lines = Array.isArray(props.value) ? props.value : [];
  const [keys, setKeys] = useLineKeys(lines.length);
  const [announcement, setAnnouncement] = useState('');
  // The control to focus once React has drawn the change: the moved line's button, a new line's text.
  const focusAfter = useRef<string | null>(null);
  useEffect(() => {
    if (focusAfter.current === null) return;
    document.getElementById(focusAfter.current)?.focus();
    focusAfter.current = null;
  });

  const controlId = (key: string, part: 'text' | 'up' | 'down' | 'remove') => `${id}-${key}-${part}`;
  const addId = `${id}-add`;
  const helperId = `${id}-helper-text`;
  const full = lines.length >= taskLimits.checklistItems;
  const named = (line: ChecklistLine, index: number) =>
    line.text.trim() ? `“${line.text.trim()}”` : `Item ${index + 1}`;

  const change = (next: ChecklistLine[], nextKeys: string[], focus: string | null, said: string) => {
    setKeys(nextKeys);
    onChange(next);
    focusAfter.current = focus;
    setAnnouncement(said);
  };

  const edit = (index: number, patch: Partial<ChecklistLine>) =>
    onChange(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));

  const move = (index: number, to: number) => {
    const line = lines[index];
    const key = keys[index];
    if (!line || !key || to < 0 || to >= lines.length) return;
    change(
      moved(lines, index, to),
      moved(keys, index, to),
      controlId(key, to < index ? 'up' : 'down'),
      `${named(line, index)} moved to position ${to + 1} of ${lines.length}.`,
    );
  };

  const add = () => {
    if (full) return;
    const key = newKey();
    change(
      [...lines, newChecklistLine()],
      [...keys, key],
      controlId(key, 'text'),
      `Item ${lines.length + 1} added.`,
    );
  };

  const remove = (index: number) => {
    const line = lines[index];
    if (!line) return;
    const nextKeys = keys.filter((_, i) => i !== index);
    // The line that takes its place, else the one before it, else Add.
    const neighbour = nextKeys[index] ?? nextKeys[index - 1];
    const left = lines.length - 1;
    change(
      lines.filter((_, i) => i !== index),
      nextKeys,
      neighbour ? controlId(neighbour, 'text') : addId,
      `${named(line, index)} removed. ${left === 1 ? '1 item' : `${left} items`} left.`,
    );
  };

  const UpIcon = consoleIcons.previous;
  const DownIcon = consoleIcons.next;
  const RemoveIcon = consoleIcons.delete;
  // The chevrons point left and right; turned a quarter, they point up and down (an icon set of their own
  // would grow the shared icons every first page downloads).
  const turned = { transform: 'rotate(90deg)' } as const;
  const AddIcon = consoleIcons.add;

  return (
    <FormControl
      component="fieldset"
      error={error !== undefined}
      disabled={disabled}
      fullWidth
      aria-invalid={error !== undefined || undefined}
      aria-describedby={helperId}
    >
      <FormLabel component="legend" required={required} sx={{ mb: 1 }}>
        {label}
      </FormLabel>
      {lines.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          No items yet. Add the first thing to check.
        </Typography>
      ) : (
        <Stack component="ol" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {lines.map((line, index) => {
            const key = keys[index] ?? String(index);
            const number = index + 1;
            const first = index === 0;
            const last = index === lines.length - 1;
            // Messages about the line as a whole (a line id the server did not know), under it.
            const lineMessages = Object.entries(errors)
              .filter(([path]) => path.startsWith(`${index}.`) && path !== `${index}.text`)
              .map(([, message]) => message);
            const endButton = (atEnd: boolean) =>
              // At the ends the button stays focusable (aria-disabled), so the focus that moved a line
              // there is not thrown back to the page.
              atEnd ? { 'aria-disabled': true, sx: { color: 'action.disabled' } } : {};
            return (
              // The group is inside the list item, not on it: a role on the <li> itself would take away
              // its list-item role, and a list may hold only list items.
              <li key={key}>
                <Box role="group" aria-label={`Item ${number}`}>
                  <Stack
                    direction={{ xs: 'column', md: 'row' }}
                    spacing={1}
                    sx={{ alignItems: { xs: 'stretch', md: 'flex-start' } }}
                  >
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <FieldInput
                        field={{ kind: 'text', name: 'text', label: `Item ${number}`, required: true }}
                        id={controlId(key, 'text')}
                        value={line.text}
                        onChange={(text) => edit(index, { text: typeof text === 'string' ? text : '' })}
                        onBlur={onBlur}
                        error={errors[`${index}.text`]}
                        errors={{}}
                        disabled={disabled}
                        context={{ siteID: null, timeZone: 'UTC' }}
                        size="small"
                      />
                    </Box>
                    <Stack
                      direction="row"
                      spacing={1}
                      sx={{ alignItems: 'center', flexWrap: 'wrap', flexShrink: 0 }}
                    >
                      <FieldInput
                        field={{ kind: 'switch', name: 'required', label: 'Required' }}
                        id={`${id}-${key}-required`}
                        value={line.required}
                        onChange={(next) => edit(index, { required: next === true })}
                        onBlur={onBlur}
                        error={undefined}
                        errors={{}}
                        disabled={disabled}
                        context={{ siteID: null, timeZone: 'UTC' }}
                      />
                      <FieldInput
                        field={{ kind: 'switch', name: 'photoRequired', label: 'Photo required' }}
                        id={`${id}-${key}-photo`}
                        value={line.photoRequired}
                        onChange={(next) => edit(index, { photoRequired: next === true })}
                        onBlur={onBlur}
                        error={undefined}
                        errors={{}}
                        disabled={disabled}
                        context={{ siteID: null, timeZone: 'UTC' }}
                      />
                      <Box sx={{ display: 'flex' }}>
                        <IconButton
                          id={controlId(key, 'up')}
                          aria-label={`Move item ${number} up`}
                          onClick={() => move(index, index - 1)}
                          disabled={disabled}
                          {...endButton(first)}
                        >
                          <UpIcon sx={turned} />
                        </IconButton>
                        <IconButton
                          id={controlId(key, 'down')}
                          aria-label={`Move item ${number} down`}
                          onClick={() => move(index, index + 1)}
                          disabled={disabled}
                          {...endButton(last)}
                        >
                          <DownIcon sx={turned} />
                        </IconButton>
                        <IconButton
                          id={controlId(key, 'remove')}
                          aria-label={`Remove item ${number}`}
                          onClick={() => remove(index)}
                          disabled={disabled}
                        >
                          <RemoveIcon />
                        </IconButton>
                      </Box>
                    </Stack>
                  </Stack>
                  {lineMessages.length > 0 && <FormHelperText error>{lineMessages.join(' ')}</FormHelperText>}
                </Box>
              </li>
            );
          })}
        </Stack>
      )}
      <Box sx={{ mt: 1 }}>
        <Button id={addId} startIcon={<AddIcon />} onClick={add} disabled={disabled || full}>
          Add item
        </Button>
      </Box>
      <FormHelperText id={helperId}>
        {error ??
          (full
            ? `A checklist holds at most ${taskLimits.checklistItems} items.`
            : (props.helperText ?? defaultHelp))}
      </FormHelperText>
      <Box role="status" aria-live="polite" sx={hidden}>
        {announcement}
      </Box>
    </FormControl>
  );
}
