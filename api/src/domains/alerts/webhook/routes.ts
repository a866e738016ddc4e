import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  listData,
  siteQuerySchema,
  webhookDeliveryListQuerySchema,
  webhookDeliverySchema,
  webhookIdQuerySchema,
  webhookInputSchema,
  webhookListQuerySchema,
  webhookSchema,
  webhookUpdateSchema,
  webhookWithSecretSchema,
} from '@console/shared-sdk/contract';
import type { Action } from '@console/shared-sdk/ability';
import { allow, authOf, orgOf } from '../../../platform/auth/guard.js';
import type { Database, Tx } from '../../../platform/db/client.js';
import { fieldError } from '../../../platform/http/errors.js';
import { listOf } from '../../../platform/http/list.js';
import { ok } from '../../../platform/http/respond.js';
import { catalogueOf, inOrganisation, resourceRoutes } from '../../../platform/http/resource-routes.js';
import { refusalOfUrl } from '../../../platform/http/outbound-addresses.js';
import { sendDeliveryNow, type DeliveryDeps } from './deliver.js';
import { enqueueTestDelivery } from './fan-out.js';
import {
  deliveriesOf,
  insertWebhook,
  rotateSecret,
  toDeliveryDto,
  toWebhookDto,
  toWebhookWithSecret,
  updateWebhook,
  webhookRecords,
} from './repository.js';
import { verificationRecipe } from './signature.js';

const tags = ['webhook'];
const what = 'Webhook';
const tenancy = inOrganisation('Webhook');

/** The URL of a create or update, checked (its host resolved) before any transaction opens. */
async function checkUrl(request: FastifyRequest) {
  const body = request.body;
  if (typeof body !== 'object' || body === null || !('url' in body) || typeof body.url !== 'string') return;
  const refusal = await refusalOfUrl(body.url, request.server.deps.config.webhooksAllowPrivateUrls);
  if (refusal) throw fieldError('url', refusal);
}

/**
 * /webhook: the organisation's webhooks, for its admins alone (each holds a signing secret). Another
 * organisation's webhook is not found (404), on every call.
 */
export default async function webhookRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const delivery: DeliveryDeps = { db: deps.db, clock: deps.clock, config: deps.config };
  // Runs on this plugin's routes only: create-new-one and update-one are the ones with a URL.
  app.addHook('preHandler', checkUrl);

  /** The webhook the query names, in the caller's organisation, once the caller may `action` it. */
  const load = async (request: FastifyRequest, db: Database | Tx, action: Action, webhookID: string) => {
    const found = await webhookRecords.find(db, orgOf(request), webhookID, { forUpdate: action !== 'read' });
    return tenancy.record(request, action, what, found);
  };

  const create = () =>
    r.post(
      '/create-new-one',
      {
        schema: {
          tags,
          summary:
            'Register a webhook: a URL and the events it hears of. The answer holds its signing secret, shown ' +
            'this once',
          description:
            'The URL may not point at a private, loopback or link-local address (400 on `url`) unless the ' +
            'server allows it (WEBHOOKS_ALLOW_PRIVATE_URLS).\n\n' +
            verificationRecipe,
          body: webhookInputSchema,
          querystring: siteQuerySchema,
          response: { 200: envelope(webhookWithSecretSchema) },
        },
        onRequest: allow('create', 'Webhook'),
      },
      async (request) => {
        const orgId = catalogueOf(request, 'Webhook', 'create');
        const row = await deps.db.transaction((tx) =>
          insertWebhook(tx, orgId, request.body, deps.clock.now(), {
            by: authOf(request).user.id,
            files: [],
          }),
        );
        return ok(toWebhookWithSecret(row), 'Webhook created: copy its secret now, it is not shown again');
      },
    );

  const sendTest = () =>
    r.post(
      '/send-test',
      {
        schema: {
          tags,
          summary:
            'Send a test call to a webhook now (also when it is off) and answer its delivery; a failed one is ' +
            'retried like any other',
          description: verificationRecipe,
          querystring: webhookIdQuerySchema,
          response: { 200: envelope(webhookDeliverySchema) },
        },
        onRequest: allow('update', 'Webhook'),
      },
      async (request) => {
        const queued = await deps.db.transaction(async (tx) => {
          const webhook = await load(request, tx, 'update', request.query.webhookID);
          return enqueueTestDelivery(tx, webhook, deps.clock.now());
        });
        const sent = (await sendDeliveryNow(delivery, queued.id)) ?? queued;
        const dto = toDeliveryDto(sent);
        const message =
          dto.status === 'DELIVERED'
            ? `Test call delivered (HTTP ${dto.lastStatusCode ?? 200})`
            : `Test call not delivered: ${dto.lastError ?? 'no answer'}. It will be tried again`;
        return ok(dto, message);
      },
    );

  const rotate = () =>
    r.post(
      '/rotate-secret',
      {
        schema: {
          tags,
          summary:
            'Give a webhook a new signing secret, shown this once; deliveries from now on are signed with it',
          querystring: webhookIdQuerySchema,
          response: { 200: envelope(webhookWithSecretSchema) },
        },
        onRequest: allow('update', 'Webhook'),
      },
      async (request) => {
        const row = await deps.db.transaction(async (tx) =>
          rotateSecret(tx, await load(request, tx, 'update', request.query.webhookID), deps.clock.now()),
        );
        return ok(toWebhookWithSecret(row), 'New secret made: copy it now, it is not shown again');
      },
    );

  const deliveryList = () =>
    r.get(
      '/delivery-list',
      {
        schema: {
          tags,
          summary:
            "A webhook's deliveries, newest first, paged: what was sent, its status, attempts and last answer",
          querystring: webhookDeliveryListQuerySchema,
          response: { 200: envelope(listData(webhookDeliverySchema)) },
        },
        onRequest: allow('read', 'Webhook'),
      },
      async (request) => {
        const webhook = await load(request, deps.db, 'read', request.query.webhookID);
        const { rows, total } = await deliveriesOf(deps.db, webhook, request.query);
        return ok(listOf(rows.map(toDeliveryDto), total, request.query));
      },
    );

  resourceRoutes(app, {
    tenancy,
    tags,
    what,
    label: 'Webhook',
    summaries: {
      list: "The organisation's webhooks, paged (a secret shows only its first characters)",
      update: 'Change a webhook’s name, URL, events or whether it is on; its secret stays',
      delete: 'Delete a webhook: nothing more is sent to it, its pending deliveries included',
      findOne: 'One webhook',
    },
    schemas: {
      listQuery: webhookListQuerySchema,
      // create-new-one is this file's own (its answer holds the secret); the factory never registers it.
      create: webhookInputSchema,
      update: webhookUpdateSchema,
      item: webhookSchema,
    },
    repository: {
      list: webhookRecords.list,
      find: webhookRecords.find,
      insert: (tx, orgId, fields, now, change) => insertWebhook(tx, orgId, fields, now, change),
      update: updateWebhook,
      remove: webhookRecords.softDelete,
    },
    toDtos: (_db, rows) => rows.map(toWebhookDto),
    calls: ['list', create, 'update', 'delete', 'findOne', sendTest, rotate, deliveryList],
  });
}
