import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  idSchema,
  inspectorPackQuerySchema,
  inspectorPasscodeHeader,
  inspectorRecordSchema,
  inspectorSectionPageSchema,
  inspectorSectionQuerySchema,
  inspectorSectionSchema,
  inspectorViewSchema,
  packVerifyPath,
} from '@console/shared-sdk/contract';
import { notFound, unauthorized } from '../../../platform/http/errors.js';
import { ok } from '../../../platform/http/respond.js';
import { xlsxType } from '../../../platform/http/spreadsheet.js';
import { addressKey, claimGuess, claimPublicAttempt } from '../../../platform/auth/login-limit.js';
import { verifyPassword } from '../../../platform/auth/passwords.js';
import { packSite } from '../report/pack-content.js';
import { packTargetOf, sendPack } from '../report/download.js';
import { recordOfLink } from './records.js';
import { linkOfToken, logAccess, type OpenLink } from './repository.js';
import { sectionCounts, sectionPage, type ViewScope } from './sections.js';
import { accessWords, isInspectorSubject } from './words.js';

// /inspect/{token}: the inspector's read-only view, without an account. The token in the path is the
// credential: an unknown, expired or revoked link, or one of a closed organisation, answers exactly as a
// missing record does (404), so a guessed or stale address learns nothing. A link with a passcode wants it
// in a header on every call. Every answered call is kept as an access of the link (when, the address, what
// was opened in words). The answers are never stored, indexed or referred (security-headers.ts).

const tags = ['inspect'];
const noAccount =
  'Needs no account: the link’s token in the path is the proof. An unknown, expired or revoked link answers ' +
  `404 like a missing record; a link with a passcode answers 401 without the right one in ${inspectorPasscodeHeader}`;

/** Calls one address may make in the sign-in window (15 minutes): an inspector's visit reads a lot. */
const callsPerAddress = 600;
/** Wrong passcodes one address may send to one link in the window. */
const guessesPerLink = 10;
export const passcodeWanted = 'Enter the passcode you were given with this link';

const tokenSchema = z.string().min(1).max(200);
const passcodeHeaders = z.object({ [inspectorPasscodeHeader]: z.string().max(200).optional() });
/** What `openLink` answers besides the link's 404: a passcode wanted or wrong, and the limits. */
const linkErrors = [401, 429] as const;

