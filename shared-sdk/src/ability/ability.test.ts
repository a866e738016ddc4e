import {
  abilityFor,
  asSubject,
  canOnSubject,
  apiKeyForbiddenSubjects,
  defineRulesFor,
  defineRulesForApiKey,
  ownerSiteFor,
  subjects,
  noRoleFacts,
  type AbilityRule,
  type Action,
  type AppAbility,
  type DeclaredSubjectRules,
  type RoleFacts,
} from './index.js';
import {
  createMongoAbility,
  subject as tagSubject,
  type ForcedSubject,
  type MongoAbility,
} from '@casl/ability';
import { apiKeyScopeIds, apiKeyScopes } from '../contract/api-key-scopes.js';

const org = '0190a000-0000-7000-8000-000000000001';
const otherOrg = '0190a000-0000-7000-8000-000000000002';
const mySite = '0190a000-0000-7000-8000-0000000000a1';
const otherSite = '0190a000-0000-7000-8000-0000000000a2';

const ability = (role: 'ADMIN' | 'ORGANIZATION_ADMIN' | 'SITE_ADMIN' | 'STAFF', siteIds: string[] = []) =>
  abilityFor(defineRulesFor({ userID: 'u1', role, orgId: role === 'ADMIN' ? null : org, siteIds }));

test('the platform admin may do anything anywhere', () => {
  const a = ability('ADMIN');
  expect(a.can('delete', 'Organization')).toBe(true);
  expect(a.can('update', asSubject('Supplier', { orgId: otherOrg, siteID: otherSite }))).toBe(true);
});

test('an organisation admin manages its organisation only', () => {
  const a = ability('ORGANIZATION_ADMIN');
  expect(a.can('create', 'Site')).toBe(true);
  expect(a.can('update', asSubject('Site', { _id: mySite, orgId: org }))).toBe(true);
  expect(a.can('update', asSubject('Site', { _id: otherSite, orgId: otherOrg }))).toBe(false);
  expect(a.can('update', asSubject('Organization', { _id: org }))).toBe(true);
  expect(a.can('delete', asSubject('Organization', { _id: org }))).toBe(false);
});

test('a site admin manages its own sites, reads its organisation and cannot create sites', () => {
  const a = ability('SITE_ADMIN', [mySite]);
  expect(a.can('read', asSubject('Organization', { _id: org }))).toBe(true);
  expect(a.can('update', asSubject('Organization', { _id: org }))).toBe(false);
  expect(a.can('create', 'Site')).toBe(false);
  expect(a.can('delete', asSubject('Site', { _id: mySite, orgId: org }))).toBe(false);
  expect(a.can('update', asSubject('Site', { _id: mySite, orgId: org }), 'timing')).toBe(true);
  expect(a.can('update', asSubject('Site', { _id: mySite, orgId: org }), 'escalationMinutes')).toBe(true);
  expect(a.can('update', asSubject('Site', { _id: mySite, orgId: org }), 'excursionDebounceMinutes')).toBe(
    true,
  );
  expect(a.can('update', asSubject('Site', { _id: mySite, orgId: org }), 'siteAdminList')).toBe(false);
  expect(a.can('read', asSubject('Site', { _id: otherSite, orgId: org }))).toBe(false);
  expect(a.can('manage', asSubject('Supplier', { orgId: org, siteID: mySite }))).toBe(true);
  expect(a.can('manage', asSubject('Supplier', { orgId: org, siteID: otherSite }))).toBe(false);
  expect(a.can('manage', 'User')).toBe(false);
});

test('a site admin manages the staff and departments of its sites, and reads but does not touch admins', () => {
  const a = ability('SITE_ADMIN', [mySite]);
  const person = (userRole: string, siteID = mySite) => asSubject('Staff', { orgId: org, siteID, userRole });
  expect(a.can('update', person('STAFF'))).toBe(true);
  expect(a.can('delete', person('STAFF'))).toBe(true);
  expect(a.can('update', person('STAFF', otherSite))).toBe(false);
  expect(a.can('read', person('SITE_ADMIN'))).toBe(true);
  expect(a.can('update', person('SITE_ADMIN'))).toBe(false);
  expect(a.can('delete', person('ORGANIZATION_ADMIN'))).toBe(false);
  expect(a.can('create', asSubject('Department', { orgId: org, siteID: mySite }))).toBe(true);
  expect(a.can('create', asSubject('Department', { orgId: org, siteID: otherSite }))).toBe(false);
});

