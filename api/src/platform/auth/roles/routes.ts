import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customRoleInputSchema,
  customRoleListQuerySchema,
  customRoleSchema,
  customRoleUpdateSchema,
  envelope,
  grantableSubjectSchema,
  idParamSchema,
  roleAssignmentSchema,
  roleMemberSchema,
  siteQuerySchema,
  subjectDefaultsInputSchema,
  type CustomRole,
  type SubjectDefaults,
  subjectNameSchema,
} from '@console/shared-sdk/contract';
import { allow } from '../guard.js';
import { actorOf, recordHistory } from '../../history/history.js';
import { fieldError, notFound } from '../../http/errors.js';
import { catalogueOf, inOrganisation, resourceRoutes } from '../../http/resource-routes.js';
import { ok } from '../../http/respond.js';
import {
  deleteRole,
  findRole,
  insertRole,
  listRoles,
  personForRole,
  roleDtos,
  roleMembers,
  setCustomRole,
  updateRole,
} from './repository.js';
import {
  declaredGrantable,
  declaredSubject,
  grantableSubjects,
  isBuiltInSubject,
  subjectDefaultsOf,
  writeSubjectDefaults,
} from './subjects.js';

// /role: an organisation's custom roles (subject × action pairs its admins give site admins), who holds
// them, and the organisation's own defaults for the subjects remotes bring. Organisation admins alone;
// another organisation's role or person is not found (404). Every change reaches the people it concerns on
// their next call, on every instance: the database announces it on the sign-in channel (migration 0025).

const tags = ['role'];
const subject = 'Role';

/** The words that say where a deleted role's holders went. */
function deletedWords(holders: number): string {
  if (holders === 0) return 'Role deleted';
  if (holders === 1) return 'Role deleted; the person who held it has the site admin’s rules again';
  return `Role deleted; the ${holders} people who held it have the site admin’s rules again`;
}

/** What the history keeps of a role: its name, words and pairs (not how many hold it, nor its dates). */
const roleSnapshot = ({
  memberCount: _count,
  createdAt: _created,
  updatedAt: _updated,
  ...kept
}: CustomRole) => kept;

const subjectParamSchema = z.object({ subject: subjectNameSchema });

