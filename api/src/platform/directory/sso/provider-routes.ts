import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  messageOnlySchema,
  siteQuerySchema,
  ssoCallbackPath,
  ssoProviderInputSchema,
  ssoSettingsSchema,
  type SsoSettings,
} from '@console/shared-sdk/contract';
import type { AppConfig } from '../../config/config.js';
import type { Database } from '../../db/client.js';
import { allow, assertCan, orgOf } from '../../auth/guard.js';
import { missingSites } from '../../auth/users/site-access.js';
import { conflict, fieldError, notFound } from '../../http/errors.js';
import { ok } from '../../http/respond.js';
import { providerConfiguration, providerProblem } from './oidc.js';
import {
  breakGlassChoices,
  deleteProvider,
  domainsClaimedElsewhere,
  findProvider,
  saveProvider,
  secretContextOf,
  toSsoProvider,
} from './repository.js';

// /sso-provider: an organisation admin (or the platform admin acting in the organisation) registers the
// organisation's OpenID Connect provider. Saving reads the issuer's discovery document first, so a provider
// the console cannot reach is never saved. The client secret is sealed at rest and never answered.

const tags = ['sso-provider'];

/**
 * The console's address in a browser's eyes: PUBLIC_URL, or while it is not set, the origin the request
 * came to (through a proxy, the one it names when TRUST_PROXY believes it).
 */
export function consoleOrigin(config: AppConfig, request: FastifyRequest): string {
  return config.publicUrlSet ? config.publicUrl : `${request.protocol}://${request.host}`;
}

/** The redirect address to register at the provider. */
export const redirectUriOf = (config: AppConfig, request: FastifyRequest) =>
  `${consoleOrigin(config, request)}${ssoCallbackPath}`;

async function settingsOf(
  db: Database,
  config: AppConfig,
  request: FastifyRequest,
  orgId: string,
): Promise<SsoSettings> {
  const provider = await findProvider(db, orgId);
  return {
    redirectUri: redirectUriOf(config, request),
    provider: provider ? toSsoProvider(provider) : null,
    breakGlassChoices: await breakGlassChoices(db, orgId),
  };
}

export default async function ssoProviderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  r.get(
    '/view-one',
    {
      schema: {
        tags,
        summary: "The organisation's single sign-on provider (or null), and the redirect address to register",
        description:
          'The client secret is never answered: `clientSecretSet` says one is saved. `breakGlassChoices` are ' +
          'the active organisation admins, who may be named the break-glass admin.',
        querystring: siteQuerySchema,
        response: { 200: envelope(ssoSettingsSchema) },
      },
      onRequest: allow('read', 'SingleSignOn'),
    },
    async (request) => {
      const orgId = orgOf(request);
      assertCan(request, 'read', 'SingleSignOn', { orgId });
      return ok(await settingsOf(deps.db, deps.config, request, orgId));
    },
  );

  r.put(
    '/update-one',
    {
      schema: {
        tags,
        summary: "Make or replace the organisation's single sign-on provider",
        description:
          'The issuer must be https (unless SSO_ALLOW_PRIVATE_ISSUERS) on a public address, and its discovery ' +
          'document must be readable and name that issuer: otherwise 400 on issuer. The client secret is ' +
          'required the first time and whenever the issuer or client ID changes; left out otherwise, the ' +
          'saved one is kept. A domain another organisation covers is 409 on domains. The default sites must ' +
          'be sites of the organisation, and the break-glass admin an active organisation admin of it.',
        querystring: siteQuerySchema,
        body: ssoProviderInputSchema,
        response: { 200: envelope(ssoSettingsSchema) },
      },
      onRequest: allow('update', 'SingleSignOn'),
    },
    async (request) => {
      const orgId = orgOf(request);
      assertCan(request, 'update', 'SingleSignOn', { orgId });
      const input = request.body;
      const allowPrivate = deps.config.ssoAllowPrivateIssuers;
      if (!allowPrivate && new URL(input.issuer).protocol !== 'https:') {
        throw fieldError('issuer', 'Must be an https:// address');
      }
      const existing = await findProvider(deps.db, orgId);
      // A saved secret goes only to the provider it was given for: pointing the console at another issuer
      // or client must not send it there.
      const sameClient = existing?.issuer === input.issuer && existing.clientId === input.clientId;
      let clientSecret = input.clientSecret;
      if (clientSecret === undefined) {
        if (!existing || !sameClient) {
          throw fieldError(
            'clientSecret',
            existing
              ? 'Enter the client secret again: the issuer or client ID changed'
              : 'Client secret is required',
          );
        }
        const saved = deps.tokens.unseal(existing.clientSecretSealed, secretContextOf(orgId));
        if (saved === null) {
          throw fieldError(
            'clientSecret',
            'The saved client secret can no longer be read (the server’s secret changed): enter it again',
          );
        }
        clientSecret = saved;
      }
      const defaultSiteIds = input.defaultRole === 'SITE_ADMIN' ? input.defaultSiteIds : [];
      if ((await missingSites(deps.db, orgId, defaultSiteIds)).length > 0) {
        throw fieldError('defaultSiteIds', 'Choose sites of this organisation');
      }
      if (input.breakGlassUserId !== null) {
        const admins = await breakGlassChoices(deps.db, orgId);
        if (!admins.some((admin) => admin._id === input.breakGlassUserId)) {
          throw fieldError('breakGlassUserId', 'Choose an active organisation admin of this organisation');
        }
      }
      const claimed = await domainsClaimedElsewhere(deps.db, orgId, input.domains);
      if (claimed.length > 0) {
        const message = `${claimed.join(', ')} ${claimed.length === 1 ? 'is' : 'are'} already covered by another organisation’s single sign-on`;
        throw conflict(message, { domains: [message] });
      }
      try {
        await providerConfiguration(deps, { issuer: input.issuer, clientId: input.clientId, clientSecret });
      } catch (error) {
        request.log.info({ err: error, issuer: input.issuer }, 'single sign-on issuer not readable');
        throw fieldError(
          'issuer',
          `The issuer’s discovery document could not be read: ${providerProblem(error)}`,
        );
      }
      const clientSecretSealed =
        input.clientSecret !== undefined || !existing
          ? deps.tokens.seal(clientSecret, secretContextOf(orgId))
          : existing.clientSecretSealed;
      await deps.db.transaction((tx) =>
        saveProvider(
          tx,
          orgId,
          {
            issuer: input.issuer,
            clientId: input.clientId,
            clientSecretSealed,
            enabled: input.enabled,
            createOnFirstSignIn: input.createOnFirstSignIn,
            defaultRole: input.defaultRole,
            defaultSiteIds,
            requireSso: input.requireSso,
            breakGlassUserId: input.breakGlassUserId,
          },
          input.domains,
          deps.clock.now(),
        ),
      );
      return ok(await settingsOf(deps.db, deps.config, request, orgId), 'Single sign-on saved');
    },
  );

  r.delete(
    '/delete-one',
    {
      schema: {
        tags,
        summary:
          "Remove the organisation's single sign-on provider: its domains are freed, passwords work again",
        querystring: siteQuerySchema,
        response: { 200: messageOnlySchema },
      },
      onRequest: allow('delete', 'SingleSignOn'),
    },
    async (request) => {
      const orgId = orgOf(request);
      assertCan(request, 'delete', 'SingleSignOn', { orgId });
      const removed = await deps.db.transaction((tx) => deleteProvider(tx, orgId));
      if (!removed) throw notFound('Single sign-on provider');
      return ok(null, 'Single sign-on removed: everyone signs in with a password again');
    },
  );
}
