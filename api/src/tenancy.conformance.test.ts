import { sql } from 'drizzle-orm';
import { apiKeyScopeIds, type ApiKeyCreated, type ApiKeyScopeId } from '@console/shared-sdk/contract';
import { demoLogins, demoPassword, demoSites } from './demo.js';
import { mobileLogin, multipartBody } from './test/logs.js';
import { createTestContext, type InjectOptions, type TestContext } from './test/helper.js';
import { staffCalls as staffCallsOfTheGuard } from './platform/auth/audience.js';
import { refusedOnMobile, refusedOnWeb } from './platform/auth/guard.js';
import { openCorrectiveAction } from './platform/corrective-actions/open.js';
import { newId } from './platform/db/ids.js';

// The tenancy conformance suite: every route the app registers is declared here with how it is reached,
// and each is tried the way an attacker would: without a token, with a malformed id, with another
// organisation's id, as a site admin on a site it does not administer, and with a staff member's token
// from the mobile app. A route added without a line here fails the first test, so no call ships untried.

/** Records the suite creates in both organisations, so each route can be aimed at the other tenant's. */
type Target =
  /** An inspector link: its sites are its place (`siteID`), every one of which a site admin must hold. */
  | 'inspectorLink'
  | 'site'
  /** An area of the organisation's sites. */
  | 'area'
  | 'supplier'
  | 'supplierType'
  | 'foodItem'
  | 'masterType'
  | 'organization'
  | 'department'
  | 'staffMember'
  | 'template'
  | 'taskCategory'
  | 'masterTask'
  /** An occurrence, named by two ids: `${masterTaskID}:${individualTaskID}` (see `taskRef`). */
  | 'occurrence'
  | 'comment'
  | 'temperatureLog'
  | 'complianceLog'
  | 'nearMiss'
  | 'document'
  | 'webhook'
  | 'sensor'
  | 'device'
  /** A deviation's corrective action. */
  | 'correctiveAction'
  /** A site's four-weekly review (its current one). */
  | 'review'
  /** A bearer token of the organisation's directory (SCIM). */
  | 'scimToken'
  /** A directory group, made by the directory over SCIM. */
  | 'scimGroup'
  /** An integrator's API key. */
  | 'apiKey'
  /** A custom role of the organisation. */
  | 'role';

/** Targets that belong to one site: a site admin of Brighton reaching Manchester's is refused with 403. */
const siteScoped = new Set<Target>([
  'inspectorLink',
  'site',
  'supplier',
  'foodItem',
  'masterType',
  'department',
  'staffMember',
  'masterTask',
  'occurrence',
  'comment',
  'temperatureLog',
  'complianceLog',
  'nearMiss',
  'document',
  'sensor',
  'device',
  'review',
  'correctiveAction',
]);

interface Aimed {
  /** The URL with the id in it, when the id is a path parameter. */
  url?: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** A multipart body's content type. */
  headers?: Record<string, string>;
}

type Probe =
  /** Needs no sign-in: sign-in itself, public files, health and documentation. */
  | { access: 'public'; why: string }
  /** Needs a sign-in and acts on the caller or on reference data: no record id to aim elsewhere. */
  | { access: 'signed-in'; why: string }
  /** Only the platform admin: an organisation admin is refused (403). */
  | { access: 'platform'; aim: (id: string) => Aimed; target: 'organization' | 'user' }
  /** Names a record of `target` (by path, query or body); the request is valid apart from whose it is. */
  | { access: 'record'; target: Target; aim: (id: string) => Aimed };

const record = (target: Target, aim: (id: string) => Aimed): Probe => ({ access: 'record', target, aim });

/** The standard calls of a site-scoped resource declared on the route factory. */
function standardCalls(
  root: string,
  target: Target,
  body: (siteID: string) => Record<string, unknown>,
  deleteParam = 'id',
): Record<string, Probe> {
  return {
    [`GET ${root}/web-app-list`]: record('site', (siteID) => ({ query: { siteID } })),
    [`POST ${root}/create-new-one`]: record('site', (siteID) => ({ body: body(siteID) })),
    [`PUT ${root}/update-one`]: record(target, (id) => ({ body: { ...body(fixtures.brighton), _id: id } })),
    [`DELETE ${root}/delete-one/:${deleteParam}`]: record(target, (id) => ({
      url: `${root}/delete-one/${id}`,
    })),
    [`GET ${root}/find-one/:id`]: record(target, (id) => ({ url: `${root}/find-one/${id}` })),
  };
}

const v1 = '/api/v1';

/**
 * The staff calls: the only routes a token of the mobile app's sign-in may call (docs/decisions.md,
 * "Tenancy and roles"), and whether the console's token may call them too. Written out here, apart from
 * the guard's list, so that widening what staff reach is a change to this suite as well.
 */
const staffCalls: Record<string, 'mobile' | 'both'> = {
  [`GET ${v1}/task-new-version/my-tasks`]: 'mobile',
  [`GET ${v1}/task-new-version/today`]: 'mobile',
  [`GET ${v1}/task-new-version/view-task`]: 'mobile',
  [`PUT ${v1}/task-new-version/check-list-item-status-change`]: 'mobile',
  [`POST ${v1}/task-new-version/comment`]: 'mobile',
  [`PUT ${v1}/task-new-version/complete`]: 'mobile',
  [`GET ${v1}/temperature-logs/item-list`]: 'both',
  [`POST ${v1}/temperature-logs/create-new-one`]: 'both',
  [`GET ${v1}/comlianceLog/template-list`]: 'both',
  [`POST ${v1}/comlianceLog/create-new-one`]: 'both',
  [`POST ${v1}/nearMiss/create-new-one`]: 'both',
  [`GET ${v1}/correctiveAction/web-app-list`]: 'both',
  [`GET ${v1}/correctiveAction/find-one/:id`]: 'both',
  [`GET ${v1}/correctiveAction/standard-action-list`]: 'both',
  [`PUT ${v1}/correctiveAction/record-action`]: 'both',
  [`GET ${v1}/site-panel/simple-list`]: 'both',
  [`GET ${v1}/user-profile/view-me`]: 'both',
  [`PUT ${v1}/user-profile/update-me`]: 'both',
  [`PATCH ${v1}/user-profile/change-password`]: 'both',
  [`PUT ${v1}/user-profile/set-pin`]: 'mobile',
  [`PATCH ${v1}/user-profile/change-notification-settings`]: 'both',
  [`DELETE ${v1}/user-profile/delete-my-account`]: 'both',
  [`GET ${v1}/common-uri/know-my-access`]: 'both',
  [`GET ${v1}/auth/rules`]: 'both',
  [`POST ${v1}/authentication/logout`]: 'both',
  [`GET ${v1}/push/public-key`]: 'both',
  [`POST ${v1}/push/subscribe`]: 'both',
  [`POST ${v1}/push/unsubscribe`]: 'both',
  [`PUT ${v1}/common-uri/file-upload-s3`]: 'both',
  [`POST ${v1}/common-uri/form-data-upload`]: 'both',
  [`POST ${v1}/common-uri/pre-signed-url`]: 'both',
};
const mobileOnly = (route: string) => staffCalls[route] === 'mobile';

const fixtures = { brighton: '', probeLine: '', assignee: '', logTemplate: '', logTemplateLine: '' };

/** An occurrence's pair of ids from the suite's one-string id; a malformed id stays malformed in both. */
function taskRef(id: string) {
  const [masterTaskID = id, individualTaskID = id] = id.split(':');
  return { masterTaskID, individualTaskID };
}

