import { useDocumentTitle } from '@console/shared-sdk';
import {
  areaInputSchema,
  areaNameMax,
  areaResource,
  areaSortColumns,
  areaUpdateSchema,
  type Area,
} from '@console/shared-sdk/sites';
import { defineResource, ResourceScreen } from '@console/shared-sdk/ui';
import type { ReactNode } from 'react';

// The organisation's areas (regions, brands): what the overview groups, filters and totals its sites by and
// the scores compare. Organisation admins add, rename and delete them; site admins see them. A site is put
// in an area from its own form.

const sitesIn = (count: number) => `${count} ${count === 1 ? 'site' : 'sites'}`;

export const areas = defineResource({
  title: 'Areas',
  name: 'area',
  subject: 'Area',
  api: areaResource,
  // The organisation's, whichever site is selected.
  siteScoped: false,
  recordLabel: (area: Area) => area.name,
  sortable: areaSortColumns,
  defaultSort: 'name',
  search: { placeholder: 'Search areas by name' },
  emptyMessage: 'No areas yet.',
  emptyHint: 'Add the regions or brands your sites fall into, then choose each site’s area in its form.',
  columns: [
    { field: 'name', headerName: 'Area', flex: 1, minWidth: 200 },
    { field: 'siteCount', headerName: 'Sites', valueGetter: (_value, area) => sitesIn(area.siteCount) },
  ],
  view: [
    { label: 'Area', field: 'name' },
    { label: 'Sites', render: (area) => sitesIn(area.siteCount) },
  ],
  // Its own confirmation, which says what becomes of the area's sites.
  actions: { delete: false },
  rowActions: [
    {
      label: 'Delete',
      icon: 'delete',
      ability: { action: 'delete' },
      confirm: (area) => ({
        title: `Delete area "${area.name}"?`,
        message:
          area.siteCount > 0
            ? `Its ${sitesIn(area.siteCount)} will then be in no area, until you choose another for them.`
            : 'No site is in it.',
      }),
      run: (area) => areaResource.remove(area._id),
    },
  ],
  form: {
    schema: areaInputSchema,
    updateSchema: areaUpdateSchema,
    width: 'xs',
    fields: [
      {
        kind: 'text',
        name: 'name',
        label: 'Name',
        required: true,
        helperText: `A region or a brand, such as North or Harbour Bars; up to ${areaNameMax} characters`,
      },
    ],
    emptyForm: () => ({ name: '' }),
    toForm: (area: Area) => ({ name: area.name }),
    toInput: (form: { name: string }) => form,
  },
});

/** The Areas tab of the organisation's page: the list with `tabs` under its heading. */
export function AreasTab({ tabs }: { tabs: ReactNode }) {
  useDocumentTitle('Areas');
  return <ResourceScreen resource={areas}>{tabs}</ResourceScreen>;
}
