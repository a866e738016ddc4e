import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  messageOnlySchema,
  pushKinds,
  pushPublicKeySchema,
  pushSubscribeSchema,
  pushUnsubscribeSchema,
} from '@console/shared-sdk/contract';
import { authOf, orgOf, signedIn } from '../../../platform/auth/guard.js';
import { newId } from '../../../platform/db/ids.js';
import { fieldError } from '../../../platform/http/errors.js';
import { ok } from '../../../platform/http/respond.js';
import { checkHost, hostOf } from '../../../platform/http/outbound-addresses.js';
import { pushSubscriptions } from '../schema.js';
import { vapidKeysOf } from './keys.js';

// /push: the kitchen app's Web Push subscription. The app asks for the server's VAPID public key,
// subscribes the browser it runs in with it, and hands the subscription over; the server then sends the
// person a system notification when a task of theirs is overdue or a follow-up check of theirs falls due
// (send.ts). A browser's subscription is one row, whoever subscribed on it last: on a shared tablet it
// follows the person signed in. Calls of the mobile app and the console alike; both only ever touch the
// caller's own subscription.

const tags = ['push'];

const tokens =
  'Staff send the access token from POST /authentication/mobile-app-login in the Authorization header (a ' +
  'web token works too, though only staff are sent notifications).';

export const privatePushServiceMessage =
  'This is not a push service’s address: it is on a private, loopback or link-local network';

export default async function pushRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  /**
   * A push service is on the public internet, over https: an endpoint elsewhere would have the server
   * post into its own network. A name that does not resolve now is taken (DNS may be down); each send
   * checks the address it connects to again (webhook/send.ts).
   */
  async function assertPushService(endpoint: string) {
    if (deps.config.push.allowPrivateEndpoints) return;
    const url = new URL(endpoint);
    if (url.protocol !== 'https:')
      throw fieldError('endpoint', 'Must be the https address of a push service');
    const { refused } = await checkHost(hostOf(url));
    if (refused?.reason === 'private') throw fieldError('endpoint', privatePushServiceMessage);
  }

  r.get(
    '/public-key',
    {
      schema: {
        tags,
        summary: 'The server’s VAPID public key, to subscribe a browser to push with',
        description:
          'Pass it as `applicationServerKey` to PushManager.subscribe(). It stays the same across restarts ' +
          `and instances. ${tokens}`,
        response: { 200: envelope(pushPublicKeySchema) },
      },
      onRequest: signedIn,
    },
    async () => ok({ publicKey: (await vapidKeysOf(deps)).publicKey }),
  );

  r.post(
    '/subscribe',
    {
      schema: {
        tags,
        summary: 'Send the signed-in person’s alerts to this browser as system notifications',
        description:
          'The body is the PushSubscription as its toJSON() gives it (`endpoint`, `keys.p256dh`, ' +
          '`keys.auth`). Subscribing an endpoint again (a shared tablet, the next person signed in) moves ' +
          'it to the caller and brings a subscription the push service had dropped back into use. Staff ' +
          `are sent ${pushKinds.join(' and ')} for the tasks that are theirs (assigned to them, to a ` +
          'department of theirs, or to nobody). Each message is JSON data, not words: `kind`, `eventId`, ' +
          '`siteID`, `siteName`, `taskName`, `dueAt`, `timeZoneId` and `url` (where the app shows the ' +
          'task), for the service worker to write in the person’s language; show one notification per ' +
          '`eventId` (its tag). The endpoint must be an https address on the public internet: otherwise 400 ' +
          `on \`endpoint\`. ${tokens}`,
        body: pushSubscribeSchema,
        response: { 200: messageOnlySchema },
      },
      onRequest: signedIn,
      config: { signInState: 'untouched' },
    },
    async (request) => {
      const { endpoint, keys } = request.body;
      await assertPushService(endpoint);
      const orgId = orgOf(request);
      const userId = authOf(request).user.id;
      const now = deps.clock.now();
      const subscription = { orgId, userId, p256dh: keys.p256dh, auth: keys.auth };
      await deps.db
        .insert(pushSubscriptions)
        .values({ id: newId(), endpoint, ...subscription, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { ...subscription, updatedAt: now, goneAt: null },
        });
      return ok(null);
    },
  );

  r.post(
    '/unsubscribe',
    {
      schema: {
        tags,
        summary: 'Stop sending the signed-in person’s alerts to this browser',
        description:
          'Forgets the caller’s subscription at `endpoint` (after PushSubscription.unsubscribe(), or on ' +
          'signing out of a shared tablet). An endpoint that is not the caller’s, or not known, changes ' +
          `nothing and answers the same. ${tokens}`,
        body: pushUnsubscribeSchema,
        response: { 200: messageOnlySchema },
      },
      onRequest: signedIn,
      config: { signInState: 'untouched' },
    },
    async (request) => {
      await deps.db
        .delete(pushSubscriptions)
        .where(
          and(
            eq(pushSubscriptions.endpoint, request.body.endpoint),
            eq(pushSubscriptions.userId, authOf(request).user.id),
          ),
        );
      return ok(null);
    },
  );
}