test('staff reach only tasks and logs of their sites', () => {
  const a = ability('STAFF', [mySite]);
  expect(a.can('update', asSubject('Task', { orgId: org, siteID: mySite }))).toBe(true);
  expect(a.can('update', asSubject('Task', { orgId: org, siteID: otherSite }))).toBe(false);
  expect(a.can('read', 'Organization')).toBe(false);
  expect(a.can('create', 'Site')).toBe(false);
});

test('everyone may edit their own profile and nobody else’s', () => {
  const a = ability('SITE_ADMIN', [mySite]);
  expect(a.can('update', asSubject('Profile', { _id: 'u1' }))).toBe(true);
  expect(a.can('update', asSubject('Profile', { _id: 'u2' }))).toBe(false);
});

test('rules survive a JSON round trip, as they do on their way to the browser', () => {
  const rules = JSON.parse(
    JSON.stringify(defineRulesFor({ userID: 'u1', role: 'SITE_ADMIN', orgId: org, siteIds: [mySite] })),
  );
  const a = abilityFor(rules);
  expect(a.can('manage', asSubject('FoodItem', { orgId: org, siteID: mySite }))).toBe(true);
  expect(a.can('manage', asSubject('FoodItem', { orgId: org, siteID: otherSite }))).toBe(false);
});

test('a subject named only by data (a remote’s new domain) is read as the server’s rules say', () => {
  // The platform admin manages all, which covers subjects nobody compiled in.
  expect(canOnSubject(ability('ADMIN'), 'read', 'Allergen')).toBe(true);
  // No rule names it for an organisation admin: not readable, like any subject they may not read.
  expect(canOnSubject(ability('ORGANIZATION_ADMIN'), 'read', 'Allergen')).toBe(false);
  // Rules that name it, as a newer API would send them (JSON, like userData.ability), make it readable
  // without a new SDK.
  const named = abilityFor(JSON.parse('[{ "action": "read", "subject": "Allergen" }]') as AbilityRule[]);
  expect(canOnSubject(named, 'read', 'Allergen')).toBe(true);
  // Known subjects and other actions answer as the typed check does.
  expect(canOnSubject(ability('ORGANIZATION_ADMIN'), 'manage', 'Organization')).toBe(false);
  expect(canOnSubject(ability('ADMIN'), 'manage', 'Organization')).toBe(true);
  expect(canOnSubject(ability('SITE_ADMIN', [mySite]), 'read', 'Organization')).toBe(true);
  expect(canOnSubject(ability('SITE_ADMIN', [mySite]), 'read', 'User')).toBe(false);
});

test('a site admin uses the organisation’s catalogues but changes only what belongs to its own sites alone', () => {
  const a = ability('SITE_ADMIN', [mySite]);
  for (const name of ['Template', 'SupplierType'] as const) {
    const owned = (ownerSiteID: string | null) => asSubject(name, { orgId: org, ownerSiteID });
    expect(a.can('read', owned(null))).toBe(true);
    expect(a.can('create', asSubject(name, { orgId: org }))).toBe(true);
    expect(a.can('update', owned(mySite))).toBe(true);
    expect(a.can('delete', owned(mySite))).toBe(true);
    expect(a.can('update', owned(otherSite))).toBe(false);
    expect(a.can('update', owned(null))).toBe(false);
    expect(a.can('delete', owned(null))).toBe(false);
    expect(a.can('update', asSubject(name, { orgId: org }))).toBe(false);
    expect(a.can('update', asSubject(name, { orgId: otherOrg, ownerSiteID: mySite }))).toBe(false);
    // The route's gate asks about the subject alone first: the record decides.
    expect(a.can('update', name)).toBe(true);
  }
  const category = (siteID: string[]) => asSubject('TaskCategory', { orgId: org, siteID });
  expect(a.can('update', category([mySite]))).toBe(true);
  expect(a.can('delete', category([mySite]))).toBe(true);
  expect(a.can('update', category([mySite, otherSite]))).toBe(false);
  expect(a.can('update', category([otherSite]))).toBe(false);
  expect(a.can('update', category([]))).toBe(false);
  expect(a.can('read', category([otherSite]))).toBe(true);
  expect(a.can('update', 'TaskCategory')).toBe(true);
  expect(a.can('delete', 'TaskCategory')).toBe(true);
  // An organisation admin changes all of them.
  const o = ability('ORGANIZATION_ADMIN');
  expect(o.can('update', asSubject('Template', { orgId: org, ownerSiteID: null }))).toBe(true);
  expect(o.can('delete', category([mySite, otherSite]))).toBe(true);
});