/** A multipart form of text fields, as the mobile app and the console send comments. */
function multipart(fields: Record<string, string>): Aimed {
  const boundary = 'conformance-probe';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    body: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A master task that happens every day at 23:00 from 2025. */
const probeTask = (siteID: string) => ({
  siteID,
  name: 'Probe task',
  checkListItems: [{ text: 'Probe line' }],
  schedule: { repeat: 'DAILY', startDate: '2025-01-01', dueTime: '23:00' },
});
/**
 * The day the probes act on: two days ahead when the suite starts, or the first day after that every demo
 * site is open (Manchester closes on Sundays, Brooklyn on Mondays, and a closed day has no tasks). Master
 * tasks make no occurrence for a day before they were created (a settled day), so the suite creates its
 * records first, then moves its clock to noon of this day, where the probes' device times (09:00) are a
 * few hours old.
 */
const probeDay = (() => {
  const day = new Date(Date.now() + 2 * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 1) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
})();

/** A near-miss report's fields, as the mobile app sends them (photos are optional). */
const nearMissForm = (
  siteID: string,
  occurredAt = `${probeDay}T09:00:00Z`,
  reportedAt = `${probeDay}T09:05:00Z`,
) => ({
  siteID,
  category: 'INCIDENT',
  title: 'Probe report',
  whatHappened: 'Probe',
  location: 'Probe',
  occurredAt,
  reportedAt,
});
/** A compliance log of the typed template made on Manchester; another tenant's template is its own 404. */
const complianceLogForm = (siteID: string) => ({
  siteID,
  templateID: fixtures.logTemplate || siteID,
  answers: [{ _id: fixtures.logTemplateLine || siteID, answer: 'YES' }],
  submittedAt: `${probeDay}T09:00:00Z`,
});

let probeEmails = 0;
/** A valid staff form on `siteIDs` (the update probe keeps it on Brighton); a new address each time. */
function personForm(siteIDs: string[]) {
  probeEmails += 1;
  return {
    firstName: 'Probe',
    lastName: 'Person',
    email: `probe.${probeEmails}@probe.example`,
    userRole: 'STAFF',
    siteIDs,
  };
}

/** A webhook's form; its address is public, as the suite does not allow private ones. */
const probeWebhook = (name: string) => ({
  name,
  url: 'https://93.184.215.14/hook',
  events: ['TEMPERATURE_FAILED'],
});

const probes: Record<string, Probe> = {
  'OPTIONS *': { access: 'public', why: 'CORS preflight: says which origins may call, reveals no record' },
  'GET /health': { access: 'public', why: 'load-balancer health check' },
  'GET /ready': {
    access: 'public',
    why: 'load-balancer readiness check: what start-up work is left, no record',
  },
  'GET /metrics': {
    access: 'public',
    why: 'here (no METRICS_TOKEN) a 404 saying metrics are off; with the setting, its own bearer token (metrics.test.ts)',
  },
  [`GET ${v1}/health`]: { access: 'public', why: 'health check including the database' },
  'GET /.well-known/jwks.json': {
    access: 'public',
    why: 'the public keys access tokens are signed with, for other services to verify them: no record',
  },
  'GET /api/docs': { access: 'public', why: 'API documentation' },
  'GET /api/docs/static/index.html': { access: 'public', why: 'API documentation' },
  'GET /api/docs/static/swagger-initializer.js': { access: 'public', why: 'API documentation' },
  'GET /api/docs/json': { access: 'public', why: 'API documentation' },
  'GET /api/docs/yaml': { access: 'public', why: 'API documentation' },
  'GET /api/docs/static/*': { access: 'public', why: 'API documentation' },

  [`POST ${v1}/authentication/web-app-login`]: { access: 'public', why: 'signs in' },
  [`POST ${v1}/authentication/mobile-app-login`]: { access: 'public', why: 'signs in' },
  [`POST ${v1}/authentication/device-login`]: {
    access: 'public',
    why: 'signs in on a kitchen tablet: its device secret names the one site the session may act on',
  },
  [`POST ${v1}/authentication/refresh-token`]: { access: 'public', why: 'the refresh token is the proof' },
  [`POST ${v1}/jwt/refresh-token`]: { access: 'public', why: 'the refresh token is the proof' },
  [`POST ${v1}/authentication/logout`]: { access: 'public', why: 'the refresh token may be the proof' },
  [`POST ${v1}/authentication/forget-password`]: { access: 'public', why: 'the e-mailed link is the proof' },
  [`PUT ${v1}/authentication/reset-password`]: { access: 'public', why: 'the link token is the proof' },
  // Single sign-on (platform/directory/sso/sso.test.ts): the sign-in's own steps, and each organisation's
  // provider, which only its admins reach (sso-provider.test.ts tries another organisation's admin).
  [`POST ${v1}/authentication/sso-discover`]: {
    access: 'public',
    why: 'whether an address’s domain signs in through a provider: the domain’s answer, nothing of the person',
  },
  [`POST ${v1}/authentication/sso-start`]: { access: 'public', why: 'starts a sign-in at the provider' },
  [`GET ${v1}/authentication/sso-callback`]: {
    access: 'public',
    why: 'the provider’s answer, checked against the sign-in’s one-use state, is the proof',
  },
  [`POST ${v1}/authentication/sso-exchange`]: {
    access: 'public',
    why: 'the one-time hand-off code and the value of the tab that started the sign-in are the proof',
  },
  [`GET ${v1}/sso-provider/view-one`]: {
    access: 'signed-in',
    why: "the caller's own organisation's provider",
  },
  [`PUT ${v1}/sso-provider/update-one`]: {
    access: 'signed-in',
    why: "sets the caller's own organisation's provider",
  },
  [`DELETE ${v1}/sso-provider/delete-one`]: {
    access: 'signed-in',
    why: "removes the caller's own organisation's provider",
  },
  [`POST ${v1}/report/verify-pack`]: {
    access: 'public',
    why: 'an inspector checks a pack handed to them; an unknown file learns nothing about any organisation',
  },
  // Inspector links: the admin's calls, and the inspector's, which need no account (a link of one
  // organisation opens nothing of another's: "an inspector link", below).
  [`GET ${v1}/inspectorLink/web-app-list`]: {
    access: 'signed-in',
    why: "the caller's own organisation's links (a site admin's: those of its sites)",
  },
  [`POST ${v1}/inspectorLink/create-new-one`]: record('site', (siteID) => ({
    body: inspectorLinkForm(siteID),
  })),
  [`GET ${v1}/inspectorLink/access-list/:id`]: record('inspectorLink', (id) => ({
    url: `${v1}/inspectorLink/access-list/${id}`,
  })),
  [`PUT ${v1}/inspectorLink/revoke`]: record('inspectorLink', (id) => ({ body: { _id: id } })),
  [`GET ${v1}/inspect/:token`]: {
    access: 'public',
    why: 'an inspector link’s view: its token is the proof, and names the organisation, sites and dates it opens',
  },
  [`GET ${v1}/inspect/:token/section/:section`]: {
    access: 'public',
    why: 'a section of an inspector link’s view: only its sites and dates',
  },
  [`GET ${v1}/inspect/:token/record/:subject/:id`]: {
    access: 'public',
    why: 'a record an inspector link shows: any other, another organisation’s included, is 404',
  },
  [`GET ${v1}/inspect/:token/pack`]: {
    access: 'public',
    why: 'the pack of one of an inspector link’s sites over its dates: any other site is 404',
  },
  [`GET ${v1}/authentication/getAdminUserById`]: {
    access: 'platform',
    target: 'user',
    aim: (id) => ({ query: { id } }),
  },

  [`GET ${v1}/organization/list`]: { access: 'platform', target: 'organization', aim: () => ({}) },
  [`POST ${v1}/organization/create-new-one`]: {
    access: 'platform',
    target: 'organization',
    aim: () => ({ body: { name: 'Probe Ltd', country: 'GB', adminFirstName: 'A', adminLastName: 'B' } }),
  },
  [`PUT ${v1}/organization/update-one`]: record('organization', (id) => ({
    body: { _id: id, name: 'Renamed by an attacker', country: 'GB' },
  })),
  [`DELETE ${v1}/organization/delete-one`]: {
    access: 'platform',
    target: 'organization',
    aim: (id) => ({ query: { id } }),
  },
  [`GET ${v1}/organization/view-one`]: record('organization', (id) => ({ query: { id } })),
  [`PUT ${v1}/organization/update-note`]: record('organization', (id) => ({
    body: { _id: id, note: 'Written by an attacker' },
  })),
  [`PUT ${v1}/organization/national-figures`]: record('organization', (id) => ({
    body: {
      _id: id,
      figures: [{ logType: 'FRIDGE', kind: 'FRIDGE', atMost: 12, source: 'An attacker' }],
      reason: 'Loosened by an attacker',
    },
  })),
  [`GET ${v1}/organization/national-figures/history`]: record('organization', (id) => ({ query: { id } })),

  [`GET ${v1}/user-profile/view-me`]: { access: 'signed-in', why: "the caller's own profile" },
  [`PUT ${v1}/user-profile/update-me`]: { access: 'signed-in', why: "the caller's own profile" },
  [`PATCH ${v1}/user-profile/change-password`]: { access: 'signed-in', why: "the caller's own password" },
  [`PUT ${v1}/user-profile/set-pin`]: { access: 'signed-in', why: "the caller's own kitchen PIN" },
  [`PATCH ${v1}/user-profile/change-notification-settings`]: {
    access: 'signed-in',
    why: "the caller's own settings",
  },
  [`DELETE ${v1}/user-profile/delete-my-account`]: { access: 'signed-in', why: "the caller's own account" },

  // The notification centre acts on the caller's own notifications only; another's id is 404, and a filter
  // naming another organisation's site, area or group finds nothing (domains/alerts/alerts.test.ts and
  // grouping.test.ts try the other organisation's).
  [`GET ${v1}/notification/web-app-list`]: {
    access: 'signed-in',
    why: "the caller's own notifications; its site, area and group filters only narrow them",
  },
  [`GET ${v1}/notification/group-list`]: {
    access: 'signed-in',
    why: "the caller's own notifications, in groups",
  },
  [`PATCH ${v1}/notification/mark-read`]: { access: 'signed-in', why: "the caller's own notifications" },
  [`PATCH ${v1}/notification/mark-all-read`]: {
    access: 'signed-in',
    why: "the caller's own notifications",
  },

  // Web Push: the server's public key, and the caller's own subscriptions (push/push.test.ts).
  [`GET ${v1}/push/public-key`]: { access: 'signed-in', why: 'the same public key for everyone' },
  [`POST ${v1}/push/subscribe`]: { access: 'signed-in', why: "the caller's own browser" },
  [`POST ${v1}/push/unsubscribe`]: { access: 'signed-in', why: "the caller's own subscription" },

  [`GET ${v1}/site-panel/web-app-list`]: { access: 'signed-in', why: 'lists the sites the caller may see' },
  [`POST ${v1}/site-panel/create-new-one`]: {
    access: 'signed-in',
    why: 'creates a site in the caller’s own organisation',
  },
  [`PUT ${v1}/site-panel/update-one`]: record('site', (id) => ({
    body: { ...demoSites.manchester, name: 'Renamed by an attacker', siteAdminList: [], _id: id },
  })),
  [`PATCH ${v1}/site-panel/delete-one`]: record('site', (siteID) => ({ body: { siteID } })),
  [`GET ${v1}/site-panel/simple-list`]: { access: 'signed-in', why: 'lists the sites the caller may see' },
  [`GET ${v1}/site-panel/find-one/:id`]: record('site', (id) => ({ url: `${v1}/site-panel/find-one/${id}` })),
  [`GET ${v1}/site-panel/open-time-slot/:id`]: record('site', (id) => ({
    url: `${v1}/site-panel/open-time-slot/${id}`,
  })),
  [`POST ${v1}/site-panel/closing-time-list`]: record('site', (siteID) => ({ body: { siteID } })),
  [`POST ${v1}/site-panel/places`]: { access: 'signed-in', why: 'offline place search' },
  [`GET ${v1}/site-panel/all-sites-score-list`]: {
    access: 'signed-in',
    why: 'ranks the sites the caller may see',
  },
  [`GET ${v1}/site-panel/site-report-scoreList`]: record('site', (siteID) => ({ query: { siteID } })),
  [`GET ${v1}/site-panel/portfolio`]: {
    access: 'signed-in',
    why: 'the day of each site the caller may see (site-panel/portfolio.test.ts tries another organisation)',
  },
  [`POST ${v1}/site-panel/fetchCountry`]: { access: 'signed-in', why: 'reference data' },
  [`POST ${v1}/site-panel/fetchTimezoneData`]: { access: 'signed-in', why: 'reference data' },

  [`GET ${v1}/location/simple-list-countries`]: { access: 'signed-in', why: 'reference data' },
  [`GET ${v1}/location/web-app-list`]: { access: 'signed-in', why: 'reference data' },

  [`PUT ${v1}/common-uri/file-upload-s3`]: {
    access: 'signed-in',
    why: 'stores a file in the caller’s organisation',
  },
  [`POST ${v1}/common-uri/form-data-upload`]: {
    access: 'signed-in',
    why: 'stores files in the caller’s organisation',
  },
  [`POST ${v1}/common-uri/pre-signed-url`]: {
    access: 'signed-in',
    why: 'signs an upload into the caller’s organisation',
  },
  [`PUT ${v1}/common-uri/pre-signed-upload`]: {
    access: 'public',
    why: 'the signed ticket in the query is the proof, and it names the key and organisation',
  },
  [`GET ${v1}/common-uri/know-my-access`]: { access: 'signed-in', why: "the caller's own access" },
  [`GET ${v1}/common-uri/file/*`]: {
    access: 'public',
    why: 'a capability URL: the key holds 128 random bits (docs/decisions.md)',
  },

  ...standardCalls(`${v1}/supplier`, 'supplier', (siteID) => ({
    siteID,
    supplierName: 'Probe Supplies',
    supplierTypeIDs: [],
  })),
  [`GET ${v1}/supplierType/web-app-list`]: {
    access: 'signed-in',
    why: "the caller's organisation catalogue",
  },
  [`POST ${v1}/supplierType/create-new-one`]: {
    access: 'signed-in',
    why: "the caller's organisation catalogue",
  },
  [`PUT ${v1}/supplierType/update-one`]: record('supplierType', (id) => ({
    body: { _id: id, name: 'Renamed by an attacker' },
  })),
  [`DELETE ${v1}/supplierType/delete-one/:id`]: record('supplierType', (id) => ({
    url: `${v1}/supplierType/delete-one/${id}`,
  })),
  [`GET ${v1}/supplierType/find-one/:id`]: record('supplierType', (id) => ({
    url: `${v1}/supplierType/find-one/${id}`,
  })),
  [`GET ${v1}/supplierType/simple-list`]: { access: 'signed-in', why: "the caller's organisation catalogue" },
  [`GET ${v1}/area/web-app-list`]: { access: 'signed-in', why: "the caller's organisation's areas" },
  [`POST ${v1}/area/create-new-one`]: { access: 'signed-in', why: "the caller's organisation's areas" },
  [`PUT ${v1}/area/update-one`]: record('area', (id) => ({
    body: { _id: id, name: 'Renamed by an attacker' },
  })),
  [`DELETE ${v1}/area/delete-one/:id`]: record('area', (id) => ({ url: `${v1}/area/delete-one/${id}` })),
  [`GET ${v1}/area/find-one/:id`]: record('area', (id) => ({ url: `${v1}/area/find-one/${id}` })),
  [`GET ${v1}/area/simple-list`]: { access: 'signed-in', why: "the caller's organisation's areas" },

  ...standardCalls(`${v1}/foodItem`, 'foodItem', (siteID) => ({
    siteID,
    type: 'FOODITEM',
    name: 'Probe pie',
  })),

  ...standardCalls(
    `${v1}/masterType`,
    'masterType',
    (siteID) => ({
      siteID,
      type: 'FRIDGE',
      name: 'Probe fridge',
      temperatureItems: [{ name: 'Shelf', upperLimit: 5 }],
    }),
    'masterTypeID',
  ),
  [`GET ${v1}/masterType/find-by-siteID/:siteID`]: record('site', (siteID) => ({
    url: `${v1}/masterType/find-by-siteID/${siteID}`,
  })),

  [`GET ${v1}/masterType/history/:masterTypeID`]: record('masterType', (id) => ({
    url: `${v1}/masterType/history/${id}`,
  })),

  ...standardCalls(`${v1}/department-panel`, 'department', (siteID) => ({
    siteID,
    name: 'Probe department',
  })),
  [`GET ${v1}/department-panel/simple-list`]: record('site', (siteID) => ({ query: { siteID } })),
  [`POST ${v1}/department-panel/simple-list2`]: record('site', (siteID) => ({ body: { list: [siteID] } })),

  [`GET ${v1}/staff-people/simple-list`]: record('site', (siteID) => ({ query: { siteID } })),
  ...standardCalls(`${v1}/staff-people`, 'staffMember', (siteID) => personForm([siteID])),
  [`POST ${v1}/staff-people/simple-list2`]: record('site', (siteID) => ({ body: { list: [siteID] } })),
  [`POST ${v1}/staff-people/resendInvite`]: record('staffMember', (id) => ({ body: { _id: id } })),
  [`PATCH ${v1}/staff-people/update-status`]: record('staffMember', (id) => ({
    body: { _id: id, status: 'INACTIVE' },
  })),
  [`GET ${v1}/staff-people/download`]: record('site', (siteID) => ({ query: { siteID } })),
  [`GET ${v1}/staff-people/upload-template`]: {
    access: 'signed-in',
    why: 'the header row, and the names of the sites the caller may add people to',
  },
  [`GET ${v1}/template-panel/web-app-list`]: {
    access: 'signed-in',
    why: "the caller's organisation catalogue",
  },
  [`POST ${v1}/template-panel/create-new-one`]: {
    access: 'signed-in',
    why: "the caller's organisation catalogue",
  },
  [`PUT ${v1}/template-panel/update-one`]: record('template', (id) => ({
    body: { _id: id, name: 'Renamed by an attacker', checkListItems: [{ text: 'Probe line' }] },
  })),
  [`DELETE ${v1}/template-panel/delete-one/:id`]: record('template', (id) => ({
    url: `${v1}/template-panel/delete-one/${id}`,
  })),
  [`GET ${v1}/template-panel/find-one/:id`]: record('template', (id) => ({
    url: `${v1}/template-panel/find-one/${id}`,
  })),
  [`GET ${v1}/template-panel/simple-list`]: {
    access: 'signed-in',
    why: "the caller's organisation catalogue",
  },

  [`GET ${v1}/pre-defined-template/simple-list`]: {
    access: 'signed-in',
    why: 'the platform library, shared by every organisation',
  },
  [`GET ${v1}/pre-defined-template/find-one/:id`]: {
    access: 'signed-in',
    why: 'a library template belongs to no organisation',
  },
  [`POST ${v1}/pre-defined-template/import-one`]: {
    access: 'signed-in',
    why: "copies a library template into the caller's own organisation",
  },

  [`GET ${v1}/task-category/web-app-list`]: record('site', (siteID) => ({ query: { siteID } })),
  [`POST ${v1}/task-category/create-new-one`]: record('site', (siteID) => ({
    body: { name: 'Probe category', siteID: [siteID] },
  })),
  [`PUT ${v1}/task-category/update-one`]: record('taskCategory', (id) => ({
    body: { _id: id, name: 'Renamed by an attacker', siteID: [fixtures.brighton] },
  })),
  [`DELETE ${v1}/task-category/delete-one/:id`]: record('taskCategory', (id) => ({
    url: `${v1}/task-category/delete-one/${id}`,
  })),
  [`GET ${v1}/task-category/find-one/:id`]: record('taskCategory', (id) => ({
    url: `${v1}/task-category/find-one/${id}`,
  })),
  [`GET ${v1}/task-category/simple-list`]: record('site', (siteID) => ({ query: { siteID } })),
  [`POST ${v1}/task-category/simple-list2`]: record('site', (siteID) => ({ body: { list: [siteID] } })),

  [`POST ${v1}/master-task/create-new-one`]: record('site', (siteID) => ({ body: probeTask(siteID) })),
  [`PUT ${v1}/master-task/update-one`]: record('masterTask', (id) => ({
    body: { ...probeTask(fixtures.brighton), _id: id },
  })),
  [`GET ${v1}/master-task/find-one/:id`]: record('masterTask', (id) => ({
    url: `${v1}/master-task/find-one/${id}`,
  })),
  [`GET ${v1}/master-task/simple-list`]: record('site', (siteID) => ({ query: { siteID } })),
  [`DELETE ${v1}/master-task/delete-one`]: record('masterTask', (id) => ({
    query: { masterTaskID: id, date: '2099-01-01' },
  })),
  [`GET ${v1}/master-task/web-app-list`]: record('site', (siteID) => ({
    query: { siteID, taskListDate: probeDay },
  })),
  [`GET ${v1}/master-task/view-task`]: record('occurrence', (id) => ({ query: taskRef(id) })),
  [`PUT ${v1}/individual-task/check-list-item-status-change`]: record('occurrence', (id) => ({
    body: { ...taskRef(id), checkListID: fixtures.probeLine || id, status: 'COMPLETED' },
  })),
  [`PUT ${v1}/individual-task/task-status-complete`]: record('occurrence', (id) => ({
    body: { ...taskRef(id), status: 'REPORTED' },
  })),
  [`PUT ${v1}/individual-task/cancel-follow-up`]: record('occurrence', (id) => ({
    body: { ...taskRef(id), reason: 'Cancelled by an attacker' },
  })),
  [`POST ${v1}/comment-task/create-new-one`]: record('occurrence', (id) =>
    multipart({ ...taskRef(id), comment: 'Written by an attacker' }),
  ),
  [`GET ${v1}/comment-task/comments-listing`]: record('occurrence', (id) => ({ query: taskRef(id) })),
  [`DELETE ${v1}/comment-task/remove-comments`]: record('comment', (id) => ({ body: { _id: id } })),
  [`GET ${v1}/task-dashboard/site`]: record('site', (siteID) => ({ query: { siteID } })),

  [`GET ${v1}/task-new-version/my-tasks`]: record('site', (siteID) => ({
    query: { siteID, date: probeDay },
  })),
  [`GET ${v1}/task-new-version/today`]: record('site', (siteID) => ({ query: { siteID } })),
  [`GET ${v1}/task-new-version/view-task`]: record('occurrence', (id) => ({ query: taskRef(id) })),
  [`PUT ${v1}/task-new-version/check-list-item-status-change`]: record('occurrence', (id) => ({
    body: {
      ...taskRef(id),
      checkListID: fixtures.probeLine || id,
      status: 'COMPLETED',
      changedAt: `${probeDay}T09:00:00Z`,
    },
  })),
  [`POST ${v1}/task-new-version/comment`]: record('occurrence', (id) =>
    multipart({ ...taskRef(id), comment: 'Written by an attacker' }),
  ),
  [`PUT ${v1}/task-new-version/complete`]: record('occurrence', (id) => ({
    body: { ...taskRef(id), completedAt: `${probeDay}T09:00:00Z` },
  })),

  [`POST ${v1}/staff-people/get-tasks-for-assign`]: record('site', (siteID) => ({
    body: { siteID, userID: fixtures.assignee || siteID },
  })),
  [`POST ${v1}/staff-people/bulk-assign`]: record('masterTask', (id) => ({
    body: { assigneeID: fixtures.assignee || id, tasks: [id] },
  })),
  [`POST ${v1}/staff-people/upload`]: {
    access: 'signed-in',
    why: 'creates people in the caller’s organisation; each row’s sites pass the site gate (import tests)',
  },
  [`GET ${v1}/temperature-logs/web-app-list-for-web`]: record('site', (siteID) => ({ query: { siteID } })),
  [`GET ${v1}/temperature-logs/export-web-app-list-for-web`]: record('site', (siteID) => ({
    query: { siteID, downloadFileType: 'EXCEL' },
  })),
  [`POST ${v1}/temperature-logs/create-new-one`]: record('site', (siteID) => ({
    body: {
      siteID,
      foodItemID: manchesterIds.foodItem,
      logType: 'HOT_WATER',
      celsius: 55,
      readAt: `${probeDay}T09:00:00Z`,
    },
  })),
  [`PUT ${v1}/temperature-logs/update-one`]: record('temperatureLog', (id) => ({
    body: { _id: id, celsius: 56, reason: 'Changed by an attacker' },
  })),
  [`DELETE ${v1}/temperature-logs/delete-one/:id`]: record('temperatureLog', (id) => ({
    url: `${v1}/temperature-logs/delete-one/${id}`,
    body: { reason: 'Deleted by an attacker' },
  })),
  [`GET ${v1}/temperature-logs/find-one/:id`]: record('temperatureLog', (id) => ({
    url: `${v1}/temperature-logs/find-one/${id}`,
  })),
  [`GET ${v1}/temperature-logs/log-history-list/:id`]: record('temperatureLog', (id) => ({
    url: `${v1}/temperature-logs/log-history-list/${id}`,
  })),
  [`GET ${v1}/temperature-logs/item-list`]: record('site', (siteID) => ({ query: { siteID } })),
  [`GET ${v1}/temperature-logs/chart`]: record('site', (siteID) => ({
    query: { siteID, itemID: manchesterIds.foodItem },
  })),
  [`GET ${v1}/comlianceLog/web-app-list-for-web`]: record('site', (siteID) => ({ query: { siteID } })),
  [`GET ${v1}/comlianceLog/find-one/:id`]: record('complianceLog', (id) => ({
    url: `${v1}/comlianceLog/find-one/${id}`,
  })),
  [`GET ${v1}/comlianceLog/log-history-list/:id`]: record('complianceLog', (id) => ({
    url: `${v1}/comlianceLog/log-history-list/${id}`,
  })),
  [`PUT ${v1}/comlianceLog/update-one`]: record('complianceLog', (id) => ({
    body: { _id: id, status: 'COMPLETED', reviewNote: 'Reviewed by an attacker' },
  })),
  [`GET ${v1}/comlianceLog/template-list`]: record('site', (siteID) => ({ query: { siteID } })),
  [`POST ${v1}/comlianceLog/create-new-one`]: record('site', (siteID) => ({
    body: complianceLogForm(siteID),
  })),
  [`GET ${v1}/nearMiss/web-app-list`]: record('site', (siteID) => ({ query: { siteID } })),
  [`GET ${v1}/nearMiss/find-one/:id`]: record('nearMiss', (id) => ({ url: `${v1}/nearMiss/find-one/${id}` })),
  [`GET ${v1}/nearMiss/log-history-list/:id`]: record('nearMiss', (id) => ({
    url: `${v1}/nearMiss/log-history-list/${id}`,
  })),
  [`GET ${v1}/nearMiss/follow-up-owner-list/:id`]: record('nearMiss', (id) => ({
    url: `${v1}/nearMiss/follow-up-owner-list/${id}`,
  })),
  [`PUT ${v1}/nearMiss/update-one`]: record('nearMiss', (id) => ({ body: { _id: id, status: 'PENDING' } })),
  [`POST ${v1}/nearMiss/create-new-one`]: record('site', (siteID) => multipart(nearMissForm(siteID))),
  [`GET ${v1}/correctiveAction/web-app-list`]: record('site', (siteID) => ({ query: { siteID } })),
  [`GET ${v1}/correctiveAction/find-one/:id`]: record('correctiveAction', (id) => ({
    url: `${v1}/correctiveAction/find-one/${id}`,
  })),
  [`GET ${v1}/correctiveAction/log-history-list/:id`]: record('correctiveAction', (id) => ({
    url: `${v1}/correctiveAction/log-history-list/${id}`,
  })),
  [`GET ${v1}/correctiveAction/record-list`]: record('temperatureLog', (recordID) => ({
    query: { subject: 'TemperatureLog', recordID },
  })),
  [`GET ${v1}/correctiveAction/counts`]: record('site', (siteID) => ({ query: { siteID } })),
  [`PUT ${v1}/correctiveAction/record-action`]: record('correctiveAction', (id) => ({
    body: { _id: id, actionTaken: 'Recorded by an attacker', foodDiscarded: false },
  })),
  // A wrong password: refused for whose action it is alone, before any password is tried.
  [`PUT ${v1}/correctiveAction/verify`]: record('correctiveAction', (id) => ({
    body: { _id: id, password: 'not-the-password' },
  })),
  [`PUT ${v1}/correctiveAction/reopen`]: record('correctiveAction', (id) => ({
    body: { _id: id, reason: 'Reopened by an attacker' },
  })),
  [`GET ${v1}/correctiveAction/standard-action-list`]: {
    access: 'signed-in',
    why: "the caller's own organisation's standard actions",
  },
  [`PUT ${v1}/correctiveAction/standard-actions`]: {
    access: 'signed-in',
    why: "replaces a list of the caller's own organisation",
  },
  [`GET ${v1}/document/web-app-list`]: record('site', (siteID) => ({ query: { siteID } })),
  [`GET ${v1}/document/expiring-count`]: record('site', (siteID) => ({ query: { siteID } })),
  [`POST ${v1}/document/create-new-one`]: record('site', (siteID) =>
    multipart({ siteID, name: 'Probe document', category: 'OTHER' }),
  ),
  [`PUT ${v1}/document/update-one`]: record('document', (id) =>
    multipart({ _id: id, name: 'Renamed by an attacker' }),
  ),
  [`DELETE ${v1}/document/delete-one/:id`]: record('document', (id) => ({
    url: `${v1}/document/delete-one/${id}`,
  })),
  [`GET ${v1}/document/find-one/:id`]: record('document', (id) => ({ url: `${v1}/document/find-one/${id}` })),
  [`GET ${v1}/document/log-history-list/:id`]: record('document', (id) => ({
    url: `${v1}/document/log-history-list/${id}`,
  })),
  [`GET ${v1}/record-history/check`]: record('site', (siteID) => ({ query: { siteID } })),
  ...standardCalls(`${v1}/sensor`, 'sensor', (siteID) => ({
    siteID,
    name: 'Probe sensor',
    foodItemID: '01890000-0000-7000-8000-000000000000',
  })),
  [`PUT ${v1}/sensor/rotate-key/:id`]: record('sensor', (id) => ({ url: `${v1}/sensor/rotate-key/${id}` })),
  [`PUT ${v1}/sensor/revoke-key/:id`]: record('sensor', (id) => ({ url: `${v1}/sensor/revoke-key/${id}` })),
  [`POST ${v1}/sensor/ingest`]: {
    access: 'public',
    why: 'a sensor posts its readings: its device key in X-Sensor-Key is the proof, and names the sensor',
  },
  [`POST ${v1}/sensor/api-key-ingest`]: record('sensor', (sensorID) => ({
    body: { sensorID, readings: [{ sequence: 1, readAt: `${probeDay}T09:00:00Z`, celsius: 4 }] },
  })),
  [`GET ${v1}/kitchen-device/web-app-list`]: record('site', (siteID) => ({ query: { siteID } })),
  [`POST ${v1}/kitchen-device/create-new-one`]: record('site', (siteID) => ({
    body: { siteID, name: 'Probe tablet' },
  })),
  [`PUT ${v1}/kitchen-device/update-one/:id`]: record('device', (id) => ({
    url: `${v1}/kitchen-device/update-one/${id}`,
    body: { name: 'Renamed by an attacker' },
  })),
  [`POST ${v1}/kitchen-device/new-code/:id`]: record('device', (id) => ({
    url: `${v1}/kitchen-device/new-code/${id}`,
  })),
  [`PUT ${v1}/kitchen-device/revoke/:id`]: record('device', (id) => ({
    url: `${v1}/kitchen-device/revoke/${id}`,
  })),
  [`POST ${v1}/kitchen-device/enrol`]: {
    access: 'public',
    why: 'a tablet enrols: the one-time code from the console is the proof, and names the device',
  },
  [`GET ${v1}/kitchen-device/people`]: {
    access: 'public',
    why: 'a tablet lists its site’s staff: its device secret in X-Device-Token is the proof, and names the site',
  },
  [`GET ${v1}/report/inspection-pack/preview`]: record('site', (siteID) => ({ query: { siteID } })),
  [`GET ${v1}/report/inspection-pack/download`]: record('site', (siteID) => ({
    query: { siteID, format: 'PDF' },
  })),
  [`GET ${v1}/siteReview/web-app-list`]: record('site', (siteID) => ({ query: { siteID } })),
  [`GET ${v1}/siteReview/find-one/:id`]: record('review', (id) => ({
    url: `${v1}/siteReview/find-one/${id}`,
  })),
  [`GET ${v1}/siteReview/current`]: record('site', (siteID) => ({ query: { siteID } })),
  [`PUT ${v1}/siteReview/update-one`]: record('review', (id) => ({
    body: { _id: id, notes: 'Written by an attacker' },
  })),
  // The caller's right password: refused for whose review it is alone, before the password is tried.
  [`PUT ${v1}/siteReview/sign`]: record('review', (id) => ({ body: { _id: id, password: demoPassword } })),

  [`GET ${v1}/webhook/web-app-list`]: {
    access: 'signed-in',
    why: "the caller's own organisation's webhooks",
  },
  [`POST ${v1}/webhook/create-new-one`]: {
    access: 'signed-in',
    why: "adds a webhook to the caller's own organisation",
  },
  [`PUT ${v1}/webhook/update-one`]: record('webhook', (id) => ({
    body: { _id: id, ...probeWebhook('Renamed by an attacker') },
  })),
  [`DELETE ${v1}/webhook/delete-one/:id`]: record('webhook', (id) => ({
    url: `${v1}/webhook/delete-one/${id}`,
  })),
  [`GET ${v1}/webhook/find-one/:id`]: record('webhook', (id) => ({ url: `${v1}/webhook/find-one/${id}` })),
  [`POST ${v1}/webhook/send-test`]: record('webhook', (webhookID) => ({ query: { webhookID } })),
  [`POST ${v1}/webhook/rotate-secret`]: record('webhook', (webhookID) => ({ query: { webhookID } })),
  [`GET ${v1}/webhook/delivery-list`]: record('webhook', (webhookID) => ({ query: { webhookID } })),

  // Provisioning from the company's directory: the console's calls for its tokens and group mappings, and
  // the directory's own SCIM calls, whose bearer token names the organisation (another's ids are 404 and a
  // missing, revoked or expired token 401: platform/directory/scim/tokens.test.ts).
  [`GET ${v1}/scim-token/web-app-list`]: {
    access: 'signed-in',
    why: "the caller's own organisation's tokens",
  },
  [`GET ${v1}/scim-token/connection`]: {
    access: 'signed-in',
    why: "the caller's own organisation's SCIM address",
  },
  [`POST ${v1}/scim-token/create-new-one`]: {
    access: 'signed-in',
    why: "adds a token to the caller's own organisation",
  },
  [`PUT ${v1}/scim-token/revoke`]: record('scimToken', (id) => ({ body: { _id: id } })),
  // Integrators' API keys: the console's calls; a key's own calls are tried below ("an API key").
  [`GET ${v1}/api-key/web-app-list`]: { access: 'signed-in', why: "the caller's own organisation's keys" },
  [`POST ${v1}/api-key/create-new-one`]: {
    access: 'signed-in',
    why: "adds a key to the caller's own organisation; another organisation's site is refused as not its own (400)",
  },
  [`GET ${v1}/api-key/find-one/:id`]: record('apiKey', (id) => ({ url: `${v1}/api-key/find-one/${id}` })),
  [`PUT ${v1}/api-key/revoke`]: record('apiKey', (id) => ({ body: { _id: id } })),
  // Custom roles and the remotes' subjects' defaults: the organisation admins' calls; the caller's rules.
  [`GET ${v1}/role/web-app-list`]: { access: 'signed-in', why: "the caller's own organisation's roles" },
  [`POST ${v1}/role/create-new-one`]: {
    access: 'signed-in',
    why: "adds a role to the caller's own organisation",
  },
  [`PUT ${v1}/role/update-one`]: record('role', (id) => ({
    body: { _id: id, name: 'Renamed by an attacker', grants: [{ subject: 'Task', actions: ['read'] }] },
  })),
  [`DELETE ${v1}/role/delete-one/:id`]: record('role', (id) => ({ url: `${v1}/role/delete-one/${id}` })),
  [`GET ${v1}/role/find-one/:id`]: record('role', (id) => ({ url: `${v1}/role/find-one/${id}` })),
  [`GET ${v1}/role/member-list/:id`]: record('role', (id) => ({ url: `${v1}/role/member-list/${id}` })),
  // Given to the organisation's own site admin: refused for whose role it is alone.
  [`PUT ${v1}/role/assign`]: record('role', (id) => ({
    body: { userID: fixtures.assignee || id, roleID: id },
  })),
  [`GET ${v1}/role/subject-list`]: {
    access: 'signed-in',
    why: "what a role may hold, and the caller's own organisation's defaults",
  },
  [`PUT ${v1}/role/subject-defaults`]: {
    access: 'signed-in',
    why: "the caller's own organisation's defaults for a remote's subject",
  },
  [`DELETE ${v1}/role/subject-defaults/:subject`]: {
    access: 'signed-in',
    why: "the caller's own organisation's defaults for a remote's subject",
  },
  [`GET ${v1}/auth/rules`]: { access: 'signed-in', why: "the caller's own rules" },
  [`GET ${v1}/scim-group/web-app-list`]: {
    access: 'signed-in',
    why: "the caller's own organisation's groups",
  },
  [`PUT ${v1}/scim-group/update-one`]: record('scimGroup', (id) => ({
    body: { _id: id, role: 'STAFF', siteIDs: [fixtures.brighton] },
  })),
  [`GET ${v1}/scim-group/find-one/:id`]: record('scimGroup', (id) => ({
    url: `${v1}/scim-group/find-one/${id}`,
  })),
  ...Object.fromEntries(
    [
      'GET /ServiceProviderConfig',
      'GET /ResourceTypes',
      'GET /ResourceTypes/:id',
      'GET /Schemas',
      'GET /Schemas/:id',
      'GET /Users',
      'POST /Users',
      'GET /Users/:id',
      'PUT /Users/:id',
      'PATCH /Users/:id',
      'DELETE /Users/:id',
      'GET /Groups',
      'POST /Groups',
      'GET /Groups/:id',
      'PUT /Groups/:id',
      'PATCH /Groups/:id',
      'DELETE /Groups/:id',
    ].map((call): [string, Probe] => [
      call.replace(' /', ' /scim/v2/'),
      {
        access: 'public',
        why: "the directory's SCIM token is the proof, and names the organisation it acts in",
      },
    ]),
  ),
};

let ctx: TestContext;
let orgAdmin: string;
let siteAdmin: string;
let otherAdmin: string;
/** Aisha, staff at Brighton, signed in on the mobile app. */
let staff: string;
/** The token a probe of `route` is sent with in place of an admin's: the mobile app's own calls take staff. */
const as = (route: string, admin: string) => (mobileOnly(route) ? staff : admin);
/** Ids of one record of each target: in the other organisation, and on Manchester (not the site admin's). */
type Extra = 'line' | 'logTemplate' | 'logTemplateLine';
const otherIds = {} as Record<Target | 'user' | Extra, string>;
const manchesterIds = {} as Record<Target | Extra, string>;
/** Aisha's site's own: a site, a reading's item and an occurrence of the probe task, for the staff calls. */
const brightonIds = {} as Record<'site' | 'foodItem' | 'occurrence' | 'line' | 'correctiveAction', string>;

type Created = { data: { _id: string } };

/** A device's time of a record the suite makes before the probe day: a few minutes before the clock's. */
const minutesAgo = (minutes: number) => new Date(ctx.clock.now().getTime() - minutes * 60_000).toISOString();

async function create(token: string, url: string, body: unknown): Promise<string> {
  const reply = await ctx.inject<Created>('POST', `${v1}/${url}/create-new-one`, { token, body });
  if (reply.statusCode !== 200) throw new Error(`creating ${url}: ${reply.statusCode} ${reply.raw}`);
  return reply.json.data._id;
}

/** One record of every target on a site of an organisation, created as that organisation's admin. */
async function recordsOn(token: string, siteID: string) {
  const supplierType = await create(token, 'supplierType', { name: `Fish ${siteID.slice(-6)}` });
  return {
    site: siteID,
    area: await create(token, 'area', { name: `Area ${siteID.slice(-6)}` }),
    supplierType,
    supplier: await create(token, 'supplier', {
      siteID,
      supplierName: 'Tenant Fish',
      supplierTypeIDs: [supplierType],
    }),
    ...(await readingsOn(token, siteID)),
    masterType: await create(token, 'masterType', {
      siteID,
      type: 'FREEZER',
      name: 'Tenant freezer',
      temperatureItems: [{ name: 'Main', upperLimit: -18 }],
    }),
    department: await create(token, 'department-panel', { siteID, name: 'Tenant kitchen' }),
    staffMember: await create(token, 'staff-people', personForm([siteID])),
    template: await create(token, 'template-panel', {
      name: `Checks ${siteID.slice(-6)}`,
      checkListItems: [{ text: 'Probe line' }],
    }),
    taskCategory: await create(token, 'task-category', {
      name: `Category ${siteID.slice(-6)}`,
      siteID: [siteID],
    }),
    ...(await tasksOn(token, siteID)),
    ...(await logsOn(token, siteID)),
    webhook: await create(token, 'webhook', probeWebhook(`Webhook ${siteID.slice(-6)}`)),
    review: await reviewOn(token, siteID),
    ...(await directoryOf(token)),
  };
}

/**
 * A SCIM token of the organisation, made in the console, a directory group its directory made, an API key
 * and a custom role.
 */
async function directoryOf(token: string) {
  const made = await ctx.inject<{ data: { scimToken: { _id: string }; token: string } }>(
    'POST',
    `${v1}/scim-token/create-new-one`,
    { token, body: { name: 'Probe directory' } },
  );
  if (made.statusCode !== 200) throw new Error(`a SCIM token: ${made.raw}`);
  const group = await ctx.inject<{ id: string }>('POST', '/scim/v2/Groups', {
    headers: { authorization: `Bearer ${made.json.data.token}` },
    body: { displayName: `Probe group ${newId().slice(-6)}` },
  });
  if (group.statusCode !== 201) throw new Error(`a directory group: ${group.raw}`);
  const key = await ctx.inject<{ data: ApiKeyCreated }>('POST', `${v1}/api-key/create-new-one`, {
    token,
    body: { name: 'Probe integration', scopes: ['sites:read'] },
  });
  if (key.statusCode !== 200) throw new Error(`an API key: ${key.raw}`);
  return {
    scimToken: made.json.data.scimToken._id,
    scimGroup: group.json.id,
    apiKey: key.json.data.apiKey._id,
    role: await create(token, 'role', {
      name: `Probe role ${newId().slice(-6)}`,
      grants: [{ subject: 'Task', actions: ['read'] }],
    }),
  };
}

/** A corrective action on the site, opened as a deviation's own transaction opens one. */
async function actionOn(orgId: string, siteId: string): Promise<string> {
  const opened = await ctx.db.transaction((tx) =>
    openCorrectiveAction(
      tx,
      {
        orgId,
        siteId,
        kind: 'NEAR_MISS',
        checkType: 'NEAR_MISS',
        source: { subject: 'NearMiss', recordId: newId() },
        dedupeKey: `PROBE:${siteId}`,
        deviation: 'A probe’s deviation',
        occurredAt: ctx.clock.now(),
        actor: { id: null, name: 'Console' },
      },
      ctx.clock.now(),
    ),
  );
  if (!opened) throw new Error(`no corrective action on ${siteId}`);
  return opened.id;
}

/** The site's review of the four weeks running, made by reading it. */
async function reviewOn(token: string, siteID: string): Promise<string> {
  const reply = await ctx.inject<Created>('GET', `${v1}/siteReview/current`, { token, query: { siteID } });
  if (reply.statusCode !== 200) throw new Error(`the site's review: ${reply.raw}`);
  return reply.json.data._id;
}

/** A probe on the site and a reading of it, a sensor on the probe and a kitchen tablet. */
async function readingsOn(token: string, siteID: string) {
  const foodItem = await create(token, 'foodItem', { siteID, type: 'PROB', name: 'Tenant probe' });
  const temperatureLog = await create(token, 'temperature-logs', {
    siteID,
    foodItemID: foodItem,
    logType: 'HOT_WATER',
    celsius: 55,
    readAt: ctx.clock.now().toISOString(),
  });
  const sensor = await create(token, 'sensor', { siteID, name: 'Tenant sensor', foodItemID: foodItem });
  const device = await create(token, 'kitchen-device', { siteID, name: 'Tenant tablet' });
  return { foodItem, temperatureLog, sensor, device };
}

/** A typed template, a compliance log from it, a near miss and a document, on the site. */
async function logsOn(token: string, siteID: string) {
  const template = await ctx.inject<{ data: { _id: string; checkListItems: { _id: string }[] } }>(
    'POST',
    `${v1}/template-panel/create-new-one`,
    {
      token,
      body: {
        name: `Fridge checks ${siteID.slice(-6)}`,
        type: 'FRIDGE',
        checkListItems: [{ text: 'Probe line' }],
      },
    },
  );
  const logTemplate = template.json.data._id;
  const logTemplateLine = template.json.data.checkListItems[0]?._id ?? '';
  const complianceLog = await create(token, 'comlianceLog', {
    siteID,
    templateID: logTemplate,
    answers: [{ _id: logTemplateLine, answer: 'YES' }],
    submittedAt: minutesAgo(1),
  });
  const report = await ctx.inject<Created>('POST', `${v1}/nearMiss/create-new-one`, {
    token,
    ...multipart(nearMissForm(siteID, minutesAgo(10), minutesAgo(5))),
  });
  if (report.statusCode !== 200) throw new Error(`reporting: ${report.raw}`);
  const { body, contentType } = await multipartBody([
    { field: 'siteID', text: siteID },
    { field: 'name', text: 'Tenant licence' },
    { field: 'category', text: 'LICENCE' },
    { field: 'files', file: { bytes: Buffer.from('Licence text'), type: 'text/plain', name: 'licence.txt' } },
  ]);
  const document = await ctx.inject<Created>('POST', `${v1}/document/create-new-one`, {
    token,
    headers: { 'content-type': contentType },
    body,
  });
  if (document.statusCode !== 200) throw new Error(`filing a document: ${document.raw}`);
  return {
    complianceLog,
    nearMiss: report.json.data._id,
    document: document.json.data._id,
    logTemplate,
    logTemplateLine,
  };
}

/** A master task on the site, its occurrence of the probe day, and a comment on that occurrence. */
async function tasksOn(token: string, siteID: string) {
  const masterTask = await create(token, 'master-task', probeTask(siteID));
  const day = await ctx.inject<{
    data: { list: { _id: string; masterTaskID: string; itemCheckList: { _id: string }[] }[] };
  }>('GET', `${v1}/master-task/web-app-list`, { token, query: { siteID, taskListDate: probeDay } });
  const occurrence = day.json.data.list.find((task) => task.masterTaskID === masterTask);
  if (!occurrence) throw new Error(`no occurrence of the probe task: ${day.raw}`);
  const ids = `${masterTask}:${occurrence._id}`;
  const comment = await ctx.inject<Created>('POST', `${v1}/comment-task/create-new-one`, {
    token,
    ...multipart({ ...taskRef(ids), comment: 'A tenant’s note' }),
  });
  if (comment.statusCode !== 200) throw new Error(`commenting: ${comment.raw}`);
  return {
    masterTask,
    occurrence: ids,
    comment: comment.json.data._id,
    line: occurrence.itemCheckList[0]?._id ?? '',
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  fixtures.brighton = ctx.demo.sites.brighton.id;
  // The Brighton site admin: a person of the organisation who works at Brighton.
  fixtures.assignee = ctx.demo.siteAdmin.id;
  [orgAdmin, siteAdmin, otherAdmin, staff] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(demoLogins.siteAdmin),
    ctx.login('owner@other.example'),
    mobileLogin(ctx, 'aisha.khan@harbourvine.example'),
  ]);
  Object.assign(otherIds, await recordsOn(otherAdmin, ctx.other.site.id), {
    organization: ctx.other.organization.id,
    user: ctx.other.organizationAdmin.id,
    correctiveAction: await actionOn(ctx.other.organization.id, ctx.other.site.id),
  });
  Object.assign(manchesterIds, await recordsOn(orgAdmin, ctx.demo.sites.manchester.id), {
    organization: ctx.demo.organization.id,
    correctiveAction: await actionOn(ctx.demo.organization.id, ctx.demo.sites.manchester.id),
  });
  const brighton = ctx.demo.sites.brighton.id;
  const brightonTask = await tasksOn(orgAdmin, brighton);
  Object.assign(brightonIds, {
    site: brighton,
    foodItem: (await readingsOn(orgAdmin, brighton)).foodItem,
    occurrence: brightonTask.occurrence,
    line: brightonTask.line,
    correctiveAction: await actionOn(ctx.demo.organization.id, brighton),
  });
  // A line id that exists, so the checklist probe is refused for whose task it is and nothing else.
  fixtures.probeLine = manchesterIds.line;
  fixtures.logTemplate = manchesterIds.logTemplate;
  fixtures.logTemplateLine = manchesterIds.logTemplateLine;
  // Noon of the probe day: the tokens of two days before have expired, so everyone signs in again.
  ctx.clock.set(`${probeDay}T12:00:00Z`);
  [orgAdmin, siteAdmin, otherAdmin, staff] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(demoLogins.siteAdmin),
    ctx.login('owner@other.example'),
    mobileLogin(ctx, 'aisha.khan@harbourvine.example'),
  ]);
});
afterAll(() => ctx.close());

