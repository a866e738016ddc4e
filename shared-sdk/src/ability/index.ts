import {
  AbilityBuilder,
  createMongoAbility,
  subject as tagSubject,
  type ForcedSubject,
  type MongoAbility,
  type RawRuleOf,
} from '@casl/ability';
import type { Role } from '../contract/enums.js';
import { apiKeyScopes, type ApiKeyGrant, type ApiKeyScopeId } from '../contract/api-key-scopes.js';
import type { SubjectDefaults } from '../contract/declared-subjects.js';

/** `verify`: confirming someone else's corrective action (HACCP's verification), a site admin's or above. */
export const actions = ['manage', 'create', 'read', 'update', 'delete', 'verify'] as const;
export type Action = (typeof actions)[number];

/** Everything the rules speak of. Site-scoped subjects carry `orgId` and `siteID` on their records. */
export const subjects = [
  /** Signing in: the one thing a signed-out visitor may do. */
  'Auth',
  'Organization',
  'Site',
  /** A group of the organisation's sites (a region, a brand): its admins manage them, site admins read them. */
  'Area',
  'User',
  'Profile',
  'Staff',
  'Department',
  'TaskCategory',
  'Template',
  'PredefinedTemplate',
  'MasterTask',
  'Task',
  'Comment',
  'Document',
  'ComplianceLog',
  'NearMiss',
  'TemperatureLog',
  'Supplier',
  'SupplierType',
  'FoodItem',
  'MasterType',
  /** A wireless sensor (issue 24): its site's admins register it and see its key once. */
  'Sensor',
  'ScoreReport',
  'File',
  /** An organisation's webhooks (issue 24): its admins' alone, since each holds a signing secret. */
  'Webhook',
  /** A shared kitchen tablet enrolled for one site: its site's admins enrol, rename and revoke it. */
  'Device',
  /** A deviation's corrective action: staff record what was done, a site admin or above verifies it. */
  'CorrectiveAction',
  /** The organisation's standard actions per check: its admins edit them, everyone reads them. */
  'StandardAction',
  /** A site's four-weekly review: its admins add notes and sign it. */
  'SiteReview',
  /**
   * A link that opens an inspector's read-only view of some sites: an admin of all of them makes, lists and
   * revokes it (`siteID` is the link's sites).
   */
  'InspectorLink',
  /**
   * The organisation's single sign-on: its provider, client secret and domains, and whether passwords still
   * work. The organisation admins' alone, since it decides who may sign in.
   */
  'SingleSignOn',
  /**
   * Provisioning from the company's directory (SCIM): its bearer tokens and the mapping of its groups to
   * roles and sites. The organisation admins' alone, since a token makes and removes people.
   */
  'Provisioning',
  /**
   * An organisation's keys for integrators' systems: the organisation admins' alone, since a key acts for
   * the organisation. No key holds it (contract/api-keys.ts).
   */
  'ApiKey',
  /**
   * An organisation's custom roles (subject × action pairs given to people) and its own defaults for the
   * subjects remotes bring: the organisation admins' alone, since a role decides what people may do.
   */
  'Role',
] as const;
export type SubjectName = (typeof subjects)[number];

/** Subjects whose records belong to one site and are managed by that site's admins. */
export const siteScopedSubjects = [
  'Staff',
  'Department',
  'MasterTask',
  'Task',
  'Comment',
  'Document',
  'ComplianceLog',
  'NearMiss',
  'TemperatureLog',
  'Supplier',
  'FoodItem',
  'MasterType',
  'Sensor',
  'Device',
  'CorrectiveAction',
  'SiteReview',
] as const satisfies readonly SubjectName[];

/** Organisation-wide catalogues that every web admin of the organisation can use. */
const orgCatalogueSubjects = [
  'TaskCategory',
  'Template',
  'SupplierType',
] as const satisfies readonly SubjectName[];

/**
 * What a site's admins change of a site they run day to day: opening hours, address, alert timings; never
 * who administers it, its area, nor the law it is judged by.
 */
const siteRunningFields = [
  'name',
  'description',
  'timing',
  'slotWindows',
  'address',
  'timeZoneId',
  'escalationMinutes',
  'excursionDebounceMinutes',
  'actionHours',
  'probeSensorToleranceCelsius',
] as const;