test('a new template or supplier type belongs to the site a site admin makes it for', () => {
  expect(ownerSiteFor({ role: 'ORGANIZATION_ADMIN', siteIds: [] }, mySite)).toBeNull();
  expect(ownerSiteFor({ role: 'ADMIN', siteIds: [] }, undefined)).toBeNull();
  expect(ownerSiteFor({ role: 'SITE_ADMIN', siteIds: [mySite] }, undefined)).toBe(mySite);
  expect(ownerSiteFor({ role: 'SITE_ADMIN', siteIds: [mySite, otherSite] }, otherSite)).toBe(otherSite);
  expect(ownerSiteFor({ role: 'SITE_ADMIN', siteIds: [mySite, otherSite] }, undefined)).toBeUndefined();
});

test('areas are arranged by the organisation admins; a site admin reads them and cannot move a site between them', () => {
  const area = (orgId: string) => asSubject('Area', { orgId });
  expect(ability('ORGANIZATION_ADMIN').can('create', area(org))).toBe(true);
  expect(ability('ORGANIZATION_ADMIN').can('delete', area(org))).toBe(true);
  expect(ability('ORGANIZATION_ADMIN').can('read', area(otherOrg))).toBe(false);
  expect(
    ability('ORGANIZATION_ADMIN').can('update', asSubject('Site', { _id: mySite, orgId: org }), 'areaID'),
  ).toBe(true);
  const siteAdmin = ability('SITE_ADMIN', [mySite]);
  expect(siteAdmin.can('read', area(org))).toBe(true);
  expect(siteAdmin.can('read', area(otherOrg))).toBe(false);
  expect(siteAdmin.can('create', area(org))).toBe(false);
  expect(siteAdmin.can('update', area(org))).toBe(false);
  expect(siteAdmin.can('update', asSubject('Site', { _id: mySite, orgId: org }), 'areaID')).toBe(false);
  expect(ability('STAFF', [mySite]).can('read', 'Area')).toBe(false);
});

test('webhooks are the organisation admins’ alone: a site admin and staff cannot even read them', () => {
  const webhook = (orgId: string) => asSubject('Webhook', { orgId });
  expect(ability('ORGANIZATION_ADMIN').can('manage', webhook(org))).toBe(true);
  expect(ability('ORGANIZATION_ADMIN').can('read', webhook(otherOrg))).toBe(false);
  expect(ability('SITE_ADMIN', [mySite]).can('read', 'Webhook')).toBe(false);
  expect(ability('STAFF', [mySite]).can('read', 'Webhook')).toBe(false);
});

test('single sign-on (the provider, its secret, whether passwords work) is the organisation admins’ alone', () => {
  const sso = (orgId: string) => asSubject('SingleSignOn', { orgId });
  expect(ability('ORGANIZATION_ADMIN').can('update', sso(org))).toBe(true);
  expect(ability('ORGANIZATION_ADMIN').can('read', sso(otherOrg))).toBe(false);
  expect(ability('SITE_ADMIN', [mySite]).can('read', 'SingleSignOn')).toBe(false);
  expect(ability('STAFF', [mySite]).can('read', 'SingleSignOn')).toBe(false);
});

