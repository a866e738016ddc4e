import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, staffOptionSchema, staffSimpleListQuerySchema } from '@console/shared-sdk/contract';
import { siteMembers, users } from '../../db/schema.js';
import { forbidden } from '../../lib/errors.js';
import { ok } from '../../lib/respond.js';
import { assertSiteAccess } from '../../lib/site-scope.js';
import { authOf, orgOf, signedIn } from '../../plugins/auth.js';

const tags = ['staff-people'];

export default async function staffPeopleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  r.get(
    '/simple-list',
    {
      schema: {
        tags,
        summary: 'People of the organisation for pickers (e.g. role=SITE_ADMIN), by full name',
        description:
          'Organisation admins see everyone in the organisation; a site admin must name one of its sites ' +
          '(siteID) and sees the people of that site.',
        querystring: staffSimpleListQuerySchema,
        response: { 200: envelope(z.array(staffOptionSchema)) },
      },
      onRequest: signedIn,
    },
    async (request) => {
      const auth = authOf(request);
      const orgId = orgOf(request);
      const { role, siteID } = request.query;
      const conditions: (SQL | undefined)[] = [eq(users.orgId, orgId), isNull(users.deletedAt)];
      if (role) conditions.push(eq(users.role, role));
      if (!auth.ability.can('read', 'User')) {
        // Without the organisation-wide right, only the people of one of the caller's own sites.
        if (!siteID) throw forbidden('Choose one of your sites (siteID) to list its people');
      }
      if (siteID) {
        await assertSiteAccess(request, 'read', 'Staff', siteID);
        const members = deps.db
          .select({ id: siteMembers.userId })
          .from(siteMembers)
          .where(eq(siteMembers.siteId, siteID));
        conditions.push(inArray(users.id, members));
      }
      const rows = await deps.db
        .select({
          _id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          userRole: users.role,
        })
        .from(users)
        .where(and(...conditions))
        .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
      return ok(rows.map((row) => ({ ...row, fullName: `${row.firstName} ${row.lastName}` })));
    },
  );
}
