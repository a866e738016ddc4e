import { maxDocumentFiles } from '@console/shared-sdk/logs';
import { LinearProgress, Stack, Typography } from '@console/shared-sdk/mui';
import { FileInput, formatSize, type CustomFieldProps } from '@console/shared-sdk/ui';
import type { DocumentFormFile } from './model';

// The document form's files: the kit's file input (types and size checked before anything is sent, a
// remove button per file) holding the chosen files until the form is saved, when they go with the request.

/** While the form saves, what is being uploaded: the files travel with the save request itself. */
function UploadProgress({ files }: { files: readonly File[] }) {
  const bytes = files.reduce((total, file) => total + file.size, 0);
  const words = `Uploading ${files.length === 1 ? '1 file' : `${files.length} files`} (${formatSize(bytes)})…`;
  return (
    <Stack spacing={0.5} role="status">
      <Typography variant="body2">{words}</Typography>
      <LinearProgress aria-label={words} />
    </Stack>
  );
}

export function DocumentFilesField({
  id,
  label,
  required,
  value,
  onChange,
  onBlur,
  error,
  disabled,
}: CustomFieldProps<DocumentFormFile[]>) {
  const chosen = value.filter((file): file is File => file instanceof File);
  return (
    <Stack spacing={1}>
      <FileInput
        field={{ kind: 'file', name: 'files', label, required, multiple: true, maxFiles: maxDocumentFiles }}
        id={id}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        error={error}
        disabled={disabled}
      />
      {/* The form is disabled while it saves. */}
      {disabled && chosen.length > 0 && <UploadProgress files={chosen} />}
    </Stack>
  );
}
