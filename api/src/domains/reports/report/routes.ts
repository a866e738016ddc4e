import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  inspectionPackDefaultDays,
  inspectionPackDownloadQuerySchema,
  inspectionPackPreviewSchema,
  inspectionPackQuerySchema,
} from '@console/shared-sdk/contract';
import { notFound } from '../../../platform/http/errors.js';
import { ok } from '../../../platform/http/respond.js';
import { allow, assertCan, orgOf } from '../../../platform/auth/guard.js';
import { addDays, localDate } from '../../sites/index.js';
import { xlsxType } from '../../../platform/http/spreadsheet.js';
import { attachment, ExportAbandoned } from '../../logs/index.js';
import { countingOnly, packSite, producePack, type PackTarget } from './pack-content.js';
import { pdfPack } from './pack-pdf.js';
import { xlsxPack } from './pack-xlsx.js';

// The inspection pack (issue 12): for one site and a range of its local dates, everything an
// environmental-health officer asks to see, previewed as counts with its digest, or downloaded as a PDF or
// an XLSX streamed while it is read.

const tags = ['report'];

export default async function reportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  /** The site and range a pack covers, after the gates: another organisation's site is 404, another's site of a site admin 403. */
  async function packTarget(
    request: FastifyRequest,
    query: { siteID: string; startDate?: string | undefined; endDate?: string | undefined },
    now: Date,
  ): Promise<PackTarget> {
    const site = await packSite(deps.db, orgOf(request), query.siteID);
    if (!site) throw notFound('Site');
    assertCan(request, 'read', 'Site', { _id: site.id, orgId: site.orgId });
    assertCan(request, 'read', 'TemperatureLog', { orgId: site.orgId, siteID: site.id });
    const today = localDate(site.timeZoneId, now);
    const range =
      query.startDate !== undefined && query.endDate !== undefined
        ? { startDate: query.startDate, endDate: query.endDate }
        : { startDate: addDays(today, 1 - inspectionPackDefaultDays), endDate: today };
    const address = [site.add1, site.add2, site.city, site.county ?? site.state, site.zip, site.country]
      .filter((part) => part)
      .join(', ');
    return {
      orgId: site.orgId,
      site: { id: site.id, name: site.name, timeZoneId: site.timeZoneId, address, timing: site.timing },
      ...range,
    };
  }

  r.get(
    '/inspection-pack/preview',
    {
      schema: {
        tags,
        summary:
          'What the inspection pack of a site holds for a range of its local dates (both or neither; default ' +
          `the last ${inspectionPackDefaultDays} days, at most 366): each section counted, the record-history ` +
          'check, and the SHA-256 digest of the content that the PDF and the XLSX print, so a copy can be ' +
          'verified against a fresh preview. Reads every record of the range: seconds for a busy site',
        querystring: inspectionPackQuerySchema,
        response: { 200: envelope(inspectionPackPreviewSchema) },
      },
      onRequest: allow('read', 'ScoreReport'),
    },
    async (request) => {
      const now = deps.clock.now();
      const target = await packTarget(request, request.query, now);
      const summary = await producePack(deps.db, target, now, countingOnly);
      return ok({
        siteID: target.site.id,
        siteName: target.site.name,
        timeZoneId: target.site.timeZoneId,
        startDate: target.startDate,
        endDate: target.endDate,
        generatedAt: now.toISOString(),
        sections: summary.sections,
        recordCheck: summary.recordCheck,
        digest: summary.digest,
      });
    },
  );

  r.get(
    '/inspection-pack/download',
    {
      schema: {
        tags,
        summary:
          'The inspection pack as a PDF (format=PDF) or an XLSX (format=EXCEL), streamed while it is read: the ' +
          'site, its hours and equipment with the limits in force, every temperature reading (failures and ' +
          'warnings highlighted, back-filled ones marked), task completion per day with the failed checklist ' +
          'items, compliance logs, near misses, documents, the record-history check and the digest',
        querystring: inspectionPackDownloadQuerySchema,
        produces: ['application/pdf', xlsxType, 'application/json'],
      },
      onRequest: allow('read', 'ScoreReport'),
    },
    async (request, reply) => {
      const now = deps.clock.now();
      const { format, ...query } = request.query;
      const target = await packTarget(request, query, now);
      const fileName = `Inspection pack - ${target.site.name} - ${target.startDate} to ${target.endDate}.${format === 'PDF' ? 'pdf' : 'xlsx'}`;
      const pack = format === 'PDF' ? pdfPack(target) : xlsxPack(target);
      const stream = 'document' in pack ? pack.document : pack.stream;
      producePack(deps.db, target, now, pack.writer).catch((error: unknown) => {
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
    },
  );
}