/** Where a target's find-one lives, to check a refused call left the record as it was. */
const recordRoots: Partial<Record<Target, string>> = {
  site: 'site-panel',
  area: 'area',
  supplier: 'supplier',
  supplierType: 'supplierType',
  foodItem: 'foodItem',
  masterType: 'masterType',
  department: 'department-panel',
  staffMember: 'staff-people',
  template: 'template-panel',
  taskCategory: 'task-category',
  masterTask: 'master-task',
  temperatureLog: 'temperature-logs',
  complianceLog: 'comlianceLog',
  nearMiss: 'nearMiss',
  document: 'document',
  webhook: 'webhook',
  sensor: 'sensor',
  review: 'siteReview',
  correctiveAction: 'correctiveAction',
  scimGroup: 'scim-group',
  apiKey: 'api-key',
  role: 'role',
};

const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

function send(method: string, route: string, aimed: Aimed, token?: string) {
  const options: InjectOptions = { query: aimed.query, body: aimed.body, headers: aimed.headers };
  if (token) options.token = token;
  return ctx.inject(method, aimed.url ?? route, options);
}

test('every registered route is declared in this suite, and every declaration is a registered route', () => {
  const registered = ctx.app.registeredRoutes.filter((route) => route.method !== 'HEAD').map(key);
  expect(registered.filter((route) => !(route in probes))).toEqual([]);
  expect(Object.keys(probes).filter((route) => !registered.includes(route))).toEqual([]);
});

