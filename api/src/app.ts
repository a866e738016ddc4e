import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerSerializerCompiler } from './platform/http/answer-serializer.js';
import { sql } from 'drizzle-orm';
import { inspectorPagePath, maxUploadBytes, scimBasePath } from '@console/shared-sdk/contract';
import { authChangesChannel, SessionCache } from './platform/auth/session-cache.js';
import type { AppDeps } from './platform/app-deps.js';
import { registerAfterReply } from './platform/http/after-reply.js';
import { registerAuthFirst } from './platform/auth/guard.js';
import { registerErrorHandling } from './platform/http/error-handler.js';
import { registerSecurityHeaders } from './platform/http/security-headers.js';
import { registerCompression } from './platform/http/compression.js';
import { openApiOptions } from './platform/http/openapi.js';
import { rejectingNulBytes } from './platform/http/text-input.js';
import { maxJsonBodyBytes, registerJsonBody } from './platform/http/json-body.js';
import { registerUnreadBodyDiscard } from './platform/http/unread-body.js';
import { setPasswordHashCost } from './platform/auth/passwords.js';
import * as alerts from './domains/alerts/index.js';
import * as equipment from './domains/equipment/index.js';
import * as logs from './domains/logs/index.js';
import * as people from './domains/people/index.js';
import * as reports from './domains/reports/index.js';
import * as sites from './domains/sites/index.js';
import * as tasks from './domains/tasks/index.js';
import authenticationRoutes, { refreshTokenRoute } from './platform/auth/authentication/routes.js';
import userProfileRoutes from './platform/auth/user-profile/routes.js';
import kitchenDeviceRoutes from './platform/auth/kitchen-devices/routes.js';
import deviceLoginRoute from './platform/auth/kitchen-devices/device-login.js';
import commonUriRoutes from './platform/files/common-uri/routes.js';
import { findWebLayout, registerWeb, remotesMap } from './platform/web/web.js';
import { learnDeclaredSubjects } from './platform/auth/roles/declared-subjects.js';
import { registerMetrics } from './platform/metrics/routes.js';
import ssoProviderRoutes from './platform/directory/sso/provider-routes.js';
import ssoSignInRoutes from './platform/directory/sso/sign-in-routes.js';
import scimTokenRoutes from './platform/directory/scim/token-routes.js';
import scimGroupRoutes from './platform/directory/scim/group-routes.js';
import scimRoutes from './platform/directory/scim/routes.js';
import jwksRoute from './platform/auth/jwks-route.js';
import apiKeyRoutes from './platform/auth/api-keys/routes.js';
import roleRoutes from './platform/auth/roles/routes.js';
import callerRulesRoutes from './platform/auth/roles/caller-rules.js';
import { registerApiKeyCalls } from './platform/auth/api-keys/calls.js';
import { Readiness } from './platform/start-up/readiness.js';

export const apiPrefix = '/api/v1';

/**
 * Every resource root of spec section 7 under /api/v1, and the domain that serves it. A root may be served
 * by two domains (/site-panel: sites, and the reports' scores; /staff-people: people, and the tasks'
 * assignment): each registers its own calls. The order is the API document's.
 */
