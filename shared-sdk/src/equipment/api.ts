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
  sensorSchema,
  sensorWithKeySchema,
  type Sensor,
  type SensorInput,
  type SensorUpdate,
  type SensorWithKey,
} from '../contract/sensors.js';
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

/**
 * /sensor: wireless sensors on a fridge's or freezer's item or a probe. create and rotateKey answer the
 * device key (deviceKey), which no other call shows again.
 */
export const sensorApi = {
  ...standardResource<Sensor, SensorInput, SensorUpdate, SiteScopedFilters>('sensor', sensorSchema),
  /** POST /create-new-one: the new sensor with its device key, shown this once. */
  create: (input: SensorInput, options?: CallOptions): Promise<SensorWithKey> =>
    call({ method: 'post', path: 'sensor/create-new-one', json: input, data: sensorWithKeySchema }, options),
  /** PUT /rotate-key/{id}: a new device key (shown this once); the old one is refused from now on. */
  rotateKey: (id: string, options?: CallOptions): Promise<SensorWithKey> =>
    call({ method: 'put', path: `sensor/rotate-key/${segment(id)}`, data: sensorWithKeySchema }, options),
  /** PUT /revoke-key/{id}: the sensor's readings are refused until a new key is rotated in. */
  revokeKey: (id: string, options?: CallOptions): Promise<Sensor> =>
    call({ method: 'put', path: `sensor/revoke-key/${segment(id)}`, data: sensorSchema }, options),
};

// The standard sets are already what the UI kit's ResourceApi asks for.
export const supplierResource = supplierApi;
export const supplierTypeResource = supplierTypeApi;
export const foodItemResource = foodItemApi;
export const masterTypeResource = masterTypeApi;
export const sensorResource = sensorApi;
