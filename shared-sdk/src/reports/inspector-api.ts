import { z } from 'zod';
import {
  call,
  download,
  listData,
  segment,
  type CallOptions,
  type DownloadedFile,
  type ListData,
  type ListParams,
} from '@console/shared-sdk';
import {
  inspectorAccessSchema,
  inspectorLinkCreatedSchema,
  inspectorLinkSchema,
  inspectorPasscodeHeader,
  inspectorRecordSchema,
  inspectorSectionPageSchema,
  inspectorViewSchema,
  type InspectorAccess,
  type InspectorLink,
  type InspectorLinkCreate,
  type InspectorLinkCreated,
  type InspectorLinkState,
  type InspectorPackQuery,
  type InspectorRecord,
  type InspectorSection,
  type InspectorSectionPage,
  type InspectorSectionQuery,
  type InspectorView,
} from '../contract/inspector-links.js';

// Inspector links: the admin's calls (/inspectorLink) and the inspector's, without an account (/inspect),
// which carry the link's token in the path and its passcode, when it has one, in a header.

const links = listData(inspectorLinkSchema);

export const inspectorLinkApi = {
  /** GET /web-app-list: the organisation's links (a site admin's: those of its own sites). */
  list: (
    params: ListParams & { state?: InspectorLinkState },
    options?: CallOptions,
  ): Promise<ListData<InspectorLink>> =>
    call({ method: 'get', path: 'inspectorLink/web-app-list', query: params, data: links }, options),
  /** POST /create-new-one: a new link; its address is in the answer once and never again. */
  create: (input: InspectorLinkCreate, options?: CallOptions): Promise<InspectorLinkCreated> =>
    call(
      { method: 'post', path: 'inspectorLink/create-new-one', json: input, data: inspectorLinkCreatedSchema },
      options,
    ),
  /** GET /access-list/{id}: every access of the link, newest first. */
  accesses: (id: string, options?: CallOptions): Promise<InspectorAccess[]> =>
    call(
      {
        method: 'get',
        path: `inspectorLink/access-list/${segment(id)}`,
        data: z.array(inspectorAccessSchema),
      },
      options,
    ),
  /** PUT /revoke: the link stops working at once. */
  revoke: (id: string, options?: CallOptions): Promise<InspectorLink> =>
    call(
      { method: 'put', path: 'inspectorLink/revoke', json: { _id: id }, data: inspectorLinkSchema },
      options,
    ),
};

const passcodeHeaders = (passcode: string | undefined) =>
  passcode ? { headers: { [inspectorPasscodeHeader]: passcode } } : {};

/** The inspector's calls: no account, the link's token in the path. */
export const inspectorViewApi = {
  /** GET /inspect/{token}: what the link opens. */
  open: (token: string, passcode?: string, options?: CallOptions): Promise<InspectorView> =>
    call(
      {
        method: 'get',
        path: `inspect/${segment(token)}`,
        data: inspectorViewSchema,
        authFlow: true,
        ...passcodeHeaders(passcode),
      },
      options,
    ),
  /** GET /inspect/{token}/section/{section}: a page of a section, searchable. */
  section: (
    token: string,
    section: InspectorSection,
    query: InspectorSectionQuery,
    passcode?: string,
    options?: CallOptions,
  ): Promise<InspectorSectionPage> =>
    call(
      {
        method: 'get',
        path: `inspect/${segment(token)}/section/${segment(section)}`,
        query,
        data: inspectorSectionPageSchema,
        authFlow: true,
        ...passcodeHeaders(passcode),
      },
      options,
    ),
  /** GET /inspect/{token}/record/{subject}/{id}: one record with its history. */
  record: (
    token: string,
    subject: string,
    id: string,
    passcode?: string,
    options?: CallOptions,
  ): Promise<InspectorRecord> =>
    call(
      {
        method: 'get',
        path: `inspect/${segment(token)}/record/${segment(subject)}/${segment(id)}`,
        data: inspectorRecordSchema,
        authFlow: true,
        ...passcodeHeaders(passcode),
      },
      options,
    ),
  /** GET /inspect/{token}/pack: a site's pack over the link's range, which verifies like any other. */
  pack: (
    token: string,
    query: InspectorPackQuery,
    passcode?: string,
    options?: CallOptions,
  ): Promise<DownloadedFile> =>
    download(
      {
        method: 'get',
        path: `inspect/${segment(token)}/pack`,
        query,
        authFlow: true,
        timeout: false,
        ...passcodeHeaders(passcode),
      },
      options,
    ),
};