const declared = Object.entries(probes).map(([route, probe]) => {
  const [method = '', url = ''] = route.split(' ');
  return { route, method, url, probe };
});
const signedInRoutes = declared.filter(({ probe }) => probe.access !== 'public');
const recordRoutes = declared.flatMap(({ route, method, url, probe }) =>
  probe.access === 'record' ? [{ route, method, url, probe }] : [],
);

describe('without a token', () => {
  test.each(signedInRoutes)('$route answers 401 before it looks at the request', async ({ method, url }) => {
    // A body and query that fail validation: authentication must come first, so nothing about the
    // request's shape is revealed to a caller who is not signed in.
    const reply = await ctx.inject(method, url.replace(/:[A-Za-z]+|\*/g, 'not-an-id'), {
      query: { siteID: 'not-an-id', id: 'not-an-id' },
      ...(method === 'GET' || method === 'DELETE' ? {} : { body: { _id: 42, siteID: 42 } }),
    });
    expect(reply.statusCode).toBe(401);
  });
});

describe('a malformed id', () => {
  test.each(recordRoutes)('$route answers 400', async ({ route, method, url, probe }) => {
    const reply = await send(method, url, probe.aim('not-an-id'), as(route, orgAdmin));
    expect(reply.statusCode).toBe(400);
  });
});

