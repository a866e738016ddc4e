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
import { useCallback, useRef, useState, type DragEvent } from 'react';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { maxUploadBytes } from '../contract/file.js';
import { fileUrl } from '../http/client.js';
import type { FileFieldDeclaration, StoredFile } from './declarations.js';
import { acceptedTypes, formatSize, isAccepted } from './files.js';
import { LtrText } from '../text/direction.js';

// The file field keeps chosen `File`s in the form until it is saved; FormDialog then uploads them through
// the API's one-file upload route and hands the declaration's mapping only stored files.

const typeNames: Record<string, string> = {
  'image/*': 'images',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'application/pdf': 'PDF',
  'text/plain': 'text',
  'text/csv': 'CSV',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
};

const typeName = (entry: string) =>
  typeNames[entry] ?? (entry.startsWith('.') ? entry.slice(1).toUpperCase() : entry);

/** "JPEG, PNG or GIF" */
function listTypes(accept: readonly string[]): string {
  const names = [...new Set(accept.map(typeName))];
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

const fileName = (file: File | StoredFile) => (file instanceof File ? file.name : file.originalName);
const fileType = (file: File | StoredFile) => (file instanceof File ? file.type : file.contentType);

/** The files of a choice that may join the value, and why the others may not. */
export function screenFiles(
  chosen: readonly File[],
  held: readonly (File | StoredFile)[],
  field: FileFieldDeclaration,
): { files: (File | StoredFile)[]; refusals: string[] } {
  const accept = acceptedTypes(field);
  const maxBytes = field.maxBytes ?? maxUploadBytes;
  const refusals: string[] = [];
  const fitting = chosen.filter((file) => {
    if (!isAccepted(file, accept)) {
      refusals.push(`${file.name} is not a ${listTypes(accept)} file.`);
      return false;
    }
    if (file.size > maxBytes) {
      refusals.push(`${file.name} is larger than ${formatSize(maxBytes)}.`);
      return false;
    }
    return true;
  });
  if (!field.multiple) {
    // One file: a new choice replaces the held one; a refused choice leaves it.
    const last = fitting.at(-1);
    return { files: last ? [last] : [...held], refusals };
  }
  const room = field.maxFiles === undefined ? fitting.length : Math.max(field.maxFiles - held.length, 0);
  if (fitting.length > room)
    refusals.push(`At most ${field.maxFiles} files: ${fitting.length - room} not added.`);
  return { files: [...held, ...fitting.slice(0, room)], refusals };
}

/** Stable React keys for files, which carry no id of their own. */
const fileKeys = new WeakMap<object, string>();
let nextFileKey = 0;
function fileKey(file: File | StoredFile): string {
  if (!(file instanceof File)) return file._id;
  let key = fileKeys.get(file);
  if (key === undefined) {
    key = `file-${nextFileKey++}`;
    fileKeys.set(file, key);
  }
  return key;
}

/** A chosen image's preview: an object URL that lives as long as its <img>. */
function FileThumbnail({ file }: { file: File | StoredFile }) {
  const attachPreview = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img || !(file instanceof File)) return;
      const url = URL.createObjectURL(file);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
  if (!fileType(file).startsWith('image/'))
    return <InsertDriveFileOutlinedIcon color="action" sx={{ fontSize: 40, flexShrink: 0 }} />;
  return (
    <Box
      component="img"
      ref={attachPreview}
      src={file instanceof File ? undefined : fileUrl(file.location)}
      alt={`Preview of ${fileName(file)}`}
      sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
    />
  );
}

export interface FileInputProps {
  field: FileFieldDeclaration;
  id: string;
  value: readonly (File | StoredFile)[];
  onChange: (value: (File | StoredFile)[]) => void;
  onBlur: () => void;
  error: string | undefined;
  disabled: boolean;
}

/**
 * Files or images for a form: a button (the input itself is hidden) or a drop, checked against the
 * accepted types and the size limit before they join the value, with a thumbnail and a remove button each.
 */
