import { z } from 'zod';
import {
  emailSchema,
  idSchema,
  instantSchema,
  listQuerySchema,
  optionSchema,
  optionalText,
  phoneSchema,
  requiredText,
  siteQuerySchema,
  siteScopedListQuerySchema,
} from './common.js';
import { foodItemTypeSchema, masterTypeTypeSchema } from './enums.js';
import { type MasterTypeType } from './cold-storage-limits.js';
import { historyEntrySchema } from './history.js';
import type { RuleChoice } from './rule-sets/index.js';
import { temperatureText, type TemperatureUnit } from './units.js';
import {
  coldStorageDefaults,
  isLooserThanDefault,
  loosestColdStorageLimit,
} from './temperature-standards.js';

export { defaultTemperatureLimits, type MasterTypeType } from './cold-storage-limits.js';

// Suppliers, supplier types, food items and probes, fridges and freezers (issue 4). Site-scoped records
// carry `orgId` and `siteID` so the browser's ability rules can be checked against them.

export type FoodItemType = z.infer<typeof foodItemTypeSchema>;

const stamps = { createdAt: instantSchema, updatedAt: instantSchema };
const placed = { _id: idSchema, orgId: idSchema, siteID: idSchema };

/**
 * The list query of a site-scoped `web-app-list`: the common list query, an optional site (without it,
 * every site the caller may see), and a platform admin's `orgId`.
 */

/**
 * An edit form is its create form plus `_id`. `siteID` may be left out (the record stays where it is);
 * sent with another site, it moves the record there, which needs the right on both sites.
 */
const updateFields = { _id: idSchema, siteID: idSchema.optional() };

/** A field a form may leave empty: blank, null and absent all mean "none" (null). */
const blankable = <T extends z.ZodType<string>>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    schema.nullish(),
  );

export const siteIdParamSchema = z.object({ siteID: idSchema });

// ---- supplier types (organisation catalogue) ------------------------------------------------------------

/** A supplier type is also a select option: `value` is its id, `label` its name. */
export const supplierTypeSchema = z.object({
  _id: idSchema,
  orgId: idSchema,
  name: z.string(),
  value: idSchema,
  label: z.string(),
  /**
   * The site it belongs to (added by that site's admin), whose admins may rename or delete it; null: the
   * organisation's, which only organisation admins change. Every site's suppliers may use it.
   */
  ownerSiteID: idSchema.nullable(),
  ...stamps,
});
export type SupplierType = z.infer<typeof supplierTypeSchema>;

export const supplierTypeInputSchema = z.object({
  name: requiredText('Supplier type name', 100),
  /**
   * A site admin's new type belongs to this site (one it administers); without it, to its only site. An
   * organisation admin's belongs to the organisation, whatever this says.
   */
  siteID: idSchema.optional(),
});
export type SupplierTypeInput = z.input<typeof supplierTypeInputSchema>;
/** An edit never moves a type to another owner. */
export const supplierTypeUpdateSchema = supplierTypeInputSchema
  .omit({ siteID: true })
  .extend({ _id: idSchema });
export type SupplierTypeUpdate = z.input<typeof supplierTypeUpdateSchema>;

export const supplierTypeSortColumns = ['_id', 'name', 'createdAt', 'updatedAt'] as const;
export type SupplierTypeSortColumn = (typeof supplierTypeSortColumns)[number];
export const supplierTypeListQuerySchema = listQuerySchema(supplierTypeSortColumns).extend(
  siteQuerySchema.shape,
);

// ---- suppliers ------------------------------------------------------------------------------------------

export const supplierSchema = z.object({
  ...placed,
  supplierName: z.string(),
  supplierContactPersonName: z.string().nullable(),
  email: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  /** The supplier's types as options, by name. */
  supplierTypes: z.array(optionSchema),
  supplierTypeIDs: z.array(idSchema),
  ...stamps,
});
export type Supplier = z.infer<typeof supplierSchema>;

