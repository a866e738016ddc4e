import {
  webhookDeliverySchema,
  webhookSchema,
  webhookWithSecretSchema,
  type Webhook,
  type WebhookDelivery,
  type WebhookInput,
  type WebhookUpdate,
  type WebhookWithSecret,
} from '../contract/webhooks.js';
import {
  call,
  listData,
  standardResource,
  type CallOptions,
  type ListData,
  type ResourceApi,
} from '@console/shared-sdk';

const standard = standardResource<Webhook, WebhookInput, WebhookUpdate>('webhook', webhookSchema);
const deliveryList = listData(webhookDeliverySchema);

/**
 * /webhook: the organisation's webhooks (organisation admins). create-new-one and rotate-secret answer the
 * whole secret, which nothing else shows again.
 */
export const webhookApi = {
  ...standard,

  /** POST /create-new-one: the new webhook with its secret. */
  create: (input: WebhookInput, options?: CallOptions): Promise<WebhookWithSecret> =>
    call(
      { method: 'post', path: 'webhook/create-new-one', json: input, data: webhookWithSecretSchema },
      options,
    ),

  /** POST /send-test?webhookID=: sends a test call now and answers its delivery (delivered or to be retried). */
  sendTest: (webhookID: string, options?: CallOptions): Promise<WebhookDelivery> =>
    call(
      { method: 'post', path: 'webhook/send-test', query: { webhookID }, data: webhookDeliverySchema },
      options,
    ),

  /** POST /rotate-secret?webhookID=: a new secret, answered this once. */
  rotateSecret: (webhookID: string, options?: CallOptions): Promise<WebhookWithSecret> =>
    call(
      { method: 'post', path: 'webhook/rotate-secret', query: { webhookID }, data: webhookWithSecretSchema },
      options,
    ),

  /** GET /delivery-list?webhookID=: the webhook's deliveries, newest first, paged. */
  deliveries: (
    webhookID: string,
    params: { page?: number; limit?: number } = {},
    options?: CallOptions,
  ): Promise<ListData<WebhookDelivery>> =>
    call(
      {
        method: 'get',
        path: 'webhook/delivery-list',
        query: { webhookID, ...params },
        data: deliveryList,
      },
      options,
    ),
} satisfies ResourceApi<Webhook, WebhookInput, WebhookUpdate> & Record<string, unknown>;
