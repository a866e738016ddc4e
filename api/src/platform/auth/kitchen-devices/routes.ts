import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import {
  deviceTokenHeader,
  devicePeopleSchema,
  enrolmentCodeMinutes,
  enrolRequestSchema,
  enrolResponseSchema,
  envelope,
  formatEnrolmentCode,
  idParamSchema,
  kitchenDeviceInputSchema,
  kitchenDeviceListQuerySchema,
  kitchenDeviceSchema,
  kitchenDeviceUpdateSchema,
  kitchenDeviceWithCodeSchema,
  listData,
  siteQuerySchema,
  type KitchenDeviceWithCode,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../db/client.js';
import { fieldError, unauthorized } from '../../http/errors.js';
import { listOf } from '../../http/list.js';
import { recordRoute, type RecordGate } from '../../http/resource-routes.js';
import { ok } from '../../http/respond.js';
import { assertRecordAccess, assertSiteAccess, siteListScope } from '../../http/site-scope.js';
import { allow, authOf } from '../guard.js';
import { addressKey, claimPublicAttempt } from '../login-limit.js';
import {
  deviceDtos,
  deviceOfSecret,
  enrolDevice,
  findDevice,
  insertDevice,
  listDevices,
  markSeen,
  newCodeFor,
  peopleOfSite,
  renameDevice,
  revokeDevice,
  tabletDeviceOf,
  type KitchenDeviceRow,
} from './repository.js';

// /kitchen-device: shared kitchen tablets. The console's calls (site admins for their sites, organisation
// admins for all) enrol a device for a site and show its one-time code once, list, rename and revoke
// devices. The tablet's own calls take no person's token: enrol trades the code for the device secret,
// and people answers, to the secret in X-Device-Token, who can sign in on it (by PIN, at
// /authentication/device-login).

const tags = ['kitchen-device'];
const subject = 'Device';
const what = 'Kitchen tablet';
const shownOnce = 'Type the code on the tablet, or scan the QR code: it is shown this once and works for';

/** Enrolment attempts one address may make in the sign-in window: a code has 100 million values. */
const enrolAttemptsPerAddress = 10;

export const deviceGone = 'This tablet is no longer enrolled: ask your site admin for a new code';

/** The enrolled device a tablet's call names in X-Device-Token; else 401 DEVICE_REVOKED. */
export async function tabletOf(db: Database, secret: string | undefined) {
  const found = secret ? await deviceOfSecret(db, secret) : undefined;
  if (!found) throw unauthorized(deviceGone, 'DEVICE_REVOKED');
  return found;
}

export default async function kitchenDeviceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const dtos = (db: Database | Tx, rows: readonly KitchenDeviceRow[]) =>
    deviceDtos(db, rows, deps.clock.now());
  const dtoOf = async (db: Database | Tx, row: KitchenDeviceRow) => {
    const [dto] = await dtos(db, [row]);
    if (!dto) throw new Error('no DTO for a loaded kitchen device');
    return dto;
  };

  /** The device with its code, the kitchen app's address holding it, and that address as a QR code. */
  const withCode = async (db: Database | Tx, row: KitchenDeviceRow, code: string) => {
    const enrolmentUrl = `${deps.config.publicUrl}/kitchen/?enrol=${code}`;
    const svg = await QRCode.toString(enrolmentUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    const device: KitchenDeviceWithCode = {
      ...(await dtoOf(db, row)),
      enrolmentCode: formatEnrolmentCode(code),
      enrolmentUrl,
      qrCodeSvg: `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`,
    };
    return device;
  };

  r.get(
    '/web-app-list',
    {
      schema: {
        tags,
        summary:
          'Kitchen tablets of one site (siteID) or of every site the caller may see, paged: each with its ' +
          'status (PENDING, EXPIRED, ENROLLED, REVOKED) and when it was enrolled and last seen',
        querystring: kitchenDeviceListQuerySchema,
        response: { 200: envelope(listData(kitchenDeviceSchema)) },
      },
      onRequest: allow('read', subject),
    },
    async (request) => {
      const query = request.query;
      const scope = await siteListScope(request, subject, query.siteID);
      const { rows, total } = await listDevices(deps.db, scope, query);
      if (rows.length === 0) await scope.confirmSite?.();
      return ok(listOf(await dtos(deps.db, rows), total, query));
    },
  );

  r.post(
    '/create-new-one',
    {
      schema: {
        tags,
        summary:
          'Enrol a kitchen tablet for a site (siteID): answers a one-time code (enrolmentCode), the kitchen ' +
          `app's address holding it (enrolmentUrl) and its QR code (qrCodeSvg), this once, valid ${enrolmentCodeMinutes} ` +
          'minutes. Only the code’s SHA-256 is kept. Site and organisation admins only',
        body: kitchenDeviceInputSchema,
        querystring: siteQuerySchema,
        response: { 200: envelope(kitchenDeviceWithCodeSchema) },
      },
      onRequest: allow('create', subject),
    },
    async (request) => {
      const { siteID, name } = request.body;
      const created = await deps.db.transaction(async (tx) => {
        const place = await assertSiteAccess(request, 'create', subject, siteID, tx);
        const { row, code } = await insertDevice(
          tx,
          place,
          { name },
          authOf(request).user.id,
          deps.clock.now(),
        );
        return withCode(tx, row, code);
      });
      return ok(created, `Tablet added. ${shownOnce} ${enrolmentCodeMinutes} minutes.`);
    },
  );

  const gate: RecordGate<KitchenDeviceRow> = {
    subject,
    what,
    tags,
    find: findDevice,
    record: (request, action, name, row) => assertRecordAccess(request, action, subject, name, row),
  };
  const byId = { name: 'id', schema: idParamSchema } as const;

  recordRoute(app, gate, {
    method: 'PUT',
    url: '/update-one/:id',
    param: byId,
    action: 'update',
    summary: 'Rename a kitchen tablet (it stays on its site)',
    body: kitchenDeviceUpdateSchema,
    reply: kitchenDeviceSchema,
    handler: async (row, db, _request, body) => {
      // A change's handler runs in the transaction that loaded the row FOR UPDATE.
      const renamed = await renameDevice(db, row, body.name, deps.clock.now());
      return { data: await dtoOf(db, renamed), message: 'Tablet renamed' };
    },
  });

  recordRoute(app, gate, {
    method: 'POST',
    url: '/new-code/:id',
    param: byId,
    action: 'update',
    summary:
      'A new one-time enrolment code for a tablet that is waiting, whose code expired, or that is enrolled ' +
      '(to enrol it again: once the code is used, the tablet that used it replaces the old one, which is ' +
      'signed out). Answered this once, like create-new-one’s. A revoked device is refused (409)',
    reply: kitchenDeviceWithCodeSchema,
    handler: async (row, db) => {
      const { row: updated, code } = await newCodeFor(db, row, deps.clock.now());
      return {
        data: await withCode(db, updated, code),
        message: `New code made. ${shownOnce} ${enrolmentCodeMinutes} minutes.`,
      };
    },
  });

  recordRoute(app, gate, {
    method: 'PUT',
    url: '/revoke/:id',
    param: byId,
    action: 'update',
    summary:
      'Revoke a kitchen tablet: its secret stops working and everyone signed in on it is signed out at ' +
      'once (their next call is 401). A revoked device stays listed; enrol the tablet again as a new device',
    reply: kitchenDeviceSchema,
    handler: async (row, db, request) => {
      const revoked = await revokeDevice(db, row, authOf(request).user.id, deps.clock.now());
      return { data: await dtoOf(db, revoked), message: 'Tablet revoked: it is signed out' };
    },
  });

  // ---- the tablet's calls: no person's token ------------------------------------------------------------

  r.post(
    '/enrol',
    {
      schema: {
        tags,
        summary:
          'Enrol this tablet with the code shown in the console (no sign-in: the code is the proof, and ' +
          'works once). Answers the device secret (deviceToken), to keep and send in X-Device-Token. ' +
          `A wrong, used or expired code is a 400 on code; ${enrolAttemptsPerAddress} attempts an address in ` +
          '15 minutes, then 429',
        security: [],
        body: enrolRequestSchema,
        response: { 200: envelope(enrolResponseSchema) },
        errors: [429],
      },
    },
    async (request) => {
      const now = deps.clock.now();
      await claimPublicAttempt(
        deps.db,
        now,
        `enrol:${addressKey(request.ip)}`,
        enrolAttemptsPerAddress,
        'Too many enrolment attempts from this network.',
      );
      const enrolment = await enrolDevice(deps.db, request.body.code, now);
      if (enrolment.kind === 'unknown') {
        throw fieldError(
          'code',
          'This code is not right, or it was used already: check it, or ask for a new one',
        );
      }
      if (enrolment.kind === 'expired') {
        throw fieldError('code', 'This code has expired: ask your site admin for a new one');
      }
      const device = tabletDeviceOf(enrolment.row);
      return ok({ deviceToken: enrolment.secret, device }, `This tablet is enrolled for ${device.siteName}`);
    },
  );

  r.get(
    '/people',
    {
      schema: {
        tags,
        summary:
          'The tablet’s device and the staff of its site who can sign in on it, by first name, each with ' +
          'whether they have a PIN and their language. The device secret in X-Device-Token is the proof; an ' +
          'unknown or revoked one is 401 DEVICE_REVOKED',
        security: [],
        headers: z.object({ [deviceTokenHeader]: z.string().optional() }),
        response: { 200: envelope(devicePeopleSchema) },
        errors: [401],
      },
    },
    async (request: FastifyRequest) => {
      const header = request.headers[deviceTokenHeader];
      const tablet = await tabletOf(deps.db, (Array.isArray(header) ? header[0] : header)?.trim());
      const { device } = tablet;
      await markSeen(deps.db, device, deps.clock.now());
      const people = await peopleOfSite(deps.db, device.orgId, device.siteId);
      return ok({ device: tabletDeviceOf(tablet), people });
    },
  );
}