export default async function inspectRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  /** The link a call names, after the address's limit and the passcode; else 429, 404 or 401. */
  async function openLink(request: FastifyRequest, token: string, now: Date): Promise<OpenLink> {
    await claimPublicAttempt(
      deps.db,
      now,
      `inspect:${addressKey(request.ip)}`,
      callsPerAddress,
      'Too many requests from this address.',
    );
    const link = await linkOfToken(deps.db, token, now);
    if (!link) throw notFound();
    if (link.row.passcodeHash === null) return link;
    const header = request.headers[inspectorPasscodeHeader];
    const passcode = (Array.isArray(header) ? header[0] : header)?.trim();
    if (!passcode) throw unauthorized(passcodeWanted);
    const guess = await claimGuess(
      deps.db,
      now,
      `inspect-passcode:${link.row.id}:${addressKey(request.ip)}`,
      guessesPerLink,
      'Too many wrong passcodes for this link from this address.',
    );
    if (!(await verifyPassword(link.row.passcodeHash, passcode))) throw unauthorized(passcodeWanted);
    await guess.succeeded();
    return link;
  }

  const scopeOf = (link: OpenLink, siteID: string | undefined, now: Date): ViewScope => {
    const sites = siteID === undefined ? link.sites : link.sites.filter((site) => site.id === siteID);
    // A site the link does not open is answered like any record it does not show.
    if (sites.length === 0) throw notFound();
    return { orgId: link.row.orgId, startDate: link.row.startDate, endDate: link.row.endDate, sites, now };
  };

  const access = (request: FastifyRequest, link: OpenLink, what: string, now: Date) =>
    logAccess(deps.db, link.row, { address: request.ip, what }, now);

  r.get(
    '/:token',
    {
      schema: {
        tags,
        summary:
          'What an inspector link opens: who it is for, the organisation, its sites (each with its zone, ' +
          'locale and unit), its range of local dates, when it expires, and how many records each section holds',
        description: noAccount,
        security: [],
        params: z.object({ token: tokenSchema }),
        headers: passcodeHeaders,
        errors: linkErrors,
        response: { 200: envelope(inspectorViewSchema) },
      },
    },
    async (request) => {
      const now = deps.clock.now();
      const link = await openLink(request, request.params.token, now);
      const sections = await sectionCounts(deps.db, scopeOf(link, undefined, now));
      await access(request, link, accessWords.view(), now);
      return ok({
        label: link.row.label,
        organisationName: link.organisationName,
        sites: link.sites.map((site) => ({
          _id: site.id,
          name: site.name,
          timeZoneId: site.timeZoneId,
          locale: site.locale,
          temperatureUnit: site.unit,
        })),
        startDate: link.row.startDate,
        endDate: link.row.endDate,
        expiresAt: link.row.expiresAt.toISOString(),
        sections,
      });
    },
  );

  r.get(
    '/:token/section/:section',
    {
      schema: {
        tags,
        summary:
          'A page of one section of the view (temperature, tasks, complianceLogs, nearMisses, ' +
          'correctiveActions, reviews, documents) over the link’s sites, or one of them (siteID), and its ' +
          'range; `search` looks in the titles. Each row in words, in its site’s zone and unit, flagged when ' +
          'failed, missed, open or expired',
        description: noAccount,
        security: [],
        params: z.object({ token: tokenSchema, section: inspectorSectionSchema }),
        querystring: inspectorSectionQuerySchema,
        headers: passcodeHeaders,
        errors: linkErrors,
        response: { 200: envelope(inspectorSectionPageSchema) },
      },
    },
    async (request) => {
      const now = deps.clock.now();
      const { section } = request.params;
      const { siteID, search, page, pageSize } = request.query;
      const link = await openLink(request, request.params.token, now);
      const scope = scopeOf(link, siteID, now);
      const answer = await sectionPage(deps.db, section, scope, { search: search ?? '', page, pageSize });
      const siteName = siteID === undefined ? null : (scope.sites[0]?.name ?? null);
      await access(request, link, accessWords.section(section, siteName), now);
      return ok(answer);
    },
  );

  r.get(
    '/:token/record/:subject/:id',
    {
      schema: {
        tags,
        summary:
          'One record a section lists (subject: TemperatureLog, Task, ComplianceLog, NearMiss, ' +
          'CorrectiveAction, Document, SiteReview), its fields in words and its history (who changed ' +
          'what, when and why). A record not on the link’s sites or outside its range is 404',
        description: noAccount,
        security: [],
        params: z.object({ token: tokenSchema, subject: z.string().max(50), id: idSchema }),
        headers: passcodeHeaders,
        errors: linkErrors,
        response: { 200: envelope(inspectorRecordSchema) },
      },
    },
    async (request) => {
      const now = deps.clock.now();
      const { subject, id } = request.params;
      const link = await openLink(request, request.params.token, now);
      const found = isInspectorSubject(subject)
        ? await recordOfLink(deps.db, link, subject, id, now)
        : undefined;
      if (!found || !isInspectorSubject(subject)) throw notFound();
      await access(request, link, accessWords.record(subject, found.when), now);
      return ok(found.record);
    },
  );

  r.get(
    '/:token/pack',
    {
      schema: {
        tags,
        summary:
          'The inspection pack of one of the link’s sites (siteID) over the link’s range, as a PDF ' +
          '(format=PDF) or an XLSX (format=EXCEL), streamed. It is entered in the pack register like any ' +
          'other, so POST /report/verify-pack says it is authentic',
        description: noAccount,
        security: [],
        params: z.object({ token: tokenSchema }),
        querystring: inspectorPackQuerySchema,
        headers: passcodeHeaders,
        errors: linkErrors,
        produces: ['application/pdf', xlsxType, 'application/json'],
      },
    },
    async (request, reply) => {
      const now = deps.clock.now();
      const { siteID, format } = request.query;
      const link = await openLink(request, request.params.token, now);
      const [site] = scopeOf(link, siteID, now).sites;
      const row = site && (await packSite(deps.db, link.row.orgId, site.id));
      if (!row) throw notFound();
      const target = packTargetOf(
        row,
        { startDate: link.row.startDate, endDate: link.row.endDate },
        {
          id: null,
          name: `Inspector link: ${link.row.label}`,
          role: 'read without an account',
        },
        `${deps.config.publicUrl}${packVerifyPath}`,
      );
      await access(request, link, accessWords.pack(format, row.name), now);
      return sendPack(deps.db, request, reply, target, format, now);
    },
  );
}
