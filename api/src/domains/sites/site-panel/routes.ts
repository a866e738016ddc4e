import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asSubject } from '@console/shared-sdk/ability';
import {
  closingTimeListRequestSchema,
  closingTimeListSchema,
  envelope,
  fetchCountryRequestSchema,
  fetchCountryResponseSchema,
  fetchTimezoneRequestSchema,
  idParamSchema,
  listData,
  openTimeSlotQuerySchema,
  openTimeSlotResponseSchema,
  placesRequestSchema,
  placesResponseSchema,
  siteIdBodySchema,
  siteInputSchema,
  siteListQuerySchema,
  siteOptionSchema,
  siteQuerySchema,
  siteSchema,
  siteUpdateSchema,
  timezoneDataSchema,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { describePlace, placeById, placeDetail, searchPlaces } from '../geo/places.js';
import { timeZoneAt, timeZoneDataAt } from '../geo/time-zones.js';
import { fieldError, forbidden, notFound } from '../../../platform/http/errors.js';
import { listOf } from '../../../platform/http/list.js';
import { multipartFieldsToBody } from '../../../platform/http/multipart.js';
import { ok } from '../../../platform/http/respond.js';
import { allow, assertCan, authOf, orgOf, signedIn } from '../../../platform/auth/guard.js';
import { actorOf, recordHistory } from '../../../platform/history/history.js';
import { siteDto, siteDtos, toSiteOption } from './dto.js';
import { nationalFiguresOf } from '../organization/repository.js';
import {
  adminsBySite,
  findSite,
  insertSite,
  listSites,
  liveSitesByName,
  softDeleteSite,
  updateSite,
  type SiteDaysChanged,
  type SiteScope,
} from './repository.js';
import { closingTimes, localDate, timeSlotsOn } from '../time-slots.js';

const tags = ['site-panel'];
const messageOnly = envelope(z.null());

/**
 * The sites a caller may see in the organisation it acts in. Organisation and platform admins see all of
 * them; site admins and staff only their own sites, as their `read Site` rule (`_id $in siteIds`) says.
 */
function scopeOf(request: FastifyRequest): SiteScope {
  const auth = authOf(request);
  const limited = auth.user.role === 'SITE_ADMIN' || auth.user.role === 'STAFF';
  return { orgId: orgOf(request), siteIds: limited ? auth.siteIds : null };
}

/**
 * A site the caller acts on: another organisation's site answers 404 like a missing one, so ids cannot be
 * probed; a site of the caller's organisation it may not act on answers 403.
 */
async function siteFor(
  request: FastifyRequest,
  db: Database | Tx,
  id: string,
  action: 'read' | 'update' | 'delete',
  options: { includeDeleted?: boolean; forUpdate?: boolean } = {},
) {
  const site = await findSite(db, orgOf(request), id, options);
  if (!site) throw notFound('Site');
  assertCan(request, action, 'Site', { _id: site.id, orgId: site.orgId });
  return site;
}

const sameIds = (a: readonly string[], b: readonly string[]) =>
  new Set(a).size === new Set(b).size && b.every((id) => a.includes(id));

export interface SitePanelOptions {
  /** What the other domains do when a site's hours or zone change (see `SiteDaysChanged`). */
  daysChanged: SiteDaysChanged;
}

export default async function sitePanelRoutes(app: FastifyInstance, { daysChanged }: SitePanelOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  // Authentication runs on request, before the body is read, so a caller without a valid token or the
  // right role is refused before a multipart form is parsed.

  r.get(
    '/web-app-list',
    {
      schema: {
        tags,
        summary: 'Sites the caller may see, paged (status=false lists deleted sites)',
        querystring: siteListQuerySchema,
        response: { 200: envelope(listData(siteSchema)) },
      },
      onRequest: allow('read', 'Site'),
    },
    async (request) => {
      const { rows, total } = await listSites(deps.db, scopeOf(request), request.query);
      return ok(listOf(await siteDtos(deps.db, rows, deps.clock.now()), total, request.query));
    },
  );

  r.post(
    '/create-new-one',
    {
      schema: {
        tags,
        summary: 'Create a site (multipart form data, or JSON with the same fields)',
        consumes: ['multipart/form-data', 'application/json'],
        querystring: siteQuerySchema,
        body: siteInputSchema,
        response: { 200: envelope(siteSchema) },
      },
      onRequest: allow('create', 'Site'),
      preValidation: multipartFieldsToBody,
    },
    async (request) => {
      const orgId = orgOf(request);
      assertCan(request, 'create', 'Site', { orgId });
      const now = deps.clock.now();
      const site = await deps.db.transaction(async (tx) =>
        siteDto(tx, await insertSite(tx, orgId, request.body, now), now),
      );
      return ok(site, 'Site created');
    },
  );

  r.put(
    '/update-one',
    {
      schema: {
        tags,
        summary: 'Update a site; leave siteAdminList out to keep its admins (multipart or JSON)',
        consumes: ['multipart/form-data', 'application/json'],
        querystring: siteQuerySchema,
        body: siteUpdateSchema,
        response: { 200: envelope(siteSchema) },
      },
      onRequest: allow('update', 'Site'),
      preValidation: multipartFieldsToBody,
    },
    async (request) => {
      const { _id, siteAdminList, ...form } = request.body;
      const now = deps.clock.now();
      const site = await deps.db.transaction(async (tx) => {
        const current = await siteFor(request, tx, _id, 'update', { forUpdate: true });
        let replaceAdmins = false;
        if (siteAdminList !== undefined) {
          const admins = (await adminsBySite(tx, [current.id])).get(current.id) ?? [];
          replaceAdmins = !sameIds(
            admins.map((admin) => admin._id),
            siteAdminList,
          );
          const subject = asSubject('Site', { _id: current.id, orgId: current.orgId });
          if (replaceAdmins && !authOf(request).ability.can('update', subject, 'siteAdminList')) {
            throw forbidden('Only an organisation admin can change who administers a site');
          }
        }
        const { jurisdictionReason, ...fields } = form;
        if (fields.areaID !== undefined && fields.areaID !== current.areaId) {
          const subject = asSubject('Site', { _id: current.id, orgId: current.orgId });
          if (!authOf(request).ability.can('update', subject, 'areaID')) {
            throw forbidden('Only an organisation admin can move a site to another area');
          }
        }
        const rulesChange =
          fields.jurisdiction !== undefined && fields.jurisdiction !== current.jurisdiction
            ? { from: current.jurisdiction, to: fields.jurisdiction }
            : null;
        if (rulesChange) {
          const subject = asSubject('Site', { _id: current.id, orgId: current.orgId });
          if (!authOf(request).ability.can('update', subject, 'jurisdiction')) {
            throw forbidden(
              'Only an organisation admin can change the food-safety rules a site is judged by',
            );
          }
          if (!jurisdictionReason) {
            throw fieldError('jurisdictionReason', 'Say why the site is judged by other rules from now on');
          }
        }
        const updated = await updateSite(
          tx,
          current,
          { ...fields, siteAdminList: siteAdminList ?? [] },
          { replaceAdmins, now, daysChanged },
        );
        if (rulesChange) {
          // Readings already taken keep the set they were judged by; the site's history says when and why
          // the law changed.
          await recordHistory(tx, {
            orgId: current.orgId,
            siteId: current.id,
            subject: 'Site',
            recordId: current.id,
            action: 'update',
            before: { jurisdiction: rulesChange.from },
            after: { jurisdiction: rulesChange.to },
            reason: jurisdictionReason ?? null,
            actor: actorOf(request),
            at: now,
          });
        }
        return siteDto(tx, updated, now);
      });
      return ok(site, 'Site updated');
    },
  );

  r.patch(
    '/delete-one',
    {
      schema: {
        tags,
        summary: 'Delete a site (kept for its history; its name becomes free again)',
        querystring: siteQuerySchema,
        body: siteIdBodySchema,
        response: { 200: messageOnly },
      },
      onRequest: allow('delete', 'Site'),
    },
    async (request) => {
      await deps.db.transaction(async (tx) => {
        const site = await siteFor(request, tx, request.body.siteID, 'delete', { forUpdate: true });
        await softDeleteSite(tx, site.id, deps.clock.now());
      });
      return ok(null, 'Site deleted');
    },
  );

  r.get(
    '/simple-list',
    {
      schema: {
        tags,
        summary: 'Every live site the caller may see, by name, for pickers',
        querystring: siteQuerySchema,
        response: { 200: envelope(z.array(siteOptionSchema)) },
      },
      onRequest: allow('read', 'Site'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const [sitesByName, figures] = await Promise.all([
        liveSitesByName(deps.db, scope),
        nationalFiguresOf(deps.db, scope.orgId),
      ]);
      return ok(sitesByName.map((row) => toSiteOption(row, figures)));
    },
  );

  r.get(
    '/find-one/:id',
    {
      schema: {
        tags,
        summary: 'One site (a deleted one too, with status false)',
        params: idParamSchema,
        querystring: siteQuerySchema,
        response: { 200: envelope(siteSchema) },
      },
      onRequest: allow('read', 'Site'),
    },
    async (request) => {
      const site = await siteFor(request, deps.db, request.params.id, 'read', { includeDeleted: true });
      return ok(await siteDto(deps.db, site, deps.clock.now()));
    },
  );

  r.get(
    '/open-time-slot/:id',
    {
      schema: {
        tags,
        summary: "The time slots of one local date (default: the site's today)",
        params: idParamSchema,
        querystring: openTimeSlotQuerySchema,
        response: { 200: envelope(openTimeSlotResponseSchema) },
      },
      onRequest: allow('read', 'Site'),
    },
    async (request) => {
      const site = await siteFor(request, deps.db, request.params.id, 'read');
      const date = request.query.findDate ?? localDate(site.timeZoneId, deps.clock.now());
      const { isOpen, slots } = timeSlotsOn(site, date);
      return ok({
        siteData: { _id: site.id, name: site.name, timeZoneId: site.timeZoneId, timing: site.timing },
        date,
        isOpen,
        openTimeSlot: slots,
        timeSlotList: slots.map(({ label, value }) => ({ label, value })),
      });
    },
  );

  r.post(
    '/closing-time-list',
    {
      schema: {
        tags,
        summary:
          "Opening and closing instants of each open local day from startDate (default the site's today)",
        querystring: siteQuerySchema,
        body: closingTimeListRequestSchema,
        response: { 200: envelope(closingTimeListSchema) },
      },
      onRequest: allow('read', 'Site'),
    },
    async (request) => {
      const site = await siteFor(request, deps.db, request.body.siteID, 'read');
      const start = request.body.startDate ?? localDate(site.timeZoneId, deps.clock.now());
      return ok(closingTimes(site, start, request.body.days));
    },
  );

  r.post(
    '/places',
    {
      schema: {
        tags,
        summary:
          'Town and city suggestions for the address field, from packaged GeoNames data (works offline): ' +
          'names or words of them starting with the input, weighted by population',
        body: placesRequestSchema,
        response: { 200: envelope(placesResponseSchema) },
      },
      onRequest: signedIn,
    },
    async (request) => {
      const places = searchPlaces(request.body.input, { country: request.body.country });
      return ok({
        predictions: places.map((place) => {
          const text = describePlace(place);
          return {
            description: text.full,
            place_id: place.id,
            structured_formatting: { main_text: text.main, secondary_text: text.secondary },
          };
        }),
      });
    },
  );

  r.post(
    '/fetchCountry',
    {
      schema: {
        tags,
        summary: 'Address parts, coordinates and time zone of a suggested place',
        body: fetchCountryRequestSchema,
        response: { 200: envelope(fetchCountryResponseSchema) },
      },
      onRequest: signedIn,
    },
    async (request) => {
      const place = placeById(request.body.placeId);
      if (!place) throw notFound('Place');
      return ok({ result: placeDetail(place) });
    },
  );

  r.post(
    '/fetchTimezoneData',
    {
      schema: {
        tags,
        summary: 'Offsets and name of a time zone (or of the zone at lat,lng)',
        body: fetchTimezoneRequestSchema,
        response: { 200: envelope(timezoneDataSchema) },
      },
      onRequest: signedIn,
    },
    async (request) => {
      const { timeZoneId, lat, lng, timestamp } = request.body;
      let zone = timeZoneId;
      if (zone === undefined && lat !== undefined && lng !== undefined) zone = timeZoneAt({ lat, lng });
      if (zone === undefined) throw fieldError('timeZoneId', 'Give timeZoneId, or lat and lng');
      return ok(timeZoneDataAt(zone, timestamp ? new Date(timestamp) : deps.clock.now()));
    },
  );
}