async function apiRoutes(app: FastifyInstance) {
  await app.register(authenticationRoutes, { prefix: '/authentication' });
  await app.register(deviceLoginRoute, { prefix: '/authentication' });
  await app.register(ssoSignInRoutes, { prefix: '/authentication' });
  await app.register(refreshTokenRoute, { prefix: '/jwt' });
  await app.register(sites.organizationRoutes, { prefix: '/organization' });
  await app.register(ssoProviderRoutes, { prefix: '/sso-provider' });
  await app.register(userProfileRoutes, { prefix: '/user-profile' });
  await app.register(reports.scoreRoutes, { prefix: '/site-panel' });
  await app.register(sites.sitePanelRoutes, {
    prefix: '/site-panel',
    daysChanged: tasks.remakeSiteFrom,
  });
  await app.register(sites.locationRoutes, { prefix: '/location' });
  await app.register(sites.areaRoutes, { prefix: '/area' });
  await app.register(commonUriRoutes, { prefix: '/common-uri' });
  await app.register(equipment.supplierRoutes, { prefix: '/supplier' });
  await app.register(equipment.supplierTypeRoutes, { prefix: '/supplierType' });
  await app.register(equipment.foodItemRoutes, { prefix: '/foodItem' });
  await app.register(equipment.masterTypeRoutes, { prefix: '/masterType' });
  await app.register(equipment.sensorRoutes, { prefix: '/sensor' });
  await app.register(logs.sensorIngestRoutes, { prefix: '/sensor' });
  await app.register(kitchenDeviceRoutes, { prefix: '/kitchen-device' });
  await app.register(tasks.masterTaskRoutes, { prefix: '/master-task' });
  await app.register(people.departmentPanelRoutes, { prefix: '/department-panel' });
  await app.register(people.staffPeopleRoutes, { prefix: '/staff-people' });
  await app.register(tasks.taskAssignmentRoutes, { prefix: '/staff-people' });
  await app.register(tasks.taskCategoryRoutes, { prefix: '/task-category' });
  await app.register(tasks.templatePanelRoutes, { prefix: '/template-panel' });
  await app.register(tasks.preDefinedTemplateRoutes, { prefix: '/pre-defined-template' });
  await app.register(tasks.individualTaskRoutes, { prefix: '/individual-task' });
  await app.register(tasks.commentTaskRoutes, { prefix: '/comment-task' });
  await app.register(tasks.taskNewVersionRoutes, { prefix: '/task-new-version' });
  await app.register(tasks.taskDashboardRoutes, {
    prefix: '/task-dashboard',
    attention: { json: logs.attentionJsonSql, instants: logs.attentionInstants },
  });
  await app.register(logs.temperatureLogRoutes, { prefix: '/temperature-logs' });
  await app.register(logs.complianceLogRoutes, { prefix: '/comlianceLog' });
  await app.register(logs.nearMissRoutes, { prefix: '/nearMiss' });
  await app.register(logs.correctiveActionRoutes, { prefix: '/correctiveAction' });
  await app.register(logs.documentRoutes, { prefix: '/document' });
  await app.register(logs.recordHistoryRoutes, { prefix: '/record-history' });
  await app.register(reports.reportRoutes, { prefix: '/report' });
  await app.register(reports.inspectorLinkRoutes, { prefix: '/inspectorLink' });
  await app.register(reports.inspectRoutes, { prefix: inspectorPagePath });
  await app.register(reports.siteReviewRoutes, { prefix: '/siteReview' });
  await app.register(alerts.notificationRoutes, { prefix: '/notification' });
  await app.register(alerts.webhookRoutes, { prefix: '/webhook' });
  await app.register(alerts.pushRoutes, { prefix: '/push' });
  await app.register(scimTokenRoutes, { prefix: '/scim-token' });
  await app.register(scimGroupRoutes, { prefix: '/scim-group' });
  await app.register(apiKeyRoutes, { prefix: '/api-key' });
  await app.register(roleRoutes, { prefix: '/role' });
  await app.register(callerRulesRoutes, { prefix: '/auth' });
}

const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** The server's own logger, which it used before the app was built (its first lines at start-up). */
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  /** The HTTP server the process listens on already (server.ts): the app answers on it once built. */
  serverFactory?: FastifyServerOptions['serverFactory'];
  /** What the process still does before it is ready, for `/ready`; without it the app is ready once built. */
  readiness?: Readiness;
  serveWeb?: boolean;
  /**
   * Whether zod also encodes every answer and must agree with what was written from its JSON Schema
   * (platform/http/answer-serializer.ts): on under jest, which sets NODE_ENV to test.
   */
  checkAnswers?: boolean;
}

