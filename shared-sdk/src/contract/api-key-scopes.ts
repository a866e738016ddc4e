// The scopes of an API key and the rules each grants: plain data, without zod, since the abilities (the
// SDK's core, which the API enforces and the console hides by) build a key's rules from it. The key's
// schemas are in api-keys.ts.

/** How every key starts, so the API tells a key from a person's access token. */
export const apiKeyPrefix = 'ck_';

/** Requests a key may make a minute unless the API is configured otherwise (`API_KEY_RATE_LIMIT`). */
export const apiKeyDefaultRateLimit = 600;

/** One (action, subject) pair of the rules a scope grants, perhaps only on records matching `only`. */
export interface ApiKeyGrant {
  /** An action and a subject of the abilities (ability/index.ts checks each against its own lists). */
  action: 'read' | 'create';
  subject: string;
  /** Further conditions on the record, beside the organisation and the key's sites. */
  only?: Readonly<Record<string, unknown>>;
}

export interface ApiKeyScope {
  /** What it lets a key do, in words for people. */
  label: string;
  /** The calls it opens, in a sentence. */
  description: string;
  /** Whether it writes: the console lists reads and writes apart. */
  writes: boolean;
  grants: readonly ApiKeyGrant[];
}

export const apiKeyScopeIds = [
  'sites:read',
  'temperature-logs:read',
  'sensor-readings:write',
  'tasks:read',
  'logs:read',
  'equipment:read',
  'reports:read',
] as const;
export type ApiKeyScopeId = (typeof apiKeyScopeIds)[number];

/**
 * The scopes a key may hold, each with the rules it grants. Every grant is one an organisation admin has,
 * narrowed to the key's organisation and sites (ability's defineRulesForApiKey): a key never manages keys,
 * people, passwords, single sign-on, provisioning, webhooks or roles.
 */
export const apiKeyScopes: Readonly<Record<ApiKeyScopeId, ApiKeyScope>> = {
  'sites:read': {
    label: 'Read sites',
    description:
      'The organisation, its sites (addresses, time zones, opening hours), its areas and the overview of ' +
      'each site’s day',
    writes: false,
    grants: [
      { action: 'read', subject: 'Organization' },
      { action: 'read', subject: 'Site' },
      { action: 'read', subject: 'Area' },
    ],
  },
  'temperature-logs:read': {
    label: 'Read temperature logs',
    description:
      'Temperature readings, their history and export, the items each site reads, and the check of the ' +
      'records’ history',
    writes: false,
    grants: [{ action: 'read', subject: 'TemperatureLog' }],
  },
  'sensor-readings:write': {
    label: 'Write sensor readings',
    description:
      'Post a registered sensor’s readings (POST /sensor/api-key-ingest), judged and alerted on like the ' +
      'sensor’s own; and read the sensors, to know their ids',
    writes: true,
    grants: [
      { action: 'read', subject: 'Sensor' },
      // A person's reading names who took it: a key records a sensor's readings only.
      { action: 'create', subject: 'TemperatureLog', only: { source: 'SENSOR' } },
    ],
  },
  'tasks:read': {
    label: 'Read tasks',
    description: 'Tasks and their occurrences, comments, categories and templates',
    writes: false,
    grants: [
      { action: 'read', subject: 'Task' },
      { action: 'read', subject: 'MasterTask' },
      { action: 'read', subject: 'Comment' },
      { action: 'read', subject: 'TaskCategory' },
      { action: 'read', subject: 'Template' },
      { action: 'read', subject: 'PredefinedTemplate' },
    ],
  },
  'logs:read': {
    label: 'Read compliance logs',
    description: 'Compliance logs, near misses, corrective actions, the standard actions and documents',
    writes: false,
    grants: [
      { action: 'read', subject: 'ComplianceLog' },
      { action: 'read', subject: 'NearMiss' },
      { action: 'read', subject: 'CorrectiveAction' },
      { action: 'read', subject: 'StandardAction' },
      { action: 'read', subject: 'Document' },
    ],
  },
  'equipment:read': {
    label: 'Read equipment',
    description: 'Equipment and its temperature items, food items, suppliers and sensors',
    writes: false,
    grants: [
      { action: 'read', subject: 'MasterType' },
      { action: 'read', subject: 'FoodItem' },
      { action: 'read', subject: 'Supplier' },
      { action: 'read', subject: 'SupplierType' },
      { action: 'read', subject: 'Sensor' },
    ],
  },
  'reports:read': {
    label: 'Read reports',
    description:
      'Scores and rankings of the sites and their four-weekly reviews; with every other read scope, a ' +
      'site’s inspection pack, which holds all of its records',
    writes: false,
    grants: [
      { action: 'read', subject: 'ScoreReport' },
      { action: 'read', subject: 'SiteReview' },
    ],
  },
};

/** Each scope's words, for a list or a picker. */
export const apiKeyScopeLabels = Object.fromEntries(
  apiKeyScopeIds.map((id) => [id, apiKeyScopes[id].label]),
) as Record<ApiKeyScopeId, string>;
