import type { FastifyReply, FastifyRequest } from 'fastify';
import { jurisdictionOf, type InspectionPackFormat } from '@console/shared-sdk/contract';
import type { Database } from '../../../platform/db/client.js';
import { xlsxType } from '../../../platform/http/spreadsheet.js';
import { attachment, ExportAbandoned } from '../../logs/index.js';
import { producePack, type packSite, type PackSummary, type PackTarget } from './pack-content.js';
import { pdfPack } from './pack-pdf.js';
import { xlsxPack } from './pack-xlsx.js';
import { registeringStream } from './pack-register.js';

// A pack's download, whoever asks for it: the console's (report/routes.ts) and an inspector's link
// (reports/inspector), so every pack handed out is streamed and entered in the register the same way and
// verifies the same way.

/** A live site's row as packSite reads it. */
export type PackSiteRow = NonNullable<Awaited<ReturnType<typeof packSite>>>;

/** What a pack of `site` over `range` covers and who it is made for. */
export function packTargetOf(
  site: PackSiteRow,
  range: { startDate: string; endDate: string },
  producer: PackTarget['producer'],
  verifyUrl: string,
): PackTarget {
  const address = [site.add1, site.add2, site.city, site.county ?? site.state, site.zip, site.country]
    .filter((part) => part)
    .join(', ');
  return {
    orgId: site.orgId,
    site: {
      id: site.id,
      name: site.name,
      timeZoneId: site.timeZoneId,
      address,
      timing: site.timing,
      jurisdiction: jurisdictionOf(site.jurisdiction),
    },
    ...range,
    producer,
    verifyUrl,
  };
}

/** The name a pack's file is saved under. */
export const packFileName = (target: PackTarget, format: InspectionPackFormat) =>
  `Inspection pack - ${target.site.name} - ${target.startDate} to ${target.endDate}.${format === 'PDF' ? 'pdf' : 'xlsx'}`;

/**
 * Sends the pack of `target` as a PDF or an XLSX, streamed while it is read. The SHA-256 of the bytes is
 * entered in the pack register before the last byte is sent (a download cut short is not registered).
 */
export function sendPack(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  target: PackTarget,
  format: InspectionPackFormat,
  now: Date,
) {
  const fileName = packFileName(target, format);
  const pack = format === 'PDF' ? pdfPack(target) : xlsxPack(target);
  const produced = 'document' in pack ? pack.document : pack.stream;
  let contentDigest: string | null = null;
  const stream = registeringStream(db, {
    target,
    format,
    producedAt: now,
    contentDigest: () => contentDigest,
  });
  produced.pipe(stream);
  // A client that goes away stops the production (its writers see the source destroyed).
  stream.on('close', () => {
    if (!produced.destroyed) produced.destroy();
  });
  // The digest is known when the writer finishes, before the file's last bytes reach the register.
  const writer = {
    ...pack.writer,
    finish: (summary: PackSummary) => {
      contentDigest = summary.digest;
      return pack.writer.finish(summary);
    },
  };
  producePack(db, target, now, writer).catch((error: unknown) => {
    if (error instanceof ExportAbandoned) {
      request.log.info({ file: fileName }, 'inspection pack download closed by the client');
      return;
    }
    request.log.error({ err: error, file: fileName }, 'inspection pack failed while streaming');
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', format === 'PDF' ? 'application/pdf' : xlsxType)
    .header('content-disposition', attachment(fileName))
    .send(stream);
}
