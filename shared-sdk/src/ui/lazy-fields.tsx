import { Skeleton, Stack } from '@console/shared-sdk/mui';
import { lazy, Suspense } from 'react';
import type { FieldInputProps } from './FieldInput.js';
import type { FileInputProps } from './FileInput.js';

// Form fields (text, selects, date and time pickers, file uploads) are a chunk of their own: a list screen
// does not download them until a form opens, which keeps the first list inside its budget
// (bench/bundle.mjs). Everything that renders a field goes through these.

/**
 * The field input itself, suspending while its chunk loads: for a form that waits for all its fields under
 * one boundary (FormDialog), so its first field exists when the dialog puts the focus on it.
 */
export const LoadedFieldInput = lazy(() =>
  import('./FieldInput.js').then((m) => ({ default: m.FieldInput })),
);
const LoadedFileInput = lazy(() => import('./FileInput.js').then((m) => ({ default: m.FileInput })));

/** Holds the field's place, at a text field's height, while the chunk arrives. */
const placeholder = <Skeleton variant="rounded" height={56} aria-hidden="true" />;

/** A form's fields while their chunk loads: one placeholder each, announced as loading. */
export function FieldsLoading({ count }: { count: number }) {
  return (
    <Stack spacing={2} sx={{ pt: 1 }} role="progressbar" aria-label="Loading the form">
      {Array.from({ length: Math.max(count, 1) }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={56} />
      ))}
    </Stack>
  );
}

/** One declared field as its input, with its label, help and error. */
export function FieldInput(props: FieldInputProps) {
  return (
    <Suspense fallback={placeholder}>
      <LoadedFieldInput {...props} />
    </Suspense>
  );
}

/** Files or images for a form, checked before they join the value. */
export function FileInput(props: FileInputProps) {
  return (
    <Suspense fallback={placeholder}>
      <LoadedFileInput {...props} />
    </Suspense>
  );
}