/** A record tagged with its subject name, so rule conditions can be checked against its fields. */
export type SubjectRecord = {
  [Name in SubjectName]: ForcedSubject<Name> & Record<string, unknown>;
}[SubjectName];
export type AppAbility = MongoAbility<[Action, SubjectName | 'all' | SubjectRecord]>;
export type AbilityRule = RawRuleOf<AppAbility>;

export interface AbilityUser {
  userID: string;
  role: Role;
  /** Null only for the platform ADMIN. */
  orgId: string | null;
  /** Sites the user administers (SITE_ADMIN) or works at (STAFF). */
  siteIds: readonly string[];
}

/** A subject a registered remote brought, as the API learnt it from the remote's description. */
export interface DeclaredSubjectRules {
  name: string;
  siteScoped: boolean;
  defaults: SubjectDefaults;
}

/** A custom role's pairs: on each subject, the actions its holders may take. */
export interface RoleGrantRules {
  subject: string;
  actions: readonly Action[];
}

/** What, beside a person's fixed role, decides their rules: all of it data the API holds. */
export interface RoleFacts {
  /** The subjects of the registered remotes. */
  declaredSubjects: readonly DeclaredSubjectRules[];
  /** The organisation's own defaults for remotes' subjects, each replacing the remote's for that subject. */
  organisationDefaults: Readonly<Record<string, SubjectDefaults>>;
  /** The custom role the person holds (a site admin's), whose pairs replace the site admin's rules. */
  customRole: { name: string; grants: readonly RoleGrantRules[] } | null;
}

export const noRoleFacts: RoleFacts = { declaredSubjects: [], organisationDefaults: {}, customRole: null };

/**
 * Subjects a custom role may not hold: who may sign in, act or be told of changes stays with the
 * organisation admins, so a role can never make someone able to give themselves more.
 */
export const customRoleForbiddenSubjects = [
  'Auth',
  'Profile',
  'User',
  'Role',
  'ApiKey',
  'SingleSignOn',
  'Provisioning',
  'Webhook',
] as const satisfies readonly SubjectName[];

/**
 * A rule over a subject named by data (a remote's), which the typed builder cannot name: the same plain
 * shape CASL reads, as it reaches the browser in JSON.
 */
function namedRule(action: readonly Action[], subject: string, conditions: Record<string, unknown>) {
  return { action: [...action], subject, conditions } as unknown as AbilityRule;
}

/**
 * The rules a fixed role holds on the remotes' subjects: the organisation's defaults where it set them,
 * else the remote's; in the organisation, and for a subject kept per site, on the person's sites. A name
 * the console already has is skipped, so a declaration can never widen an existing subject.
 */
function declaredSubjectRules(user: AbilityUser, roles: RoleFacts): AbilityRule[] {
  if (user.role === 'ADMIN' || user.orgId === null) return [];
  const role = user.role;
  return roles.declaredSubjects.flatMap((declared) => {
    if (isSubjectName(declared.name)) return [];
    const own = Object.hasOwn(roles.organisationDefaults, declared.name)
      ? roles.organisationDefaults[declared.name]
      : undefined;
    const granted = (own ?? declared.defaults)[role] ?? [];
    if (granted.length === 0) return [];
    const conditions =
      declared.siteScoped && role !== 'ORGANIZATION_ADMIN'
        ? { orgId: user.orgId, siteID: { $in: [...user.siteIds] } }
        : { orgId: user.orgId };
    return [namedRule(granted, declared.name, conditions)];
  });
}

/**
 * A custom role's rules, for a site admin holding it: what any console user needs (their profile, their
 * organisation and sites to read, uploads), then each pair as an organisation admin holds it, limited to the
 * person's sites where the subject is kept per site. A pair an organisation admin does not hold, or on a
 * subject of `customRoleForbiddenSubjects`, grants nothing.
 */
