import {
  foodItemInputSchema,
  masterTypeInputSchema,
  supplierInputSchema,
  type FoodItemInput,
  type MasterTypeInput,
  type SupplierInput,
} from '@console/shared-sdk/contract';
import { insertFoodItem } from './foodItem/repository.js';
import { insertMasterType } from './masterType/repository.js';
import { insertSupplier } from './supplier/repository.js';
import { insertSupplierType } from './supplierType/repository.js';
import type { DemoSiteKey, DomainSeed } from '../../platform/demo/base.js';

// The equipment each demo site really has: who delivers, what is probed, and which fridges and freezers
// are checked. Every record goes through the contract's input schema, so the demo is data a user could
// have typed.

type SupplierSeed = Omit<SupplierInput, 'siteID' | 'supplierTypeIDs'> & { types: readonly string[] };
type FoodItemSeed = Omit<FoodItemInput, 'siteID'>;
type ColdStorageSeed = Omit<MasterTypeInput, 'siteID'>;

interface SiteEquipment {
  suppliers: readonly SupplierSeed[];
  foodItems: readonly FoodItemSeed[];
  coldStorage: readonly ColdStorageSeed[];
}

const supplierTypeNames = ['Fish', 'Meat', 'Dairy', 'Fruit & veg', 'Bakery', 'Dry goods', 'Drinks'] as const;

const fridge = (name: string, items: [string, string][]): ColdStorageSeed => ({
  type: 'FRIDGE',
  name,
  temperatureItems: items.map(([itemName, location]) => ({ name: itemName, location, upperLimit: 5 })),
});
const freezer = (name: string, items: [string, string][]): ColdStorageSeed => ({
  type: 'FREEZER',
  name,
  temperatureItems: items.map(([itemName, location]) => ({ name: itemName, location, upperLimit: -18 })),
});
const probes = (...names: string[]): FoodItemSeed[] => names.map((name) => ({ type: 'PROB', name }));
const foods = (...names: string[]): FoodItemSeed[] => names.map((name) => ({ type: 'FOODITEM', name }));

