import {
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  IconButton,
  InputAdornment,
  ListItemText,
  MenuItem,
  Stack,
  Switch,
  TextField,
} from '@console/shared-sdk/mui';
import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import type {
  AnyFieldDeclaration,
  AnyListFieldDeclaration,
  FormContext,
  MultiSelectFieldDeclaration,
  NumberFieldDeclaration,
  SelectFieldDeclaration,
  TextFieldDeclaration,
} from './declarations.js';
import { FileInput } from './FileInput.js';
import { asFiles } from './files.js';
import { optionLabel, useOptions } from './options.js';
import { SitePicker } from './pickers.js';
import { useDraft } from './site-dates.js';
import { errorsUnder, type FieldErrors } from './use-modal-form.js';

export interface FieldInputProps {
  field: AnyFieldDeclaration;
  /** The DOM id; helper and error text get `${id}-helper-text` (MUI's convention). */
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  /** This field's own message. */
  error: string | undefined;
  /** Messages inside the value (list items), relative to it. */
  errors: FieldErrors;
  disabled: boolean;
  context: FormContext;
  size?: 'small' | 'medium';
  /**
   * The form's values and setter (a list item's, for its sub-fields), handed to custom fields that read or
   * fill other fields.
   */
  values?: object;
  setField?: (name: string, value: unknown) => void;
}

// Values arrive as `unknown` (the form is generic); each input reads the shape it edits and shows
// anything else as empty rather than failing, and the schema then says what is missing.
const asText = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));
const asStrings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const asItems = (value: unknown): object[] =>
  Array.isArray(value)
    ? value.filter((item): item is object => typeof item === 'object' && item !== null)
    : [];

const helperId = (id: string) => `${id}-helper-text`;

