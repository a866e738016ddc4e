import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createHash } from 'node:crypto';
import type { SubjectName } from '@console/shared-sdk/ability';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import {
  envelope,
  inspectionPackDefaultDays,
  inspectionPackDownloadQuerySchema,
  inspectionPackPreviewSchema,
  inspectionPackQuerySchema,
  packVerificationSchema,
  packVerifyMaxBytes,
  packVerifyPath,
  roleLabels,
} from '@console/shared-sdk/contract';
import { fieldError, HttpError, notFound, serverBusy } from '../../../platform/http/errors.js';
import {
  endAtSizeLimit,
  formOverheadBytes,
  refuseDeclaredLengthOver,
} from '../../../platform/http/multipart.js';
import { ok } from '../../../platform/http/respond.js';
import { allow, assertCan, authOf, orgOf } from '../../../platform/auth/guard.js';
import { apiKeyActor } from '../../../platform/history/history.js';
import { addressKey, claimPublicAttempt } from '../../../platform/auth/login-limit.js';
import { isFileTooLarge } from '../../../platform/files/uploads.js';
import { addDays, localDate } from '../../sites/index.js';
import { xlsxType } from '../../../platform/http/spreadsheet.js';
import { countingOnly, packSite, producePack, type PackTarget } from './pack-content.js';
import { packTargetOf, sendPack } from './download.js';
import { verdictOf } from './pack-register.js';

/** Verifications one address may ask for in the sign-in window (15 minutes): an inspector checks a few. */
const verificationsPerAddress = 30;
/** When a client refused for want of room tries again: a 32 MiB check takes about a second. */
const busyRetryAfterSeconds = 5;

// The inspection pack (issue 12): for one site and a range of its local dates, everything an
// environmental-health officer asks to see, previewed as counts with its digest, or downloaded as a PDF or
// an XLSX streamed while it is read.

const tags = ['report'];

/** The site-scoped subjects an inspection pack's sections hold. */
const packSubjects = [
  'TemperatureLog',
  'MasterType',
  'Task',
  'ComplianceLog',
  'NearMiss',
  'CorrectiveAction',
  'Document',
  'SiteReview',
] as const satisfies readonly SubjectName[];

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
    // Every section of the pack is the site's records of one subject: the caller must read them all. A
    // site's admin does; an integrator's key only with every read scope they fall under.
    const onSite = { orgId: site.orgId, siteID: site.id };
    for (const subject of packSubjects) assertCan(request, 'read', subject, onSite);
    const today = localDate(site.timeZoneId, now);
    const range =
      query.startDate !== undefined && query.endDate !== undefined
        ? { startDate: query.startDate, endDate: query.endDate }
        : { startDate: addDays(today, 1 - inspectionPackDefaultDays), endDate: today };
    const { user, apiKey } = authOf(request);
    // A pack fetched with an integrator's key names the key; the register's producer is a person, or none.
    const producer = apiKey
      ? { id: null, name: apiKeyActor(apiKey).name, role: 'integration' }
      : { id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), role: roleLabels[user.role] };
    return packTargetOf(site, range, producer, `${deps.config.publicUrl}${packVerifyPath}`);
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
          'items, compliance logs, near misses, documents, the record-history check and the digest. The SHA-256 ' +
          'of the file is entered in the pack register before the last byte is sent, so the copy can be checked ' +
          'with POST /report/verify-pack; a download cut short is not registered',
        querystring: inspectionPackDownloadQuerySchema,
        produces: ['application/pdf', xlsxType, 'application/json'],
      },
      onRequest: allow('read', 'ScoreReport'),
    },
    async (request, reply) => {
      const now = deps.clock.now();
      const { format, ...query } = request.query;
      const target = await packTarget(request, query, now);
      return sendPack(deps.db, request, reply, target, format, now);
    },
  );

  // The checks running now in this instance: each reads up to 32 MiB from someone nobody signed in.
  let checksRunning = 0;

  r.post(
    '/verify-pack',
    {
      schema: {
        tags,
        summary:
          'Whether a file is an inspection pack this server produced: multipart field `file` (at most ' +
          `${packVerifyMaxBytes / 1024 / 1024} MiB, else 413, refused before it is read when the request ` +
          `declares a longer body). Needs no sign-in, and is limited per address (${verificationsPerAddress} ` +
          `in 15 minutes, else 429) and in the checks running at once (else 503 with Retry-After). ` +
          'AUTHENTIC when the SHA-256 of the exact bytes is in the pack register, with the site, the range, ' +
          'when and by whom it was produced; UNKNOWN for any other file (one changed byte is enough), which ' +
          'says nothing about any organisation',
        consumes: ['multipart/form-data'],
        security: [],
        response: { 200: envelope(packVerificationSchema) },
        errors: [400, 429, 503],
      },
    },
    async (request) => {
      const tooLarge = () =>
        new HttpError(
          413,
          'PAYLOAD_TOO_LARGE',
          `This file is larger than any pack (${packVerifyMaxBytes / 1024 / 1024} MiB at most)`,
        );
      refuseDeclaredLengthOver(request, packVerifyMaxBytes + formOverheadBytes, tooLarge);
      // Checked before the address's count, so that a check the server had no room for is not counted.
      if (checksRunning >= deps.config.verifyPackConcurrency) {
        throw serverBusy(
          'Other packs are being checked right now; try again in a few seconds.',
          busyRetryAfterSeconds,
        );
      }
      checksRunning += 1;
      try {
        await claimPublicAttempt(
          deps.db,
          deps.clock.now(),
          `verify-pack:${addressKey(request.ip)}`,
          verificationsPerAddress,
          'Too many packs checked from this address.',
        );
        return ok(await verdictOf(deps.db, await hashOfPackUpload(request, tooLarge)));
      } finally {
        checksRunning -= 1;
      }
    },
  );
}

/** The SHA-256 of the form's `file` part, computed as its bytes arrive: nothing of it is kept. */
async function hashOfPackUpload(request: FastifyRequest, tooLarge: () => HttpError): Promise<string> {
  const missing = () => fieldError('file', 'Choose the pack file to check');
  if (!request.isMultipart()) throw missing();
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    const part = await request.file({ limits: { fileSize: packVerifyMaxBytes, files: 1 } });
    if (!part) throw missing();
    if (part.fieldname !== 'file') {
      part.file.resume();
      throw fieldError('file', 'Send the pack in the field "file"');
    }
    endAtSizeLimit(part, tooLarge);
    await pipeline(
      part.file,
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          bytes += chunk.length;
          callback();
        },
      }),
    );
    if (part.file.truncated) throw tooLarge();
  } catch (error) {
    if (isFileTooLarge(error)) throw tooLarge();
    throw error;
  }
  if (bytes === 0) throw fieldError('file', 'The file is empty');
  return hash.digest('hex');
}
