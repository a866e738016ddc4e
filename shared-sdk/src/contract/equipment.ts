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
} from './common.js';
import { foodItemTypeSchema, masterTypeTypeSchema } from './enums.js';
import { siteQuerySchema } from './site.js';

// Suppliers, supplier types, food items and probes, fridges and freezers (issue 4). Site-scoped records
// carry `orgId` and `siteID` so the browser's ability rules can be checked against them.

export type FoodItemType = z.infer<typeof foodItemTypeSchema>;
export type MasterTypeType = z.infer<typeof masterTypeTypeSchema>;

const stamps = { createdAt: instantSchema, updatedAt: instantSchema };
const placed = { _id: idSchema, orgId: idSchema, siteID: idSchema };

/**
 * The list query of a site-scoped `web-app-list`: the common list query, an optional site (without it,
 * every site the caller may see), and a platform admin's `orgId`.
 */
export function siteScopedListQuerySchema<const Column extends string>(
  sortable: readonly [Column, ...Column[]],
) {
  return listQuerySchema(sortable).extend({ siteID: idSchema.optional() }).extend(siteQuerySchema.shape);
}

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
  ...stamps,
});
export type SupplierType = z.infer<typeof supplierTypeSchema>;

export const supplierTypeInputSchema = z.object({ name: requiredText('Supplier type name', 100) });
export type SupplierTypeInput = z.input<typeof supplierTypeInputSchema>;
export const supplierTypeUpdateSchema = supplierTypeInputSchema.extend({ _id: idSchema });
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
 * DOMAIN.md's limits: a fridge passes at 5 °C or below (8 °C is the legal maximum, so 5 to 8 warns), a
 * freezer at -18 °C or below; no lower bound unless one is set.
 */
export const defaultTemperatureLimits = {
  FRIDGE: { lowerLimit: null, upperLimit: 5 },
  FREEZER: { lowerLimit: null, upperLimit: -18 },
} as const satisfies Record<MasterTypeType, { lowerLimit: number | null; upperLimit: number }>;

export const temperatureLimitSchema = z
  .number({ message: 'Must be a temperature in °C' })
  .min(-100, 'Must be at least -100 °C')
  .max(100, 'Must be at most 100 °C');

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
 * logged against it); an item left out of the list is retired. An upper limit left out or null takes the
 * type's default: an item with no upper bound could never fail a check.
 */
export const temperatureItemInputSchema = z.object({
  _id: idSchema.optional(),
  name: requiredText('Item name', 200),
  location: optionalText(200).default(''),
  lowerLimit: temperatureLimitSchema.nullish(),
  upperLimit: temperatureLimitSchema.nullish(),
});
export type TemperatureItemInput = z.input<typeof temperatureItemInputSchema>;
/** A temperature item after validation: limits resolved against the type's defaults. */
export type TemperatureItemFields = Omit<
  z.output<typeof temperatureItemInputSchema>,
  'lowerLimit' | 'upperLimit'
> & {
  lowerLimit: number | null;
  upperLimit: number;
};

type ItemsOf = { type: MasterTypeType; temperatureItems: z.output<typeof temperatureItemInputSchema>[] };

const resolvedLimits = (type: MasterTypeType, item: z.output<typeof temperatureItemInputSchema>) => ({
  lowerLimit: item.lowerLimit ?? defaultTemperatureLimits[type].lowerLimit,
  upperLimit: item.upperLimit ?? defaultTemperatureLimits[type].upperLimit,
});

/** Limits must leave a passing range, and items of one fridge need distinct names and ids. */
function checkTemperatureItems(value: ItemsOf, ctx: z.RefinementCtx) {
  const names = new Set<string>();
  const ids = new Set<string>();
  value.temperatureItems.forEach((item, index) => {
    const { lowerLimit, upperLimit } = resolvedLimits(value.type, item);
    if (lowerLimit !== null && lowerLimit >= upperLimit) {
      ctx.addIssue({
        code: 'custom',
        path: ['temperatureItems', index, 'lowerLimit'],
        message: `Lower limit must be below the upper limit (${upperLimit} °C)`,
      });
    }
    const name = item.name.toLowerCase();
    if (names.has(name)) {
      ctx.addIssue({
        code: 'custom',
        path: ['temperatureItems', index, 'name'],
        message: 'Each temperature item needs its own name',
      });
    }
    names.add(name);
    if (item._id !== undefined) {
      if (ids.has(item._id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['temperatureItems', index, '_id'],
          message: 'Item sent twice',
        });
      }
      ids.add(item._id);
    }
  });
}

function withResolvedLimits<T extends ItemsOf>(
  value: T,
): Omit<T, 'temperatureItems'> & {
  temperatureItems: TemperatureItemFields[];
} {
  return {
    ...value,
    temperatureItems: value.temperatureItems.map((item) => ({
      ...item,
      ...resolvedLimits(value.type, item),
    })),
  };
}

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
};
export const masterTypeInputSchema = z
  .object({ siteID: idSchema, ...masterTypeFields })
  .superRefine(checkTemperatureItems)
  .transform(withResolvedLimits);
export type MasterTypeInput = z.input<typeof masterTypeInputSchema>;
export const masterTypeUpdateSchema = z
  .object({ ...updateFields, ...masterTypeFields })
  .superRefine(checkTemperatureItems)
  .transform(withResolvedLimits);
export type MasterTypeUpdate = z.input<typeof masterTypeUpdateSchema>;
export type MasterTypeFields = Omit<z.output<typeof masterTypeInputSchema>, 'siteID'>;

export const masterTypeSortColumns = ['_id', 'name', 'type', 'createdAt', 'updatedAt'] as const;
export type MasterTypeSortColumn = (typeof masterTypeSortColumns)[number];
export const masterTypeListQuerySchema = siteScopedListQuerySchema(masterTypeSortColumns).extend({
  type: masterTypeTypeSchema.optional(),
});

export const masterTypeIdParamSchema = z.object({ masterTypeID: idSchema });
