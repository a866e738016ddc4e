import { useCallback, useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { isApiError } from '../http/errors.js';

/** Messages by dotted path (`supplierName`, `temperatureItems.0.name`), one per path. */
export type FieldErrors = Record<string, string>;

/** zod issues (client) as field errors: the first message of each path wins. */
export function issuesToErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/** The server's `fieldErrors` in the same shape. */
export function serverFieldErrors(fieldErrors: Readonly<Record<string, readonly string[]>>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, messages] of Object.entries(fieldErrors)) {
    if (messages[0]) errors[path] = messages[0];
  }
  return errors;
}

/** True when `path` is `name` or inside it. */
export const isUnder = (path: string, name: string) => path === name || path.startsWith(`${name}.`);

/** The errors inside `name`, keyed relative to it (`0.name` for `items.0.name`). */
export function errorsUnder(errors: FieldErrors, name: string): FieldErrors {
  const inside: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path.startsWith(`${name}.`)) inside[path.slice(name.length + 1)] = message;
  }
  return inside;
}

/**
 * Failures a form reports itself, so its api calls ask the HTTP layer to stay quiet about them
 * (`quietFor`): bad input (400) and a clash such as a name already used on the site (409). With field
 * errors they show under the fields, without them above the form.
 */
export const formErrorStatuses: readonly number[] = [400, 409];

export interface ModalFormOptions<Form extends object> {
  initial: Form;
  /** Client-side check; `{}` when valid. */
  validate: (values: Form) => FieldErrors;
  /** Saves; a thrown ApiError with field errors shows them under the fields. */
  save: (values: Form) => Promise<void>;
  /** After a successful save. */
  onSaved?: () => void;
}

export interface ModalForm<Form extends object> {
  values: Form;
  errors: FieldErrors;
  /** A failure no field can show (a 400 without field errors, or an unexpected error). */
  formError: string | null;
  submitting: boolean;
  /** True after the first submit: from then on a change removes the messages it fixes. */
  submitted: boolean;
  /** True when some value differs from `initial`: closing would throw work away. */
  dirty: boolean;
  setValue: <Name extends keyof Form & string>(name: Name, value: Form[Name]) => void;
  /** `setValue` for callers that only know the field's name at run time (declared fields). */
  setField: (name: string, value: unknown) => void;
  /**
   * Call when a field loses focus. It never changes what the form shows: messages already follow every
   * change, and a message vanishing on blur would move the buttons under a pointer that is pressing one.
   */
  blur: () => void;
  submit: () => Promise<boolean>;
  /** Spread on the <form>: submits, and moves focus to the first invalid field after a failed submit. */
  formProps: {
    ref: RefObject<HTMLFormElement | null>;
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
    noValidate: true;
  };
}

const focusable = 'input:not([type="hidden"]), textarea, select, button, [tabindex]:not([tabindex="-1"])';

/** The first field marked invalid, or its focusable part (date pickers mark a wrapper). */
function focusFirstInvalid(form: HTMLFormElement | null) {
  const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid) return;
  const target = invalid.matches(focusable)
    ? invalid
    : (invalid.querySelector<HTMLElement>(focusable) ?? invalid);
  target.focus();
}

/**
 * Whether two form values are the same: plain data compared by content, anything else (a chosen File, a
 * Date) by identity, which is what a user changed when it differs.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((key) => Object.hasOwn(b, key) && sameValue(a[key], b[key]))
    );
  }
  return false;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The shown messages whose paths still fail, in the words of the latest check. */
function stillFailing(shown: FieldErrors, found: FieldErrors): FieldErrors {
  const kept = Object.entries(found).filter(([path]) => path in shown);
  const same =
    kept.length === Object.keys(shown).length && kept.every(([path, message]) => shown[path] === message);
  return same ? shown : Object.fromEntries(kept);
}

/** The state of one open create/edit form: values, errors and submit. Mount it per open record. */
export function useModalForm<Form extends object>(options: ModalFormOptions<Form>): ModalForm<Form> {
  const [initial] = useState(options.initial);
  const [values, setValues] = useState(initial);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [failures, setFailures] = useState(0);
  const formRef = useRef<HTMLFormElement | null>(null);

  // Blur and submit can run before React re-renders with the last keystroke; read the latest.
  const latest = useRef({ values, options, submitted });
  useEffect(() => {
    latest.current = { values, options, submitted };
  });

  useEffect(() => {
    if (failures > 0) focusFirstInvalid(formRef.current);
  }, [failures]);

  const setField = useCallback((name: string, value: unknown) => {
    const next = { ...latest.current.values, [name]: value };
    latest.current = { ...latest.current, values: next };
    setValues(next);
    // After a failed submit a message goes as soon as its field is fixed, while typing, so it is gone
    // before the user reaches for Save (and pressing Save does not move Save). New messages wait for the
    // next Save: a row just added to a list is not scolded for being empty.
    if (latest.current.submitted)
      setClientErrors((shown) => stillFailing(shown, latest.current.options.validate(next)));
    // The server judged the old value; its message would now be about something no longer there.
    setServerErrors((current) => {
      const kept = Object.entries(current).filter(([path]) => !isUnder(path, name));
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });
  }, []);

  // Values only change through setField, which already validated them, so leaving a field has nothing to
  // add. Blur used to validate here, and that is the bug it must not bring back: pressing Save blurs the
  // field, the message under it vanished, the form shrank, and the click landed beside the moved button.
  const blur = useCallback(() => undefined, []);

  const submit = useCallback(async () => {
    const { values: current, options: opts } = latest.current;
    latest.current = { ...latest.current, submitted: true };
    setSubmitted(true);
    setFormError(null);
    const found = opts.validate(current);
    setClientErrors(found);
    if (Object.keys(found).length > 0) {
      setServerErrors({});
      setFailures((n) => n + 1);
      return false;
    }
    setSubmitting(true);
    try {
      await opts.save(current);
    } catch (error) {
      if (isApiError(error) && error.hasFieldErrors) {
        setServerErrors(serverFieldErrors(error.fieldErrors));
        setFailures((n) => n + 1);
      } else if (!isApiError(error) || formErrorStatuses.includes(error.status)) {
        // Other API failures already raised the HTTP layer's pop-up; these were kept quiet, or never
        // reached it (a mistake in a mapping function).
        setFormError(error instanceof Error ? error.message : 'Could not save');
      }
      return false;
    } finally {
      setSubmitting(false);
    }
    opts.onSaved?.();
    return true;
  }, []);

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      void submit();
    },
    [submit],
  );

  return {
    values,
    errors: { ...serverErrors, ...clientErrors },
    formError,
    submitting,
    submitted,
    dirty: !sameValue(values, initial),
    setValue: setField,
    setField,
    blur,
    submit,
    formProps: { ref: formRef, onSubmit, noValidate: true },
  };
}
