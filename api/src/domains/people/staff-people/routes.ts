import { eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  idParamSchema,
  listData,
  maxStaffImportRows,
  messageOnlySchema,
  resendInviteSchema,
  siteQuerySchema,
  staffDownloadQuerySchema,
  staffImportColumns,
  staffImportResultSchema,
  staffInputSchema,
  staffListQuerySchema,
  staffMemberSchema,
  staffOptionSchema,
  staffSimpleList2Schema,
  staffSimpleListQuerySchema,
  staffStatusChangeSchema,
  staffTemplateQuerySchema,
  staffUpdateSchema,
  type StaffMember,
} from '@console/shared-sdk/contract';
import {
  passwordLinkMail,
  sendPasswordLink,
  voidPasswordLinks,
} from '../../../platform/auth/password-links.js';
import { revokeSessionsOfUser } from '../../../platform/auth/sessions.js';
import type { Database, Tx } from '../../../platform/db/client.js';
import { organizations, users } from '../../../platform/db/schema.js';
import { conflict, fieldError, forbidden, HttpError, notFound } from '../../../platform/http/errors.js';
import { listOf } from '../../../platform/http/list.js';
import { ok } from '../../../platform/http/respond.js';
import { readUpload } from '../../../platform/files/uploads.js';
import { assertCan, authOf, orgOf, allow, signedIn } from '../../../platform/auth/guard.js';
import { insertUser } from '../../../platform/auth/users/repository.js';
import { retireUser } from './retire.js';
import { assertSitesAccess, missingSites } from '../../../platform/auth/users/site-access.js';
import { departmentRecords } from '../department-panel/repository.js';
import { assertMayReach, managesOrganisation, mayOnSite, staffScope } from './access.js';
import { staffDto, staffDtos } from './dto.js';
import { createPeople, importContextData, planImport, takenAddresses } from './import.js';
import {
  assertAnotherActiveAdmin,
  assertDepartmentsOnSites,
  currentDepartments,
  currentSites,
  eachStaffBatch,
  findStaff,
  listStaff,
  peopleOfDepartments,
  peopleOfSites,
  replaceDepartments,
  replaceSites,
  setStatus,
  staffOptions,
  updateStaffColumns,
  type StaffRow,
} from './repository.js';
import {
  readSheet,
  sheetKindOf,
  sheetWriter,
  streamSheet,
  xlsxType,
  type SheetKind,
} from '../../../platform/http/spreadsheet.js';

// The organisation's people (the spec's /staff-people): who works where, in which departments, with which
// role, and whether they may sign in. Rules (DOMAIN.md "People", docs/decisions.md): organisation admins
// manage everyone in the organisation; site admins manage STAFF of the sites they administer; nobody
// deactivates or deletes themselves or the last active organisation admin.

const tags = ['staff-people'];
const subject = 'Staff';
const what = 'Staff member';
const staffEnvelope = envelope(staffMemberSchema);

const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;
const lastAdminRefusal = (doing: string) =>
  `This is the organisation's last active organisation admin: appoint another one before ${doing}`;

