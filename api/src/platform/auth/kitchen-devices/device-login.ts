import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceLoginRequestSchema, envelope, loginResponseSchema } from '@console/shared-sdk/contract';
import { users } from '../../db/schema.js';
import { fieldError, forbidden, unauthorized } from '../../http/errors.js';
import { ok } from '../../http/respond.js';
import { deactivated } from '../authentication/routes.js';
import { accountKey, addressKey, claimLoginAttempt } from '../login-limit.js';
import { verifyPassword } from '../passwords.js';
import { startSession } from '../sessions.js';
import { assertPin } from './pins.js';
import { markSeen, personOnSite } from './repository.js';
import { tabletOf } from './routes.js';

// POST /authentication/device-login: a person signs in on an enrolled kitchen tablet, by PIN or (the
// first time, before they have one) by password. The session is the mobile app's, made on the device
// (revoking it ends the session) and limited to the device's site, whatever other sites the person works
// at. The refusals are the mobile sign-in's, with the PIN's own.

export default async function deviceLoginRoute(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  r.post(
    '/device-login',
    {
      schema: {
        tags: ['authentication'],
        summary: 'Sign in on an enrolled kitchen tablet (staff) with a PIN, or with the password',
        description:
          'The tablet’s device secret (deviceToken) names the device: an unknown or revoked one is 401 ' +
          'DEVICE_REVOKED. Answers as mobile-app-login does; the session may act on the device’s site alone. ' +
          'A person who is not on the site’s staff is 403; a wrong PIN 401; five wrong PINs in 15 minutes ' +
          'lock the PIN (429) while the password still works; a PIN sent by a person who has none is a 400 on ' +
          'pin. Inactive people and password lock-outs are refused as at mobile-app-login.',
        security: [],
        body: deviceLoginRequestSchema,
        response: { 200: envelope(loginResponseSchema) },
        errors: [401, 403, 429],
      },
    },
    async (request) => {
      const { deviceToken, userID, pin, password } = request.body;
      const now = deps.clock.now();
      const { device } = await tabletOf(deps.db, deviceToken);
      const person = await personOnSite(deps.db, device.orgId, device.siteId, userID);
      if (!person) {
        throw forbidden('You are not on the staff of this site: ask your site admin, or use your own phone');
      }
      if (pin !== undefined && pin !== '') {
        if (person.pinHash === null) {
          throw fieldError('pin', 'You have no PIN yet: sign in with your password once, then set a PIN');
        }
        await assertPin(deps.db, now, person, pin, request.ip);
      } else {
        const keys = { account: accountKey(person.email), address: addressKey(request.ip) };
        const attempt = await claimLoginAttempt(deps.db, now, keys);
        if (!(await verifyPassword(person.passwordHash, password ?? ''))) {
          throw unauthorized('The password is incorrect');
        }
        await attempt.succeeded();
      }
      // Told only to someone who knows the PIN or password, so an account's state cannot be probed without it.
      if (person.status !== 'ACTIVE') throw forbidden(deactivated);
      if (person.role !== 'STAFF') throw forbidden('Admin accounts sign in on the web console');
      const signedIn = await startSession(deps, person, {
        client: 'MOBILE',
        ip: request.ip,
        ...(request.headers['user-agent'] ? { userAgent: request.headers['user-agent'] } : {}),
        device: { id: device.id, siteId: device.siteId },
      });
      // Not an edit of the person, so updatedAt stays.
      await deps.db.update(users).set({ lastSignInAt: now }).where(eq(users.id, person.id));
      await markSeen(deps.db, device, now);
      return ok(signedIn, 'Signed in');
    },
  );
}
