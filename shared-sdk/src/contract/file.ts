import { z } from 'zod';

export const uploadedFileSchema = z.object({
  _id: z.string(),
  /** URL the file can be fetched from. */
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
export const maxUploadBytes = 10 * 1024 * 1024;
