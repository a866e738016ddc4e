import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  ssoCallbackQuerySchema,
  ssoCompletePath,
  ssoDiscoverRequestSchema,
  ssoDiscoverySchema,
  ssoErrorParam,
  ssoExchangeRequestSchema,
  ssoExchangeResponseSchema,
  ssoSignInPagePath,
  ssoStartRequestSchema,
  ssoStartSchema,
} from '@console/shared-sdk/contract';
import { addressKey, claimGuess, countCall, loginLimits } from '../../auth/login-limit.js';
import { tooManyRequests } from '../../http/errors.js';
import { ok } from '../../http/respond.js';
import { consoleOrigin, redirectUriOf } from './provider-routes.js';
import { discoverSingleSignOn, exchangeHandoff, finishAtCallback, startSingleSignOn } from './sign-in.js';

// /authentication's single sign-on calls, beside the password's: none needs a sign-in. The start and the
// exchange are counted per client address in the sign-in attempts' table, so they hold across instances
// and restarts: starts because each calls the provider, exchanges because a wrong code is a guess.

const tags = ['authentication'];

/** Starts one address may make in the sign-in window: an office's people share one address. */
export const ssoStartsPerAddress = 60;

export default async function ssoSignInRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  r.post(
    '/sso-discover',
    {
      schema: {
        tags,
        summary: "Whether an e-mail address's domain signs in through its organisation's provider",
        description:
          'Answered from the domain alone (the same for any address of it, whether or not it has an account): ' +
          'whether a provider covers it, the organisation’s name, and whether password sign-in is off.',
        security: [],
        body: ssoDiscoverRequestSchema,
        response: { 200: envelope(ssoDiscoverySchema) },
      },
    },
    async (request) => ok(await discoverSingleSignOn(deps, request.body.email)),
  );

  r.post(
    '/sso-start',
    {
      schema: {
        tags,
        summary:
          "Start a sign-in through the organisation's provider: answers the address to send the browser to",
        description:
          'Authorization code flow with PKCE (S256), a one-use state and, as the nonce, the SHA-256 of `binding` ' +
          '(a random value the browser tab keeps and presents again at sso-exchange). Valid 10 minutes. A domain ' +
          'no provider covers is 400 on email; a provider that cannot be reached is 503.',
        security: [],
        body: ssoStartRequestSchema,
        response: { 200: envelope(ssoStartSchema) },
        errors: [429, 503],
      },
    },
    async (request) => {
      const now = deps.clock.now();
      const wait = await countCall(
        deps.db,
        now,
        `sso-start:${addressKey(request.ip)}`,
        ssoStartsPerAddress,
        loginLimits.windowMs,
      );
      if (wait !== null) {
        throw tooManyRequests(
          `Too many sign-ins started. Try again in ${Math.ceil(wait / 60)} minute(s).`,
          wait,
        );
      }
      const authorizationUrl = await startSingleSignOn(
        deps,
        request.body,
        redirectUriOf(deps.config, request),
        request.log,
      );
      return ok({ authorizationUrl });
    },
  );

  r.get(
    '/sso-callback',
    {
      schema: {
        tags,
        summary: 'Where the provider sends the person back (its redirect URI); redirects to the console',
        description:
          'Checks the answer (state used once, PKCE, nonce, the ID token’s issuer, audience, expiry and ' +
          'signature; a verified e-mail of one of the organisation’s domains; a live, active admin of that ' +
          `organisation, or one made on first sign-in when allowed), then redirects (303) to ${ssoCompletePath}` +
          `?code=<one-time hand-off code>, or to ${ssoSignInPagePath}?${ssoErrorParam}=<reason>.`,
        security: [],
        querystring: ssoCallbackQuerySchema,
      },
    },
    async (request, reply) => {
      // The answer as the provider sent it: the parsed query keeps only the parameters it names.
      const answer = new URL(request.url, 'http://callback').searchParams;
      const outcome = await finishAtCallback(deps, answer, redirectUriOf(deps.config, request), request.log);
      const origin = consoleOrigin(deps.config, request);
      const location =
        outcome.kind === 'signed-in'
          ? `${origin}${ssoCompletePath}?code=${encodeURIComponent(outcome.handoff)}`
          : `${origin}${ssoSignInPagePath}?${ssoErrorParam}=${outcome.error}`;
      return reply.redirect(location, 303);
    },
  );

  r.post(
    '/sso-exchange',
    {
      schema: {
        tags,
        summary:
          'Trade the hand-off code and the tab’s binding value for the sign-in answer (each works once)',
        description:
          'Answers as web-app-login does, with the console path the sign-in started from. A code that is ' +
          'unknown, used, older than 2 minutes or presented with another binding is 401; a person deactivated ' +
          'since is 403. Wrong codes are counted like wrong passwords (429).',
        security: [],
        body: ssoExchangeRequestSchema,
        response: { 200: envelope(ssoExchangeResponseSchema) },
        errors: [401, 403, 429],
      },
    },
    async (request) => {
      const guess = await claimGuess(
        deps.db,
        deps.clock.now(),
        `sso-exchange:${addressKey(request.ip)}`,
        loginLimits.perAddress,
        'Too many failed sign-in attempts.',
      );
      const signedIn = await exchangeHandoff(deps, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      await guess.succeeded();
      return ok(signedIn, 'Signed in');
    },
  );
}
