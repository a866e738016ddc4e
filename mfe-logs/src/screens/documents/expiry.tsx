import { documentExpiryLabels } from '@console/shared-sdk/contract';
import type { DocumentExpiry } from '@console/shared-sdk/logs';
import { Chip } from '@console/shared-sdk/mui';
import { StatusChip, type SiteFormat, type TaskProgress } from '@console/shared-sdk/ui';
import { useRecordFormat, type RecordSite } from '../shared/site-writing';

// A document's expiry as a chip. The status and the days left come from the API, which reads "today" in
// the site's zone: the list's "expiring" filter and the chip then always agree.

/** What the chip needs of a document. */
export interface ExpiryFacts {
  expiry: DocumentExpiry;
  expiresOn: string | null;
  daysToExpiry: number | null;
}

/**
 * The console's green, amber and red (the dashboard's colours, each with its own icon so colour is never
 * the only cue): a valid document is "done", an expiring one "late", an expired one "overdue".
 */
const chipStyle: Record<Exclude<DocumentExpiry, 'NONE'>, TaskProgress> = {
  VALID: 'completedOnTime',
  EXPIRING: 'completedOverdue',
  EXPIRED: 'overdue',
};

/** "Expires today", "Expires tomorrow", "Expires in 12 days". */
function expiringWords(days: number | null): string {
  if (days === null) return documentExpiryLabels.EXPIRING;
  if (days <= 0) return 'Expires today';
  if (days === 1) return 'Expires tomorrow';
  return `Expires in ${days} days`;
}

/** The chip's words, also what a screen reader hears. */
export function expiryWords({ expiry, daysToExpiry }: ExpiryFacts): string {
  switch (expiry) {
    case 'EXPIRING':
      return expiringWords(daysToExpiry);
    default:
      return documentExpiryLabels[expiry];
  }
}

/** The expiry date in words ("Mon, 30 Mar 2026"), as the document's site writes dates, or "None". */
export const expiryDate = (expiresOn: string | null, format: SiteFormat) =>
  expiresOn ? format.day(expiresOn, 'weekdayDate') : 'None';

/** Valid (green), expiring in N days (amber), expired (red), or no expiry date (plain). */
export function ExpiryChip({ document }: { document: ExpiryFacts & RecordSite }) {
  const format = useRecordFormat(document);
  const label = expiryWords(document);
  const title = document.expiresOn ? `${label}: ${expiryDate(document.expiresOn, format)}` : undefined;
  if (document.expiry === 'NONE') return <Chip size="small" variant="outlined" label={label} />;
  return <StatusChip size="small" status={chipStyle[document.expiry]} label={label} title={title} />;
}
