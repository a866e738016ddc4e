import type { Option } from '@console/shared-sdk';
import { documentExpiryLabels } from '@console/shared-sdk/contract';
import { documentExpiryWarningDays } from '@console/shared-sdk/logs';
import {
  documentCategories,
  documentCategoryLabels,
  documentExpiries,
  type DocumentExpiry,
} from '@console/shared-sdk/logs';

// Documents' categories and expiry states in words, for the list's filters and its form.

/** How many days ahead "expiring" looks: the API's EXPIRING, the dashboard's card and its link. */
export const expiringWindowDays = documentExpiryWarningDays;

export const categoryOptions: Option[] = documentCategories.map((category) => ({
  value: category,
  label: documentCategoryLabels[category],
}));

export const expiryOptions: readonly { value: DocumentExpiry; label: string }[] = documentExpiries.map(
  (expiry) => ({ value: expiry, label: documentExpiryLabels[expiry] }),
);
