import { and, eq, isNull } from 'drizzle-orm';
import type { UploadedFile } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../db/client.js';
import { files, organizations } from '../../db/schema.js';
import { newId } from '../../db/ids.js';

export type FileRow = typeof files.$inferSelect;

/**
 * Where the file can be fetched: a path on the API's own origin, never an absolute URL. The console is
 * opened at whatever address reaches it (PUBLIC_URL's host, 127.0.0.1, a LAN name), and its CSP loads
 * images from that origin only, so a path resolves where the page is; a client on another origin resolves
 * it against the API it called. With S3 storage too the bytes come through this route, which withdraws a
 * closed organisation's files and sends them with their nosniff and sandbox headers (an S3 URL would do
 * neither, and the CSP would block its origin).
 */
export const fileLocation = (key: string) => `/api/v1/common-uri/file/${key}`;

export function toUploadedFile(row: FileRow): UploadedFile {
  return {
    _id: row.id,
    location: fileLocation(row.storageKey),
    key: row.storageKey,
    originalName: row.originalName,
    contentType: row.contentType,
    size: row.size,
  };
}

export async function insertFile(
  db: Database | Tx,
  input: Omit<FileRow, 'id' | 'createdAt'>,
  now: Date,
): Promise<FileRow> {
  const [row] = await db
    .insert(files)
    .values({ id: newId(), ...input, createdAt: now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * The file stored under `key`, unless its organisation was closed: a closed organisation's file URLs no
 * longer serve (a file of no organisation, the platform's own, stays).
 */
export async function findFileByKey(db: Database | Tx, key: string): Promise<FileRow | undefined> {
  const [found] = await db
    .select({ file: files, orgClosedAt: organizations.deletedAt })
    .from(files)
    .leftJoin(organizations, eq(organizations.id, files.orgId))
    .where(eq(files.storageKey, key));
  if (!found || (found.file.orgId !== null && found.orgClosedAt !== null)) return undefined;
  return found.file;
}

/** Whether the organisation is open (not closed by a platform admin). */
export async function organisationIsOpen(db: Database | Tx, orgId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, orgId), isNull(organizations.deletedAt)));
  return row !== undefined;
}