export function FileInput({ field, id, value, onChange, onBlur, error, disabled }: FileInputProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [refusals, setRefusals] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const accept = acceptedTypes(field);
  const maxBytes = field.maxBytes ?? maxUploadBytes;
  const images = field.kind === 'image';
  const noun = images ? (field.multiple ? 'images' : 'an image') : field.multiple ? 'files' : 'a file';
  const rule = `${listTypes(accept)}, at most ${formatSize(maxBytes)}${field.multiple ? ' each' : ''}${
    field.multiple && field.maxFiles !== undefined ? `, up to ${field.maxFiles}` : ''
  }.`;
  const helperId = `${id}-helper-text`;
  const message = error ?? (refusals.length > 0 ? refusals.join(' ') : (field.helperText ?? rule));

  const add = (chosen: readonly File[]) => {
    const screened = screenFiles(chosen, value, field);
    setRefusals(screened.refusals);
    if (screened.files.length !== value.length || screened.files.some((file, i) => file !== value[i]))
      onChange(screened.files);
  };
  const remove = (index: number) => {
    setRefusals([]);
    onChange(value.filter((_, i) => i !== index));
  };
  const drop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) add([...event.dataTransfer.files]);
  };

  return (
    <FormControl
      component="fieldset"
      error={error !== undefined || refusals.length > 0}
      disabled={disabled}
      fullWidth
      aria-invalid={error !== undefined || undefined}
      aria-describedby={helperId}
    >
      <FormLabel component="legend" required={field.required} sx={{ mb: 1 }}>
        {field.label}
      </FormLabel>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        sx={{
          border: 1,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : error ? 'error.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : undefined,
          borderRadius: 1,
          p: 1.5,
        }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1.5, rowGap: 1 }}>
          <Button
            variant="outlined"
            startIcon={<UploadFileOutlinedIcon />}
            onClick={() => inputRef.current?.click()}
            onBlur={onBlur}
            disabled={disabled}
            aria-describedby={helperId}
          >
            Choose {noun}
          </Button>
          <Typography variant="body2" color="text.secondary">
            or drop {field.multiple ? 'them' : 'it'} here
          </Typography>
        </Stack>
        <input
          ref={inputRef}
          id={id}
          type="file"
          hidden
          tabIndex={-1}
          accept={accept.join(',')}
          multiple={field.multiple === true}
          disabled={disabled}
          onChange={(event) => {
            add([...(event.target.files ?? [])]);
            // Choosing the same file again after removing it must fire again.
            event.target.value = '';
          }}
        />
        {value.length > 0 && (
          <Stack
            component="ul"
            aria-label={field.label}
            spacing={1}
            sx={{ listStyle: 'none', m: 0, mt: 1.5, p: 0 }}
          >
            {value.map((file, index) => (
              <Stack
                component="li"
                key={fileKey(file)}
                direction="row"
                spacing={1.5}
                sx={{ alignItems: 'center', minWidth: 0 }}
              >
                <FileThumbnail file={file} />
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  {/* A long name is cut at its own end, whatever the page's direction; it stays on the page's
                      side (the right-to-left styles swap `left`). */}
                  <Typography
                    variant="body2"
                    noWrap
                    title={fileName(file)}
                    sx={{ unicodeBidi: 'plaintext', textAlign: 'left' }}
                  >
                    {fileName(file)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    <LtrText>{formatSize(file.size)}</LtrText>
                    {file instanceof File ? ' · saved with the form' : ''}
                  </Typography>
                </Box>
                <IconButton
                  aria-label={`Remove ${fileName(file)}`}
                  onClick={() => remove(index)}
                  disabled={disabled}
                >
                  <DeleteOutlinedIcon />
                </IconButton>
              </Stack>
            ))}
          </Stack>
        )}
      </Box>
      <FormHelperText id={helperId} aria-live="polite">
        {message}
      </FormHelperText>
    </FormControl>
  );
}