test('provisioning (directory tokens and group mappings) is the organisation admins’ alone', () => {
  const provisioning = (orgId: string) => asSubject('Provisioning', { orgId });
  expect(ability('ORGANIZATION_ADMIN').can('manage', provisioning(org))).toBe(true);
  expect(ability('ORGANIZATION_ADMIN').can('read', provisioning(otherOrg))).toBe(false);
  expect(ability('SITE_ADMIN', [mySite]).can('read', 'Provisioning')).toBe(false);
  expect(ability('STAFF', [mySite]).can('read', 'Provisioning')).toBe(false);
});

test('sensors are their sites’ admins’: an organisation admin anywhere in it, a site admin on its sites, staff not at all', () => {
  const sensor = (siteID: string, orgId = org) => asSubject('Sensor', { orgId, siteID });
  expect(ability('ORGANIZATION_ADMIN').can('manage', sensor(otherSite))).toBe(true);
  expect(ability('ORGANIZATION_ADMIN').can('read', sensor(mySite, otherOrg))).toBe(false);
  expect(ability('SITE_ADMIN', [mySite]).can('update', sensor(mySite))).toBe(true);
  expect(ability('SITE_ADMIN', [mySite]).can('read', sensor(otherSite))).toBe(false);
  expect(ability('STAFF', [mySite]).can('read', sensor(mySite))).toBe(false);
});

// ---- API keys -------------------------------------------------------------------------------------------

const keyAbility = (scopes: string[], siteIds: string[] | null = null) =>
  abilityFor(defineRulesForApiKey({ orgId: org, siteIds, scopes }));

test('every grant of the key scopes is a subject of the rules that an organisation admin holds, and none a forbidden one', () => {
  const admin = ability('ORGANIZATION_ADMIN');
  for (const id of apiKeyScopeIds) {
    for (const { action, subject } of apiKeyScopes[id].grants) {
      expect({ id, subject, known: (subjects as readonly string[]).includes(subject) }).toEqual({
        id,
        subject,
        known: true,
      });
      expect({ id, subject, admin: canOnSubject(admin, action, subject) }).toEqual({
        id,
        subject,
        admin: true,
      });
      expect((apiKeyForbiddenSubjects as readonly string[]).includes(subject)).toBe(false);
    }
  }
});

test('a key reads within its scopes and its organisation only', () => {
  const a = keyAbility(['temperature-logs:read']);
  expect(a.can('read', asSubject('TemperatureLog', { orgId: org, siteID: mySite }))).toBe(true);
  expect(a.can('read', asSubject('TemperatureLog', { orgId: otherOrg, siteID: otherSite }))).toBe(false);
  expect(a.can('update', asSubject('TemperatureLog', { orgId: org, siteID: mySite }))).toBe(false);
  expect(a.can('read', 'Task')).toBe(false);
  expect(a.can('read', asSubject('Site', { _id: mySite, orgId: org }))).toBe(false);
});

test('a key with a site limit acts on those sites alone, and reads the organisation’s own documents', () => {
  const a = keyAbility(['logs:read', 'sites:read'], [mySite]);
  expect(a.can('read', asSubject('ComplianceLog', { orgId: org, siteID: mySite }))).toBe(true);
  expect(a.can('read', asSubject('ComplianceLog', { orgId: org, siteID: otherSite }))).toBe(false);
  expect(a.can('read', asSubject('Site', { _id: mySite, orgId: org }))).toBe(true);
  expect(a.can('read', asSubject('Site', { _id: otherSite, orgId: org }))).toBe(false);
  expect(a.can('read', asSubject('Document', { orgId: org, siteID: null }))).toBe(true);
  expect(a.can('read', asSubject('Document', { orgId: org, siteID: otherSite }))).toBe(false);
});