describe("another organisation's id", () => {
  test.each(recordRoutes)(
    '$route answers 404, exactly like a missing id',
    async ({ route, method, url, probe }) => {
      const foreign = await send(method, url, probe.aim(otherIds[probe.target]), as(route, orgAdmin));
      expect(foreign.statusCode).toBe(404);
      // And the other tenant's record is untouched: its own admin still reads it.
      const root = recordRoots[probe.target];
      if (root) {
        const still = await ctx.inject('GET', `${v1}/${root}/find-one/${otherIds[probe.target]}`, {
          token: otherAdmin,
        });
        expect(still.statusCode).toBe(200);
      }
    },
  );
});

describe('a site admin on a site it does not administer (staff on the mobile app’s own calls)', () => {
  const onSites = recordRoutes.filter(({ probe }) => siteScoped.has(probe.target));
  test.each(onSites)('$route answers 403', async ({ route, method, url, probe }) => {
    const reply = await send(method, url, probe.aim(manchesterIds[probe.target]), as(route, siteAdmin));
    expect(reply.statusCode).toBe(403);
  });
});

describe('platform-only calls', () => {
  const platform = declared.filter(({ probe }) => probe.access === 'platform');
  test.each(platform)('$route refuses an organisation admin with 403', async ({ method, url, probe }) => {
    if (probe.access !== 'platform') throw new Error('unreachable');
    const reply = await send(method, url, probe.aim(otherIds[probe.target]), orgAdmin);
    expect(reply.statusCode).toBe(403);
  });
});

