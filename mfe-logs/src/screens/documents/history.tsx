import {
  documentApi,
  documentCategoryLabels,
  documentCategorySchema,
  type DocumentRecord,
  type DocumentSnapshot,
} from '@console/shared-sdk/logs';
import type { SiteFormat } from '@console/shared-sdk/ui';
import { RecordHistory, type HistoryField } from '../shared/history';
import { useRecordFormat } from '../shared/site-writing';
import { expiryDate } from './expiry';

// The "History" section of a document's view: who added, changed or deleted it and when (in the zone the
// document's dates are read in), with what changed.

const fileCount = (value: unknown) => {
  const count = Array.isArray(value) ? value.length : 0;
  return count === 1 ? '1 file' : `${count} files`;
};

/** The snapshot fields worth a line; a site is named when it is the document's own. */
function fieldsFor(document: DocumentRecord, format: SiteFormat): readonly HistoryField<DocumentSnapshot>[] {
  return [
    { key: 'name', label: 'Name' },
    {
      key: 'category',
      label: 'Category',
      format: (value) => {
        const category = documentCategorySchema.safeParse(value);
        return category.success ? documentCategoryLabels[category.data] : 'none';
      },
    },
    {
      key: 'siteID',
      label: 'Applies to',
      format: (value) =>
        value === null
          ? 'Whole organisation'
          : value === document.siteID
            ? (document.siteName ?? 'this site')
            : 'another site',
    },
    {
      key: 'expiresOn',
      label: 'Expiry date',
      format: (value) => (typeof value === 'string' ? expiryDate(value, format) : 'none'),
    },
    { key: 'note', label: 'Note' },
    { key: 'fileIDs', label: 'Files', format: fileCount },
  ];
}

export function DocumentHistory({ document }: { document: DocumentRecord }) {
  const format = useRecordFormat(document);
  return (
    <RecordHistory
      recordID={document._id}
      load={documentApi.history}
      timeZone={document.timeZoneId}
      siteID={document.siteID}
      fields={fieldsFor(document, format)}
    />
  );
}
