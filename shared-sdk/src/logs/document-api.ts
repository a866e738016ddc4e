import {
  call,
  listData,
  messageOnly,
  segment,
  toFormData,
  type CallOptions,
  type ListData,
  type ListParams,
} from '@console/shared-sdk';
import {
  documentExpiringCountSchema,
  documentHistorySchema,
  documentSchema,
  type DocumentCategory,
  type DocumentExpiringCount,
  type DocumentHistoryEntry,
  type DocumentListFilters,
  type DocumentRecord,
} from '../contract/documents.js';

// /document: the console's list, view, create and edit of documents with their files, their history, and
// the dashboard's expiring count. Files travel in the create and update requests (multipart), all or none.

const root = 'document';

/** A new document: `siteID` null or left out files it for the whole organisation (organisation admins). */
export interface DocumentCreate {
  siteID?: string | null;
  name: string;
  category: DocumentCategory;
  /** YYYY-MM-DD; null or left out for none. */
  expiresOn?: string | null;
  note?: string;
  /** 1 to 10 files. */
  files: readonly File[];
}

/**
 * A change: only the fields given change. `siteID` null moves the document to the whole organisation and
 * `expiresOn` null clears its expiry date; `files` are added and `removedFileIDs` taken off.
 */
export interface DocumentUpdate {
  _id: string;
  siteID?: string | null;
  name?: string;
  category?: DocumentCategory;
  expiresOn?: string | null;
  note?: string;
  removedFileIDs?: readonly string[];
  files?: readonly File[];
}

/** The zone a document of the whole organisation is judged in: the selected site's. */
export interface LookingFrom {
  siteID?: string;
}

/**
 * The form as the API reads it. A blank `siteID` or `expiresOn` is how a form says "none" (toFormData
 * leaves null out, which the update would read as "unchanged").
 */
function documentForm({ files = [], siteID, expiresOn, ...fields }: DocumentCreate | DocumentUpdate) {
  const form = toFormData({
    ...fields,
    ...(siteID === undefined ? {} : { siteID: siteID ?? '' }),
    ...(expiresOn === undefined ? {} : { expiresOn: expiresOn ?? '' }),
  });
  for (const file of files) form.append('files', file, file.name);
  return form;
}

const documents = listData(documentSchema);

export const documentApi = {
  /** GET /web-app-list: a page of documents, soonest expiry first unless sorted. */
  list: (
    params: ListParams & DocumentListFilters,
    options?: CallOptions,
  ): Promise<ListData<DocumentRecord>> =>
    call({ method: 'get', path: `${root}/web-app-list`, query: params, data: documents }, options),
  /** GET /find-one/{id}: one document with its files. */
  get: (id: string, options?: CallOptions, lookingFrom: LookingFrom = {}): Promise<DocumentRecord> =>
    call(
      { method: 'get', path: `${root}/find-one/${segment(id)}`, query: lookingFrom, data: documentSchema },
      options,
    ),
  /** POST /create-new-one: the document and its files in one multipart request. */
  create: (input: DocumentCreate, options?: CallOptions): Promise<DocumentRecord> =>
    call(
      {
        method: 'post',
        path: `${root}/create-new-one`,
        form: documentForm(input),
        data: documentSchema,
        timeout: false,
      },
      options,
    ),
  /** PUT /update-one: changed fields, files added and removed, in one multipart request. */
  update: (input: DocumentUpdate, options?: CallOptions): Promise<DocumentRecord> =>
    call(
      {
        method: 'put',
        path: `${root}/update-one`,
        form: documentForm(input),
        data: documentSchema,
        timeout: false,
      },
      options,
    ),
  /** DELETE /delete-one/{id}: the document goes from the lists; its history stays. */
  remove: (id: string, options?: CallOptions): Promise<null> =>
    call({ method: 'delete', path: `${root}/delete-one/${segment(id)}`, data: messageOnly }, options),
  /** GET /log-history-list/{id}: who added or changed the document, when and what, newest first. */
  history: (id: string, options?: CallOptions): Promise<DocumentHistoryEntry[]> =>
    call(
      { method: 'get', path: `${root}/log-history-list/${segment(id)}`, data: documentHistorySchema },
      options,
    ),
  /** GET /expiring-count: documents expiring within `days` (default 30) and expired, for a dashboard card. */
  expiringCount: (
    params: LookingFrom & { days?: number; includeOrganisation?: boolean },
    options?: CallOptions,
  ): Promise<DocumentExpiringCount> =>
    call(
      { method: 'get', path: `${root}/expiring-count`, query: params, data: documentExpiringCountSchema },
      options,
    ),
};
