import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  idParamSchema,
  libraryImportSchema,
  libraryTemplateSchema,
  siteQuerySchema,
  templateSchema,
} from '@console/shared-sdk/contract';
import { notFound } from '../../../platform/http/errors.js';
import { catalogueOf } from '../../../platform/http/resource-routes.js';
import { ok } from '../../../platform/http/respond.js';
import { allow, authOf } from '../../../platform/auth/guard.js';
import { ownerOfNewTemplate } from '../template-panel/access.js';
import { toTemplateDto } from '../template-panel/dto.js';
import { findLibraryTemplate, importLibraryTemplate, libraryFor } from './repository.js';

// The platform's template library (the spec's /pre-defined-template, data in src/tasks/library.ts). Every
// web admin may browse it; importing one copies it into the caller's organisation as an ordinary template,
// so whoever may add templates may import.

const tags = ['pre-defined-template'];
const what = 'Library template';

export default async function preDefinedTemplateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  r.get(
    '/simple-list',
    {
      schema: {
        tags,
        summary: 'Every library template by name, with imported: whether the organisation holds a copy',
        querystring: siteQuerySchema,
        response: { 200: envelope(z.array(libraryTemplateSchema)) },
      },
      onRequest: allow('read', 'PredefinedTemplate'),
    },
    async (request) => ok(await libraryFor(deps.db, authOf(request).orgId)),
  );

  r.get(
    '/find-one/:id',
    {
      schema: {
        tags,
        summary: 'One library template with its checklist lines (the preview before import)',
        params: idParamSchema,
        querystring: siteQuerySchema,
        response: { 200: envelope(libraryTemplateSchema) },
      },
      onRequest: allow('read', 'PredefinedTemplate'),
    },
    async (request) => {
      const [found] = await libraryFor(deps.db, authOf(request).orgId, request.params.id);
      if (!found) throw notFound(what);
      return ok(found);
    },
  );

  r.post(
    '/import-one',
    {
      schema: {
        tags,
        summary:
          'Copy a library template into the organisation as a template (renamed when name is sent); a site admin’s copy belongs to its site, as on template-panel/create-new-one',
        description:
          'A name the organisation already uses answers 409 on name: send the call again with another name.',
        querystring: siteQuerySchema,
        body: libraryImportSchema,
        response: { 200: envelope(templateSchema) },
      },
      onRequest: [allow('read', 'PredefinedTemplate'), allow('create', 'Template')],
    },
    async (request) => {
      const orgId = catalogueOf(request, 'Template', 'create');
      const source = await findLibraryTemplate(deps.db, request.body._id);
      if (!source) throw notFound(what);
      const row = await deps.db.transaction(async (tx) => {
        const ownerSiteId = await ownerOfNewTemplate(request, tx, request.body.siteID);
        return importLibraryTemplate(tx, { orgId, ownerSiteId }, source, request.body.name, deps.clock.now());
      });
      return ok(toTemplateDto(row), `Template "${row.name}" imported`);
    },
  );
}
