// The typed endpoint functions: one per endpoint, so no screen ever builds a URL. (The helpers in
// resource.ts that do build them stay inside the SDK.)
export type { ResourceApi } from './resource.js';
export { authApi } from './auth.js';
export { sitesApi, sitesResource, type SiteFilters, type SiteUpdateInput } from './sites.js';
export {
  organizationApi,
  organizationResource,
  type OrganizationCreateInput,
  type OrganizationNoteInput,
  type OrganizationUpdateInput,
} from './organization.js';
export { profileApi } from './profile.js';
export { locationApi } from './location.js';
export { filesApi } from './files.js';
export {
  foodItemApi,
  foodItemResource,
  masterTypeApi,
  masterTypeResource,
  supplierApi,
  supplierResource,
  supplierTypeApi,
  supplierTypeResource,
  type FoodItemFilters,
  type MasterTypeFilters,
  type SiteScopedFilters,
} from './equipment.js';
export { staffApi } from './staff.js';