describe('a staff token from the mobile app', () => {
  test('the staff calls are signed-in routes of this suite, and the guard lists the same ones', () => {
    for (const route of Object.keys(staffCalls)) {
      if (route === `POST ${v1}/authentication/logout`) continue; // public: a refresh token may be the proof
      expect([route, probes[route]?.access ?? 'undeclared']).not.toEqual([route, 'public']);
      expect(route in probes).toBe(true);
    }
    const guard = Object.fromEntries(
      Object.entries(staffCallsOfTheGuard).map(([call, who]) => [
        `${call.split(' ')[0]} ${v1}${call.split(' ')[1]}`,
        who,
      ]),
    );
    expect(guard).toEqual(staffCalls);
  });

  const consoleRoutes = signedInRoutes.filter(({ route }) => !(route in staffCalls));
  test.each(consoleRoutes)('$route answers 403 before it looks at the request', async ({ method, url }) => {
    // The same unreadable request as without a token: the refusal comes before validation or any read.
    const reply = await ctx.inject(method, url.replace(/:[A-Za-z]+|\*/g, 'not-an-id'), {
      token: staff,
      query: { siteID: 'not-an-id', id: 'not-an-id' },
      ...(method === 'GET' || method === 'DELETE' ? {} : { body: { _id: 42, siteID: 42 } }),
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json.message).toBe(refusedOnMobile);
  });

  test.each(consoleRoutes.filter(({ probe }) => probe.access === 'record'))(
    '$route answers 403 aimed at the staff member’s own site, as the console would send it',
    async ({ method, url, probe }) => {
      if (probe.access !== 'record') throw new Error('unreachable');
      const own = brightonIds[probe.target as keyof typeof brightonIds] ?? manchesterIds[probe.target];
      const reply = await send(method, url, probe.aim(own), staff);
      expect(reply.statusCode).toBe(403);
      expect(reply.json.message).toBe(refusedOnMobile);
    },
  );

  /** Staff calls whose probe aims at another site's line or item: here, the staff member's own. */
  const staffAims: Record<string, () => Aimed> = {
    [`GET ${v1}/auth/rules`]: () => ({ query: { subject: 'Task' } }),
    [`PUT ${v1}/task-new-version/check-list-item-status-change`]: () => ({
      body: {
        ...taskRef(brightonIds.occurrence),
        checkListID: brightonIds.line,
        status: 'COMPLETED',
        changedAt: `${probeDay}T09:00:00Z`,
      },
    }),
    [`POST ${v1}/temperature-logs/create-new-one`]: () => ({
      body: {
        siteID: brightonIds.site,
        foodItemID: brightonIds.foodItem,
        logType: 'HOT_WATER',
        celsius: 55,
        readAt: `${probeDay}T09:00:00Z`,
      },
    }),
  };
  // In the order declared: the checklist line is ticked before the task is completed.
  const staffRoutes = declared.filter(({ route }) => route in staffCalls);
  test.each(staffRoutes)('$route still takes it', async ({ route, method, url, probe }) => {
    // Logging out ends the session it is sent with: a session of its own.
    const token =
      route === `POST ${v1}/authentication/logout`
        ? await mobileLogin(ctx, 'tom.fletcher@harbourvine.example')
        : staff;
    const aimed: Aimed =
      staffAims[route]?.() ??
      (probe.access === 'record'
        ? probe.aim(brightonIds[probe.target as keyof typeof brightonIds])
        : method === 'GET' || route === `POST ${v1}/authentication/logout`
          ? {}
          : { body: {} });
    const reply = await send(method, url, aimed, token);
    // Past the guard, never refused for whose token it is: what is aimed at the staff member's own site
    // (their day, a reading, a log, a report) and what reads their own answers; the profile and upload
    // calls, sent without a body, reach their validation (400).
    expect([401, 403]).not.toContain(reply.statusCode);
    expect(reply.statusCode).toBeLessThan(500);
    if (route === `PUT ${v1}/task-new-version/complete`) {
      // Ticking its last required line (above) completed the task: a second completion is a conflict.
      expect(reply.statusCode).toBe(409);
    } else if (
      probe.access === 'record' ||
      method === 'GET' ||
      route === `POST ${v1}/authentication/logout`
    ) {
      expect(reply.statusCode).toBe(200);
    }
  });
});

describe('a web token from the console', () => {
  const appOnly = declared.filter(({ route }) => mobileOnly(route));
  test.each(appOnly)('$route (the mobile app’s own) answers 403', async ({ method, url, probe }) => {
    const aimed =
      probe.access === 'record' ? probe.aim(brightonIds[probe.target as keyof typeof brightonIds]) : {};
    const reply = await send(method, url, aimed, orgAdmin);
    expect(reply.statusCode).toBe(403);
    expect(reply.json.message).toBe(refusedOnWeb);
  });
});

describe("a sibling site's own records", () => {
  // Inside one organisation, what a site owns alone (its own template or supplier type, a task category on
  // its sites only) answers another site's admin and staff like a missing record, as another organisation's
  // does; what the organisation owns (no site) stays usable by every site.
  const own = { template: '', line: '', supplierType: '' };
  let orgTemplate: string;
  let orgTemplateLine: string;

  async function template(name: string) {
    const reply = await ctx.inject<{ data: { _id: string; checkListItems: { _id: string }[] } }>(
      'POST',
      `${v1}/template-panel/create-new-one`,
      { token: orgAdmin, body: { name, type: 'FRIDGE', checkListItems: [{ text: 'Probe line' }] } },
    );
    if (reply.statusCode !== 200) throw new Error(`a template: ${reply.raw}`);
    return { id: reply.json.data._id, line: reply.json.data.checkListItems[0]?._id ?? '' };
  }

  beforeAll(async () => {
    const manchester = ctx.demo.sites.manchester.id;
    const mine = await template('Manchester’s own fridge checks');
    own.template = mine.id;
    own.line = mine.line;
    own.supplierType = await create(orgAdmin, 'supplierType', { name: 'Manchester’s own fishmonger' });
    // As a Manchester site admin would have made them: Manchester's own.
    await ctx.db.execute(
      sql`update checklist_templates set owner_site_id = ${manchester} where id = ${own.template}`,
    );
    await ctx.db.execute(
      sql`update supplier_types set owner_site_id = ${manchester} where id = ${own.supplierType}`,
    );
    const shared = await template('Everyone’s fridge checks');
    orgTemplate = shared.id;
    orgTemplateLine = shared.line;
  });

  const findOne = (root: string, id: string, token: string) =>
    ctx.inject('GET', `${v1}/${root}/find-one/${id}`, { token });

  test('answer 404 to another site’s admin when read, and leave its lists; the organisation admin reads them', async () => {
    const brighton = ctx.demo.sites.brighton.id;
    expect((await findOne('template-panel', own.template, siteAdmin)).statusCode).toBe(404);
    expect((await findOne('supplierType', own.supplierType, siteAdmin)).statusCode).toBe(404);
    // Manchester's category is on Manchester alone.
    expect((await findOne('task-category', manchesterIds.taskCategory, siteAdmin)).statusCode).toBe(404);
    for (const [root, id] of [
      ['template-panel', own.template],
      ['supplierType', own.supplierType],
      ['task-category', manchesterIds.taskCategory],
    ] as const) {
      expect((await findOne(root, id, orgAdmin)).statusCode).toBe(200);
    }
    for (const url of [
      'template-panel/web-app-list',
      'template-panel/simple-list',
      'supplierType/web-app-list',
      'supplierType/simple-list',
    ]) {
      const reply = await ctx.inject('GET', `${v1}/${url}`, {
        token: siteAdmin,
        query: { limit: 100, siteID: brighton },
      });
      expect([url, reply.statusCode]).toEqual([url, 200]);
      expect(reply.raw).not.toContain(own.template);
      expect(reply.raw).not.toContain(own.supplierType);
    }
    const logTemplates = await ctx.inject('GET', `${v1}/comlianceLog/template-list`, {
      token: staff,
      query: { siteID: brighton },
    });
    expect(logTemplates.statusCode).toBe(200);
    expect(logTemplates.raw).not.toContain(own.template);
    expect(logTemplates.raw).toContain(orgTemplate);
  });

  test('cannot be used for another site’s records: like a missing one', async () => {
    const brighton = ctx.demo.sites.brighton.id;
    const task = await ctx.inject('POST', `${v1}/master-task/create-new-one`, {
      token: siteAdmin,
      body: { ...probeTask(brighton), name: 'From a sibling’s template', templateID: own.template },
    });
    expect(task.statusCode).toBe(400);
    expect(task.json.details).toHaveProperty(['fieldErrors', 'templateID']);
    // Not even the organisation admin makes Brighton's tasks from Manchester's own template.
    const byOrgAdmin = await ctx.inject('POST', `${v1}/master-task/create-new-one`, {
      token: orgAdmin,
      body: { ...probeTask(brighton), name: 'From a sibling’s template', templateID: own.template },
    });
    expect(byOrgAdmin.statusCode).toBe(400);
    const logForm = {
      siteID: brighton,
      templateID: own.template,
      answers: [{ _id: own.line, answer: 'YES' }],
      submittedAt: `${probeDay}T11:00:00Z`,
    };
    for (const token of [siteAdmin, staff]) {
      const log = await ctx.inject('POST', `${v1}/comlianceLog/create-new-one`, { token, body: logForm });
      expect(log.statusCode).toBe(404);
    }
    const supplier = await ctx.inject('POST', `${v1}/supplier/create-new-one`, {
      token: siteAdmin,
      body: { siteID: brighton, supplierName: 'Sibling fish', supplierTypeIDs: [own.supplierType] },
    });
    expect(supplier.statusCode).toBe(400);
    expect(supplier.json.details).toHaveProperty(['fieldErrors', 'supplierTypeIDs']);
  });

  test("the organisation's own stay usable by every site", async () => {
    const brighton = ctx.demo.sites.brighton.id;
    expect((await findOne('template-panel', orgTemplate, siteAdmin)).statusCode).toBe(200);
    const task = await ctx.inject('POST', `${v1}/master-task/create-new-one`, {
      token: siteAdmin,
      body: { ...probeTask(brighton), name: 'From everyone’s template', templateID: orgTemplate },
    });
    expect(task.statusCode).toBe(200);
    const log = await ctx.inject('POST', `${v1}/comlianceLog/create-new-one`, {
      token: staff,
      body: {
        siteID: brighton,
        templateID: orgTemplate,
        answers: [{ _id: orgTemplateLine, answer: 'YES' }],
        submittedAt: `${probeDay}T11:00:00Z`,
      },
    });
    expect(log.statusCode).toBe(200);
    const supplier = await ctx.inject('POST', `${v1}/supplier/create-new-one`, {
      token: siteAdmin,
      body: {
        siteID: brighton,
        supplierName: 'Everyone’s fish',
        supplierTypeIDs: [manchesterIds.supplierType],
      },
    });
    expect(supplier.statusCode).toBe(200);
  });
});

// ---- inspector links ----------------------------------------------------------------------------------------

/** A link's form for one site: the week up to the probe day, for a week. */
function inspectorLinkForm(siteID: string) {
  const weekBefore = new Date(Date.parse(probeDay) - 7 * 86_400_000).toISOString().slice(0, 10);
  return {
    label: 'Probe inspector',
    siteIDs: [siteID],
    startDate: weekBefore,
    endDate: probeDay,
    expiresInDays: 7,
  };
}

/** Makes a link as `token`'s admin: answers its id and its token. */
async function inspectorLink(token: string, siteID: string) {
  const reply = await ctx.inject<{ data: { link: { _id: string }; url: string } }>(
    'POST',
    `${v1}/inspectorLink/create-new-one`,
    { token, body: inspectorLinkForm(siteID) },
  );
  if (reply.statusCode !== 200) throw new Error(`an inspector link: ${reply.raw}`);
  return { id: reply.json.data.link._id, token: reply.json.data.url.split('/').at(-1) ?? '' };
}

// After the suite's records: a link of the other organisation, and one of Manchester, for the probes.
beforeAll(async () => {
  otherIds.inspectorLink = (await inspectorLink(otherAdmin, ctx.other.site.id)).id;
  manchesterIds.inspectorLink = (await inspectorLink(orgAdmin, ctx.demo.sites.manchester.id)).id;
});

describe('an inspector link, which needs no account', () => {
  let token = '';
  const inspect = (rest: string, query?: Record<string, string>) =>
    ctx.inject('GET', `${v1}/inspect/${token}${rest}`, {
      query,
      headers: { 'x-forwarded-for': '198.18.0.7' },
    });
  beforeAll(async () => {
    token = (await inspectorLink(orgAdmin, ctx.demo.sites.manchester.id)).token;
  });

  test('opens its own organisation’s record, so the refusals below are not of every record', async () => {
    const own = await inspect(`/record/TemperatureLog/${manchesterIds.temperatureLog}`);
    expect(own.statusCode).toBe(200);
  });

  const subjects = [
    ['temperatureLog', 'TemperatureLog'],
    ['complianceLog', 'ComplianceLog'],
    ['nearMiss', 'NearMiss'],
    ['document', 'Document'],
    ['occurrence', 'Task'],
  ] as const;
  test.each(subjects)('opens no %s of another organisation: 404', async (target, subject) => {
    const id = target === 'occurrence' ? taskRef(otherIds.occurrence).individualTaskID : otherIds[target];
    const reply = await inspect(`/record/${subject}/${id}`);
    expect(reply.statusCode).toBe(404);
  });

  test('names no site of another organisation: its section and its pack are 404', async () => {
    const siteID = otherIds.site;
    expect((await inspect('/section/temperature', { siteID })).statusCode).toBe(404);
    expect((await inspect('/pack', { siteID, format: 'PDF' })).statusCode).toBe(404);
  });
});

// ---- an API key -------------------------------------------------------------------------------------------

/**
 * The calls an integrator's API key reaches, each with the sets of scopes that open it (any one set, all of
 * its scopes together). Every other signed-in call refuses every key; widening what keys reach is a change
 * to this list as well. An inspection pack holds every section's records: it needs every read scope.
 */
const keyCalls: Record<string, readonly (readonly ApiKeyScopeId[])[]> = {
  [`GET ${v1}/organization/view-one`]: [['sites:read']],
  [`GET ${v1}/organization/national-figures/history`]: [['sites:read']],
  [`GET ${v1}/site-panel/web-app-list`]: [['sites:read']],
  [`GET ${v1}/site-panel/simple-list`]: [['sites:read']],
  [`GET ${v1}/site-panel/find-one/:id`]: [['sites:read']],
  [`GET ${v1}/site-panel/open-time-slot/:id`]: [['sites:read']],
  [`POST ${v1}/site-panel/closing-time-list`]: [['sites:read']],
  [`GET ${v1}/site-panel/all-sites-score-list`]: [['reports:read']],
  [`GET ${v1}/site-panel/site-report-scoreList`]: [['sites:read', 'reports:read']],
  [`GET ${v1}/site-panel/portfolio`]: [['sites:read']],
  [`GET ${v1}/supplier/web-app-list`]: [['equipment:read']],
  [`GET ${v1}/supplier/find-one/:id`]: [['equipment:read']],
  [`GET ${v1}/supplierType/web-app-list`]: [['equipment:read']],
  [`GET ${v1}/supplierType/find-one/:id`]: [['equipment:read']],
  [`GET ${v1}/supplierType/simple-list`]: [['equipment:read']],
  [`GET ${v1}/area/web-app-list`]: [['sites:read']],
  [`GET ${v1}/area/find-one/:id`]: [['sites:read']],
  [`GET ${v1}/area/simple-list`]: [['sites:read']],
  [`GET ${v1}/foodItem/web-app-list`]: [['equipment:read']],
  [`GET ${v1}/foodItem/find-one/:id`]: [['equipment:read']],
  [`GET ${v1}/masterType/web-app-list`]: [['equipment:read']],
  [`GET ${v1}/masterType/find-one/:id`]: [['equipment:read']],
  [`GET ${v1}/masterType/find-by-siteID/:siteID`]: [['equipment:read']],
  [`GET ${v1}/masterType/history/:masterTypeID`]: [['equipment:read']],
  [`GET ${v1}/template-panel/web-app-list`]: [['tasks:read']],
  [`GET ${v1}/template-panel/find-one/:id`]: [['tasks:read']],
  [`GET ${v1}/template-panel/simple-list`]: [['tasks:read']],
  [`GET ${v1}/pre-defined-template/simple-list`]: [['tasks:read']],
  [`GET ${v1}/pre-defined-template/find-one/:id`]: [['tasks:read']],
  [`GET ${v1}/task-category/web-app-list`]: [['tasks:read']],
  [`GET ${v1}/task-category/find-one/:id`]: [['tasks:read']],
  [`GET ${v1}/task-category/simple-list`]: [['tasks:read']],
  [`POST ${v1}/task-category/simple-list2`]: [['tasks:read']],
  [`GET ${v1}/master-task/find-one/:id`]: [['tasks:read']],
  [`GET ${v1}/master-task/simple-list`]: [['tasks:read']],
  [`GET ${v1}/master-task/web-app-list`]: [['tasks:read']],
  [`GET ${v1}/master-task/view-task`]: [['tasks:read']],
  [`GET ${v1}/comment-task/comments-listing`]: [['tasks:read']],
  [`GET ${v1}/task-dashboard/site`]: [['tasks:read']],
  [`GET ${v1}/temperature-logs/web-app-list-for-web`]: [['temperature-logs:read']],
  [`GET ${v1}/temperature-logs/export-web-app-list-for-web`]: [['temperature-logs:read']],
  [`GET ${v1}/temperature-logs/find-one/:id`]: [['temperature-logs:read']],
  [`GET ${v1}/temperature-logs/log-history-list/:id`]: [['temperature-logs:read']],
  [`GET ${v1}/temperature-logs/item-list`]: [['temperature-logs:read']],
  [`GET ${v1}/temperature-logs/chart`]: [['temperature-logs:read']],
  [`GET ${v1}/comlianceLog/web-app-list-for-web`]: [['logs:read']],
  [`GET ${v1}/comlianceLog/find-one/:id`]: [['logs:read']],
  [`GET ${v1}/comlianceLog/log-history-list/:id`]: [['logs:read']],
  [`GET ${v1}/nearMiss/web-app-list`]: [['logs:read']],
  [`GET ${v1}/nearMiss/find-one/:id`]: [['logs:read']],
  [`GET ${v1}/nearMiss/log-history-list/:id`]: [['logs:read']],
  [`GET ${v1}/nearMiss/follow-up-owner-list/:id`]: [['logs:read']],
  [`GET ${v1}/correctiveAction/web-app-list`]: [['logs:read']],
  [`GET ${v1}/correctiveAction/find-one/:id`]: [['logs:read']],
  [`GET ${v1}/correctiveAction/log-history-list/:id`]: [['logs:read']],
  [`GET ${v1}/correctiveAction/record-list`]: [['logs:read']],
  [`GET ${v1}/correctiveAction/counts`]: [['logs:read']],
  [`GET ${v1}/correctiveAction/standard-action-list`]: [['logs:read']],
  [`GET ${v1}/document/web-app-list`]: [['logs:read']],
  [`GET ${v1}/document/expiring-count`]: [['logs:read']],
  [`GET ${v1}/document/find-one/:id`]: [['logs:read']],
  [`GET ${v1}/document/log-history-list/:id`]: [['logs:read']],
  [`GET ${v1}/record-history/check`]: [['temperature-logs:read']],
  [`GET ${v1}/sensor/web-app-list`]: [['sensor-readings:write'], ['equipment:read']],
  [`GET ${v1}/sensor/find-one/:id`]: [['sensor-readings:write'], ['equipment:read']],
  [`POST ${v1}/sensor/api-key-ingest`]: [['sensor-readings:write']],
  [`GET ${v1}/report/inspection-pack/preview`]: [
    ['sites:read', 'temperature-logs:read', 'tasks:read', 'logs:read', 'equipment:read', 'reports:read'],
  ],
  [`GET ${v1}/report/inspection-pack/download`]: [
    ['sites:read', 'temperature-logs:read', 'tasks:read', 'logs:read', 'equipment:read', 'reports:read'],
  ],
  [`GET ${v1}/siteReview/web-app-list`]: [['reports:read']],
  [`GET ${v1}/siteReview/find-one/:id`]: [['reports:read']],
  [`GET ${v1}/siteReview/current`]: [['reports:read']],
};

describe('an API key', () => {
  const keys = new Map<string, string>();
  /** A key of the organisation (of `sites` alone, when given) with `scopes`, one per pass and set. */
  async function keyWith(pass: string, scopes: readonly ApiKeyScopeId[], siteIDs?: string[]) {
    const which = `${pass}: ${[...scopes].sort().join(' ')}`;
    const known = keys.get(which);
    if (known) return known;
    const made = await ctx.inject<{ data: ApiKeyCreated }>('POST', `${v1}/api-key/create-new-one`, {
      token: orgAdmin,
      body: { name: `Probe ${pass} ${keys.size + 1}`, scopes, siteIDs },
    });
    if (made.statusCode !== 200) throw new Error(`a key: ${made.raw}`);
    const key = `Bearer ${made.json.data.key}`;
    keys.set(which, key);
    return key;
  }
  /** The probe's request at the key's own organisation's record, or a plain one for a call without a target. */
  const ownAim = ({ method, probe }: (typeof declared)[number]): Aimed =>
    probe.access === 'record'
      ? probe.aim(manchesterIds[probe.target])
      : method === 'GET' || method === 'DELETE'
        ? {}
        : { body: {} };

  test('the API document lists the key’s scheme on exactly the calls it reaches', async () => {
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = (reply.json() as { paths: Record<string, Record<string, { security?: object[] }>> }).paths;
    const listed = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        (operation.security ?? []).some((requirement) => 'apiKey' in requirement)
          ? [`${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`]
          : [],
      ),
    );
    expect(listed.sort()).toEqual(Object.keys(keyCalls).sort());
  });

  test('the calls it reaches are signed-in calls of this suite, none the mobile app’s', () => {
    for (const route of Object.keys(keyCalls)) {
      expect([route, probes[route]?.access]).not.toEqual([route, 'public']);
      expect([route, route in probes, mobileOnly(route)]).toEqual([route, true, false]);
    }
  });

  test.each(signedInRoutes)('$route refuses a key of too narrow a scope with 403', async (route) => {
    const openers = keyCalls[route.route] ?? [];
    const opening = new Set(openers.flat());
    // Every scope but those that open it; and for a call that needs several, each of them but one.
    const narrow = [
      apiKeyScopeIds.filter((scope) => !opening.has(scope)),
      ...openers.flatMap((set) =>
        set.length > 1 ? set.map((left) => set.filter((one) => one !== left)) : [],
      ),
    ].filter((scopes) => scopes.length > 0);
    for (const scopes of narrow) {
      const reply = await send(route.method, route.url, ownAim(route), await keyWith('narrow', scopes));
      expect([scopes, reply.statusCode]).toEqual([scopes, 403]);
    }
  });

  const reached = declared.filter(({ route }) => route in keyCalls);
  test.each(reached)('$route takes a key of its scopes', async (route) => {
    for (const scopes of keyCalls[route.route] ?? []) {
      const reply = await send(route.method, route.url, ownAim(route), await keyWith('opens', scopes));
      // Past the guard: aimed at the key's own organisation's record, never refused for whose key it is.
      expect([scopes, [401, 403].includes(reply.statusCode)]).toEqual([scopes, false]);
      expect(reply.statusCode).toBeLessThan(500);
      // Nothing it writes names the key where a person belongs (a column referring to users).
      expect(reply.json.message).not.toBe('A referenced record does not exist');
    }
  });

  const reachedRecords = reached.flatMap(({ route, method, url, probe }) =>
    probe.access === 'record' ? [{ route, method, url, probe }] : [],
  );
  test.each(reachedRecords)(
    '$route answers a key aimed at another organisation’s record 404, exactly like a missing one',
    async ({ route, method, url, probe }) => {
      const scopes = keyCalls[route]?.[0] ?? [];
      const reply = await send(
        method,
        url,
        probe.aim(otherIds[probe.target]),
        await keyWith('tenant', scopes),
      );
      expect(reply.statusCode).toBe(404);
    },
  );

  test.each(reachedRecords.filter(({ probe }) => siteScoped.has(probe.target)))(
    '$route refuses a key limited to another site of its organisation with 403',
    async ({ route, method, url, probe }) => {
      const scopes = keyCalls[route]?.[0] ?? [];
      const key = await keyWith('brighton', scopes, [fixtures.brighton]);
      const reply = await send(method, url, probe.aim(manchesterIds[probe.target]), key);
      expect(reply.statusCode).toBe(403);
    },
  );
});