function customRoleRules(user: AbilityUser, roles: RoleFacts, grants: readonly RoleGrantRules[]) {
  const { can, cannot, rules } = new AbilityBuilder<AppAbility>(createMongoAbility);
  const orgId = user.orgId ?? '';
  can(['read', 'update', 'delete'], 'Profile', { _id: user.userID });
  can('read', 'Organization', { _id: orgId });
  can('read', 'Site', { orgId, _id: { $in: [...user.siteIds] } });
  can('read', 'StandardAction', { orgId });
  // The platform's template library and the scores every web admin reads (the reports scope them to sites).
  can('read', ['PredefinedTemplate', 'ScoreReport']);
  can('create', 'File');
  const admin = abilityFor(defineRulesFor({ userID: '', role: 'ORGANIZATION_ADMIN', orgId, siteIds: [] }));
  const declared = new Map(roles.declaredSubjects.map((subject) => [subject.name, subject]));
  const named: AbilityRule[] = [];
  for (const { subject, actions: granted } of grants) {
    if (!isSubjectName(subject)) {
      const brought = declared.get(subject);
      if (!brought) continue;
      named.push(
        namedRule(
          granted,
          subject,
          brought.siteScoped ? { orgId, siteID: { $in: [...user.siteIds] } } : { orgId },
        ),
      );
      continue;
    }
    if (customRoleForbidden.has(subject)) continue;
    for (const action of granted) {
      if (!admin.can(action, subject)) continue;
      if (subject === 'Site') {
        // A role runs its holder's sites as a site admin does; making, closing or handing over a site stays
        // with the organisation admins.
        if (action === 'update')
          can('update', 'Site', [...siteRunningFields], { orgId, _id: { $in: [...user.siteIds] } });
        continue;
      }
      for (const conditions of conditionsWithin(subject, orgId, user.siteIds))
        can(action, subject, conditions);
    }
  }
  if (grants.some((grant) => grant.subject === 'Staff')) {
    cannot(['create', 'update', 'delete'], 'Staff', {
      userRole: { $in: ['SITE_ADMIN', 'ORGANIZATION_ADMIN', 'ADMIN'] },
    }).because('This role manages staff, not admins');
  }
  return [...rules, ...named];
}

/**
 * The one rule set of DOMAIN.md. The API enforces it on every call; the browser receives the same rules
 * in `userData.ability` and only uses them to hide what cannot be done. `roles` is what the organisation
 * and the registered remotes add: a site admin's custom role, and the remotes' subjects.
 */
