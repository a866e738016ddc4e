import {
  foodItemInputSchema,
  foodItemResource,
  foodItemSortColumns,
  foodItemUpdateSchema,
  type FoodItem,
  type FoodItemType,
} from '@console/shared-sdk/equipment';
import { defineResource, ResourceScreen } from '@console/shared-sdk/ui';

interface FoodItemForm {
  name: string;
  description: string;
}

const words: Record<
  FoodItemType,
  { title: string; name: string; empty: string; hint: string; description: string }
> = {
  FOODITEM: {
    title: 'Food items',
    name: 'food item',
    empty: 'No food items at this site yet.',
    hint: 'Add the dishes and ingredients whose temperatures staff check.',
    description: 'e.g. cooked to 75 °C, held hot above 63 °C',
  },
  PROB: {
    title: 'Probes',
    name: 'probe',
    empty: 'No probes at this site yet.',
    hint: 'Add each thermometer probe so its calibration checks can be logged.',
    description: 'e.g. serial number, where it is kept',
  },
};

/** Food items and probes share one API (told apart by `type`), so they share one declaration. */
export function foodItems(type: FoodItemType) {
  const w = words[type];
  return defineResource({
    title: w.title,
    name: w.name,
    subject: 'FoodItem',
    api: foodItemResource,
    params: { type },
    recordLabel: (row: FoodItem) => row.name,
    sortable: foodItemSortColumns,
    defaultSort: 'name',
    emptyMessage: w.empty,
    emptyHint: w.hint,
    columns: [
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
      { field: 'description', headerName: 'Description', flex: 2, minWidth: 200, sortable: false },
    ],
    form: {
      schema: foodItemInputSchema,
      updateSchema: foodItemUpdateSchema,
      fields: [
        { kind: 'text', name: 'name', label: 'Name', required: true },
        { kind: 'multiline', name: 'description', label: 'Description', helperText: w.description },
      ],
      emptyForm: (): FoodItemForm => ({ name: '', description: '' }),
      toForm: (row: FoodItem): FoodItemForm => ({ name: row.name, description: row.description }),
      // The kit adds the selected site to a new item and keeps an edited one's own.
      toInput: (form: FoodItemForm) => ({ ...form, type }),
    },
  });
}

const foodItemList = foodItems('FOODITEM');
const probeList = foodItems('PROB');
export const FoodItemsScreen = () => <ResourceScreen resource={foodItemList} />;
export const ProbesScreen = () => <ResourceScreen resource={probeList} />;
