import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  siteQuerySchema,
  templateInputSchema,
  templateListQuerySchema,
  templateOptionSchema,
  templateSchema,
  templateUpdateSchema,
} from '@console/shared-sdk/contract';
import { catalogueOf, inOrganisation, resourceRoutes } from '../../../platform/http/resource-routes.js';
import { ok } from '../../../platform/http/respond.js';
import { allow } from '../../../platform/auth/guard.js';
import { toTemplateDto, toTemplateOption } from './dto.js';
import { insertTemplate, templateRecords, templatesByName, updateTemplate } from './repository.js';

// Checklist templates (the spec's /template-panel): one catalogue for the whole organisation. Site admins
// read, add and edit them; organisation (and platform) admins may also delete one. A master task copies a
// template's lines, so deleting or editing a template never changes a task made from it.

const tags = ['template-panel'];
const subject = 'Template';

export default async function templatePanelRoutes(app: FastifyInstance) {
  resourceRoutes(app, {
    tenancy: inOrganisation(subject),
    tags,
    what: 'Template',
    label: 'Template',
    summaries: {
      list: "The organisation's checklist templates, paged; filter by type, search name and description",
      create:
        'Add a checklist template (its name is unique in the organisation, ignoring case); each line gets an id',
      update:
        'Replace a template’s name, description, type and lines; a line sent with its _id keeps it, one without is new',
      delete: 'Delete a template (its name is free again); master tasks made from it keep their copies',
      findOne: 'One template with its checklist lines',
    },
    schemas: {
      listQuery: templateListQuerySchema,
      create: templateInputSchema,
      update: templateUpdateSchema,
      item: templateSchema,
    },
    repository: {
      list: templateRecords.list,
      find: templateRecords.find,
      insert: insertTemplate,
      update: (tx, current, _orgId, fields, now) => updateTemplate(tx, current, fields, now),
      remove: templateRecords.softDelete,
    },
    toDtos: (_db, rows) => rows.map(toTemplateDto),
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/simple-list',
    {
      schema: {
        tags,
        summary: 'Every template of the organisation by name, with its type and line count (pickers)',
        querystring: siteQuerySchema,
        response: { 200: envelope(z.array(templateOptionSchema)) },
      },
      onRequest: allow('read', subject),
    },
    async (request) =>
      ok((await templatesByName(app.deps.db, catalogueOf(request, subject, 'read'))).map(toTemplateOption)),
  );
}
