import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Action } from '@console/shared-sdk/ability';
import {
  createOrganizationSchema,
  deleteOrganizationSchema,
  envelope,
  listData,
  messageOnlySchema,
  organizationIdQuerySchema,
  organizationListQuerySchema,
  organizationSchema,
  nationalFiguresHistorySchema,
  nationalFiguresUpdateSchema,
  updateNoteSchema,
  updateOrganizationSchema,
} from '@console/shared-sdk/contract';
import { sendPasswordLink } from '../../../platform/auth/password-links.js';
import { conflict, fieldError, notFound } from '../../../platform/http/errors.js';
import { ok } from '../../../platform/http/respond.js';
import { allow, assertCan, authOf } from '../../../platform/auth/guard.js';
import { actorOf, historyEntryDto, historyOf, recordHistory } from '../../../platform/history/history.js';
import { findLiveUserByEmail, insertUser } from '../../../platform/auth/users/repository.js';
import {
  closeOrganization,
  findOrganization,
  insertOrganization,
  listOrganizations,
  replaceNationalFigures,
  toOrganization,
  updateOrganization,
  updateOrganizationNote,
  type OrganizationWithCounts,
} from './repository.js';

const tags = ['organization'];
const organizationEnvelope = envelope(organizationSchema);

/**
 * Which organisation a call is about. A platform admin names one (`_id`/`id`, else the `orgId` it acts
 * in); everyone else always gets their own, and naming another answers 404 exactly like a missing one.
 */
function targetOrganizationId(request: FastifyRequest, named: string | undefined, field: string): string {
  const auth = authOf(request);
  if (auth.user.role === 'ADMIN') {
    const id = named ?? auth.orgId;
    if (id === null) throw fieldError(field, 'Choose an organisation (send its id or orgId)');
    return id;
  }
  if (auth.user.orgId === null || (named !== undefined && named !== auth.user.orgId)) {
    throw notFound('Organisation');
  }
  return auth.user.orgId;
}

