import {
  foodItemInputSchema,
  foodItemResource,
  foodItemSortColumns,
  foodItemUpdateSchema,
  type FoodItem,
  type FoodItemType,
} from '@console/shared-sdk/equipment';
import { standardsOf } from '@console/shared-sdk/contract';
import { defineResource, ResourceScreen } from '@console/shared-sdk/ui';
import { useMemo } from 'react';
import { englishSite, useSiteRules, type SiteRules } from './site-rules';

interface FoodItemForm {
  name: string;
  description: string;
}

const words: Record<FoodItemType, { title: string; name: string; empty: string; hint: string }> = {
  FOODITEM: {
    title: 'Food items',
    name: 'food item',
    empty: 'No food items at this site yet.',
    hint: 'Add the dishes and ingredients whose temperatures staff check.',
  },
  PROB: {
    title: 'Probes',
    name: 'probe',
    empty: 'No probes at this site yet.',
    hint: 'Add each thermometer probe so its calibration checks can be logged.',
  },
};

/**
 * The description's example: a food item's cooking and hot-holding temperatures under the site's rules,
 * in its unit ("cooked to 75 °C, held hot above 63 °C" in England, 165 and 140 °F in New York).
 */
function descriptionHint(type: FoodItemType, { format, rules }: SiteRules): string {
  if (type === 'PROB') return 'e.g. serial number, where it is kept';
  const standards = standardsOf(rules);
  const cooked = standards.COOKING_COOLING.checks[0].limits.lowerLimit;
  const held = standards.HOT_HOLD_DISPLAY.checks[0].limits.lowerLimit;
  if (cooked === null || held === null) return 'e.g. how it is cooked and held';
  return `e.g. cooked to ${format.temperature(cooked)}, held hot above ${format.temperature(held)}`;
}

/**
 * Food items and probes share one API (told apart by `type`), so they share one declaration, for a site's
 * unit and rules.
 */
export function foodItems(type: FoodItemType, site: SiteRules = englishSite) {
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
        {
          kind: 'multiline',
          name: 'description',
          label: 'Description',
          helperText: descriptionHint(type, site),
        },
      ],
      emptyForm: (): FoodItemForm => ({ name: '', description: '' }),
      toForm: (row: FoodItem): FoodItemForm => ({ name: row.name, description: row.description }),
      // The kit adds the selected site to a new item and keeps an edited one's own.
      toInput: (form: FoodItemForm) => ({ ...form, type }),
    },
  });
}

/** The food items or probes of the selected site. */
function FoodItemsOfSite({ type }: { type: FoodItemType }) {
  const site = useSiteRules();
  const resource = useMemo(() => foodItems(type, site), [type, site]);
  return <ResourceScreen resource={resource} />;
}

export const FoodItemsScreen = () => <FoodItemsOfSite type="FOODITEM" />;
export const ProbesScreen = () => <FoodItemsOfSite type="PROB" />;