/** One form input for a field declaration: label, required marker, message, aria wiring. */
export function FieldInput(props: FieldInputProps) {
  const { field, id, value, onChange, onBlur, error, disabled, size } = props;
  const text = {
    id,
    label: field.label,
    required: field.required,
    error: error !== undefined,
    helperText: error ?? field.helperText,
    onBlur,
    disabled,
    size,
    fullWidth: true,
  };
  switch (field.kind) {
    case 'password':
      return <PasswordInput {...props} field={field} text={text} />;
    case 'text':
    case 'email':
    case 'tel':
    case 'multiline':
      return (
        <TextField
          {...text}
          type={field.kind === 'multiline' ? undefined : field.kind}
          autoComplete={field.autoComplete}
          multiline={field.kind === 'multiline'}
          minRows={field.kind === 'multiline' ? (field.rows ?? 3) : undefined}
          placeholder={field.placeholder}
          value={asText(value)}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'number':
      return <NumberInput {...props} field={field} text={text} />;
    case 'select':
    case 'multiselect':
      return <SelectInput {...props} field={field} text={text} />;
    case 'switch':
      return (
        <FormControl error={error !== undefined} disabled={disabled}>
          <FormControlLabel
            label={field.label}
            required={field.required}
            control={
              <Switch
                id={id}
                checked={value === true}
                onChange={(event) => onChange(event.target.checked)}
                onBlur={onBlur}
                slotProps={{
                  input: {
                    'aria-invalid': error !== undefined || undefined,
                    'aria-describedby': (error ?? field.helperText) ? helperId(id) : undefined,
                  },
                }}
              />
            }
          />
          {(error ?? field.helperText) && (
            <FormHelperText id={helperId(id)}>{error ?? field.helperText}</FormHelperText>
          )}
        </FormControl>
      );
    case 'date':
    case 'time':
      return (
        <SitePicker
          kind={field.kind}
          id={id}
          label={field.label}
          value={typeof value === 'string' ? value : null}
          onChange={onChange}
          onBlur={onBlur}
          error={error}
          helperText={field.helperText}
          required={field.required}
          disabled={disabled}
          size={size}
        />
      );
    case 'list':
      return <ListInput {...props} field={field} />;
    case 'file':
    case 'image':
      return (
        <FileInput
          field={field}
          id={id}
          value={asFiles(value)}
          onChange={onChange}
          onBlur={onBlur}
          error={error}
          disabled={disabled}
        />
      );
    case 'custom':
      return (
        <Box>
          {field.render({
            id,
            label: field.label,
            required: field.required ?? false,
            value,
            onChange,
            onBlur,
            error,
            errors: props.errors,
            disabled,
            values: props.values ?? {},
            setField: props.setField ?? (() => undefined),
          })}
        </Box>
      );
  }
}

type TextProps = {
  id: string;
  label: string;
  required: boolean | undefined;
  error: boolean;
  helperText: string | undefined;
  onBlur: () => void;
  disabled: boolean;
  size: 'small' | 'medium' | undefined;
  fullWidth: boolean;
};

/**
 * A password box: hidden by default, with a button that shows it, named for what it will do next ("Show
 * password", "Hide password") and tied to its box with aria-controls. `autoComplete` tells password managers whether this is the
 * password they hold ('current-password', the default) or one to remember ('new-password').
 */
function PasswordInput({
  field,
  value,
  onChange,
  text,
}: FieldInputProps & { field: TextFieldDeclaration; text: TextProps }) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...text}
      type={shown ? 'text' : 'password'}
      autoComplete={field.autoComplete ?? 'current-password'}
      placeholder={field.placeholder}
      value={asText(value)}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        htmlInput: {
          // A shown password is still a secret: no spelling suggestions or capitalisation on phones.
          autoCapitalize: 'none',
          autoCorrect: 'off',
          spellCheck: false,
        },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                aria-label={shown ? 'Hide password' : 'Show password'}
                aria-controls={text.id}
                onClick={() => setShown((was) => !was)}
                // Keeps the caret in the box, so the toggle does not blur it mid-typing.
                onMouseDown={(event) => event.preventDefault()}
                disabled={text.disabled}
              >
                {shown ? <VisibilityOffOutlinedIcon /> : <VisibilityOutlinedIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

const parseNumber = (draft: string): number | null => {
  const trimmed = draft.trim().replace(',', '.');
  // Not a number is kept as NaN, not dropped: the schema then tells the user instead of the value vanishing.
  return trimmed === '' ? null : Number(trimmed);
};

/** A text box for numbers: keeps "-" and "1." while typing, hands out number | null (NaN if not a number). */
function NumberInput({
  field,
  value,
  onChange,
  text,
}: FieldInputProps & { field: NumberFieldDeclaration; text: TextProps }) {
  const held = typeof value === 'number' ? value : null;
  const [draft, edit] = useDraft(held, (number) =>
    number === null || Number.isNaN(number) ? '' : String(number),
  );
  return (
    <TextField
      {...text}
      value={draft}
      onChange={(event) => {
        const next = parseNumber(event.target.value);
        edit(event.target.value, next);
        onChange(next);
      }}
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        input: field.unit
          ? { endAdornment: <InputAdornment position="end">{field.unit}</InputAdornment> }
          : undefined,
      }}
    />
  );
}