export default async function staffPeopleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  const dtoOf = async (db: Database | Tx, row: StaffRow): Promise<StaffMember> => {
    const [dto] = await staffDtos(db, [row], deps.clock.now());
    if (!dto) throw new Error('no DTO for a loaded person');
    return dto;
  };

  /** A person of the caller's organisation (404 otherwise) whom the caller may `action` (403 otherwise). */
  async function reach(
    request: FastifyRequest,
    db: Database | Tx,
    id: string,
    action: 'read' | 'update' | 'delete',
    scope: 'any' | 'all',
  ): Promise<{ person: StaffRow; siteIds: string[] }> {
    const person = await findStaff(db, orgOf(request), id, { forUpdate: action !== 'read' });
    if (!person) throw notFound(what);
    const siteIds = await currentSites(db, person.id);
    assertMayReach(request, action, person, siteIds, scope);
    return { person, siteIds };
  }

  /** The department a list is filtered by: 404 unless the organisation's, 403 unless on a readable site. */
  async function assertDepartmentReadable(request: FastifyRequest, departmentID: string) {
    const department = await departmentRecords.find(deps.db, orgOf(request), departmentID);
    if (!department) throw notFound('Department');
    assertCan(request, 'read', subject, { orgId: department.orgId, siteID: department.siteId });
  }

  async function organizationName(db: Database | Tx, orgId: string) {
    const [row] = await db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, orgId));
    return row?.name;
  }

  r.get(
    '/web-app-list',
    {
      schema: {
        tags,
        summary: 'People of one site (siteID) or of every site the caller may see, paged',
        description:
          'Filters: role, departmentID, status, search (names, e-mail, mobile). Sort by fullName (first, ' +
          'then last name), email, userRole, status, createdAt, updatedAt or _id. Organisation admins ' +
          'without siteID see everyone in the organisation, including admins without a site.',
        querystring: staffListQuerySchema,
        response: { 200: envelope(listData(staffMemberSchema)) },
      },
      onRequest: allow('read', subject),
    },
    async (request) => {
      const query = request.query;
      const scope = await staffScope(request, query.siteID);
      if (query.departmentID) await assertDepartmentReadable(request, query.departmentID);
      const { rows, total } = await listStaff(deps.db, scope, query, deps.clock.now());
      if (rows.length === 0) await scope.confirmSite?.();
      return ok(
        listOf(
          rows.map(({ person, details }) => staffDto(person, details)),
          total,
          query,
        ),
      );
    },
  );

  r.get(
    '/find-one/:id',
    {
      schema: {
        tags,
        summary: 'One person: sites, departments, status, last sign-in and invitation state',
        params: idParamSchema,
        querystring: siteQuerySchema,
        response: { 200: staffEnvelope },
      },
      onRequest: allow('read', subject),
    },
    async (request) => {
      const { person } = await reach(request, deps.db, request.params.id, 'read', 'any');
      return ok(await dtoOf(deps.db, person));
    },
  );

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
      const orgId = orgOf(request);
      const { role, siteID } = request.query;
      const where: (SQL | undefined)[] = [role ? eq(users.role, role) : undefined];
      // Without the organisation-wide right, only the people of one of the caller's own sites.
      if (!managesOrganisation(request, 'read', orgId) && !siteID) {
        throw forbidden('Choose one of your sites (siteID) to list its people');
      }
      if (siteID) {
        await assertSitesAccess(request, 'read', subject, [siteID]);
        where.push(inArray(users.id, peopleOfSites(deps.db, orgId, [siteID])));
      }
      const rows = await staffOptions(deps.db, orgId, where);
      return ok(rows.map((row) => ({ ...row, fullName: fullName(row) })));
    },
  );

  r.post(
    '/simple-list2',
    {
      schema: {
        tags,
        summary: 'People of several sites (list) and/or departments (departmentArray), by full name',
        description:
          'With both, the people of those sites who sit in those departments. status narrows to ACTIVE or ' +
          'INACTIVE people. Every site and department must be one the caller may read (404 or 403).',
        querystring: siteQuerySchema,
        body: staffSimpleList2Schema,
        response: { 200: envelope(z.array(staffOptionSchema)) },
      },
      onRequest: allow('read', subject),
    },
    async (request) => {
      const orgId = orgOf(request);
      const { list, departmentArray, status } = request.body;
      await assertSitesAccess(request, 'read', subject, list);
      for (const departmentID of departmentArray) await assertDepartmentReadable(request, departmentID);
      const rows = await staffOptions(deps.db, orgId, [
        list.length > 0 ? inArray(users.id, peopleOfSites(deps.db, orgId, list)) : undefined,
        departmentArray.length > 0
          ? inArray(users.id, peopleOfDepartments(deps.db, departmentArray))
          : undefined,
        status ? eq(users.status, status) : undefined,
      ]);
      return ok(rows.map((row) => ({ ...row, fullName: fullName(row) })));
    },
  );

  r.post(
    '/create-new-one',
    {
      schema: {
        tags,
        summary: 'Add a person and e-mail them an invitation to set their password (valid seven days)',
        description:
          'Site admins add STAFF to sites they administer only (403 otherwise). departmentID must be ' +
          'departments of the person’s sites (400). An address that already has an account is a 409, ' +
          'with the same message whichever organisation it is in.',
        querystring: siteQuerySchema,
        body: staffInputSchema,
        response: { 200: staffEnvelope },
      },
      onRequest: allow('create', subject),
    },
    async (request) => {
      const body = request.body;
      const orgId = orgOf(request);
      if (!managesOrganisation(request, 'create', orgId) && body.userRole !== 'STAFF') {
        throw forbidden('Only an organisation admin can add admins');
      }
      const dto = await deps.db.transaction(async (tx) => {
        await assertSitesAccess(request, 'create', subject, body.siteIDs, tx);
        await assertDepartmentsOnSites(tx, orgId, body.departmentID, body.siteIDs);
        const now = deps.clock.now();
        const user = await insertUser(
          tx,
          {
            orgId,
            email: body.email,
            firstName: body.firstName,
            lastName: body.lastName,
            role: body.userRole,
            mobileNumber: body.mobileNumber || null,
            gender: body.gender ?? null,
          },
          now,
        );
        await replaceSites(tx, user.id, body.siteIDs, now);
        await replaceDepartments(tx, user.id, body.departmentID, now);
        // Inside the transaction: an invitation that cannot be sent leaves nobody half-created.
        await sendPasswordLink(deps, user, 'INVITE', tx, await organizationName(tx, orgId));
        const created = await findStaff(tx, orgId, user.id);
        if (!created) throw new Error('created person not found');
        return dtoOf(tx, created);
      });
      return ok(dto, `${fullName(dto)} added; an invitation was e-mailed to ${dto.email}`);
    },
  );

  r.post(
    '/resendInvite',
    {
      schema: {
        tags,
        summary: 'E-mail a new invitation link (the earlier ones stop working)',
        description: 'Refused (409) once the person has set a password, or while they are inactive.',
        querystring: siteQuerySchema,
        body: resendInviteSchema,
        response: { 200: staffEnvelope },
      },
      onRequest: allow('update', subject),
    },
    async (request) => {
      const dto = await deps.db.transaction(async (tx) => {
        const { person } = await reach(request, tx, request.body._id, 'update', 'any');
        if (person.hasPassword) {
          throw conflict(
            `${fullName(person)} has already set a password; they can use “Forgot password” on the sign-in page`,
          );
        }
        if (person.status !== 'ACTIVE')
          throw conflict(`Activate ${fullName(person)} before inviting them again`);
        await sendPasswordLink(deps, person, 'INVITE', tx, await organizationName(tx, person.orgId));
        return dtoOf(tx, person);
      });
      return ok(dto, `A new invitation was e-mailed to ${dto.email}`);
    },
  );

  r.put(
    '/update-one',
    {
      schema: {
        tags,
        summary: 'Edit a person: names, contact, role, sites and departments (the lists are replaced)',
        description:
          'Site admins edit STAFF of their sites only, keep them STAFF, and add or remove only sites (and ' +
          'departments of sites) they administer (403). Nobody changes their own role or e-mail here, nor ' +
          'demotes the last active organisation admin (409). A changed address of someone who has not ' +
          'accepted their invitation gets a new one; otherwise the old address is told.',
        querystring: siteQuerySchema,
        body: staffUpdateSchema,
        response: { 200: staffEnvelope },
      },
      onRequest: allow('update', subject),
    },
    async (request) => {
      const body = request.body;
      const caller = authOf(request).user;
      const notices: { to: string; subject: string; text: string }[] = [];
      const dto = await deps.db.transaction(async (tx) => {
        const { person, siteIds } = await reach(request, tx, body._id, 'update', 'any');
        const orgId = person.orgId;
        const everyone = managesOrganisation(request, 'update', orgId);
        if (!everyone && body.userRole !== 'STAFF') {
          throw forbidden('Only an organisation admin can make someone an admin');
        }
        // Sites and departments added or removed must be the caller's to change; those left as they are
        // may belong to another manager.
        if ((await missingSites(tx, orgId, body.siteIDs)).length > 0) throw notFound('Site');
        const changedSites = [
          ...body.siteIDs.filter((id) => !siteIds.includes(id)),
          ...siteIds.filter((id) => !body.siteIDs.includes(id)),
        ];
        if (changedSites.some((siteID) => !mayOnSite(request, 'update', orgId, siteID))) {
          throw forbidden('You can only add people to, or remove them from, sites you administer');
        }
        const wanted = await assertDepartmentsOnSites(tx, orgId, body.departmentID, body.siteIDs);
        const held = await currentDepartments(tx, person.id);
        const changedDepartments = [
          ...wanted.filter((one) => !held.some((other) => other.id === one.id)),
          ...held.filter((one) => !wanted.some((other) => other.id === one.id)),
        ];
        if (changedDepartments.some((one) => !mayOnSite(request, 'update', orgId, one.siteId))) {
          throw forbidden('You can only change departments of sites you administer');
        }
        const emailChanged = body.email !== person.email;
        if (person.id === caller.id && body.userRole !== person.role) {
          throw conflict('You cannot change your own role');
        }
        if (person.id === caller.id && emailChanged) {
          throw conflict('Change your own e-mail address on your profile page (it asks for your password)');
        }
        if (
          person.role === 'ORGANIZATION_ADMIN' &&
          body.userRole !== 'ORGANIZATION_ADMIN' &&
          person.status === 'ACTIVE'
        ) {
          await assertAnotherActiveAdmin(tx, orgId, person.id, lastAdminRefusal('changing their role'));
        }
        const now = deps.clock.now();
        await updateStaffColumns(
          tx,
          person.id,
          {
            firstName: body.firstName,
            lastName: body.lastName,
            email: body.email,
            mobileNumber: body.mobileNumber === undefined ? person.mobileNumber : body.mobileNumber || null,
            gender: body.gender === undefined ? person.gender : body.gender,
            role: body.userRole,
          },
          now,
        );
        await replaceSites(tx, person.id, body.siteIDs, now);
        await replaceDepartments(tx, person.id, body.departmentID, now);
        const updated = await findStaff(tx, orgId, person.id);
        if (!updated) throw new Error('updated person not found');
        if (emailChanged) {
          // Links e-mailed to the old address must not work any more: a waiting invitation follows the
          // person to the new address, and someone who already signs in hears of the change at the old one.
          await voidPasswordLinks(tx, person.id, now);
          if (!person.hasPassword && person.status === 'ACTIVE') {
            await sendPasswordLink(deps, updated, 'INVITE', tx, await organizationName(tx, orgId));
          } else {
            notices.push({
              to: person.email,
              subject: 'Your Compliance Console sign-in address was changed',
              text:
                `Hello ${person.firstName},\n\nAn administrator of your organisation changed the e-mail address ` +
                `you sign in with from ${person.email} to ${updated.email}.\n\nIf this is unexpected, ` +
                `contact your organisation admin.\n`,
            });
          }
        }
        return dtoOf(tx, updated);
      });
      for (const notice of notices) await deps.mailer.send(notice);
      return ok(dto, `${fullName(dto)} updated`);
    },
  );

  r.delete(
    '/delete-one/:id',
    {
      schema: {
        tags,
        summary: 'Delete a person (soft: the records they made keep their name); their sessions end',
        description:
          'Site admins delete STAFF who work only at sites they administer. Nobody deletes themselves ' +
          '(use Delete my account) or the last active organisation admin (409).',
        params: idParamSchema,
        querystring: siteQuerySchema,
        response: { 200: messageOnlySchema },
      },
      onRequest: allow('delete', subject),
    },
    async (request) => {
      const person = await deps.db.transaction(async (tx) => {
        const { person } = await reach(request, tx, request.params.id, 'delete', 'all');
        if (person.id === authOf(request).user.id) {
          throw conflict('You cannot delete yourself here; use “Delete my account” on your profile');
        }
        if (person.role === 'ORGANIZATION_ADMIN' && person.status === 'ACTIVE') {
          await assertAnotherActiveAdmin(tx, person.orgId, person.id, lastAdminRefusal('deleting them'));
        }
        await retireUser(tx, person.id, 'account deleted by an admin', deps.clock.now());
        return person;
      });
      return ok(null, `${fullName(person)} deleted`);
    },
  );

  r.patch(
    '/update-status',
    {
      schema: {
        tags,
        summary: 'Activate or deactivate a person; deactivating ends their sessions at once',
        description:
          'An inactive person cannot sign in anywhere. Site admins change STAFF who work only at sites ' +
          'they administer. Nobody deactivates themselves or the last active organisation admin (409).',
        querystring: siteQuerySchema,
        body: staffStatusChangeSchema,
        response: { 200: staffEnvelope },
      },
      onRequest: allow('update', subject),
    },
    async (request) => {
      const { _id, status } = request.body;
      const dto = await deps.db.transaction(async (tx) => {
        const { person } = await reach(request, tx, _id, 'update', 'all');
        if (person.status !== status) {
          if (person.id === authOf(request).user.id) throw conflict('You cannot deactivate yourself');
          if (status === 'INACTIVE' && person.role === 'ORGANIZATION_ADMIN') {
            await assertAnotherActiveAdmin(
              tx,
              person.orgId,
              person.id,
              lastAdminRefusal('deactivating them'),
            );
          }
          const now = deps.clock.now();
          await setStatus(tx, person.id, status, now);
          if (status === 'INACTIVE') await revokeSessionsOfUser(tx, person.id, 'deactivated', now);
        }
        const changed = await findStaff(tx, person.orgId, person.id);
        if (!changed) throw new Error('person not found after a status change');
        return dtoOf(tx, changed);
      });
      return ok(
        dto,
        status === 'INACTIVE'
          ? `${fullName(dto)} deactivated and signed out everywhere`
          : `${fullName(dto)} activated`,
      );
    },
  );

  r.get(
    '/download',
    {
      schema: {
        tags,
        summary: 'The filtered list (every page) as XLSX, or CSV with downloadFileType=CSV; streamed',
        description: `Columns: ${staffImportColumns.join(', ')} (the import's), sites and departments by name, separated by ";".`,
        querystring: staffDownloadQuerySchema,
        produces: [xlsxType, 'text/csv'],
      },
      onRequest: allow('read', subject),
    },
    async (request, reply) => {
      const query = request.query;
      const scope = await staffScope(request, query.siteID);
      // A file is answered before its rows are read: the site's gate runs first.
      await scope.confirmSite?.();
      if (query.departmentID) await assertDepartmentReadable(request, query.departmentID);
      const kind: SheetKind = query.downloadFileType === 'CSV' ? 'CSV' : 'XLSX';
      const batches = eachStaffBatch(deps.db, scope, query, 500);
      // The first page is read before the answer starts, so a failure is still a proper error answer.
      const first = await batches.next();
      const writer = sheetWriter(kind, 'Staff', staffImportColumns);
      const produce = async () => {
        const now = deps.clock.now();
        let batch = first;
        while (!batch.done) {
          for (const person of await staffDtos(deps.db, batch.value, now)) {
            await writer.addRow(exportRow(person));
          }
          batch = await batches.next();
        }
        await writer.end();
      };
      const day = deps.clock.now().toISOString().slice(0, 10);
      return streamSheet(request, reply, writer, kind, `staff-${day}`, produce());
    },
  );

  r.get(
    '/upload-template',
    {
      schema: {
        tags,
        summary:
          'The import template: the header row, and (XLSX) a help sheet with your sites and departments',
        querystring: staffTemplateQuerySchema,
        produces: [xlsxType, 'text/csv'],
      },
      onRequest: allow('create', subject),
    },
    async (request, reply) => {
      const kind: SheetKind = request.query.downloadFileType === 'CSV' ? 'CSV' : 'XLSX';
      const orgId = orgOf(request);
      const { sites, departments } = await importContextData(deps.db, orgId);
      const mine = sites.filter((site) => mayOnSite(request, 'create', orgId, site.id));
      const writer = sheetWriter(kind, 'Staff', staffImportColumns);
      writer.addHelp?.([
        ['Column', 'What to write'],
        ['firstName, lastName', 'Required.'],
        [
          'email',
          'Required; the address the invitation is sent to. Addresses that already have an account are skipped.',
        ],
        ['mobileNumber', 'Optional, e.g. +44 7700 900123.'],
        ['gender', 'Optional: MALE, FEMALE, NON-BINARY, TRANS or OTHER.'],
        [
          'userRole',
          managesOrganisation(request, 'create', orgId)
            ? 'STAFF (or empty), SITE_ADMIN or ORGANIZATION_ADMIN.'
            : 'STAFF (or empty).',
        ],
        ['sites', 'Site names separated by ";" (at least one, except for organisation admins).'],
        ['departments', 'Department names of those sites, separated by ";".'],
        ['', ''],
        ['Site', 'Its departments'],
        ...mine.map((site) => [
          site.name,
          departments
            .filter((department) => department.siteId === site.id)
            .map((department) => department.name)
            .join('; '),
        ]),
      ]);
      return streamSheet(request, reply, writer, kind, 'staff-import-template', writer.end());
    },
  );

  r.post(
    '/upload',
    {
      schema: {
        tags,
        summary: `Import people from a CSV or XLSX file (multipart, field "file"; at most ${maxStaffImportRows} rows)`,
        description:
          'Every row is checked first. Any bad row: 400 with one field error per problem, keyed ' +
          '`rows.<row>.<column>` (row 2 is the first under the header), and nothing is written. Otherwise ' +
          'everyone new is created and invited; addresses that already have an account are listed in ' +
          '`existing`, not changed. More rows than allowed, a file over the upload limit or an XLSX that ' +
          'unpacks to more than 32 MB: 413. Not CSV ' +
          'or XLSX: 400.',
        consumes: ['multipart/form-data'],
        querystring: siteQuerySchema,
        response: { 200: envelope(staffImportResultSchema) },
      },
      onRequest: allow('create', subject),
    },
    async (request, reply) => {
      const orgId = orgOf(request);
      const { bytes } = await readUpload(request, 'Choose a CSV or XLSX file to import');
      const kind = await sheetKindOf(bytes);
      const notASheet = () =>
        fieldError('file', 'Upload a CSV or XLSX file (in Excel: File › Save as › CSV or Excel workbook)');
      if (!kind) throw notASheet();
      const read = await readSheet(bytes, kind, maxStaffImportRows).catch(() => {
        throw notASheet();
      });
      if (read.kind === 'too-big') {
        throw new HttpError(
          413,
          'PAYLOAD_TOO_LARGE',
          `This workbook unpacks to more than ${read.limitBytes / (1024 * 1024)} MB; ` +
            'save the staff sheet alone, as CSV or XLSX',
        );
      }
      if (read.kind === 'too-many-parts') {
        throw new HttpError(
          413,
          'PAYLOAD_TOO_LARGE',
          `This workbook holds more than ${read.limitEntries} parts; save the staff sheet alone, as CSV or XLSX`,
        );
      }
      if (read.kind === 'too-many') {
        throw new HttpError(
          413,
          'PAYLOAD_TOO_LARGE',
          `A file can hold at most ${maxStaffImportRows.toLocaleString('en-GB')} people; split it into smaller files`,
        );
      }
      const people = planImport(read.header, read.rows, {
        ...(await importContextData(deps.db, orgId)),
        mayPlaceOn: (siteId) => mayOnSite(request, 'create', orgId, siteId),
        mayGiveRole: (role) => role === 'STAFF' || managesOrganisation(request, 'create', orgId),
      });
      const taken = await takenAddresses(
        deps.db,
        people.map((person) => person.email),
      );
      const fresh = people.filter((person) => !taken.has(person.email));
      const now = deps.clock.now();
      const created = await deps.db.transaction((tx) => createPeople(tx, orgId, fresh, now));
      const organization = await organizationName(deps.db, orgId);
      // Thousands of e-mails are sent after the answer, one by one, not while the importer waits.
      app.afterReply.run(reply, 'import invitations', async () => {
        for (const { id, person, token } of created) {
          const user = { id, email: person.email, firstName: person.firstName, role: person.role };
          await deps.mailer.send(
            passwordLinkMail(deps.config.publicUrl, user, 'INVITE', token, organization),
          );
        }
      });
      const existing = people
        .filter((person) => taken.has(person.email))
        .map((person) => ({ row: person.row, email: person.email }));
      const skipped = existing.length > 0 ? `; ${existing.length} already had an account` : '';
      return ok(
        { created: created.length, existing },
        `${created.length} ${created.length === 1 ? 'person' : 'people'} imported and invited${skipped}`,
      );
    },
  );
}

/** A person as an export row: the import's columns, so an export can be edited and imported elsewhere. */
function exportRow(person: StaffMember): string[] {
  const names = (items: { name: string }[]) => [...new Set(items.map((item) => item.name))].join('; ');
  return [
    person.firstName,
    person.lastName,
    person.email,
    person.mobileNumber ?? '',
    person.gender ?? '',
    person.userRole,
    names(person.sites),
    names(person.departments),
  ];
}
