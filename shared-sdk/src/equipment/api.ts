import { z } from 'zod';
import {
  foodItemSchema,
  masterTypeHistorySchema,
  masterTypeSchema,
  supplierSchema,
  supplierTypeSchema,
  type FoodItem,
  type FoodItemInput,
  type FoodItemType,
  type FoodItemUpdate,
  type MasterType,
  type MasterTypeHistoryEntry,
  type MasterTypeInput,
  type MasterTypeType,
  type MasterTypeUpdate,
  type Supplier,
  type SupplierInput,
  type SupplierType,
  type SupplierTypeInput,
  type SupplierTypeUpdate,
  type SupplierUpdate,
} from '../contract/equipment.js';
import {
  call,
  optionSchema,
  segment,
  standardResource,
  type CallOptions,
  type Option,
} from '@console/shared-sdk';

// Suppliers and their types, food items and probes, fridges and freezers: each root has the standard set
// of spec section 7, plus the extras below.

/** Site-scoped lists: one site's records, or without `siteID` those of every site the caller may see. */
export type SiteScopedFilters = { siteID?: string };
export type FoodItemFilters = SiteScopedFilters & { type?: FoodItemType };
export type MasterTypeFilters = SiteScopedFilters & { type?: MasterTypeType };

/** /supplier. */
export const supplierApi = standardResource<Supplier, SupplierInput, SupplierUpdate, SiteScopedFilters>(
  'supplier',
  supplierSchema,
);

/** /supplierType: the organisation's catalogue of supplier types. */
export const supplierTypeApi = {
  ...standardResource<SupplierType, SupplierTypeInput, SupplierTypeUpdate>(
    'supplierType',
    supplierTypeSchema,
  ),
  /** GET /simple-list: every supplier type as a select option (value, label), by name. */
  simpleList: (options?: CallOptions): Promise<Option[]> =>
    call({ method: 'get', path: 'supplierType/simple-list', data: z.array(optionSchema) }, options),
};

/** /foodItem: food items and probes, told apart by `type` (FOODITEM or PROB). */
export const foodItemApi = standardResource<FoodItem, FoodItemInput, FoodItemUpdate, FoodItemFilters>(
  'foodItem',
  foodItemSchema,
);

/** /masterType: fridges and freezers with their temperature items, told apart by `type`. */
export const masterTypeApi = {
  ...standardResource<MasterType, MasterTypeInput, MasterTypeUpdate, MasterTypeFilters>(
    'masterType',
    masterTypeSchema,
  ),
  /** GET /find-by-siteID/{siteID}: every fridge and freezer of one site, fridges first. */
  findBySite: (siteID: string, options?: CallOptions): Promise<MasterType[]> =>
    call(
      {
        method: 'get',
        path: `masterType/find-by-siteID/${segment(siteID)}`,
        data: z.array(masterTypeSchema),
      },
      options,
    ),
  /** GET /history/{masterTypeID}: who created, changed or deleted a fridge or freezer, newest first. */
  history: (masterTypeID: string, options?: CallOptions): Promise<MasterTypeHistoryEntry[]> =>
    call(
      {
        method: 'get',
        path: `masterType/history/${segment(masterTypeID)}`,
        data: masterTypeHistorySchema,
      },
      options,
    ),
};

// The standard sets are already what the UI kit's ResourceApi asks for.
export const supplierResource = supplierApi;
export const supplierTypeResource = supplierTypeApi;
export const foodItemResource = foodItemApi;
export const masterTypeResource = masterTypeApi;
