import { z } from 'zod';
import { idSchema, instantSchema } from './common.js';

/**
 * Where a stored file is fetched from: a path on the API's origin (`/api/v1/common-uri/file/<key>`), so it
 * loads from whatever address the console was opened at. A client on another origin resolves it against the
 * API's base URL. It needs no Authorization header (the key is unguessable).
 */
const fileLocationSchema = z
  .string()
  .describe(
    'A path on this API (/api/v1/common-uri/file/<key>): resolve it against the URL you called. ' +
      'No Authorization header is needed.',
  );

export const uploadedFileSchema = z.object({
  _id: idSchema,
  location: fileLocationSchema,
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

/** The files of one form-data upload, at most this many at once. */
export const maxFilesPerUpload = 10;
export const uploadedFilesSchema = z.array(uploadedFileSchema);

/** POST /common-uri/pre-signed-url: the file the client is about to send, checked again on arrival. */
export const preSignedUploadRequestSchema = z.object({
  fileName: z.string().trim().min(1, 'Name the file').max(255, 'At most 255 characters'),
  contentType: z.enum(uploadContentTypes, {
    error: 'Upload an image (JPEG, PNG, WebP, GIF), a PDF, text, CSV, XLSX or DOCX',
  }),
  size: z
    .number()
    .int('A whole number of bytes')
    .min(1, 'The file is empty')
    .max(maxUploadBytes, `At most ${maxUploadBytes / (1024 * 1024)} MB`),
});
export type PreSignedUploadRequest = z.infer<typeof preSignedUploadRequestSchema>;

/**
 * Where to PUT the bytes: no Authorization header, the URL is the permission. It works once, for that
 * type and exactly that many bytes, until `expiresAt`; the file is then at `location`.
 */
export const preSignedUploadSchema = z.object({
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  headers: z.object({ 'content-type': z.string() }),
  key: z.string(),
  location: fileLocationSchema,
  expiresAt: instantSchema,
});
export type PreSignedUpload = z.infer<typeof preSignedUploadSchema>;
