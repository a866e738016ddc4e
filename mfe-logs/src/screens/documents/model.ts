import { idSchema } from '@console/shared-sdk';
import {
  documentInputSchema,
  maxDocumentFiles,
  type DocumentCategory,
  type DocumentFile,
} from '@console/shared-sdk/logs';
import { z } from 'zod';

// The document form's values and the body the screen's calls take. Files travel in the create and update
// requests themselves (multipart), not through the kit's one-file upload route, so the form holds the
// chosen `File`s beside the document's stored files until it is saved.

/** The form's "Applies to" value for a document of the whole organisation (its `siteID` is null). */
export const wholeOrganisation = 'ORGANISATION';

/** A file of the form: chosen now (sent with the save) or already stored with the document. */
export type DocumentFormFile = File | DocumentFile;

export interface DocumentForm {
  name: string;
  category: DocumentCategory | '';
  /** A site's id, or `wholeOrganisation`. */
  place: string;
  expiresOn: string | null;
  note: string;
  files: DocumentFormFile[];
}

/** What the form saves: its values; the calls turn `place` into the `siteID` and pick out the new files. */
export type DocumentBody = DocumentForm;

/** An edit also names the stored files the user removed. */
export type DocumentEdit = DocumentBody & { _id: string; removedFileIDs: string[] };

/** The `siteID` the API takes for a place: null for the whole organisation. */
export const siteOfPlace = (place: string) => (place === wholeOrganisation ? null : place);

/**
 * The form's check before anything is sent: the contract's own rules for the document's fields, a place,
 * and at least one file (an existing document keeps at least one too).
 */
export const documentBodySchema = documentInputSchema
  .pick({ name: true, category: true, expiresOn: true, note: true })
  .extend({
    place: z.string().min(1, 'Choose a site or the whole organisation'),
    files: z
      .array(z.custom<DocumentFormFile>())
      .min(1, 'Add at least one file')
      .max(maxDocumentFiles, `At most ${maxDocumentFiles} files`),
  });

export const documentEditSchema = documentBodySchema.extend({
  _id: idSchema,
  removedFileIDs: z.array(idSchema),
});

/** The files chosen in this form, sent with the request. */
export const filesToSend = (files: readonly DocumentFormFile[]): File[] =>
  files.filter((file): file is File => file instanceof File);

/** The stored files the form no longer holds. */
export function removedFileIDs(stored: readonly DocumentFile[], kept: readonly DocumentFormFile[]): string[] {
  const keptIDs = new Set(kept.flatMap((file) => (file instanceof File ? [] : [file._id])));
  return stored.filter((file) => !keptIDs.has(file._id)).map((file) => file._id);
}