/** Only the name is required; contact details are checked when given. */
const supplierFields = {
  supplierName: requiredText('Supplier name', 200),
  supplierContactPersonName: blankable(z.string().trim().max(200, 'Contact person name is too long')),
  email: blankable(emailSchema),
  mobileNumber: blankable(phoneSchema),
  supplierTypeIDs: z.array(idSchema).max(20, 'At most 20 supplier types').default([]),
};
export const supplierInputSchema = z.object({ siteID: idSchema, ...supplierFields });
export type SupplierInput = z.input<typeof supplierInputSchema>;
export const supplierUpdateSchema = z.object({ ...updateFields, ...supplierFields });
export type SupplierUpdate = z.input<typeof supplierUpdateSchema>;
/** What the API works with after validation, create or update. */
export type SupplierFields = Omit<z.output<typeof supplierInputSchema>, 'siteID'>;

export const supplierSortColumns = [
  '_id',
  'supplierName',
  'supplierContactPersonName',
  'email',
  'createdAt',
  'updatedAt',
] as const;
export type SupplierSortColumn = (typeof supplierSortColumns)[number];
export const supplierListQuerySchema = siteScopedListQuerySchema(supplierSortColumns);

// ---- food items and probes ------------------------------------------------------------------------------

export const foodItemSchema = z.object({
  ...placed,
  name: z.string(),
  type: foodItemTypeSchema,
  description: z.string(),
  ...stamps,
});
export type FoodItem = z.infer<typeof foodItemSchema>;

const foodItemFields = {
  name: requiredText('Name', 200),
  type: foodItemTypeSchema,
  description: optionalText(2000).default(''),
};
export const foodItemInputSchema = z.object({ siteID: idSchema, ...foodItemFields });
export type FoodItemInput = z.input<typeof foodItemInputSchema>;
export const foodItemUpdateSchema = z.object({ ...updateFields, ...foodItemFields });
export type FoodItemUpdate = z.input<typeof foodItemUpdateSchema>;
export type FoodItemFields = Omit<z.output<typeof foodItemInputSchema>, 'siteID'>;

export const foodItemSortColumns = ['_id', 'name', 'type', 'createdAt', 'updatedAt'] as const;
export type FoodItemSortColumn = (typeof foodItemSortColumns)[number];
export const foodItemListQuerySchema = siteScopedListQuerySchema(foodItemSortColumns).extend({
  type: foodItemTypeSchema.optional(),
});

// ---- fridges and freezers (master types) with their temperature items ----------------------------------

/**
 * The range a working fridge's or freezer's limits can lie in, in °C, under every rule set: a fridge limit
 * of 30 °C is a typing mistake, not a setting. How loose a limit may be without a reason depends on the
 * site's rule set (`loosestColdStorageLimit`), which only the API knows when it saves.
 */
export const plausibleColdStorageLimits = {
  FRIDGE: { min: -5, max: 15 },
  FREEZER: { min: -40, max: 0 },
} as const satisfies Record<MasterTypeType, { min: number; max: number }>;

const temperatureMessage = 'Must be a temperature in °C';

export const temperatureLimitSchema = z
  .number({ message: temperatureMessage })
  .min(-100, 'Must be at least -100 °C')
  .max(100, 'Must be at most 100 °C');

/**
 * An upper limit: a number. Null (what a cleared field sends) is "required", not "no bound": an item with
 * no upper bound could never fail a check.
 */
const upperLimitSchema = temperatureLimitSchema.nullish().transform((limit, ctx) => {
  if (limit !== null) return limit;
  ctx.addIssue({ code: 'custom', message: 'Upper limit is required' });
  return z.NEVER;
});

export const temperatureItemSchema = z.object({
  _id: idSchema,
  name: z.string(),
  location: z.string(),
  lowerLimit: z.number().nullable(),
  upperLimit: z.number().nullable(),
});
export type TemperatureItem = z.infer<typeof temperatureItemSchema>;

