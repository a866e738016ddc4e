import type { FastifyInstance } from 'fastify';
import {
  idParamSchema,
  scimGroupListQuerySchema,
  scimGroupMembersShown,
  scimGroupSchema,
  scimGroupUpdateSchema,
} from '@console/shared-sdk/contract';
import { inOrganisation, recordRoute, resourceRoutes } from '../../http/resource-routes.js';
import { groupDtos, groupWords, mapGroup, scimGroupRecords } from './groups.js';

// /scim-group: the company's directory groups and what their members get in the console, for the
// organisation's admins alone. The directory makes, fills and deletes the groups (/scim/v2/Groups); here an
// admin maps each to a role and sites, and every member's access follows in the same transaction. The
// mappings' changes are kept in the organisation's history chain, as are the people's.

const tags = ['scim-group'];
const what = 'Directory group';
const tenancy = inOrganisation('Provisioning');

export default async function scimGroupRoutes(app: FastifyInstance) {
  const findOne = () =>
    recordRoute(
      app,
      { subject: tenancy.subject, what, tags, find: scimGroupRecords.find, record: tenancy.record },
      {
        method: 'GET',
        url: '/find-one/:id',
        param: { name: 'id', schema: idParamSchema },
        action: 'read',
        summary: `One directory group, with its mapping and its first ${scimGroupMembersShown} members by name`,
        reply: scimGroupSchema,
        handler: async (row, db) => {
          const [dto] = await groupDtos(db, [row], true);
          if (!dto) throw new Error('no DTO for a loaded directory group');
          return { data: dto };
        },
      },
    );

  resourceRoutes(app, {
    tenancy,
    tags,
    what,
    label: (row) => `Group ${groupWords(row)}`,
    verbs: { update: 'mapped: its members’ access follows it' },
    summaries: {
      list:
        'The directory’s groups, paged: each with the role and sites its members get (none until it is ' +
        'mapped) and how many members it has',
      update:
        'Map a directory group: the role its members get (ORGANIZATION_ADMIN, SITE_ADMIN or STAFF; null: ' +
        'none) and, for a per-site role, its sites (each a live site of the organisation, else 404). Every ' +
        'member’s role and sites are worked out again at once, in the same transaction',
    },
    descriptions: {
      update:
        'A person in mapped groups gets the highest of their roles and all of their sites; one whose last ' +
        'mapped group lets them go becomes staff of no site. The break-glass admin of single sign-on and the ' +
        'last active organisation admin keep their role.',
    },
    schemas: {
      listQuery: scimGroupListQuerySchema,
      update: scimGroupUpdateSchema,
      item: scimGroupSchema,
    },
    repository: {
      list: scimGroupRecords.list,
      find: scimGroupRecords.find,
      update: (tx, current, _target, fields, now, change) => mapGroup(tx, current, fields, now, change),
    },
    toDtos: (db, rows) => groupDtos(db, rows),
    history: { snapshot: (item) => ({ role: item.role, siteIDs: item.siteIDs }) },
    calls: ['list', 'update', findOne],
  });
}