test('a key writes sensor readings, never a person’s reading, and never holds keys, people or sign-in', () => {
  const a = keyAbility(['sensor-readings:write', ...apiKeyScopeIds]);
  expect(a.can('create', asSubject('TemperatureLog', { orgId: org, siteID: mySite, source: 'SENSOR' }))).toBe(
    true,
  );
  expect(a.can('create', asSubject('TemperatureLog', { orgId: org, siteID: mySite }))).toBe(false);
  expect(
    a.relevantRuleFor('create', asSubject('TemperatureLog', { orgId: org, siteID: mySite }))?.reason,
  ).toMatch(/sensor/);
  for (const subject of apiKeyForbiddenSubjects) expect(canOnSubject(a, 'read', subject)).toBe(false);
  expect(a.can('update', 'Organization')).toBe(false);
  expect(a.can('delete', 'Site')).toBe(false);
});

test('a scope a key holds that the catalogue no longer has grants nothing', () => {
  expect(keyAbility(['people:write', 'constructor']).rules).toEqual([]);
});

test('API keys are the organisation admins’ alone: a site admin and staff cannot even read them', () => {
  expect(ability('ORGANIZATION_ADMIN').can('manage', asSubject('ApiKey', { orgId: org }))).toBe(true);
  expect(ability('ORGANIZATION_ADMIN').can('read', asSubject('ApiKey', { orgId: otherOrg }))).toBe(false);
  expect(ability('SITE_ADMIN', [mySite]).can('read', 'ApiKey')).toBe(false);
  expect(ability('STAFF', [mySite]).can('read', 'ApiKey')).toBe(false);
});

// ---- Roles as data ----------------------------------------------------------------------------------------

const allergen: DeclaredSubjectRules = {
  name: 'Allergen',
  siteScoped: true,
  defaults: { ORGANIZATION_ADMIN: ['manage'], SITE_ADMIN: ['read'] },
};
const withRoles = (
  role: 'ORGANIZATION_ADMIN' | 'SITE_ADMIN' | 'STAFF',
  roles: Partial<RoleFacts>,
  siteIds: string[] = [mySite],
) => abilityFor(defineRulesFor({ userID: 'u1', role, orgId: org, siteIds }, { ...noRoleFacts, ...roles }));
const allergenOn = (siteID: string, orgId = org) => ({ orgId, siteID });
const named = (ability: AppAbility, action: Action, subject: string, record: Record<string, unknown>) =>
  createMongoAbility<MongoAbility<[Action, string | ForcedSubject<string>]>>(ability.rules).can(
    action,
    tagSubject(subject, { ...record }),
  );

test('a remote’s subject gives each fixed role its default actions, within the organisation and the person’s sites', () => {
  const roles = { declaredSubjects: [allergen] };
  const orgAdmin = withRoles('ORGANIZATION_ADMIN', roles, []);
  expect(named(orgAdmin, 'create', 'Allergen', allergenOn(otherSite))).toBe(true);
  expect(named(orgAdmin, 'read', 'Allergen', allergenOn(mySite, otherOrg))).toBe(false);
  const siteAdmin = withRoles('SITE_ADMIN', roles);
  expect(named(siteAdmin, 'read', 'Allergen', allergenOn(mySite))).toBe(true);
  expect(named(siteAdmin, 'read', 'Allergen', allergenOn(otherSite))).toBe(false);
  expect(named(siteAdmin, 'create', 'Allergen', allergenOn(mySite))).toBe(false);
  expect(canOnSubject(withRoles('STAFF', roles), 'read', 'Allergen')).toBe(false);
});

test('an organisation’s own defaults replace the remote’s for its people', () => {
  const roles = {
    declaredSubjects: [allergen],
    organisationDefaults: {
      Allergen: { ORGANIZATION_ADMIN: ['manage'], SITE_ADMIN: ['read', 'create'], STAFF: ['read'] },
    },
  } satisfies Partial<RoleFacts>;
  expect(named(withRoles('SITE_ADMIN', roles), 'create', 'Allergen', allergenOn(mySite))).toBe(true);
  expect(named(withRoles('STAFF', roles), 'read', 'Allergen', allergenOn(mySite))).toBe(true);
  expect(named(withRoles('STAFF', roles), 'read', 'Allergen', allergenOn(otherSite))).toBe(false);
});

