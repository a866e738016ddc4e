import {
  defaultTemperatureLimits,
  masterTypeInputSchema,
  masterTypeResource,
  masterTypeUpdateSchema,
  type MasterType,
  type MasterTypeType,
} from '@console/shared-sdk';
import { defineResource, ResourceScreen } from '@console/shared-sdk/ui';

interface ItemForm {
  _id?: string;
  name: string;
  location: string;
  lowerLimit: number | null;
  upperLimit: number | null;
}

interface ColdStorageForm {
  name: string;
  temperatureItems: ItemForm[];
}

const limitText = (item: { lowerLimit: number | null; upperLimit: number | null }) =>
  item.lowerLimit === null ? `≤ ${item.upperLimit} °C` : `${item.lowerLimit} to ${item.upperLimit} °C`;

const words: Record<
  MasterTypeType,
  { title: string; name: string; empty: string; hint: string; firstItem: string }
> = {
  FRIDGE: {
    title: 'Fridges',
    name: 'fridge',
    empty: 'No fridges at this site yet.',
    hint: 'Add each fridge with the items staff check in it.',
    firstItem: 'Air temperature',
  },
  FREEZER: {
    title: 'Freezers',
    name: 'freezer',
    empty: 'No freezers at this site yet.',
    hint: 'Add each freezer with the items staff check in it.',
    firstItem: 'Air temperature',
  },
};

/**
 * Fridges and freezers: one API (`type` FRIDGE or FREEZER), one declaration. A new item starts at the
 * type's legal default limits (fridge ≤ 5 °C, freezer ≤ -18 °C), which the admin may tighten.
 */
export function coldStorage(type: MasterTypeType) {
  const w = words[type];
  const defaults = defaultTemperatureLimits[type];
  const newItem = (name = ''): ItemForm => ({ name, location: '', ...defaults });
  return defineResource({
    title: w.title,
    name: w.name,
    subject: 'MasterType',
    api: masterTypeResource,
    params: { type },
    siteScoped: true,
    recordLabel: (row: MasterType) => row.name,
    defaultSort: 'name',
    emptyMessage: w.empty,
    emptyHint: w.hint,
    columns: [
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
      {
        field: 'temperatureItems',
        headerName: 'Temperature items',
        flex: 2,
        minWidth: 240,
        sortable: false,
        valueGetter: (_value, row) =>
          row.temperatureItems.map((item) => `${item.name} (${limitText(item)})`).join(', '),
      },
    ],
    view: [
      { label: 'Name', field: 'name' },
      {
        label: 'Temperature items',
        render: (row) => (
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {row.temperatureItems.map((item) => (
              <li key={item._id}>
                {item.name}
                {item.location ? `, ${item.location}` : ''}: {limitText(item)}
              </li>
            ))}
          </ul>
        ),
      },
    ],
    form: {
      schema: masterTypeInputSchema,
      updateSchema: masterTypeUpdateSchema,
      width: 'md',
      fields: [
        {
          kind: 'text',
          name: 'name',
          label: 'Name',
          required: true,
          helperText: 'e.g. Walk-in fridge, Bar fridge 2',
        },
        {
          kind: 'list',
          name: 'temperatureItems',
          label: 'Temperature items',
          itemLabel: 'Temperature item',
          newItem: () => newItem(),
          fields: [
            { kind: 'text', name: 'name', label: 'Item', required: true },
            { kind: 'text', name: 'location', label: 'Where it is' },
            { kind: 'number', name: 'lowerLimit', label: 'Lower limit', unit: '°C' },
            { kind: 'number', name: 'upperLimit', label: 'Upper limit', unit: '°C', required: true },
          ],
        },
      ],
      emptyForm: (): ColdStorageForm => ({ name: '', temperatureItems: [newItem(w.firstItem)] }),
      toForm: (row: MasterType): ColdStorageForm => ({
        name: row.name,
        temperatureItems: row.temperatureItems.map(({ _id, name, location, lowerLimit, upperLimit }) => ({
          _id,
          name,
          location,
          lowerLimit,
          upperLimit,
        })),
      }),
      toInput: (form: ColdStorageForm, { siteID }) => ({ ...form, type, siteID: siteID ?? '' }),
      toUpdate: (form: ColdStorageForm, row: MasterType) => ({
        ...form,
        type,
        _id: row._id,
        siteID: row.siteID,
      }),
    },
  });
}

const fridges = coldStorage('FRIDGE');
const freezers = coldStorage('FREEZER');
export const FridgesScreen = () => <ResourceScreen resource={fridges} />;
export const FreezersScreen = () => <ResourceScreen resource={freezers} />;