/**
 * One monitored item of a fridge or freezer. Send `_id` back on edit to keep the item (and the readings
 * logged against it); an item left out of the list is retired. The upper limit is required: sent as null
 * (a cleared field) it is refused; left out altogether, as API clients written before it was required
 * do, it takes the type's default, the safe value. A lower limit null or left out means no lower bound.
 */
export const temperatureItemInputSchema = z.object({
  _id: idSchema.optional(),
  name: requiredText('Item name', 200),
  location: optionalText(200).default(''),
  lowerLimit: temperatureLimitSchema.nullish(),
  upperLimit: upperLimitSchema,
});
export type TemperatureItemInput = z.input<typeof temperatureItemInputSchema>;
/** A temperature item as stored: an upper limit left out takes its site rule set's default (`withDefaultLimits`). */
export type TemperatureItemFields = Omit<
  z.output<typeof temperatureItemInputSchema>,
  'lowerLimit' | 'upperLimit'
> & {
  lowerLimit: number | null;
  upperLimit: number;
};

/**
 * The confirmation that comes with a limit looser than the site's rule set allows: without it such a save is
 * refused on that limit; with it, the reason is kept in the fridge's history.
 */
export const limitOverrideSchema = z.object({
  reason: z
    .string({ message: 'Give the reason for the looser limit' })
    .trim()
    .min(1, 'Give the reason for the looser limit')
    .max(500, 'Reason is too long (at most 500 characters)'),
});
export type LimitOverride = z.infer<typeof limitOverrideSchema>;

type ItemsOf = {
  type: MasterTypeType;
  temperatureItems: z.output<typeof temperatureItemInputSchema>[];
  limitOverride?: LimitOverride | undefined;
};

/**
 * Field errors of a fridge's or freezer's items under its site's rule set, in `unit` (the API's in °C):
 * an upper limit looser than the set allows without a confirmed reason, and a lower limit not below the
 * upper one (an upper limit left out takes the set's default). The API checks them when it saves, knowing
 * the site; the console's form asks for the reason before it sends.
 */
export function coldStorageLimitIssues(
  value: ItemsOf,
  jurisdiction: RuleChoice,
  unit: TemperatureUnit = 'C',
): { path: (string | number)[]; message: string }[] {
  const { min, max } = plausibleColdStorageLimits[value.type];
  const plausible = (limit: number | null | undefined): limit is number =>
    typeof limit === 'number' && limit >= min && limit <= max;
  const loosest = loosestColdStorageLimit(value.type, jurisdiction);
  const defaults = coldStorageDefaults(value.type, jurisdiction);
  const issues: { path: (string | number)[]; message: string }[] = [];
  value.temperatureItems.forEach((item, index) => {
    const upperLimit = item.upperLimit ?? defaults.upperLimit;
    if (
      plausible(item.upperLimit) &&
      isLooserThanDefault(value.type, item.upperLimit, jurisdiction) &&
      value.limitOverride === undefined
    ) {
      issues.push({
        path: ['temperatureItems', index, 'upperLimit'],
        message: `Above ${temperatureText(loosest.celsius, unit)}, ${loosest.why}: confirm it with a reason`,
      });
    }
    if (plausible(item.lowerLimit) && plausible(upperLimit) && item.lowerLimit >= upperLimit) {
      issues.push({
        path: ['temperatureItems', index, 'lowerLimit'],
        message: `Lower limit must be below the upper limit (${temperatureText(upperLimit, unit)})`,
      });
    }
  });
  return issues;
}

/** The items with an upper limit left out given their rule set's default, as the API stores them. */
export function withDefaultLimits(
  type: MasterTypeType,
  items: readonly z.output<typeof temperatureItemInputSchema>[],
  jurisdiction: RuleChoice,
): TemperatureItemFields[] {
  const defaults = coldStorageDefaults(type, jurisdiction);
  return items.map((item) => ({
    ...item,
    lowerLimit: item.lowerLimit ?? defaults.lowerLimit,
    upperLimit: item.upperLimit ?? defaults.upperLimit,
  }));
}

/**
 * Limits must be plausible for the type; items of one fridge need distinct names and ids. What depends on
 * the site's rule set is `coldStorageLimitIssues`.
 */
