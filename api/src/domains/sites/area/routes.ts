import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  areaInputSchema,
  areaListQuerySchema,
  areaSchema,
  areaUpdateSchema,
  envelope,
  optionSchema,
  siteQuerySchema,
} from '@console/shared-sdk/contract';
import { allow } from '../../../platform/auth/guard.js';
import { inOrganisation, resourceRoutes } from '../../../platform/http/resource-routes.js';
import { ok } from '../../../platform/http/respond.js';
import { areaDtos, toAreaOption } from './dto.js';
import { areaRecords, areasByName, deleteArea, listAreas } from './repository.js';

const tags = ['area'];

/** One catalogue of the organisation: its admins (and the platform admin acting in it) manage, site admins read. */
const tenancy = inOrganisation('Area');

/** The words that say where a deleted area's sites went. */
function deletedWords(sitesMoved: number): string {
  if (sitesMoved === 0) return 'Area deleted';
  if (sitesMoved === 1) return 'Area deleted; its site is now in no area';
  return `Area deleted; its ${sitesMoved} sites are now in no area`;
}

/**
 * /area: the organisation's areas (regions, brands), by which the overview groups, filters and totals its
 * sites and the scores report compares them. A site is in one area or none (the site form's `areaID`).
 */
export default async function areaRoutes(app: FastifyInstance) {
  resourceRoutes(app, {
    tenancy,
    tags,
    what: 'Area',
    label: 'Area',
    summaries: {
      list:
        "The organisation's areas, paged, searched by name, by name unless sorted otherwise (siteCount: by " +
        'how many live sites each holds, ties by name); each with its number of live sites',
      create:
        'Add an area (organisation admins): its name is unique among the organisation’s live areas, ' +
        'ignoring case (409 on name otherwise)',
      update: 'Rename an area (organisation admins); its sites stay in it',
      delete:
        'Delete an area (organisation admins): its sites are then in no area, which the answer’s message ' +
        'says with their number; its name is free again',
      findOne: 'One area, with its number of live sites',
    },
    schemas: {
      listQuery: areaListQuerySchema,
      create: areaInputSchema,
      update: areaUpdateSchema,
      item: areaSchema,
    },
    repository: {
      list: listAreas,
      find: areaRecords.find,
      insert: (tx, orgId, { name }, now) => areaRecords.insert(tx, { orgId }, { name }, now),
      update: (tx, current, _orgId, { name }, now) => areaRecords.update(tx, current, { name }, now),
      remove: async (tx, id, now) => ({ message: deletedWords(await deleteArea(tx, id, now)) }),
    },
    toDtos: areaDtos,
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/simple-list',
    {
      schema: {
        tags,
        summary: 'Every live area of the organisation as an option (value, label), by name, for pickers',
        querystring: siteQuerySchema,
        response: { 200: envelope(z.array(optionSchema)) },
      },
      onRequest: allow('read', 'Area'),
    },
    async (request) =>
      ok((await areasByName(app.deps.db, await tenancy.where(request, {}))).map(toAreaOption)),
  );
}
