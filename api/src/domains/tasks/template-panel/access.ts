import { ownedCatalogue } from '../../../platform/http/owned-catalogue.js';

// Checklist templates are a catalogue of the organisation (platform/http/owned-catalogue.ts): a site admin
// makes them for the sites it runs master tasks on, and changes only its own site's.

export const subject = 'Template';

export const templateCatalogue = ownedCatalogue(
  subject,
  'MasterTask',
  'Choose the site this template is for',
);
export const templateTenancy = templateCatalogue.tenancy;
/** The owner of a template made here or imported from the library. */
export const ownerOfNewTemplate = templateCatalogue.ownerOfNew;
