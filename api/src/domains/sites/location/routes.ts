import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  countryRegionsSchema,
  countrySchema,
  envelope,
  regionQuerySchema,
} from '@console/shared-sdk/contract';
import { countries, countryByCode } from '../geo/countries.js';
import { regionsOf } from '../geo/regions.js';
import { notFound } from '../../../platform/http/errors.js';
import { ok } from '../../../platform/http/respond.js';
import { signedIn } from '../../../platform/auth/guard.js';

const tags = ['location'];

/** Countries, regions and cities for the address pickers, from packaged data (no network needed). */
export default async function locationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/simple-list-countries',
    {
      schema: {
        tags,
        summary: 'Every country with its time zones, by name',
        response: { 200: envelope(z.array(countrySchema)) },
      },
      onRequest: signedIn,
    },
    async () => ok([...countries]),
  );

  r.get(
    '/web-app-list',
    {
      schema: {
        tags,
        summary: "A country's regions with their cities, by name",
        querystring: regionQuerySchema,
        response: { 200: envelope(countryRegionsSchema) },
      },
      onRequest: signedIn,
    },
    async (request) => {
      const country = countryByCode(request.query.country);
      if (!country) throw notFound('Country');
      return ok({ country, regions: [...regionsOf(country.code)] });
    },
  );
}