export async function buildApp(deps: AppDeps, options: BuildOptions = {}) {
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger ?? false }),
    ...(options.serverFactory ? { serverFactory: options.serverFactory } : {}),
    // The JSON body limit; uploads have their own, larger one.
    bodyLimit: maxJsonBodyBytes,
    trustProxy: deps.config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  setPasswordHashCost(deps.config.passwordHashCost);
  app.setValidatorCompiler(rejectingNulBytes(validatorCompiler));
  app.setSerializerCompiler(
    answerSerializerCompiler({ checkAgainstZod: options.checkAnswers ?? process.env.NODE_ENV === 'test' }),
  );
  app.decorate('deps', deps);
  const registeredRoutes: { method: string; url: string }[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', ({ method, url }) => {
    for (const one of [method].flat()) registeredRoutes.push({ method: one, url });
  });
  app.decorateRequest('auth', null);
  const sessionCache = new SessionCache();
  app.decorate('sessionCache', sessionCache);
  const stopFollowing = await sessionCache.follow(deps.authChanges, async (marker) => {
    await deps.db.execute(sql`select pg_notify(${authChangesChannel}, ${marker})`);
  });
  app.addHook('onClose', stopFollowing);
  // A request that may have changed sign-in state (a logout, a deactivation) answers only once every
  // instance on the database has heard of the change (or the wait's bound has passed), so the client's next
  // request, wherever it lands, cannot meet a stale session (docs/decisions.md, "Sign-in").
  const changesBefore = new WeakMap<object, number>();
  // Routes that declare `signInState: 'untouched'` (the staff's task writes, the heaviest write load) skip
  // it: the marker's statement and its round trip through every instance.
  const mayChangeSignIn = (request: FastifyRequest) =>
    !readOnlyMethods.has(request.method) && request.routeOptions.config.signInState !== 'untouched';
  app.addHook('onRequest', async (request) => {
    if (mayChangeSignIn(request)) changesBefore.set(request, sessionCache.changeCount);
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (mayChangeSignIn(request)) await sessionCache.sync(changesBefore.get(request));
    return payload;
  });
  registerErrorHandling(app);
  registerJsonBody(app);
  registerUnreadBodyDiscard(app);
  registerAuthFirst(app, apiPrefix);
  registerAfterReply(app);
  registerSecurityHeaders(app, {
    remotes: deps.config.remotes,
    overrideOrigins: deps.config.remoteOverrideOrigins,
    frameAncestors: deps.config.frameAncestors,
    authenticationPrefix: `${apiPrefix}/authentication/`,
    credentialPrefixes: [`${inspectorPagePath}/`, `${apiPrefix}${inspectorPagePath}/`],
  });

  // Before every route: the plugin adds its hook to the routes registered after it.
  await registerCompression(app);
  await app.register(cors, {
    origin: deps.config.corsOrigins.includes('*') ? true : deps.config.corsOrigins,
    // The plugin allows only GET, HEAD and POST unless told; the API's calls use all of these.
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    credentials: false,
  });
  await app.register(multipart, { limits: { fileSize: maxUploadBytes, files: 1, fields: 100 } });

  await app.register(
    swagger,
    openApiOptions({
      publicUrl: deps.config.publicUrlSet ? deps.config.publicUrl : undefined,
      mounts: [{ path: apiPrefix }, { path: scimBasePath, root: 'scim' }],
      scimPath: scimBasePath,
    }),
  );
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Liveness and readiness: `/health` answers as soon as the process listens, `/ready` once its start-up work
  // is done (the same answers as before the app was built: platform/start-up/readiness.ts).
  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  const readiness = options.readiness ?? new Readiness();
  app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
    const { statusCode, body } = readiness.answer();
    return reply.code(statusCode).send(body);
  });
  app.get(`${apiPrefix}/health`, { schema: { hide: true } }, async () => {
    await deps.db.execute('select 1');
    return { status: 'ok', time: deps.clock.now().toISOString() };
  });

  registerMetrics(app, deps.config.metricsToken);
  await registerApiKeyCalls(app, deps.config.apiKeyRateLimit);
  await app.register(jwksRoute);
  await app.register(apiRoutes, { prefix: apiPrefix });
  // SCIM 2.0 for the company's directory: outside the console's API, with its own errors and media type.
  await app.register(scimRoutes, { prefix: scimBasePath, retirePerson: people.retireUser });
  startLearningSubjects(app);
  if (options.serveWeb ?? true)
    await registerWeb(app, {
      webRoot: deps.config.webRoot,
      remotes: deps.config.remotes,
      overrideOrigins: deps.config.remoteOverrideOrigins,
    });
  return app;
}

/**
 * Learns the subjects the registered remotes bring, in the background: the app listens meanwhile, and a
 * remote that cannot be read is tried again later (platform/auth/roles/declared-subjects.ts).
 */
function startLearningSubjects(app: FastifyInstance) {
  const { config, db, clock } = app.deps;
  const layout = findWebLayout(config.webRoot);
  let remotes: ReturnType<typeof remotesMap> = {};
  try {
    remotes = remotesMap(layout, config.remotes);
  } catch (error) {
    app.log.error({ err: error }, 'REMOTES cannot be read: no remote’s subjects are learnt');
  }
  const learning = learnDeclaredSubjects({
    db,
    clock,
    log: app.log,
    remotes,
    served: layout?.remotes ?? [],
    publicUrl: config.publicUrlSet ? config.publicUrl : undefined,
  });
  app.decorate('declaredSubjects', learning);
  app.addHook('onClose', learning.close);
}

export type App = Awaited<ReturnType<typeof buildApp>>;
