import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerRulesQuerySchema, callerRulesSchema, envelope } from '@console/shared-sdk/contract';
import { authOf, signedIn } from '../guard.js';
import { ok } from '../../http/respond.js';
import { liveSiteIdsOf } from './repository.js';

// GET /auth/rules: how a domain's own backend (a remote team's service beside the console) learns what the
// person calling it may do. It forwards the person's access token here and enforces the answer as the API
// does, so one rule set decides in both places.

const description = [
  'Call it from your own service with the Authorization header of the request you received (the person’s ' +
    'access token, web or mobile, raw or as `Bearer <token>`), naming the subjects your service serves in ' +
    '`subject`, comma-separated (`?subject=Allergen,Recipe`). API keys are refused (403): a key is no person.',
  'The answer is who the person is (`userID`, `orgId`, `role`, the `customRole` they hold, or null, and the ' +
    '`siteIds` they administer or work at, and `organisationSiteIds`, every live site of their organisation, ' +
    'to check a site a record names is theirs) and their CASL rules (@casl/ability’s raw rules) on those ' +
    'subjects, with any rule on every subject (`all`, the platform admin’s): exactly the rules this call ' +
    'was checked by. Build an ability from `rules` (`createMongoAbility(rules)`) and check each record with ' +
    'its `orgId` and, for a subject kept per site, its `siteID`. A subject the person holds nothing on has ' +
    'no rule: refuse it.',
  'The rules follow the organisation’s roles as they are now: a custom role given or changed, or the ' +
    'organisation’s own defaults for a remote’s subject, show on the next call. Ask again for each request ' +
    'you serve, or keep an answer no longer than the access token lives; 401 means the token is no longer ' +
    'valid.',
].join('\n\n');

export default async function callerRulesRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/rules',
    {
      schema: {
        tags: ['auth'],
        summary:
          'The calling person’s rules on the subjects named, for a domain’s own backend to enforce as the API does',
        description,
        querystring: callerRulesQuerySchema,
        response: { 200: envelope(callerRulesSchema) },
      },
      onRequest: signedIn,
    },
    async (request) => {
      // The rules this very request was checked by: the session's, with its role facts.
      const { user, siteIds, ability, customRole, orgId } = authOf(request);
      const asked = new Set<string>(['all', ...request.query.subject]);
      const rules = ability.rules.filter((rule) =>
        [rule.subject].flat().some((name) => typeof name === 'string' && asked.has(name)),
      );
      return ok({
        userID: user.id,
        orgId: user.orgId,
        role: user.role,
        customRole,
        siteIds,
        organisationSiteIds: orgId ? await liveSiteIdsOf(request.server.deps.db, orgId) : [],
        rules,
      });
    },
  );
}
