import { z } from 'zod';
import { idSchema } from './common.js';

export const uploadedFileSchema = z.object({
  _id: idSchema,
  /** URL the file can be fetched from; it needs no Authorization header (the key is unguessable). */
  location: z.string(),
  key: z.string(),
  originalName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** What the upload helper accepts: photos and documents. */
export const uploadContentTypes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
export type UploadContentType = (typeof uploadContentTypes)[number];

/** The extension a stored file gets, from its detected type (the client's file name is never used). */
export const uploadExtensions: Record<UploadContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

export const maxUploadBytes = 10 * 1024 * 1024;
