import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  createJsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { maxUploadBytes } from '@console/shared-sdk/contract';
import { authChangesChannel, SessionCache, type ChangeFeed } from './auth/session-cache.js';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import type { Clock } from './lib/clock.js';
import type { TokenService } from './lib/tokens.js';
import type { Mailer } from './mail/mailer.js';
import { registerAfterReply } from './plugins/after-reply.js';
import { registerAuthFirst } from './plugins/auth.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { rejectingNulBytes } from './plugins/text-input.js';
import { setPasswordHashCost } from './lib/passwords.js';
import { apiRoutes } from './routes/index.js';
import type { Storage } from './storage/storage.js';
import { registerWeb } from './web.js';

export interface AppDeps {
  db: Database;
  config: AppConfig;
  mailer: Mailer;
  storage: Storage;
  clock: Clock;
  tokens: TokenService;
  /** Who changed sign-in state, from the database (DatabaseHandle.listen(authChangesChannel)). */
  authChanges: ChangeFeed;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every route as registered (method and full URL), for the tenancy conformance suite. */
    registeredRoutes: readonly { method: string; url: string }[];
    sessionCache: SessionCache;
  }
}

export const apiPrefix = '/api/v1';

const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function buildApp(
  deps: AppDeps,
  options: { logger?: FastifyServerOptions['logger']; serveWeb?: boolean } = {},
) {
  const app = Fastify({
    logger: options.logger ?? false,
    // The JSON body limit; uploads have their own, larger one.
    bodyLimit: 1024 * 1024,
    trustProxy: deps.config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  setPasswordHashCost(deps.config.passwordHashCost);
  app.setValidatorCompiler(rejectingNulBytes(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  const registeredRoutes: { method: string; url: string }[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', ({ method, url }) => {
    for (const one of [method].flat()) registeredRoutes.push({ method: one, url });
  });
  app.decorateRequest('auth', null);
  const sessionCache = new SessionCache();
  app.decorate('sessionCache', sessionCache);
  const stopFollowing = await sessionCache.follow(deps.authChanges);
  app.addHook('onClose', stopFollowing);
  // A request that may have changed sign-in state (a logout, a deactivation) answers only once this
  // instance has heard of the change, so the client's next request cannot meet a stale session.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!readOnlyMethods.has(request.method)) {
      await sessionCache.sync(async (marker) => {
        await deps.db.execute(sql`select pg_notify(${authChangesChannel}, ${marker})`);
      });
    }
    return payload;
  });
  registerErrorHandling(app);
  registerAuthFirst(app);
  registerAfterReply(app);
  registerSecurityHeaders(app, {
    remotes: deps.config.remotes,
    frameAncestors: deps.config.frameAncestors,
    authenticationPrefix: `${apiPrefix}/authentication/`,
  });

  await app.register(cors, {
    origin: deps.config.corsOrigins.includes('*') ? true : deps.config.corsOrigins,
    // The plugin allows only GET, HEAD and POST unless told; the API's calls use all of these.
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    credentials: false,
  });
  await app.register(multipart, { limits: { fileSize: maxUploadBytes, files: 1, fields: 100 } });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Compliance Console API',
        version: '1',
        description:
          'Every call of the console. Send the access token from web-app-login in the Authorization header ' +
          '(raw or as "Bearer <token>"). A platform admin acts in one organisation by adding orgId.',
      },
      components: {
        securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
      security: [{ accessToken: [] }],
    },
    transform: createJsonSchemaTransform({ zodToJsonConfig: { target: 'openapi-3.0' } }),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get(`${apiPrefix}/health`, { schema: { hide: true } }, async () => {
    await deps.db.execute('select 1');
    return { status: 'ok', time: deps.clock.now().toISOString() };
  });

  await app.register(apiRoutes, { prefix: apiPrefix });
  if (options.serveWeb ?? true)
    await registerWeb(app, { webRoot: deps.config.webRoot, remotes: deps.config.remotes });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
