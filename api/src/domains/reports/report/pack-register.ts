import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import { ruleSetOf, type InspectionPackFormat, type PackVerification } from '@console/shared-sdk/contract';
import type { Database } from '../../../platform/db/client.js';
import { newId } from '../../../platform/db/ids.js';
import { sites } from '../../../platform/db/schema.js';
import { packRegister } from '../schema.js';
import type { PackTarget } from './pack-content.js';

// The register of produced packs (issue 23). A pack's bytes are hashed as they stream to the client; when
// the last byte has been handed over, and before the response ends, the hash is registered, so a copy is
// verifiable as soon as its download is complete, and a download cut short is never registered.

export interface RegisteredPack {
  target: PackTarget;
  format: InspectionPackFormat;
  producedAt: Date;
  /** The content digest, known once the pack's content has been read. */
  contentDigest: () => string | null;
}

/**
 * A pass-through that hashes what goes through it and, at its end, registers the file: a registration that
 * fails fails the download (the client never gets a complete file the register does not know).
 */
export function registeringStream(db: Database, pack: RegisteredPack): Transform {
  const hash = createHash('sha256');
  let byteSize = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      byteSize += chunk.length;
      callback(null, chunk);
    },
    flush(callback) {
      const contentDigest = pack.contentDigest();
      if (contentDigest === null) {
        callback(new Error('the pack ended before its content was read'));
        return;
      }
      db.insert(packRegister)
        .values({
          id: newId(),
          sha256: hash.digest('hex'),
          orgId: pack.target.orgId,
          siteId: pack.target.site.id,
          siteName: pack.target.site.name,
          startDate: pack.target.startDate,
          endDate: pack.target.endDate,
          format: pack.format,
          byteSize,
          contentDigest,
          producedBy: pack.target.producer.id,
          producedByName: pack.target.producer.name,
          producedAt: pack.producedAt,
        })
        .then(
          () => callback(),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
    },
  });
}

/** What the register holds for a file's SHA-256: the latest production of those bytes, or UNKNOWN. */
export async function verdictOf(db: Database, sha256: string): Promise<PackVerification> {
  const [found] = await db
    .select({ row: packRegister, jurisdiction: sites.jurisdiction })
    .from(packRegister)
    .innerJoin(sites, eq(sites.id, packRegister.siteId))
    .where(eq(packRegister.sha256, sha256))
    .orderBy(desc(packRegister.producedAt))
    .limit(1);
  if (!found) return { verdict: 'UNKNOWN', sha256 };
  const { row } = found;
  return {
    verdict: 'AUTHENTIC',
    sha256,
    site: row.siteName,
    startDate: row.startDate,
    endDate: row.endDate,
    format: row.format,
    producedAt: row.producedAt.toISOString(),
    producedBy: row.producedByName,
    locale: ruleSetOf(found.jurisdiction).locale,
  };
}
