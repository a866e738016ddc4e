import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  idParamSchema,
  sensorInputSchema,
  sensorListQuerySchema,
  sensorSchema,
  sensorUpdateSchema,
  sensorWithKeySchema,
  siteQuerySchema,
} from '@console/shared-sdk/contract';
import { allow } from '../../../platform/auth/guard.js';
import { keptOnSite, resourceRoutes } from '../../../platform/http/resource-routes.js';
import { ok } from '../../../platform/http/respond.js';
import { assertSiteAccess } from '../../../platform/http/site-scope.js';
import {
  insertSensor,
  revokeSensorKey,
  rotateSensorKey,
  sensorDtos,
  sensorRecords,
  updateSensor,
  type SensorRow,
} from './repository.js';

// The spec-style /sensor resource (issue 24): a site's admins register wireless sensors on a fridge's or
// freezer's temperature item or on a probe, and see each device key once, when it is made or rotated. The
// sensors' own call, POST /sensor/ingest, is the logs domain's (temperature-logs/sensor-ingest.ts): it
// writes temperature readings.

const tags = ['sensor'];
const subject = 'Sensor';
const what = 'Sensor';
const shownOnce = 'Copy the device key now: it is shown this once and cannot be read again';

export default async function sensorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const dtos = (db: Parameters<typeof sensorDtos>[0], rows: readonly SensorRow[]) =>
    sensorDtos(db, rows, deps.clock.now());
  const withKey = async (db: Parameters<typeof sensorDtos>[0], row: SensorRow, deviceKey: string) => {
    const [dto] = await dtos(db, [row]);
    if (!dto) throw new Error('no DTO for a loaded sensor');
    return { ...dto, deviceKey };
  };

  /** create-new-one answers the key, which no other call does: it is written here, not by the factory. */
  const createWithKey = () =>
    r.post(
      '/create-new-one',
      {
        schema: {
          tags,
          summary:
            'Register a sensor on a site (siteID) on one of its fridge or freezer temperature items ' +
            '(temperatureItemID) or probes (foodItemID). The answer holds the device key (deviceKey) this ' +
            'once: only its SHA-256 is kept. Site and organisation admins only',
          body: sensorInputSchema,
          querystring: siteQuerySchema,
          response: { 200: envelope(sensorWithKeySchema) },
        },
        onRequest: allow('create', subject),
      },
      async (request) => {
        const { siteID, ...fields } = request.body;
        const created = await deps.db.transaction(async (tx) => {
          const place = await assertSiteAccess(request, 'create', subject, siteID, tx);
          const { row, deviceKey } = await insertSensor(tx, place, fields, deps.clock.now());
          return withKey(tx, row, deviceKey);
        });
        return ok(created, `Sensor created. ${shownOnce}`);
      },
    );

  const sensors = resourceRoutes(app, {
    tenancy: keptOnSite(subject),
    tags,
    what,
    label: what,
    summaries: {
      list:
        'Sensors of one site (siteID) or of every site the caller may see, paged: each with its item, last ' +
        'reading, when it was last seen and its status (ONLINE, OFFLINE, REVOKED, NEVER_SEEN). Never the key',
      update: 'Rename a sensor or point it at another temperature item or probe of its site',
      delete: 'Delete a sensor (kept for the readings it logged); its key stops working',
      findOne: 'One sensor with its item, last reading and status',
    },
    schemas: {
      listQuery: sensorListQuerySchema,
      create: sensorInputSchema,
      update: sensorUpdateSchema,
      item: sensorSchema,
    },
    repository: {
      list: sensorRecords.list,
      find: sensorRecords.find,
      insert: async (tx, place, fields, now) => (await insertSensor(tx, place, fields, now)).row,
      update: updateSensor,
      remove: sensorRecords.softDelete,
    },
    toDtos: dtos,
    calls: ['list', createWithKey, 'update', 'delete', 'findOne'],
  });

  sensors.recordRoute({
    method: 'PUT',
    url: '/rotate-key/:id',
    param: { name: 'id', schema: idParamSchema },
    action: 'update',
    summary:
      'Give a sensor a new device key, answered this once (deviceKey); the old key is refused from now on. ' +
      'A revoked sensor takes the new key',
    reply: sensorWithKeySchema,
    handler: async (row, db) => {
      // A change's handler runs in the transaction that loaded the row FOR UPDATE.
      const { row: rotated, deviceKey } = await rotateSensorKey(db, row, deps.clock.now());
      return { data: await withKey(db, rotated, deviceKey), message: `New key made. ${shownOnce}` };
    },
  });

  sensors.recordRoute({
    method: 'PUT',
    url: '/revoke-key/:id',
    param: { name: 'id', schema: idParamSchema },
    action: 'update',
    summary: 'Revoke a sensor’s key: its readings are refused (401) until a new key is rotated in',
    reply: sensorSchema,
    handler: async (row, db) => {
      const revoked = await revokeSensorKey(db, row, deps.clock.now());
      const [dto] = await dtos(db, [revoked]);
      if (!dto) throw new Error('no DTO for a loaded sensor');
      return { data: dto, message: 'Sensor key revoked' };
    },
  });
}
