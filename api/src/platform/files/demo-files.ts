import type { UploadContentType } from '@console/shared-sdk/contract';
import type { Tx } from '../db/client.js';
import { newStorageKey } from './common-uri/files.js';
import { insertFile, type FileRow } from './common-uri/repository.js';
import type { Storage } from './storage.js';

/** Stores one of the demo's files as an upload would be: the object under a generated key, and its row. */
export async function storeDemoFile(
  tx: Tx,
  storage: Storage,
  file: { orgId: string; uploadedBy: string; bytes: Buffer; contentType: UploadContentType; name: string },
  now: Date,
): Promise<FileRow> {
  const key = newStorageKey(file.orgId, file.contentType, now);
  await storage.put(key, file.bytes, file.contentType);
  return insertFile(
    tx,
    {
      orgId: file.orgId,
      uploadedBy: file.uploadedBy,
      storageKey: key,
      originalName: file.name,
      contentType: file.contentType,
      size: file.bytes.length,
    },
    now,
  );
}
