import { ownedCatalogue } from '../../../platform/http/owned-catalogue.js';

// Supplier types are a catalogue of the organisation (platform/http/owned-catalogue.ts): a site admin adds
// them for the sites it runs suppliers on, and renames or deletes only its own site's.

export const subject = 'SupplierType';

export const supplierTypeCatalogue = ownedCatalogue(
  subject,
  'Supplier',
  'Choose the site this supplier type is for',
);
export const supplierTypeTenancy = supplierTypeCatalogue.tenancy;