function SelectInput({
  field,
  value,
  onChange,
  context,
  text,
}: FieldInputProps & { field: SelectFieldDeclaration | MultiSelectFieldDeclaration; text: TextProps }) {
  const { options, loading } = useOptions(field.options, context);
  const multiple = field.kind === 'multiselect';
  const selected = multiple ? asStrings(value) : asText(value);
  // While a loader is still answering, the chosen values stand in as their own options so the select
  // neither blanks them out nor warns about unknown values.
  const known = new Set(options.map((option) => option.value));
  const pending = loading ? [selected].flat().filter((v) => v !== '' && !known.has(v)) : [];
  return (
    <TextField
      {...text}
      select
      value={selected}
      onChange={(event) => {
        const raw: unknown = event.target.value;
        // Browser autofill hands a multiple select a comma-separated string.
        onChange(multiple ? (typeof raw === 'string' ? raw.split(',') : asStrings(raw)) : asText(raw));
      }}
      slotProps={{
        select: {
          multiple,
          renderValue: multiple
            ? (chosen: unknown) =>
                asStrings(chosen)
                  .map((v) => optionLabel(options, v))
                  .join(', ')
            : undefined,
        },
      }}
    >
      {!multiple && !field.required && (
        <MenuItem value="">
          <em>None</em>
        </MenuItem>
      )}
      {pending.map((v) => (
        <MenuItem key={v} value={v} disabled>
          {v}
        </MenuItem>
      ))}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {multiple ? (
            <>
              <Checkbox checked={(selected as string[]).includes(option.value)} size="small" />
              <ListItemText primary={option.label} />
            </>
          ) : (
            option.label
          )}
        </MenuItem>
      ))}
    </TextField>
  );
}

let nextKey = 0;
const newKey = () => `item-${nextKey++}`;

/** Rows of sub-fields with add and remove: fridge and freezer temperature items. */
function ListInput({
  field,
  id,
  value,
  onChange,
  onBlur,
  error,
  errors,
  disabled,
  context,
}: FieldInputProps & { field: AnyListFieldDeclaration }) {
  const items = asItems(value);
  // Stable keys per row, so removing the second item does not hand its half-typed inputs to the third.
  const [keys, setKeys] = useState(() => items.map(newKey));
  const rowKeys = keys.length === items.length ? keys : items.map(newKey);
  if (rowKeys !== keys) setKeys(rowKeys);
  const noun = field.itemLabel.toLowerCase();

  const replace = (index: number, item: object) =>
    onChange(items.map((old, i) => (i === index ? item : old)));
  const add = () => {
    setKeys([...rowKeys, newKey()]);
    onChange([...items, field.newItem()]);
  };
  const remove = (index: number) => {
    setKeys(rowKeys.filter((_, i) => i !== index));
    onChange(items.filter((_, i) => i !== index));
  };

  return (
    <FormControl
      component="fieldset"
      error={error !== undefined}
      disabled={disabled}
      fullWidth
      aria-invalid={error !== undefined || undefined}
      aria-describedby={error ? helperId(id) : undefined}
    >
      <FormLabel component="legend" required={field.required} sx={{ mb: 1 }}>
        {field.label}
      </FormLabel>
      <Stack spacing={1.5}>
        {items.map((item, index) => (
          <Stack
            key={rowKeys[index]}
            role="group"
            aria-label={`${field.itemLabel} ${index + 1}`}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}
          >
            {field.fields.map((sub) => {
              const path = `${index}.${sub.name}`;
              const setField = (name: string, next: unknown) => replace(index, { ...item, [name]: next });
              return (
                <FieldInput
                  key={sub.name}
                  field={sub}
                  id={`${id}-${index}-${sub.name}`}
                  value={Reflect.get(item, sub.name)}
                  onChange={(next) => setField(sub.name, next)}
                  onBlur={onBlur}
                  error={errors[path]}
                  errors={errorsUnder(errors, path)}
                  disabled={disabled}
                  context={context}
                  size="small"
                  // An item's custom sub-field is typed by the item: its values are the item's own.
                  values={item}
                  setField={setField}
                />
              );
            })}
            <IconButton
              aria-label={`Remove ${noun} ${index + 1}`}
              onClick={() => remove(index)}
              disabled={disabled}
              sx={{ alignSelf: { xs: 'flex-end', sm: 'flex-start' }, mt: { sm: 0.5 } }}
            >
              <DeleteOutlinedIcon />
            </IconButton>
          </Stack>
        ))}
      </Stack>
      <Box sx={{ mt: 1 }}>
        <Button startIcon={<AddIcon />} onClick={add} disabled={disabled}>
          Add {noun}
        </Button>
      </Box>
      {error && <FormHelperText id={helperId(id)}>{error}</FormHelperText>}
    </FormControl>
  );
}