export function defineRulesFor(user: AbilityUser, roles: RoleFacts = noRoleFacts): AbilityRule[] {
  if (user.role === 'SITE_ADMIN' && roles.customRole)
    return customRoleRules(user, roles, roles.customRole.grants);
  const { can, cannot, rules } = new AbilityBuilder<AppAbility>(createMongoAbility);
  const siteIds = [...user.siteIds];

  can(['read', 'update', 'delete'], 'Profile', { _id: user.userID });

  switch (user.role) {
    case 'ADMIN':
      can('manage', 'all');
      break;
    case 'ORGANIZATION_ADMIN': {
      const inOrg = { orgId: user.orgId };
      can(['read', 'update'], 'Organization', { _id: user.orgId });
      can('manage', ['Site', 'User', ...siteScopedSubjects, ...orgCatalogueSubjects], inOrg);
      can('manage', 'Webhook', inOrg);
      can('manage', 'Area', inOrg);
      can('manage', 'StandardAction', inOrg);
      can('manage', 'InspectorLink', inOrg);
      can('manage', 'SingleSignOn', inOrg);
      can('manage', 'Provisioning', inOrg);
      can('manage', 'ApiKey', inOrg);
      can('manage', 'Role', inOrg);
      can('read', ['PredefinedTemplate', 'ScoreReport']);
      can('create', 'File');
      cannot('delete', 'Organization').because('Only a platform admin can delete an organisation');
      break;
    }
    case 'SITE_ADMIN': {
      const onMySites = { orgId: user.orgId, siteID: { $in: siteIds } };
      can('read', 'Organization', { _id: user.orgId });
      can('read', 'Site', { orgId: user.orgId, _id: { $in: siteIds } });
      // The organisation's areas name where its sites stand; arranging them is the organisation admins'.
      can('read', 'Area', { orgId: user.orgId });
      // Opening hours, address and alert timings (escalation, sensor delay) of its own sites, which it runs
      // day to day, but not who administers them, nor the law they are judged by.
      can('update', 'Site', [...siteRunningFields], { orgId: user.orgId, _id: { $in: siteIds } });
      can('manage', [...siteScopedSubjects], onMySites);
      // The organisation's own documents (insurance, policies) hold for every site: its admins read them.
      can('read', 'Document', { orgId: user.orgId, siteID: null });
      cannot(['create', 'update', 'delete'], 'Staff', {
        userRole: { $in: ['SITE_ADMIN', 'ORGANIZATION_ADMIN', 'ADMIN'] },
      }).because('A site admin manages staff, not admins');
      // The organisation's catalogues: a site admin uses them all and adds to them, but changes only what
      // belongs to its own sites alone. A template or supplier type belongs to the site it was made for
      // (`ownerSiteID`; null is the organisation's, which only organisation admins change); a task category
      // to its sites (`siteID`), every one of which must be the admin's.
      can(['read', 'create'], [...orgCatalogueSubjects], { orgId: user.orgId });
      can(['update', 'delete'], ['Template', 'SupplierType'], {
        orgId: user.orgId,
        ownerSiteID: { $in: siteIds },
      });
      cannot(['update', 'delete'], ['Template', 'SupplierType'], { ownerSiteID: { $nin: siteIds } }).because(
        'Only an organisation admin can change what belongs to the organisation or to another site',
      );
      can(['update', 'delete'], 'TaskCategory', { orgId: user.orgId });
      cannot(['update', 'delete'], 'TaskCategory', { siteID: { $elemMatch: { $nin: siteIds } } }).because(
        'This category is also used on sites you do not administer: only an organisation admin can change it',
      );
      cannot(['update', 'delete'], 'TaskCategory', { siteID: { $size: 0 } }).because(
        'Only an organisation admin can change a category that is on no site',
      );
      can('read', 'StandardAction', { orgId: user.orgId });
      // A link of several sites is a site admin's only when every one of them is theirs.
      can('manage', 'InspectorLink', { orgId: user.orgId });
      cannot('manage', 'InspectorLink', { siteID: { $elemMatch: { $nin: siteIds } } }).because(
        'This link also opens sites you do not administer: only an organisation admin can change it',
      );
      can('read', ['PredefinedTemplate', 'ScoreReport']);
      can('create', 'File');
      break;
    }
    case 'STAFF': {
      can('read', 'Site', { orgId: user.orgId, _id: { $in: siteIds } });
      can(['read', 'update'], 'Task', { orgId: user.orgId, siteID: { $in: siteIds } });
      can(['create', 'read'], ['Comment', 'TemperatureLog', 'ComplianceLog', 'NearMiss'], {
        orgId: user.orgId,
        siteID: { $in: siteIds },
      });
      // Staff record what was done about a deviation; verifying it is for a site admin or above.
      can(['read', 'update'], 'CorrectiveAction', { orgId: user.orgId, siteID: { $in: siteIds } });
      can('read', 'StandardAction', { orgId: user.orgId });
      can('create', 'File');
      break;
    }
  }
  return [...rules, ...declaredSubjectRules(user, roles)];
}

/** Subjects no key may hold whatever its scopes say: who may sign in, act, or be told of changes. */
export const apiKeyForbiddenSubjects = [
  'ApiKey',
  'Auth',
  'Profile',
  'User',
  'Staff',
  'SingleSignOn',
  'Provisioning',
  'Webhook',
  'Device',
  'InspectorLink',
  'File',
  'Role',
] as const satisfies readonly SubjectName[];

export interface AbilityApiKey {
  orgId: string;
  /** The sites it may act on; null for every site of the organisation. */
  siteIds: readonly string[] | null;
  scopes: readonly string[];
}

const siteScoped = new Set<SubjectName>(siteScopedSubjects);
const subjectNames = new Set<string>(subjects);
const isSubjectName = (name: string): name is SubjectName => subjectNames.has(name);
const forbiddenForKeys = new Set<SubjectName>(apiKeyForbiddenSubjects);
const customRoleForbidden = new Set<SubjectName>(customRoleForbiddenSubjects);
/** Subjects an organisation admin holds without a condition: the platform's own catalogues. */
const everyOrganisations = new Set<SubjectName>(['PredefinedTemplate', 'ScoreReport']);

/**
 * The conditions under which an organisation admin of `orgId` holds `subject`, limited to `siteIds` when
 * given (a key's site limit, a custom role's holder's sites): the organisation's records, and of per-site
 * subjects only those sites' own.
 */