function checkTemperatureItems(value: ItemsOf, ctx: z.RefinementCtx) {
  const names = new Set<string>();
  const ids = new Set<string>();
  const plausible = plausibleColdStorageLimits[value.type];
  const implausible = `A ${masterTypeTypeWords[value.type]} limit must lie between ${plausible.min} and ${plausible.max} °C`;
  value.temperatureItems.forEach((item, index) => {
    const path = (field: string) => ['temperatureItems', index, field];
    const outside = (limit: number | null | undefined) =>
      typeof limit === 'number' && (limit < plausible.min || limit > plausible.max);
    if (outside(item.lowerLimit)) {
      ctx.addIssue({ code: 'custom', path: path('lowerLimit'), message: implausible });
    }
    if (outside(item.upperLimit)) {
      ctx.addIssue({ code: 'custom', path: path('upperLimit'), message: implausible });
    }
    const name = item.name.toLowerCase();
    if (names.has(name)) {
      ctx.addIssue({
        code: 'custom',
        path: path('name'),
        message: 'Each temperature item needs its own name',
      });
    }
    names.add(name);
    if (item._id !== undefined) {
      if (ids.has(item._id)) {
        ctx.addIssue({ code: 'custom', path: path('_id'), message: 'Item sent twice' });
      }
      ids.add(item._id);
    }
  });
}

/** The type as a word inside a sentence. */
const masterTypeTypeWords: Record<MasterTypeType, string> = { FRIDGE: 'fridge', FREEZER: 'freezer' };

export const masterTypeSchema = z.object({
  ...placed,
  name: z.string(),
  type: masterTypeTypeSchema,
  /** In the order they were sent. */
  temperatureItems: z.array(temperatureItemSchema),
  ...stamps,
});
export type MasterType = z.infer<typeof masterTypeSchema>;

const masterTypeFields = {
  name: requiredText('Name', 200),
  type: masterTypeTypeSchema,
  temperatureItems: z
    .array(temperatureItemInputSchema)
    .min(1, 'Add at least one temperature item')
    .max(50, 'At most 50 temperature items'),
  /** Required when an upper limit is looser than the site's rule set allows; see limitOverrideSchema. */
  limitOverride: limitOverrideSchema.optional(),
};
export const masterTypeInputSchema = z
  .object({ siteID: idSchema, ...masterTypeFields })
  .superRefine(checkTemperatureItems);
export type MasterTypeInput = z.input<typeof masterTypeInputSchema>;
export const masterTypeUpdateSchema = z
  .object({ ...updateFields, ...masterTypeFields })
  .superRefine(checkTemperatureItems);
export type MasterTypeUpdate = z.input<typeof masterTypeUpdateSchema>;
export type MasterTypeFields = Omit<z.output<typeof masterTypeInputSchema>, 'siteID'>;

export const masterTypeSortColumns = ['_id', 'name', 'type', 'createdAt', 'updatedAt'] as const;
export type MasterTypeSortColumn = (typeof masterTypeSortColumns)[number];
export const masterTypeListQuerySchema = siteScopedListQuerySchema(masterTypeSortColumns).extend({
  type: masterTypeTypeSchema.optional(),
});

export const masterTypeIdParamSchema = z.object({ masterTypeID: idSchema });

/** What a fridge's history keeps of it: everything a person can change, without the timestamps. */
export const masterTypeSnapshotSchema = masterTypeSchema.pick({
  siteID: true,
  name: true,
  type: true,
  temperatureItems: true,
});
export type MasterTypeSnapshot = z.infer<typeof masterTypeSnapshotSchema>;

export const masterTypeHistoryEntrySchema = historyEntrySchema(masterTypeSnapshotSchema);
export type MasterTypeHistoryEntry = z.infer<typeof masterTypeHistoryEntrySchema>;
/** The answer of GET /masterType/history/{masterTypeID}: newest first. */
export const masterTypeHistorySchema = z.array(masterTypeHistoryEntrySchema);