export default async function roleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  const { recordRoute } = resourceRoutes(app, {
    tenancy: inOrganisation(subject),
    tags,
    what: 'Role',
    label: 'Role',
    summaries: {
      list:
        'The organisation’s custom roles, paged, searched by name, by name unless sorted otherwise; each with ' +
        'its pairs (subject and actions) and how many people hold it (organisation admins)',
      create:
        'Make a custom role (organisation admins): a name unique in the organisation ignoring case (409 on ' +
        'name otherwise), and its pairs, each a subject of role/subject-list with actions it offers (400 on ' +
        'grants.N.subject or grants.N.actions otherwise)',
      update:
        'Change a custom role’s name, words or pairs (organisation admins): the people holding it have the ' +
        'new pairs from their next call, on every instance',
      delete:
        'Delete a custom role (organisation admins), even while people hold it: they go back to the site ' +
        'admin’s rules from their next call, which the answer’s message says with their number',
      findOne: 'One custom role of the organisation, with how many people hold it',
    },
    descriptions: {
      create:
        'A custom role is for site admins: its pairs replace the site admin’s rules on the holder’s own ' +
        'sites (each pair as an organisation admin holds it, limited to those sites for a subject kept per ' +
        'site). Who may sign in, act or be told of changes (people, roles, API keys, single sign-on, ' +
        'provisioning, webhooks) stays with the organisation admins: no role holds those subjects.',
    },
    schemas: {
      listQuery: customRoleListQuerySchema,
      create: customRoleInputSchema,
      update: customRoleUpdateSchema,
      item: customRoleSchema,
    },
    repository: {
      list: listRoles,
      find: findRole,
      insert: (tx, orgId, fields, now) => insertRole(tx, orgId, fields, now),
      update: (tx, current, _orgId, fields, now) => updateRole(tx, current, fields, now),
      remove: async (tx, id) => ({ message: deletedWords(await deleteRole(tx, id)) }),
    },
    toDtos: roleDtos,
    history: { snapshot: roleSnapshot },
  });

  recordRoute({
    method: 'GET',
    url: '/member-list/:id',
    param: { name: 'id', schema: idParamSchema },
    action: 'read',
    summary:
      'The people holding a custom role (live site admins of the organisation), by name, with their sites',
    reply: z.array(roleMemberSchema),
    handler: async (role, db) => ({ data: await roleMembers(db, role.id) }),
  });

  r.put(
    '/assign',
    {
      schema: {
        tags,
        summary:
          'Give a site admin of the organisation a custom role (roleID), or back the site admin’s own rules ' +
          '(roleID null): from their next call, on every instance. Another organisation’s person or role is ' +
          '404; an organisation admin or a staff member is 400 on userID (a custom role is for site admins)',
        querystring: siteQuerySchema,
        body: roleAssignmentSchema,
        response: { 200: envelope(z.null()) },
      },
      onRequest: allow('manage', subject),
    },
    async (request) => {
      const orgId = catalogueOf(request, subject, 'manage');
      const { userID, roleID } = request.body;
      const message = await deps.db.transaction(async (tx) => {
        const person = await personForRole(tx, orgId, userID);
        if (!person) throw notFound('Person');
        if (person.role !== 'SITE_ADMIN') {
          throw fieldError(
            'userID',
            'A custom role is for site admins: an organisation admin or a staff member keeps their own role',
          );
        }
        const role = roleID === null ? null : await findRole(tx, orgId, roleID);
        if (roleID !== null && !role) throw notFound('Role');
        if (person.customRoleId === (role?.id ?? null)) return 'Nothing to change';
        const before = person.customRoleId === null ? null : await findRole(tx, orgId, person.customRoleId);
        const now = deps.clock.now();
        await setCustomRole(tx, person.id, role?.id ?? null, now);
        await recordHistory(tx, {
          orgId,
          siteId: null,
          subject: 'Staff',
          recordId: person.id,
          action: 'update',
          before: { customRole: before ? { _id: before.id, name: before.name } : null },
          after: { customRole: role ? { _id: role.id, name: role.name } : null },
          reason: null,
          actor: actorOf(request),
          at: now,
        });
        return role ? `Role ${role.name} given` : 'Back to the site admin’s rules';
      });
      return ok(null, message);
    },
  );

  r.get(
    '/subject-list',
    {
      schema: {
        tags,
        summary:
          'What a custom role may hold: the console’s subjects (remote null), then each subject a registered ' +
          'remote brought, with the remote’s defaults per fixed role and the organisation’s own (or null)',
        querystring: siteQuerySchema,
        response: { 200: envelope(z.array(grantableSubjectSchema)) },
      },
      onRequest: allow('manage', subject),
    },
    async (request) => ok(await grantableSubjects(deps.db, catalogueOf(request, subject, 'manage'))),
  );

  /** Sets (or with null removes) the organisation's own defaults for a remote's subject, kept in its history. */
  const changeDefaults = async (request: FastifyRequest, name: string, defaults: SubjectDefaults | null) => {
    const orgId = catalogueOf(request, subject, 'manage');
    if (isBuiltInSubject(name)) {
      throw fieldError(
        'subject',
        'The console’s own subjects keep their rules: only a subject a remote brought has defaults to change',
      );
    }
    return deps.db.transaction(async (tx) => {
      const declared = await declaredSubject(tx, name);
      if (!declared) throw notFound('Subject');
      const own = await subjectDefaultsOf(tx, orgId, { forUpdate: true });
      const before = Object.hasOwn(own, name) ? (own[name] ?? null) : null;
      await writeSubjectDefaults(tx, orgId, name, defaults);
      const now = deps.clock.now();
      await recordHistory(tx, {
        orgId,
        siteId: null,
        subject: 'Organization',
        recordId: orgId,
        action: 'update',
        before: { subjectDefaults: { [name]: before } },
        after: { subjectDefaults: { [name]: defaults } },
        reason: null,
        actor: actorOf(request),
        at: now,
      });
      return declaredGrantable(declared, await subjectDefaultsOf(tx, orgId));
    });
  };

  r.put(
    '/subject-defaults',
    {
      schema: {
        tags,
        summary:
          'The organisation’s own actions per fixed role on a subject a remote brought, in place of the ' +
          'remote’s defaults, for its people from their next call. A console subject is 400 on subject (its ' +
          'rules are the console’s); a subject no remote declared is 404',
        querystring: siteQuerySchema,
        body: subjectDefaultsInputSchema,
        response: { 200: envelope(grantableSubjectSchema) },
      },
      onRequest: allow('manage', subject),
    },
    async (request) => {
      const { subject: name, ...defaults } = request.body;
      return ok(await changeDefaults(request, name, defaults), 'Defaults saved');
    },
  );

  r.delete(
    '/subject-defaults/:subject',
    {
      schema: {
        tags,
        summary:
          'Back to the remote’s own defaults on one of its subjects, for the organisation’s people from ' +
          'their next call',
        params: subjectParamSchema,
        querystring: siteQuerySchema,
        response: { 200: envelope(grantableSubjectSchema) },
      },
      onRequest: allow('manage', subject),
    },
    async (request) =>
      ok(await changeDefaults(request, request.params.subject, null), 'Back to the remote’s defaults'),
  );
}