export const demoEquipment: Record<DemoSiteKey, SiteEquipment> = {
  brighton: {
    suppliers: [
      {
        supplierName: 'Shoreline Fish Co.',
        supplierContactPersonName: 'Dan Mercer',
        email: 'orders@shorelinefish.example',
        mobileNumber: '+44 1273 555 201',
        types: ['Fish'],
      },
      {
        supplierName: 'South Downs Butchers',
        supplierContactPersonName: 'Helen Price',
        email: 'trade@southdownsbutchers.example',
        mobileNumber: '+44 1273 555 202',
        types: ['Meat'],
      },
      {
        supplierName: 'Sussex Dairy Farms',
        supplierContactPersonName: 'Gareth Lloyd',
        email: 'deliveries@sussexdairy.example',
        mobileNumber: '+44 1273 555 203',
        types: ['Dairy'],
      },
      {
        supplierName: 'Greenway Produce',
        supplierContactPersonName: 'Sam Okafor',
        email: 'sam@greenwayproduce.example',
        mobileNumber: '+44 1273 555 204',
        types: ['Fruit & veg'],
      },
      {
        supplierName: 'Harbour Wines & Spirits',
        supplierContactPersonName: 'Lucy Hart',
        email: 'lucy@harbourwines.example',
        mobileNumber: '+44 1273 555 205',
        types: ['Drinks'],
      },
    ],
    foodItems: [
      ...foods('Cod fillet', 'Chicken supreme', 'Beef short rib', 'Clam chowder', 'Crème brûlée'),
      ...probes('Probe 1 – Pass', 'Probe 2 – Pastry', 'Probe 3 – Bar'),
    ],
    coldStorage: [
      fridge('Walk-in chiller', [
        ['Top shelf', 'Back wall'],
        ['Fish drawer', 'Left side'],
      ]),
      fridge('Pass fridge', [['Service rail', 'Under the pass']]),
      fridge('Bar fridge', [['Garnish drawer', 'Back bar']]),
      freezer('Chest freezer', [['Main compartment', 'Dry store']]),
      freezer('Ice cream freezer', [['Display', 'Pastry section']]),
    ],
  },
  manchester: {
    suppliers: [
      {
        supplierName: 'Northern Bakery Supplies',
        supplierContactPersonName: 'Rachel Ward',
        email: 'orders@northernbakery.example',
        mobileNumber: '+44 161 555 0301',
        types: ['Bakery', 'Dry goods'],
      },
      {
        supplierName: 'Pennine Dairy',
        supplierContactPersonName: 'Owen Hughes',
        email: 'owen@penninedairy.example',
        mobileNumber: '+44 161 555 0302',
        types: ['Dairy'],
      },
      {
        supplierName: 'Market Street Greengrocer',
        supplierContactPersonName: 'Fatima Begum',
        email: 'fatima@marketstreetgreens.example',
        mobileNumber: '+44 161 555 0303',
        types: ['Fruit & veg'],
      },
      {
        supplierName: 'Roast & Co. Coffee',
        supplierContactPersonName: 'Jonny Blake',
        email: 'wholesale@roastandco.example',
        mobileNumber: '+44 161 555 0304',
        types: ['Drinks', 'Dry goods'],
      },
    ],
    foodItems: [
      ...foods('Sausage roll', 'Quiche Lorraine', 'Soup of the day', 'Egg mayonnaise', 'Cheesecake'),
      ...probes('Counter probe', 'Kitchen probe'),
    ],
    coldStorage: [
      fridge('Kitchen fridge', [
        ['Top shelf', 'Kitchen'],
        ['Bottom shelf', 'Kitchen'],
      ]),
      fridge('Counter display', [['Display cabinet', 'Front counter']]),
      freezer('Upright freezer', [['All drawers', 'Back store']]),
    ],
  },
  brooklyn: {
    suppliers: [
      {
        supplierName: 'Red Hook Seafood',
        supplierContactPersonName: 'Maria Santos',
        email: 'maria@redhookseafood.example',
        mobileNumber: '+1 718 555 0401',
        types: ['Fish'],
      },
      {
        supplierName: 'Empire Meats',
        supplierContactPersonName: 'Joe Russo',
        email: 'orders@empiremeats.example',
        mobileNumber: '+1 718 555 0402',
        types: ['Meat'],
      },
      {
        supplierName: 'Hudson Valley Creamery',
        supplierContactPersonName: 'Beth Cole',
        email: 'beth@hudsoncreamery.example',
        mobileNumber: '+1 845 555 0403',
        types: ['Dairy'],
      },
      {
        supplierName: 'Kings County Produce',
        supplierContactPersonName: 'Andre Wallace',
        email: 'andre@kcproduce.example',
        mobileNumber: '+1 718 555 0404',
        types: ['Fruit & veg'],
      },
    ],
    foodItems: [
      ...foods('Lobster roll', 'Fried chicken', 'Mac and cheese', 'Clam chowder'),
      ...probes('Line probe', 'Prep probe'),
    ],
    coldStorage: [
      fridge('Walk-in cooler', [
        ['Protein shelf', 'Rear'],
        ['Dairy shelf', 'Door side'],
      ]),
      fridge('Line reach-in', [['Sauté station', 'Hot line']]),
      freezer('Walk-in freezer', [['Main', 'Rear']]),
    ],
  },
};

/** Seeds the organisation's supplier types and each site's suppliers, food items, probes and cold storage. */
export const seedEquipment: DomainSeed = async (tx, { orgId, sites, now }) => {
  const typeIds = new Map<string, string>();
  for (const name of supplierTypeNames)
    typeIds.set(name, (await insertSupplierType(tx, { orgId, ownerSiteId: null }, name, now)).id);
  const typeId = (name: string) => {
    const id = typeIds.get(name);
    if (!id) throw new Error(`demo supplier type ${name} is not seeded`);
    return id;
  };

  for (const [key, equipment] of Object.entries(demoEquipment) as [
    keyof typeof demoEquipment,
    SiteEquipment,
  ][]) {
    const siteID = sites[key].id;
    const place = { orgId, siteID };
    for (const { types, ...supplier } of equipment.suppliers) {
      const { siteID: _site, ...fields } = supplierInputSchema.parse({
        ...supplier,
        siteID,
        supplierTypeIDs: types.map(typeId),
      });
      await insertSupplier(tx, place, fields, now);
    }
    for (const item of equipment.foodItems) {
      const { siteID: _site, ...fields } = foodItemInputSchema.parse({ ...item, siteID });
      await insertFoodItem(tx, place, fields, now);
    }
    for (const storage of equipment.coldStorage) {
      const { siteID: _site, ...fields } = masterTypeInputSchema.parse({ ...storage, siteID });
      await insertMasterType(tx, place, fields, now);
    }
  }
};
