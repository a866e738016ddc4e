// The people domain (mfe-people): departments and staff, their invitations, import and export. What other
// domains and the app's wiring may use; nothing else in this folder is theirs to import.

// Routes, one plugin per spec resource root.
export { default as departmentPanelRoutes } from './department-panel/routes.js';
export { default as staffPeopleRoutes } from './staff-people/routes.js';

// The gate of one person, for calls of other domains that name someone (assigning tasks).
export { assertMayReadPerson } from './staff-people/access.js';

// What deleting a person does, for the company's directory deleting one (SCIM).
export { retireUser } from './staff-people/retire.js';

// Tables other domains refer to.
export { departments, userDepartments } from './schema.js';

// The demo.
export { seedPeople } from './seed.js';
