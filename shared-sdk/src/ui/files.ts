import { uploadContentTypes } from '../contract/file.js';
import type {
  AnyFieldDeclaration,
  FileFieldDeclaration,
  FileFieldValue,
  StoredFile,
} from './declarations.js';

// What forms do with file and image values apart from showing them: checks, and the upload before a save.
// Kept apart from FileInput so a list screen loads these (FormDialog needs them) without the input itself.

const imageTypes = uploadContentTypes.filter((type) => type.startsWith('image/'));

export const isStoredFile = (item: unknown): item is StoredFile =>
  typeof item === 'object' &&
  item !== null &&
  !(item instanceof Blob) &&
  typeof Reflect.get(item, 'location') === 'string';

/** A file field's value as it is held; anything else shows as no files. */
export const asFiles = (value: unknown): (File | StoredFile)[] =>
  Array.isArray(value)
    ? value.filter((item): item is File | StoredFile => item instanceof File || isStoredFile(item))
    : [];

/** The stored files of a value: in `toInput`, after the kit's upload, that is all of them. */
export const storedFiles = (value: FileFieldValue): StoredFile[] => value.filter(isStoredFile);

/** What a file field accepts, as declared or by its kind. */
export const acceptedTypes = (field: FileFieldDeclaration): readonly string[] =>
  field.accept ?? (field.kind === 'image' ? imageTypes : uploadContentTypes);

/** Whether `file` is of one of the `accept` entries: a MIME type, a `type/*` family or a `.extension`. */
export function isAccepted(file: File, accept: readonly string[]): boolean {
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  return accept.some((entry) => {
    const wanted = entry.trim().toLowerCase();
    if (wanted.startsWith('.')) return name.endsWith(wanted);
    if (wanted.endsWith('/*')) return type.startsWith(wanted.slice(0, -1));
    return type === wanted;
  });
}

/** 512 B, 34 KB, 2.5 MB (binary units, as the API counts its limit). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const megabytes = bytes / (1024 * 1024);
  return `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)} MB`;
}

// ---- saving -------------------------------------------------------------------------------------------

const isFileField = (field: AnyFieldDeclaration): field is FileFieldDeclaration =>
  field.kind === 'file' || field.kind === 'image';

/**
 * The values with each chosen File replaced: by the contract's own record once uploaded, so the schema
 * judges a chosen file the way it will judge the stored one (how many, which type, its name).
 */
function replaceChosenFiles<Form extends object>(
  values: Form,
  fields: readonly AnyFieldDeclaration[],
  replace: (file: File) => StoredFile,
): Form {
  let replaced: Form | null = null;
  for (const field of fields.filter(isFileField)) {
    const files = asFiles(Reflect.get(values, field.name));
    if (!files.some((file) => file instanceof File)) continue;
    replaced = {
      ...(replaced ?? values),
      [field.name]: files.map((file) => (file instanceof File ? replace(file) : file)),
    };
  }
  return replaced ?? values;
}

const noId = '00000000-0000-0000-0000-000000000000';

/**
 * For validation before saving: each chosen File as the record the upload will return, with the id and
 * location it does not have yet left blank. Never sent.
 */
export const chosenFilesAsStored = <Form extends object>(
  values: Form,
  fields: readonly AnyFieldDeclaration[],
): Form =>
  replaceChosenFiles(values, fields, (file) => ({
    _id: noId,
    location: '',
    key: '',
    originalName: file.name,
    contentType: file.type,
    size: file.size,
  }));

/**
 * Uploads every chosen File of the form's file fields (one request each, as the upload route takes one
 * file) and returns the values with stored files in their places; the same object when none was chosen.
 */
export async function uploadChosenFiles<Form extends object>(
  values: Form,
  fields: readonly AnyFieldDeclaration[],
  upload: (file: File) => Promise<StoredFile>,
): Promise<Form> {
  const chosen = fields
    .filter(isFileField)
    .flatMap((field) => asFiles(Reflect.get(values, field.name)))
    .filter((file): file is File => file instanceof File);
  if (chosen.length === 0) return values;
  const byFile = new Map(await Promise.all(chosen.map(async (file) => [file, await upload(file)] as const)));
  return replaceChosenFiles(values, fields, (file) => {
    const stored = byFile.get(file);
    if (!stored) throw new Error(`${file.name} was not uploaded`);
    return stored;
  });
}
