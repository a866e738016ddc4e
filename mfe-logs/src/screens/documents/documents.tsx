import {
  abilityFor,
  asSubject,
  selectedSite,
  session,
  signedOutRules,
  siteOptionsApi,
  type AbilityRule,
  type CallOptions,
  type ListParams,
  type Option,
} from '@console/shared-sdk';
import { consoleIcons } from '@console/shared-sdk/icons';
import {
  documentApi,
  documentCategoryLabels,
  documentSortColumns,
  type DocumentListFilters,
  type DocumentRecord,
} from '@console/shared-sdk/logs';
import { Chip, FormControlLabel, Skeleton, Switch } from '@console/shared-sdk/mui';
import {
  defineResource,
  ResourceScreen,
  type CustomFilterProps,
  type ResourceScreenProps,
} from '@console/shared-sdk/ui';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useRecordFormats, type RecordFormats } from '../shared/site-writing';
import {
  documentBodySchema,
  documentEditSchema,
  filesToSend,
  removedFileIDs,
  siteOfPlace,
  wholeOrganisation,
  type DocumentBody,
  type DocumentEdit,
  type DocumentForm,
} from './model';
import { DocumentFilesField } from './files-field';
import { ExpiryChip, expiryDate } from './expiry';
import { categoryOptions, expiringWindowDays, expiryOptions } from './words';

// /dashboard/documentmanagement (issue 11): the selected site's documents and the organisation's own, with
// category and expiry filters and "Expiring within 30 days" (`?expiring=30`, the dashboard's link), the
// view with the files (preview, download) and the history, and the create and edit forms with the files.

/**
 * The list's query as the screen keeps it: `expiring` (days) is the URL's short name for the API's
 * `expiringWithinDays`, so the dashboard can link to `?expiring=30`.
 */
type DocumentScreenFilters = Omit<DocumentListFilters, 'expiringWithinDays'> & { expiring?: string };

/** True when the signed-in user may file documents for the whole organisation (an organisation admin). */
function mayChooseOrganisation(): boolean {
  const { userData, orgId } = session.get();
  const rules = (userData?.ability as AbilityRule[] | undefined) ?? signedOutRules;
  return abilityFor(rules).can('create', asSubject('Document', { orgId, siteID: null }));
}

/** Where a document may go: the caller's sites, and the whole organisation for an organisation admin. */
async function placeOptions(): Promise<Option[]> {
  const sites = await siteOptionsApi.simpleList({ quiet: true }).catch(() => []);
  const places = sites.map((site) => ({ value: site._id, label: site.name }));
  return mayChooseOrganisation()
    ? [{ value: wholeOrganisation, label: 'Whole organisation' }, ...places]
    : places;
}

/** The "Expiring within 30 days" switch: sets `expiring=30`, or clears it. */
function ExpiringFilter({ value, onChange }: CustomFilterProps) {
  return (
    <FormControlLabel
      label={`Expiring within ${expiringWindowDays} days`}
      control={
        <Switch
          checked={value !== undefined}
          onChange={(event) => onChange(event.target.checked ? String(expiringWindowDays) : undefined)}
        />
      }
    />
  );
}

/** "Whole organisation" for a document of the organisation, else its site's name. */
function AppliesTo({ document }: { document: DocumentRecord }) {
  if (document.siteID !== null) return <>{document.siteName ?? 'Another site'}</>;
  const Icon = consoleIcons.organizations;
  return <Chip size="small" icon={<Icon fontSize="small" />} label="Whole organisation" />;
}

/**
 * The calls the kit makes, in the document API's terms. The kit sets a site-scoped record's `siteID` to
 * the selected site (the record's own when editing), while a document chooses its place in the form: the
 * body is read through the form's schema, which keeps `place` and drops the kit's `siteID`.
 */
const documentResource = {
  list: ({ expiring, ...params }: ListParams & DocumentScreenFilters, options?: CallOptions) =>
    documentApi.list({ ...params, ...(expiring ? { expiringWithinDays: Number(expiring) } : {}) }, options),
  // A document of the organisation is judged against today where the user looks from, as the list does.
  get: (id: string, options?: CallOptions) =>
    documentApi.get(id, options, { siteID: selectedSite.get().selectedSiteID ?? undefined }),
  create: (body: DocumentBody, options?: CallOptions) => {
    const { place, files, ...fields } = documentBodySchema.parse(body);
    return documentApi.create({ ...fields, siteID: siteOfPlace(place), files: filesToSend(files) }, options);
  },
  update: (body: DocumentEdit, options?: CallOptions) => {
    const { place, files, ...fields } = documentEditSchema.parse(body);
    return documentApi.update({ ...fields, siteID: siteOfPlace(place), files: filesToSend(files) }, options);
  },
  remove: documentApi.remove,
};

// The view's files (previews) and history load when a document is first opened, not with the list.
const DocumentFiles = lazy(() => import('./files').then((m) => ({ default: m.DocumentFiles })));
const DocumentHistory = lazy(() => import('./history').then((m) => ({ default: m.DocumentHistory })));

function SectionLoading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Skeleton variant="rounded" height={72} role="progressbar" aria-label="Loading the section" />
      }
    >
      {children}
    </Suspense>
  );
}

/**
 * The documents' declaration; `formatOf` writes each document's dates as its site does (in the zone its
 * dates are read in).
 */