function conditionsWithin(
  subject: SubjectName,
  orgId: string,
  siteIds: readonly string[] | null,
): Record<string, unknown>[] {
  if (everyOrganisations.has(subject)) return [{}];
  if (subject === 'Organization') return [{ _id: orgId }];
  if (siteIds === null) return [{ orgId }];
  const onSites = { $in: [...siteIds] };
  if (subject === 'Site') return [{ orgId, _id: onSites }];
  // The organisation's own documents (insurance, policies) hold for every site, as a site admin reads them.
  if (subject === 'Document')
    return [
      { orgId, siteID: onSites },
      { orgId, siteID: null },
    ];
  if (siteScoped.has(subject)) return [{ orgId, siteID: onSites }];
  return [{ orgId }];
}

/**
 * An API key's rules: for each of its scopes' grants, what an organisation admin holds, in the key's
 * organisation and (with a site limit) on the key's sites alone. Unknown scopes grant nothing, and no grant
 * reaches a subject of `apiKeyForbiddenSubjects`, so a key can never do more than an organisation admin,
 * nor manage people, sign-in or keys.
 */
export function defineRulesForApiKey(key: AbilityApiKey): AbilityRule[] {
  const { can, cannot, rules } = new AbilityBuilder<AppAbility>(createMongoAbility);
  const admin = abilityFor(
    defineRulesFor({ userID: '', role: 'ORGANIZATION_ADMIN', orgId: key.orgId, siteIds: [] }),
  );
  const grants = key.scopes.flatMap((scope): readonly ApiKeyGrant[] =>
    Object.hasOwn(apiKeyScopes, scope) ? apiKeyScopes[scope as ApiKeyScopeId].grants : [],
  );
  for (const { action, subject, only } of grants) {
    if (!isSubjectName(subject) || forbiddenForKeys.has(subject) || !admin.can(action, subject)) continue;
    for (const conditions of conditionsWithin(subject, key.orgId, key.siteIds)) {
      can(action, subject, { ...conditions, ...only });
    }
  }
  if (grants.some((grant) => grant.subject === 'TemperatureLog' && grant.only?.source === 'SENSOR')) {
    cannot('create', 'TemperatureLog', { source: { $ne: 'SENSOR' } }).because(
      'An API key records a sensor’s readings only (POST /sensor/api-key-ingest), not a person’s',
    );
  }
  return rules;
}

export function abilityFor(rules: readonly AbilityRule[]): AppAbility {
  return createMongoAbility<AppAbility>([...rules]);
}

/** The same rules, checked against subjects named by data: any string. */
type NamedSubjectAbility = MongoAbility<[Action, string]>;
const byName = new WeakMap<AppAbility, NamedSubjectAbility>();

/**
 * Whether the user may do `action` on a subject named by data, not by this SDK's code: a remote's
 * description may name a subject this console was built without ("Allergen"). The rules the server sent
 * decide, as CASL matches subject names as strings: `manage all` covers it, and a subject no rule names is
 * simply not allowed.
 */
export function canOnSubject(ability: AppAbility, action: Action, subject: string): boolean {
  let named = byName.get(ability);
  if (!named) {
    named = createMongoAbility<NamedSubjectAbility>(ability.rules);
    byName.set(ability, named);
  }
  return named.can(action, subject);
}

/** Tag a plain record with its subject name so conditions are checked against it. */
export function asSubject(name: SubjectName, record: Record<string, unknown>): SubjectRecord {
  return tagSubject(name, { ...record }) as SubjectRecord;
}

/**
 * The site a new organisation catalogue record (a template, a supplier type) belongs to, by who makes it:
 * an organisation's or the platform's admin makes the organisation's (null); a site admin makes its
 * site's, the one it names (`siteID`, which the caller must still check it administers) or else its only
 * one. Undefined: a site admin of several sites who named none must choose.
 */
export function ownerSiteFor(
  user: Pick<AbilityUser, 'role' | 'siteIds'>,
  siteID: string | undefined,
): string | null | undefined {
  if (user.role !== 'SITE_ADMIN') return null;
  if (siteID !== undefined) return siteID;
  return user.siteIds.length === 1 ? user.siteIds[0] : undefined;
}
export { subjectLabels } from './subject-labels.js';
