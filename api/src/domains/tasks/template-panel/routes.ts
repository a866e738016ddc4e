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
import { resourceRoutes } from '../../../platform/http/resource-routes.js';
import { ok } from '../../../platform/http/respond.js';
import { allow } from '../../../platform/auth/guard.js';
import { subject, templateTenancy } from './access.js';
import { toTemplateDto, toTemplateOption } from './dto.js';
import { insertTemplate, templateRecords, templatesByName, updateTemplate } from './repository.js';

// Checklist templates (the spec's /template-panel): one catalogue for the whole organisation. Every admin
// of it reads and adds them; a site admin edits and deletes only those of its own sites, organisation
// (and platform) admins all of them (access.ts). A master task copies a template's lines, so deleting or
// editing a template never changes a task made from it.

const tags = ['template-panel'];

export default async function templatePanelRoutes(app: FastifyInstance) {
  resourceRoutes(app, {
    tenancy: templateTenancy,
    tags,
    what: 'Template',
    label: 'Template',
    summaries: {
      list: "The organisation's checklist templates, paged; filter by type, search name and description",
      create:
        'Add a checklist template (its name is unique in the organisation, ignoring case); each line gets an id. ' +
        'A site admin’s belongs to the site it names (siteID), else to its only site',
      update:
        'Replace a template’s name, description, type and lines; a line sent with its _id keeps it, one without is new. ' +
        'A site admin changes only the templates of its own sites (403 otherwise)',
      delete:
        'Delete a template (its name is free again); master tasks made from it keep their copies. ' +
        'A site admin deletes only the templates of its own sites (403 otherwise)',
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
      ok(
        (await templatesByName(app.deps.db, await templateTenancy.where(request, {}))).map(toTemplateOption),
      ),
  );
}