export function documents(formatOf: RecordFormats) {
  /** "Marcus Reid, 1 Mar 2026, 10:00". */
  const addedBy = (document: DocumentRecord) =>
    `${document.createdBy?.name ?? 'Not recorded'}, ${formatOf(document).instant(document.createdAt)}`;

  return defineResource({
    title: 'Documents',
    name: 'document',
    subject: 'Document',
    api: documentResource,
    recordLabel: (document: DocumentRecord) => document.name,
    sortable: documentSortColumns,
    defaultSort: 'expiresOn',
    search: { placeholder: 'Search documents by name' },
    emptyMessage: 'No documents for this site or the organisation yet.',
    emptyHint: 'Add licences, certificates and insurance, with their expiry dates.',
    filters: [
      { kind: 'select', name: 'category', label: 'Category', options: categoryOptions },
      { kind: 'select', name: 'expiry', label: 'Expiry', options: expiryOptions },
      {
        kind: 'custom',
        name: 'expiring',
        label: `Expiring within ${expiringWindowDays} days`,
        render: (props) => <ExpiringFilter {...props} />,
        // A switch: its chip says what it does, not the number of days it sends.
        chip: () => `Expiring within ${expiringWindowDays} days`,
      },
    ],
    columns: [
      { field: 'name', headerName: 'Name', flex: 1.4, minWidth: 160 },
      {
        field: 'category',
        headerName: 'Category',
        flex: 1,
        minWidth: 120,
        valueGetter: (_value, document) => documentCategoryLabels[document.category],
      },
      {
        field: 'siteName',
        headerName: 'Applies to',
        flex: 1,
        minWidth: 140,
        renderCell: ({ row }) => <AppliesTo document={row} />,
      },
      {
        field: 'expiresOn',
        headerName: 'Expires on',
        width: 140,
        valueGetter: (_value, document) => expiryDate(document.expiresOn, formatOf(document)),
      },
      {
        field: 'expiry',
        headerName: 'Expiry',
        width: 170,
        renderCell: ({ row }) => <ExpiryChip document={row} />,
      },
      {
        field: 'files',
        headerName: 'Files',
        width: 80,
        valueGetter: (_value, document) => document.files.length,
      },
    ],
    view: [
      { label: 'Category', render: (document) => documentCategoryLabels[document.category] },
      { label: 'Applies to', render: (document) => <AppliesTo document={document} /> },
      {
        label: 'Expiry',
        render: (document) =>
          document.expiresOn ? (
            <>
              <ExpiryChip document={document} /> {expiryDate(document.expiresOn, formatOf(document))}
            </>
          ) : (
            <ExpiryChip document={document} />
          ),
      },
      { label: 'Note', render: (document) => document.note || 'None' },
      { label: 'Added by', render: addedBy },
    ],
    detail: {
      width: 'md',
      sections: [
        {
          title: 'Files',
          render: (document) => (
            <SectionLoading>
              <DocumentFiles files={document.files} />
            </SectionLoading>
          ),
        },
        {
          title: 'History',
          render: (document) => (
            <SectionLoading>
              <DocumentHistory document={document} />
            </SectionLoading>
          ),
        },
      ],
    },
    form: {
      schema: documentBodySchema,
      updateSchema: documentEditSchema,
      width: 'sm',
      fields: [
        { kind: 'text', name: 'name', label: 'Name', required: true, helperText: 'e.g. Premises licence' },
        { kind: 'select', name: 'category', label: 'Category', required: true, options: categoryOptions },
        {
          kind: 'select',
          name: 'place',
          label: 'Applies to',
          required: true,
          options: placeOptions,
          helperText: 'A site, or the whole organisation (insurance, policies)',
        },
        {
          kind: 'date',
          name: 'expiresOn',
          label: 'Expiry date',
          helperText: 'Leave empty when it does not expire',
        },
        { kind: 'multiline', name: 'note', label: 'Note' },
        {
          kind: 'custom',
          name: 'files',
          label: 'Files',
          required: true,
          render: (props) => <DocumentFilesField {...props} />,
        },
      ],
      emptyForm: (context): DocumentForm => ({
        name: '',
        category: '',
        place: context.siteID ?? '',
        expiresOn: null,
        note: '',
        files: [],
      }),
      toForm: (document: DocumentRecord): DocumentForm => ({
        name: document.name,
        category: document.category,
        place: document.siteID ?? wholeOrganisation,
        expiresOn: document.expiresOn,
        note: document.note,
        files: [...document.files],
      }),
      toInput: ({ name, category, place, expiresOn, note, files }: DocumentForm): DocumentBody => ({
        name,
        category,
        place,
        expiresOn,
        note,
        files,
      }),
      toUpdate: (form: DocumentForm, document: DocumentRecord): DocumentEdit => ({
        _id: document._id,
        name: form.name,
        category: form.category,
        place: form.place,
        expiresOn: form.expiresOn,
        note: form.note,
        files: form.files,
        removedFileIDs: removedFileIDs(document.files, form.files),
      }),
    },
  });
}

export type DocumentsScreenProps = Pick<
  ResourceScreenProps<DocumentRecord, DocumentForm, DocumentBody, DocumentEdit, DocumentScreenFilters>,
  'gridProps'
>;

export function DocumentsScreen({ gridProps }: DocumentsScreenProps) {
  const formatOf = useRecordFormats();
  const resource = useMemo(() => documents(formatOf), [formatOf]);
  return <ResourceScreen resource={resource} gridProps={gridProps} />;
}