export default async function organizationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  async function loadTarget(
    request: FastifyRequest,
    action: Action,
    named: string | undefined,
    field: string,
  ): Promise<OrganizationWithCounts> {
    const organization = await findOrganization(deps.db, targetOrganizationId(request, named, field));
    if (!organization) throw notFound('Organisation');
    assertCan(request, action, 'Organization', { _id: organization.id });
    return organization;
  }

  /** Re-reads after a write so the answer carries the saved values and current counts. */
  async function reread(id: string) {
    const organization = await findOrganization(deps.db, id);
    if (!organization) throw notFound('Organisation');
    return toOrganization(organization);
  }

  r.get(
    '/list',
    {
      schema: {
        tags,
        summary: 'Every live organisation, with live site and user counts (platform admin)',
        querystring: organizationListQuerySchema,
        response: { 200: envelope(listData(organizationSchema)) },
      },
      onRequest: allow('manage', 'Organization'),
    },
    async (request) => {
      const page = await listOrganizations(deps.db, request.query);
      return ok({ ...page, list: page.list.map(toOrganization) });
    },
  );

  r.post(
    '/create-new-one',
    {
      schema: {
        tags,
        summary: 'Create an organisation and invite its first organisation admin by e-mail (platform admin)',
        body: createOrganizationSchema,
        response: { 200: organizationEnvelope },
      },
      onRequest: allow('create', 'Organization'),
    },
    async (request) => {
      const { admin, ...fields } = request.body;
      const now = deps.clock.now();
      // One transaction: a refused admin e-mail (or a failed invitation) leaves no organisation behind.
      const id = await deps.db.transaction(async (tx) => {
        if (await findLiveUserByEmail(tx, admin.email)) {
          const message = 'An account with this e-mail address already exists';
          throw conflict(message, { 'admin.email': [message] });
        }
        const organization = await insertOrganization(tx, fields, now);
        const user = await insertUser(
          tx,
          {
            orgId: organization.id,
            email: admin.email,
            firstName: admin.firstName,
            lastName: admin.lastName,
            role: 'ORGANIZATION_ADMIN',
          },
          now,
        );
        await sendPasswordLink(deps, user, 'INVITE', tx, organization.name);
        return organization.id;
      });
      return ok(await reread(id), `Organisation created; an invitation was e-mailed to ${admin.email}`);
    },
  );

  r.put(
    '/update-one',
    {
      schema: {
        tags,
        summary: 'Edit the organisation record (organisation admin: its own; platform admin: the one named)',
        body: updateOrganizationSchema,
        response: { 200: organizationEnvelope },
      },
      onRequest: allow('update', 'Organization'),
    },
    async (request) => {
      const { id } = await loadTarget(request, 'update', request.body._id, '_id');
      if (!(await updateOrganization(deps.db, id, request.body, deps.clock.now()))) {
        throw notFound('Organisation');
      }
      return ok(await reread(id), 'Organisation updated');
    },
  );

  r.put(
    '/national-figures',
    {
      schema: {
        tags,
        summary:
          "Replace the organisation's national figures (°C), which judge its sites under a general rule set " +
          '(the EU’s) from now on; readings already taken keep their limits. The reason goes into its history',
        body: nationalFiguresUpdateSchema,
        response: { 200: organizationEnvelope },
      },
      onRequest: allow('update', 'Organization'),
    },
    async (request) => {
      const { id } = await loadTarget(request, 'update', request.body._id, '_id');
      const { figures, reason } = request.body;
      const now = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        const before = await replaceNationalFigures(tx, id, figures, now);
        if (before === null) throw notFound('Organisation');
        await recordHistory(tx, {
          orgId: id,
          siteId: null,
          subject: 'Organization',
          recordId: id,
          action: 'update',
          before: { nationalFigures: before },
          after: { nationalFigures: figures },
          reason,
          actor: actorOf(request),
          at: now,
        });
      });
      return ok(await reread(id), 'National figures saved');
    },
  );

  r.get(
    '/national-figures/history',
    {
      schema: {
        tags,
        summary:
          "Changes of the organisation's national figures, newest first: who, when, why, before and after",
        querystring: organizationIdQuerySchema,
        response: { 200: envelope(nationalFiguresHistorySchema) },
      },
      onRequest: allow('read', 'Organization'),
    },
    async (request) => {
      const { id } = await loadTarget(request, 'read', request.query.id, 'id');
      const entries = await historyOf(deps.db, id, 'Organization', id);
      // The snapshots are JSON this route wrote; reading them through the contract types them.
      return ok(nationalFiguresHistorySchema.parse(entries.map(historyEntryDto)));
    },
  );

  r.delete(
    '/delete-one',
    {
      schema: {
        tags,
        summary:
          'Close an organisation (platform admin): kept for the record, its users are signed out and refused',
        querystring: deleteOrganizationSchema,
        response: { 200: messageOnlySchema },
      },
      onRequest: allow('delete', 'Organization'),
    },
    async (request) => {
      const now = deps.clock.now();
      const closed = await deps.db.transaction((tx) => closeOrganization(tx, request.query.id, now));
      if (!closed) throw notFound('Organisation');
      return ok(null, 'Organisation deleted; its users have been signed out');
    },
  );

  r.get(
    '/view-one',
    {
      schema: {
        tags,
        summary: "One organisation: the caller's own, or for a platform admin the one named by id (or orgId)",
        querystring: organizationIdQuerySchema,
        response: { 200: organizationEnvelope },
      },
      onRequest: allow('read', 'Organization'),
    },
    async (request) => ok(toOrganization(await loadTarget(request, 'read', request.query.id, 'id'))),
  );

  r.put(
    '/update-note',
    {
      schema: {
        tags,
        summary: "Save the organisation's note (organisation admin; platform admin with _id or orgId)",
        body: updateNoteSchema,
        response: { 200: organizationEnvelope },
      },
      onRequest: allow('update', 'Organization'),
    },
    async (request) => {
      const { id } = await loadTarget(request, 'update', request.body._id, '_id');
      if (!(await updateOrganizationNote(deps.db, id, request.body.note, deps.clock.now()))) {
        throw notFound('Organisation');
      }
      return ok(await reread(id), 'Note saved');
    },
  );
}
