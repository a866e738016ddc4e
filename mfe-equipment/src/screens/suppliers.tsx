import { Tab, Tabs } from '@console/shared-sdk/mui';
import { useSearchParams } from '@console/shared-sdk/router';
import {
  supplierInputSchema,
  supplierResource,
  supplierSortColumns,
  supplierTypeApi,
  supplierTypeInputSchema,
  supplierTypeResource,
  supplierTypeSortColumns,
  supplierTypeUpdateSchema,
  supplierUpdateSchema,
  type Supplier,
  type SupplierType,
} from '@console/shared-sdk/equipment';
import { defineResource, ResourceScreen } from '@console/shared-sdk/ui';

interface SupplierForm {
  supplierName: string;
  supplierContactPersonName: string;
  email: string;
  mobileNumber: string;
  supplierTypeIDs: string[];
}

export const suppliers = defineResource({
  title: 'Suppliers',
  name: 'supplier',
  subject: 'Supplier',
  api: supplierResource,
  recordLabel: (row: Supplier) => row.supplierName,
  sortable: supplierSortColumns,
  defaultSort: 'supplierName',
  search: { placeholder: 'Search suppliers by name, contact or e-mail' },
  emptyMessage: 'No suppliers at this site yet.',
  emptyHint: 'Add the businesses that deliver to it.',
  columns: [
    { field: 'supplierName', headerName: 'Supplier', flex: 1.2, minWidth: 160 },
    // A person, an address and a number are as wide as the longest on the page (the kit sizes them).
    { field: 'supplierContactPersonName', headerName: 'Contact' },
    { field: 'email', headerName: 'E-mail' },
    { field: 'mobileNumber', headerName: 'Phone', sortable: false },
    {
      field: 'supplierTypes',
      headerName: 'Types',
      flex: 1,
      minWidth: 140,
      sortable: false,
      valueGetter: (_value, row) => row.supplierTypes.map((type) => type.label).join(', '),
    },
  ],
  view: [
    { label: 'Supplier', field: 'supplierName' },
    { label: 'Contact person', field: 'supplierContactPersonName' },
    { label: 'E-mail', field: 'email' },
    { label: 'Phone', field: 'mobileNumber' },
    { label: 'Types', render: (row) => row.supplierTypes.map((type) => type.label).join(', ') || 'None' },
  ],
  form: {
    schema: supplierInputSchema,
    updateSchema: supplierUpdateSchema,
    fields: [
      { kind: 'text', name: 'supplierName', label: 'Supplier name', required: true },
      { kind: 'text', name: 'supplierContactPersonName', label: 'Contact person' },
      { kind: 'email', name: 'email', label: 'E-mail' },
      { kind: 'tel', name: 'mobileNumber', label: 'Phone' },
      {
        kind: 'multiselect',
        name: 'supplierTypeIDs',
        label: 'Supplier types',
        options: () => supplierTypeApi.simpleList({ quiet: true }),
        helperText: 'Manage the list in the Supplier types tab',
      },
    ],
    emptyForm: (): SupplierForm => ({
      supplierName: '',
      supplierContactPersonName: '',
      email: '',
      mobileNumber: '',
      supplierTypeIDs: [],
    }),
    toForm: (row: Supplier): SupplierForm => ({
      supplierName: row.supplierName,
      supplierContactPersonName: row.supplierContactPersonName ?? '',
      email: row.email ?? '',
      mobileNumber: row.mobileNumber ?? '',
      supplierTypeIDs: row.supplierTypeIDs,
    }),
    // The kit adds the selected site to a new supplier and keeps an edited one's own.
    toInput: (form: SupplierForm) => form,
  },
});

export const supplierTypes = defineResource({
  title: 'Supplier types',
  name: 'supplier type',
  subject: 'SupplierType',
  api: supplierTypeResource,
  // The organisation's catalogue, shown on the site-scoped suppliers screen.
  siteScoped: false,
  recordLabel: (row: SupplierType) => row.name,
  sortable: supplierTypeSortColumns,
  defaultSort: 'name',
  search: { placeholder: 'Search supplier types' },
  emptyMessage: 'No supplier types yet.',
  emptyHint: 'Add kinds such as Fish, Dairy or Dry goods to group suppliers.',
  columns: [{ field: 'name', headerName: 'Supplier type', flex: 1 }],
  form: {
    schema: supplierTypeInputSchema,
    updateSchema: supplierTypeUpdateSchema,
    fields: [{ kind: 'text', name: 'name', label: 'Name', required: true }],
    emptyForm: () => ({ name: '' }),
    toForm: (row: SupplierType) => ({ name: row.name }),
    // A site admin's new type belongs to the selected site: its admins may rename or delete it later
    // (an organisation admin's belongs to the organisation whatever is sent).
    toInput: (form: { name: string }, context) => ({
      name: form.name,
      ...(context.siteID ? { siteID: context.siteID } : {}),
    }),
    toUpdate: (form: { name: string }, row: SupplierType) => ({ _id: row._id, name: form.name }),
  },
});

type SupplierTab = 'suppliers' | 'types';

/**
 * /dashboard/supplier: the site's suppliers, and the organisation's supplier types beside them. The tab is
 * in the URL (`?tab=types`), and switching tabs starts the other list from its own defaults rather than
 * carrying this one's search, sort or page over.
 */
export function SuppliersScreen() {
  const [params, setParams] = useSearchParams();
  const tab: SupplierTab = params.get('tab') === 'types' ? 'types' : 'suppliers';
  const tabs = (
    <Tabs
      value={tab}
      onChange={(_event, value: SupplierTab) => setParams(value === 'types' ? { tab: value } : {})}
      aria-label="Suppliers"
    >
      <Tab value="suppliers" label="Suppliers" />
      <Tab value="types" label="Supplier types" />
    </Tabs>
  );
  return tab === 'suppliers' ? (
    <ResourceScreen resource={suppliers}>{tabs}</ResourceScreen>
  ) : (
    <ResourceScreen resource={supplierTypes}>{tabs}</ResourceScreen>
  );
}