test('a remote can never widen a subject the console already has', () => {
  const roles = {
    declaredSubjects: [
      { name: 'Webhook', siteScoped: false, defaults: { SITE_ADMIN: ['manage'], STAFF: ['manage'] } },
    ],
  } satisfies Partial<RoleFacts>;
  expect(withRoles('SITE_ADMIN', roles).can('read', 'Webhook')).toBe(false);
  expect(withRoles('STAFF', roles).can('read', 'Webhook')).toBe(false);
});

test('a custom role replaces a site admin’s rules with its pairs, on the person’s sites, never beyond an organisation admin', () => {
  const auditor = withRoles('SITE_ADMIN', {
    declaredSubjects: [allergen],
    customRole: {
      name: 'Auditor',
      grants: [
        { subject: 'TemperatureLog', actions: ['read'] },
        { subject: 'Allergen', actions: ['read', 'create'] },
        { subject: 'User', actions: ['read', 'update'] },
        { subject: 'Role', actions: ['update'] },
        { subject: 'Organization', actions: ['delete'] },
      ],
    },
  });
  expect(auditor.can('read', asSubject('TemperatureLog', { orgId: org, siteID: mySite }))).toBe(true);
  expect(auditor.can('read', asSubject('TemperatureLog', { orgId: org, siteID: otherSite }))).toBe(false);
  expect(auditor.can('create', asSubject('TemperatureLog', { orgId: org, siteID: mySite }))).toBe(false);
  // What a site admin holds without the role is gone.
  expect(auditor.can('update', asSubject('Supplier', { orgId: org, siteID: mySite }))).toBe(false);
  expect(named(auditor, 'create', 'Allergen', allergenOn(mySite))).toBe(true);
  expect(named(auditor, 'create', 'Allergen', allergenOn(otherSite))).toBe(false);
  // People, roles and deleting the organisation stay out of any custom role.
  expect(auditor.can('read', 'User')).toBe(false);
  expect(auditor.can('update', 'Role')).toBe(false);
  expect(auditor.can('delete', 'Organization')).toBe(false);
  // What every console user needs.
  expect(auditor.can('read', 'ScoreReport')).toBe(true);
  expect(auditor.can('read', asSubject('Site', { _id: mySite, orgId: org }))).toBe(true);
  expect(auditor.can('update', asSubject('Profile', { _id: 'u1' }))).toBe(true);
});

test('a custom role that manages staff cannot touch admins', () => {
  const lead = withRoles('SITE_ADMIN', {
    customRole: { name: 'Area manager', grants: [{ subject: 'Staff', actions: ['read', 'update'] }] },
  });
  const person = (userRole: string) => asSubject('Staff', { orgId: org, siteID: mySite, userRole });
  expect(lead.can('update', person('STAFF'))).toBe(true);
  expect(lead.can('update', person('SITE_ADMIN'))).toBe(false);
});

test('roles are the organisation admins’ alone, and no key holds them', () => {
  expect(ability('ORGANIZATION_ADMIN').can('manage', asSubject('Role', { orgId: org }))).toBe(true);
  expect(ability('ORGANIZATION_ADMIN').can('read', asSubject('Role', { orgId: otherOrg }))).toBe(false);
  expect(ability('SITE_ADMIN', [mySite]).can('read', 'Role')).toBe(false);
  expect(canOnSubject(keyAbility([...apiKeyScopeIds]), 'read', 'Role')).toBe(false);
});

test('a custom role runs its holder’s sites as a site admin does, and never makes, closes or hands over one', () => {
  const manager = withRoles('SITE_ADMIN', {
    customRole: {
      name: 'Area manager',
      grants: [{ subject: 'Site', actions: ['read', 'update', 'create', 'delete'] }],
    },
  });
  const mine = asSubject('Site', { _id: mySite, orgId: org });
  expect(manager.can('update', mine, 'timing')).toBe(true);
  expect(manager.can('update', mine, 'siteAdminList')).toBe(false);
  expect(manager.can('update', asSubject('Site', { _id: otherSite, orgId: org }), 'timing')).toBe(false);
  expect(manager.can('create', 'Site')).toBe(false);
  expect(manager.can('delete', mine)).toBe(false);
});
