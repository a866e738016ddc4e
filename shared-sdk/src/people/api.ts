import { z } from 'zod';
import {
  call,
  download,
  segment,
  standardResource,
  toFormData,
  type CallOptions,
  type DownloadedFile,
  type Role,
} from '@console/shared-sdk';
import {
  departmentDetailSchema,
  departmentOptionSchema,
  departmentSchema,
  staffImportResultSchema,
  staffMemberSchema,
  type Department,
  type DepartmentDetail,
  type DepartmentInput,
  type DepartmentOption,
  type DepartmentUpdate,
  type StaffDownloadQuery,
  type StaffImportResult,
  type StaffInput,
  type StaffMember,
  type StaffStatus,
  type StaffUpdate,
} from '../contract/people.js';
import { staffOptionSchema, type StaffOption } from '../contract/common.js';
import { assignableTaskSchema, type AssignableTask, type BulkAssign } from '../contract/task-assignment.js';

// The people domain (issue 9): /department-panel and /staff-people, one function per call of spec section 7,
// each typed by the contract the API validates with.

/**
 * Calls whose answer the console does not read (the toast shows the server's message): whatever `data`
 * the server sends along is accepted, so a richer answer later breaks nothing.
 */
const ignoredData = z.unknown().transform((): void => undefined);

// ---- departments ----------------------------------------------------------------------------------------

/** The department list's filters: one site's departments (or every site the caller may see). */
export type DepartmentFilters = { siteID?: string };

const departments = standardResource<Department, DepartmentInput, DepartmentUpdate, DepartmentFilters>(
  'department-panel',
  departmentSchema,
);

/** /department-panel: the departments of each site. */
export const departmentApi = {
  ...departments,
  /** GET /find-one/{id}: the department with the people in it (its detail view). */
  get: (id: string, options?: CallOptions): Promise<DepartmentDetail> =>
    call(
      { method: 'get', path: `department-panel/find-one/${segment(id)}`, data: departmentDetailSchema },
      options,
    ),
  /** GET /simple-list: one site's departments for pickers, by name. */
  simpleList: (siteID: string, options?: CallOptions): Promise<DepartmentOption[]> =>
    call(
      {
        method: 'get',
        path: 'department-panel/simple-list',
        query: { siteID },
        data: z.array(departmentOptionSchema),
      },
      options,
    ),
  /** POST /simple-list2: the departments of several sites (a person's sites in the staff form). */
  simpleListForSites: (siteIDs: readonly string[], options?: CallOptions): Promise<DepartmentOption[]> =>
    call(
      {
        method: 'post',
        path: 'department-panel/simple-list2',
        json: { list: siteIDs },
        data: z.array(departmentOptionSchema),
      },
      options,
    ),
};

// ---- staff ----------------------------------------------------------------------------------------------

/** The staff list's filters (spec: role, siteID, departmentID, status). */
export type StaffFilters = {
  siteID?: string;
  role?: Role;
  departmentID?: string;
  status?: StaffStatus;
};

const staff = standardResource<StaffMember, StaffInput, StaffUpdate, StaffFilters>(
  'staff-people',
  staffMemberSchema,
);

/** What /staff-people/simple-list2 selects: people of these sites, or of these departments. */
export interface StaffOfSitesOrDepartments {
  list?: readonly string[];
  departmentArray?: readonly string[];
}

export type StaffFileType = 'EXCEL' | 'CSV';

/** /staff-people: the organisation's people. */
export const staffApi = {
  ...staff,
  /** GET /simple-list: people for pickers, by full name; a site admin must name one of its sites. */
  simpleList: (
    filters: { role?: Role; siteID?: string } = {},
    options?: CallOptions,
  ): Promise<StaffOption[]> =>
    call(
      { method: 'get', path: 'staff-people/simple-list', query: filters, data: z.array(staffOptionSchema) },
      options,
    ),
  /** POST /simple-list2: people of several sites (`list`) or of several departments (`departmentArray`). */
  simpleList2: (body: StaffOfSitesOrDepartments, options?: CallOptions): Promise<StaffOption[]> =>
    call(
      {
        method: 'post',
        path: 'staff-people/simple-list2',
        json: { list: body.list ?? [], departmentArray: body.departmentArray ?? [] },
        data: z.array(staffOptionSchema),
      },
      options,
    ),
  /** POST /resendInvite: e-mails a new invitation link; the earlier one stops working. */
  resendInvite: (id: string, options?: CallOptions): Promise<void> =>
    call(
      { method: 'post', path: 'staff-people/resendInvite', json: { _id: id }, data: ignoredData },
      options,
    ),
  /** PATCH /update-status: ACTIVE, or INACTIVE (which ends the person's sessions at once). */
  updateStatus: (id: string, status: StaffStatus, options?: CallOptions): Promise<void> =>
    call(
      {
        method: 'patch',
        path: 'staff-people/update-status',
        json: { _id: id, status },
        data: ignoredData,
      },
      options,
    ),
  /** GET /download: the filtered list, every page, as XLSX (default) or CSV. */
  download: (query: StaffDownloadQuery, options?: CallOptions): Promise<DownloadedFile> =>
    download({ method: 'get', path: 'staff-people/download', query, timeout: false }, options),
  /** GET /upload-template: the import file's header row (and an example), as XLSX or CSV. */
  uploadTemplate: (downloadFileType: StaffFileType, options?: CallOptions): Promise<DownloadedFile> =>
    download({ method: 'get', path: 'staff-people/upload-template', query: { downloadFileType } }, options),
  /**
   * POST /upload: imports a CSV or XLSX file. All or nothing: a file with any bad row writes nothing and
   * fails with a 400 whose field errors are keyed `rows.<row number>.<column>`. Addresses already in the
   * organisation are reported in `existing`, not added again. No time limit: 5,000 rows take a while.
   */
  upload: (file: File, options?: CallOptions): Promise<StaffImportResult> =>
    call(
      {
        method: 'post',
        path: 'staff-people/upload',
        form: toFormData({ file }),
        data: staffImportResultSchema,
        timeout: false,
      },
      options,
    ),
  /** POST /get-tasks-for-assign: the site's tasks, each saying whether the person is one of its assignees. */
  tasksForAssign: (
    query: { siteID: string; userID: string },
    options?: CallOptions,
  ): Promise<AssignableTask[]> =>
    call(
      {
        method: 'post',
        path: 'staff-people/get-tasks-for-assign',
        json: query,
        data: z.array(assignableTaskSchema),
      },
      options,
    ),
  /** POST /bulk-assign: gives the person `tasks` and takes away `removedTasks`, in one change. */
  bulkAssign: (change: BulkAssign, options?: CallOptions): Promise<{ assigned: number; removed: number }> =>
    call(
      {
        method: 'post',
        path: 'staff-people/bulk-assign',
        json: change,
        data: z.object({ assigned: z.number().int(), removed: z.number().int() }),
      },
      options,
    ),
};

// The standard sets are already what the UI kit's ResourceApi asks for.
export const departmentResource = departmentApi;
export const staffResource = staffApi;
