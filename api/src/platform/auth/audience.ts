/**
 * Who a sign-in is for. The console's sign-in (web-app-login) makes web tokens; the mobile app's
 * (mobile-app-login, staff only) makes mobile tokens. The audience is the access token's `aud`, taken from
 * the session's `client` at sign-in and at every refresh, and checked by the guard beside the abilities.
 */
export type Audience = 'web' | 'mobile';

export const audienceOfClient = { WEB: 'web', MOBILE: 'mobile' } as const satisfies Record<
  'WEB' | 'MOBILE',
  Audience
>;

export const audiences: readonly Audience[] = ['web', 'mobile'];

/**
 * The staff calls: the only calls a mobile token may make, each with who may make it. Every other
 * signed-in call is the console's, and a mobile token gets 403 on it before the request is read.
 *
 * - `mobile`: the mobile app's alone. /task-new-version takes the device's time of each tick and
 *   completion; admins record in the console with the server's time (/individual-task), so a web token may
 *   not use the device's clock through these (docs/decisions.md, "Tenancy and roles").
 * - `both`: the app's and the console's. What staff record (a reading, a compliance log, a near-miss report)
 *   and what they record it from (the site's items, the log templates), their own profile, sign-out, and
 *   uploads into their own organisation.
 *
 * Keys are `METHOD /root/call` under the API prefix, exactly as the routes are registered; a key that names
 * no registered route stops the app at start-up, so this list cannot quietly drift from the routes.
 * The refresh routes (/authentication/refresh-token, /jwt/refresh-token) and the pre-signed upload need no
 * access token (the refresh token or the signed ticket is the proof) and so are not listed; nor are a
 * kitchen tablet's own calls (/kitchen-device/enrol, /kitchen-device/people, /authentication/device-login),
 * whose proof is the enrolment code or the device secret.
 */
export const staffCalls: Readonly<Record<string, 'mobile' | 'both'>> = {
  // The staff member's own day.
  'GET /task-new-version/my-tasks': 'mobile',
  'GET /task-new-version/today': 'mobile',
  'GET /task-new-version/view-task': 'mobile',
  'PUT /task-new-version/check-list-item-status-change': 'mobile',
  'POST /task-new-version/comment': 'mobile',
  'PUT /task-new-version/complete': 'mobile',
  // Their readings, logs and reports: what they record, and what they record it from.
  'GET /temperature-logs/item-list': 'both',
  'POST /temperature-logs/create-new-one': 'both',
  'GET /comlianceLog/template-list': 'both',
  'POST /comlianceLog/create-new-one': 'both',
  'POST /nearMiss/create-new-one': 'both',
  // What was done about a deviation on their sites, from their open actions and the standard actions.
  'GET /correctiveAction/web-app-list': 'both',
  'GET /correctiveAction/find-one/:id': 'both',
  'GET /correctiveAction/standard-action-list': 'both',
  'PUT /correctiveAction/record-action': 'both',
  // The sites they work at, with the rules, unit and locale their records are judged and written by.
  'GET /site-panel/simple-list': 'both',
  // Their own profile and access, and sign-out.
  'GET /user-profile/view-me': 'both',
  'PUT /user-profile/update-me': 'both',
  'PATCH /user-profile/change-password': 'both',
  // The kitchen PIN: staff sign in by it on a shared tablet, and only staff sign in to the app.
  'PUT /user-profile/set-pin': 'mobile',
  'PATCH /user-profile/change-notification-settings': 'both',
  'DELETE /user-profile/delete-my-account': 'both',
  'GET /common-uri/know-my-access': 'both',
  // Their rules on a remote's subjects, as that domain's own backend asks with the token it was sent.
  'GET /auth/rules': 'both',
  'POST /authentication/logout': 'both',
  // Their own alerts as system notifications on the device they use (Web Push).
  'GET /push/public-key': 'both',
  'POST /push/subscribe': 'both',
  'POST /push/unsubscribe': 'both',
  // Uploads for those (photos of a near miss, a comment's photo through a pre-signed URL).
  'PUT /common-uri/file-upload-s3': 'both',
  'POST /common-uri/form-data-upload': 'both',
  'POST /common-uri/pre-signed-url': 'both',
};

const webOnly: readonly Audience[] = ['web'];
const mobileOnly: readonly Audience[] = ['mobile'];

/** Who may call the route `METHOD url` (url with the API prefix): a route not listed is the console's. */
export function audiencesOf(method: string, url: string, apiPrefix: string): readonly Audience[] {
  if (!url.startsWith(`${apiPrefix}/`)) return webOnly;
  const call = staffCalls[`${method === 'HEAD' ? 'GET' : method} ${url.slice(apiPrefix.length)}`];
  if (call === 'mobile') return mobileOnly;
  if (call === 'both') return audiences;
  return webOnly;
}
