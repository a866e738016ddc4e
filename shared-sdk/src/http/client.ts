import ky, {
  isHTTPError,
  isTimeoutError,
  type AfterResponseState,
  type BeforeRetryState,
  type HTTPError,
  type KyInstance,
  type KyRequest,
  type KyResponse,
  type NormalizedOptions,
  type Options,
} from 'ky';
import { z } from 'zod';
import {
  errorBodySchema,
  errorCodeSchema,
  loginResponseSchema,
  type LoginResponse,
} from '../contract/index.js';
import { notify } from '../notify/store.js';
import { session, sessionKeys, sessionStore } from '../session/store.js';
import { storage } from '../session/storage.js';
import { ApiError, isApiError } from './errors.js';

// The console's one HTTP client (ARCHITECTURE.md: nothing else calls fetch or ky). Every endpoint function
// goes through `call`, so the session token, the platform admin's orgId, the single token refresh, the
// success toast and the error pop-up of spec section 8 happen in exactly one place.

export interface ApiConfig {
  /** Origin of the API ('' = the page's own origin); a remote embedded in another site passes one. */
  baseUrl: string;
  /** Replaces the transport, for tests and for integrators who must wrap every request. */
  fetch?: typeof globalThis.fetch;
}

/**
 * What a caller may say about one call. By default a server `message` on success shows as a toast and a
 * failure opens the error pop-up.
 *
 * - `quiet: true`: neither toast nor pop-up; the caller reports the outcome itself (the sign-in form shows
 *   the server's message in its own Alert; background look-ups stay silent).
 * - `quietFor: [400]`: no pop-up when the call fails with one of these statuses; everything else as usual.
 *   A form passes `[400]` and shows `error.fieldErrors` next to its fields, while a 403 or a network
 *   failure still opens the pop-up and a success still shows its toast.
 * - `signal`: cancels the call; a cancelled call rejects with the abort reason and reports nothing.
 * - `identity`: the call is made as this person instead of the page's signed-in session (see CallIdentity).
 */
export interface CallOptions {
  quiet?: boolean;
  quietFor?: readonly number[];
  signal?: AbortSignal;
  identity?: CallIdentity;
}

/**
 * A person a call is made as, when the page holds several people's sessions at once (the kitchen app: a
 * shared tablet sends what each person recorded with that person's tokens). With it, the page's own session
 * is neither read, sent, renewed nor changed, and no platform admin's orgId is added.
 *
 * - `accessToken()`: the token to send, or null to send none. Renewing one about to expire is the
 *   identity's own business (only it knows when its token was issued by its clock).
 * - `renew(stale)`: called once when the server refused `stale` with a 401; resolves with the token to
 *   retry with. It must renew once however many calls were refused together (the server rotates refresh
 *   tokens), and resolve with the current token when `stale` was already replaced. It rejects when the
 *   person's session is over: the call then rejects with that ApiError (a network failure stays one), or
 *   with a 401 TOKEN_EXPIRED for any other reason.
 */
export interface CallIdentity {
  accessToken(): Promise<string | null>;
  renew(stale: string): Promise<string>;
}

/** A query value; undefined, null and '' are left out so the server applies its defaults. */
export type QueryValue = string | number | boolean | null | undefined;
/** Query parameters: any object (an interface such as ListParams too) whose values are query values. */
export type Query<Q> = { [K in keyof Q]: QueryValue };

/** One endpoint as the api modules describe it. */
export interface Endpoint<T, Q> {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Path under /api/v1, e.g. 'site-panel/find-one/<id>'. */
  path: string;
  query?: Query<Q>;
  json?: unknown;
  form?: FormData;
  /** The contract schema of the envelope's `data`: the answer is checked, so its type is the truth. */
  data: z.ZodType<T>;
  /**
   * Part of signing in or out (login, refresh, logout, forgotten password): sent as it is, never waits for
   * nor triggers a token refresh. A 401 here is the answer itself, and the refresh call must not wait for
   * itself.
   */
  authFlow?: boolean;
  /** Milliseconds, or false for none; uploads may take longer than ordinary calls. */
  timeout?: number | false;
  /** Headers of this call alone (a kitchen tablet's device secret); never Authorization. */
  headers?: Readonly<Record<string, string>>;
}

const networkFailure = 'Network error: the server could not be reached';
const timeoutFailure = 'Network error: the server did not answer in time';
const unreadableAnswer = 'The server sent an answer the console does not understand';

// ---- the ky instance ------------------------------------------------------------------------------------

let api: KyInstance = createInstance({ baseUrl: '' });
let apiOrigin = '';

/** Points the client at an API origin. Call once at start-up, before the first request. */
export function configureApi(config: ApiConfig): void {
  api = createInstance(config);
  apiOrigin = config.baseUrl.replace(/\/+$/, '');
}

/**
 * Where the browser fetches a stored file from. The API answers a file's `location` as a path on itself
 * (`/api/v1/common-uri/file/<key>`), so the console works at any address it is opened at; a remote embedded
 * in another site, whose API is on another origin, needs that origin put in front. An absolute address
 * (from an older server, or a file outside the API) is used as it is.
 */
export function fileUrl(location: string): string {
  return location.startsWith('/') && !location.startsWith('//') ? `${apiOrigin}${location}` : location;
}

/** A request that never reached the server (offline, refused, blocked): told apart from a bug of our own. */
class NetworkFailure extends Error {
  constructor(cause: unknown) {
    super(networkFailure, { cause });
    this.name = 'NetworkFailure';
  }
}

/**
 * The transport, with a failure to reach the server made a `NetworkFailure`: fetch rejects with a bare
 * TypeError, which a mistake in the client's own code would throw too. A cancelled request stays as it is.
 */
function reportingTransport(fetch: typeof globalThis.fetch | undefined): typeof globalThis.fetch {
  return async (input, init) => {
    try {
      // Read at call time: tests and integrators may replace the global fetch after start-up.
      return await (fetch ?? globalThis.fetch)(input, init);
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') throw error;
      throw new NetworkFailure(error);
    }
  };
}

/** The parsed bodies of failed answers, read once as the error is made (its body can be read only once). */
const errorBodies = new WeakMap<HTTPError, unknown>();

async function keepErrorBody(error: HTTPError): Promise<HTTPError> {
  const text = await error.response
    .clone()
    .text()
    .catch(() => '');
  try {
    errorBodies.set(error, JSON.parse(text) as unknown);
  } catch {
    // Not JSON (a proxy's error page): the error keeps its status alone.
  }
  return error;
}

function createInstance({ baseUrl, fetch }: ApiConfig): KyInstance {
  return ky.create({
    prefixUrl: `${baseUrl.replace(/\/+$/, '')}/api/v1`,
    headers: { accept: 'application/json' },
    // ky's 10 s default would cut off a large page of a report on a slow line; uploads set their own.
    timeout: 30_000,
    // Only the forced retry after a token refresh, once: repeating a failed write could apply it twice,
    // and a failed read is better reported at once than after a silent wait.
    retry: { limit: 1, methods: [], statusCodes: [], afterStatusCodes: [], retryOnTimeout: false },
    hooks: {
      beforeRequest: [authorizeRequest],
      afterResponse: [retryAfterRefresh],
      beforeRetry: [reauthorizeRetry],
      beforeError: [keepErrorBody],
    },
    fetch: reportingTransport(fetch),
  });
}

const isAuthFlow = (options: Readonly<NormalizedOptions>) => options.context['authFlow'] === true;

/** The call's own identity (CallOptions.identity), carried to the hooks in ky's context. */
function identityOf(options: Readonly<NormalizedOptions>): CallIdentity | undefined {
  const identity = options.context['identity'];
  return isCallIdentity(identity) ? identity : undefined;
}

function isCallIdentity(value: unknown): value is CallIdentity {
  return (
    typeof value === 'object' &&
    value !== null &&
    'accessToken' in value &&
    typeof value.accessToken === 'function' &&
    'renew' in value &&
    typeof value.renew === 'function'
  );
}

function setToken(request: Request, accessToken: string | null = session.get().accessToken) {
  // The API expects the access token raw, without a "Bearer" scheme (spec section 7).
  if (accessToken) request.headers.set('Authorization', accessToken);
  else request.headers.delete('Authorization');
}

async function authorizeRequest(request: KyRequest, options: NormalizedOptions) {
  const identity = identityOf(options);
  if (identity) {
    setToken(request, await identity.accessToken());
    return;
  }
  if (!isAuthFlow(options)) {
    // Sent now, the request would carry the token being replaced and fail: wait for the new one. If the
    // refresh fails, this request fails with it without being sent.
    if (refreshing) await refreshing;
    else if (isSpent(session.get().accessToken)) await tokenAfter(session.get().accessToken);
  }
  setToken(request);
}

async function retryAfterRefresh(
  request: KyRequest,
  options: NormalizedOptions,
  response: KyResponse,
  { retryCount }: AfterResponseState,
) {
  if (response.status !== 401 || retryCount > 0 || isAuthFlow(options)) return;
  const sent = request.headers.get('Authorization');
  // Without a token the 401 is not about an expired session; the caller hears it as it is.
  if (sent === null) return;
  const identity = identityOf(options);
  if (identity) await renewedIdentity(identity, sent);
  else await tokenAfter(sent);
  return ky.retry({ delay: 0, code: 'TOKEN_REFRESHED' });
}

async function reauthorizeRetry({ request, options }: BeforeRetryState) {
  const identity = identityOf(options);
  if (identity) setToken(request, await identity.accessToken());
  else setToken(request);
}

/** The identity's renewal, its refusal as an ApiError: the person's session is over unless unreachable. */
async function renewedIdentity(identity: CallIdentity, stale: string): Promise<string> {
  try {
    return await identity.renew(stale);
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.code === 'NETWORK_ERROR' || error.status >= 500))
      throw error;
    throw new ApiError({
      status: 401,
      code: 'TOKEN_EXPIRED',
      message: isApiError(error) ? error.message : 'Your session has expired; please sign in again',
    });
  }
}

// ---- refreshing before the access token expires --------------------------------------------------------

// A request sent with an expired token is refused (401) and sent again after the refresh, which works, but
// the browser logs every refused fetch as an error in the console. So a token about to expire is renewed
// before the request goes; the 401 stays the way back for whatever this cannot know (a session ended on the
// server, a token without an expiry).

/** Renewed this long before its expiry, so that no request arrives with a token that has just expired. */
const renewBeforeExpiryMs = 30_000;

const accessClaimsSchema = z.object({ exp: z.number(), iat: z.number().optional() });

/** The `exp` and `iat` claims of an access token, in milliseconds; null for a token that is not a JWT with them. */
function claimsOf(token: string): { expiresAt: number; issuedAt: number | undefined } | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = accessClaimsSchema.safeParse(
      JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))),
    );
    if (!claims.success) return null;
    const { exp, iat } = claims.data;
    return { expiresAt: exp * 1000, issuedAt: iat === undefined ? undefined : iat * 1000 };
  } catch {
    return null;
  }
}

/**
 * The server's clock minus this browser's, as far as it is known. A token that has just arrived was issued
 * just now by the server's clock (`iat`); a browser whose clock is off would otherwise take every token for
 * expired (and refresh before each request) or never see one expire.
 */
let serverClockAheadMs = 0;
sessionStore.subscribe((next, previous) => {
  if (!next.accessToken || next.accessToken === previous.accessToken) return;
  const issuedAt = claimsOf(next.accessToken)?.issuedAt;
  if (issuedAt !== undefined) serverClockAheadMs = issuedAt - Date.now();
});

/** Whether the token expires (by the server's clock) within the margin, so a request should not carry it. */
function isSpent(token: string | null): boolean {
  const expiresAt = token ? claimsOf(token)?.expiresAt : undefined;
  return expiresAt !== undefined && Date.now() + serverClockAheadMs >= expiresAt - renewBeforeExpiryMs;
}

// ---- the single token refresh ---------------------------------------------------------------------------

/** The refresh in flight, shared by every request that needs it; null when none is. */
let refreshing: Promise<string> | null = null;

/** Errors that ended the session: the login page says why (`endedBecause`), so no pop-up repeats it. */
const sessionEndings = new WeakSet<ApiError>();

/**
 * A token to retry with after the server refused `stale`. However many requests are refused together,
 * only one refresh runs: the server rotates refresh tokens and treats a reused one as theft, so a second
 * refresh with the same token would end the session.
 */
function tokenAfter(stale: string | null): Promise<string> {
  if (refreshing) return refreshing;
  const { accessToken } = session.get();
  // Refused with a token that has since been replaced: the refresh already happened (or the session ended
  // and was reported once, by the refresh that failed).
  if (accessToken !== stale) {
    return accessToken ? Promise.resolve(accessToken) : Promise.reject(endedSession(undefined));
  }
  const current: Promise<string> = renewSession().finally(() => {
    if (refreshing === current) refreshing = null;
  });
  refreshing = current;
  return current;
}

/** The Web Locks name every tab of the console takes to refresh. */
const refreshLockName = 'compliance-console:token-refresh';

/**
 * Runs `task` holding the cross-tab refresh lock when the browser has Web Locks, so two tabs never send
 * the same refresh token together (the server would take the second for a stolen copy; it forgives that
 * only for a short grace, which this keeps from being needed).
 */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(refreshLockName, task) : task();
}

function renewSession(): Promise<string> {
  const presented = session.get().refreshToken;
  return withRefreshLock(async () => {
    // Another tab may have refreshed while this one waited for the lock. Its new tokens are in
    // localStorage already, before the storage event that updates this tab's store arrives: use them.
    const storedAccess = storage.get(sessionKeys.accessToken);
    const storedRefresh = storage.get(sessionKeys.refreshToken);
    const { userData } = session.get();
    if (storedAccess && storedRefresh && storedRefresh !== presented && userData) {
      session.signIn({ accessToken: storedAccess, refreshToken: storedRefresh, userData });
      return storedAccess;
    }
    return refreshWith(presented);
  });
}

async function refreshWith(refreshToken: string | null): Promise<string> {
  let refusal: ApiError | undefined;
  if (refreshToken) {
    try {
      const renewed = await refreshTokens(refreshToken);
      session.signIn(renewed);
      return renewed.accessToken;
    } catch (error) {
      const failure = toApiError(error);
      // Unreachable or failing server: the refresh token may still be good, so the session stays and the
      // waiting requests fail with the network error instead.
      if (failure.code === 'NETWORK_ERROR' || failure.status >= 500) throw failure;
      refusal = failure;
    }
  }
  session.signOut('expired');
  throw endedSession(refusal);
}

function endedSession(refusal: ApiError | undefined): ApiError {
  const error = new ApiError({
    status: 401,
    code: 'TOKEN_EXPIRED',
    message: refusal?.status === 401 ? refusal.message : 'Your session has expired; please sign in again',
  });
  sessionEndings.add(error);
  return error;
}

/**
 * POST /authentication/refresh-token. Only the client calls it, through `tokenAfter`; others use
 * `refreshSession` so that two refreshes can never race.
 */
function refreshTokens(refreshToken: string): Promise<LoginResponse> {
  return call(
    {
      method: 'post',
      path: 'authentication/refresh-token',
      json: { refreshToken },
      data: loginResponseSchema,
      authFlow: true,
    },
    { quiet: true },
  );
}

/**
 * Renews the stored session now, or joins the renewal in flight; resolves with the new access token. If
 * the server refuses, the session ends ('expired') and this rejects with an ApiError 401.
 */
export function refreshSession(): Promise<string> {
  return tokenAfter(session.get().accessToken);
}

// ---- one request, one unwrap, one error path ------------------------------------------------------------

const successBodySchema = z.object({
  status: z.literal(true),
  message: z.string().optional(),
  data: z.unknown(),
});

// Lenient on purpose: a field the contract does not know must not hide the rest of the server's answer.
const errorAnswerSchema = z.object({
  message: z.string().optional().catch(undefined),
  error: errorCodeSchema.optional().catch(undefined),
  details: errorBodySchema.shape.details.catch(undefined),
});

function searchParamsOf<Q>(query: Query<Q> | undefined, identity: CallIdentity | undefined): URLSearchParams {
  const params = new URLSearchParams();
  const entries: [string, QueryValue][] = Object.entries(query ?? {});
  for (const [key, value] of entries) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  if (identity) return params;
  // A platform admin acts inside the organisation it chose; every request says which (spec section 6).
  const { isAdminToken, orgId } = session.get();
  if (isAdminToken && orgId) params.set('orgId', orgId);
  return params;
}

/**
 * Sends one request and returns the `data` of the `{status, message?, data}` envelope, checked against the
 * endpoint's schema. On success a server `message` becomes a toast; on failure the error pop-up opens
 * (title: the server's message, else its error code, else the client's own message; details: one
 * 'field: message' line per field error) and the call rejects with that ApiError. See CallOptions for
 * `quiet` and `quietFor`.
 */
export async function call<T, Q = object>(endpoint: Endpoint<T, Q>, options: CallOptions = {}): Promise<T> {
  try {
    const response = await api(endpoint.path, requestInit(endpoint, options));
    const { message, data } = unwrap(
      await response.json().catch(() => undefined),
      endpoint.data,
      response.status,
    );
    if (message && !options.quiet) notify.success(message);
    return data;
  } catch (error) {
    throw reported(error, options);
  }
}

/** A file the API answered with: an export, an import template. */
export interface DownloadedFile {
  blob: Blob;
  /** The name the server gave it (Content-Disposition), or null when it gave none. */
  fileName: string | null;
}

/**
 * `call` for an answer that is a file rather than the JSON envelope (an export, a template): the same
 * token, single refresh, orgId and error pop-up. No success toast: a file carries no message.
 */
export async function download<Q = object>(
  endpoint: Omit<Endpoint<unknown, Q>, 'data'>,
  options: CallOptions = {},
): Promise<DownloadedFile> {
  try {
    const response = await api(endpoint.path, {
      ...requestInit(endpoint, options),
      headers: { ...endpoint.headers, accept: '*/*' },
    });
    return {
      blob: await response.blob(),
      fileName: fileNameOf(response.headers.get('content-disposition')),
    };
  } catch (error) {
    throw reported(error, options);
  }
}

function requestInit<Q>(endpoint: Omit<Endpoint<unknown, Q>, 'data'>, options: CallOptions): Options {
  return {
    method: endpoint.method,
    searchParams: searchParamsOf(endpoint.query, options.identity),
    context: {
      authFlow: endpoint.authFlow === true,
      ...(options.identity ? { identity: options.identity } : {}),
    },
    ...(endpoint.headers ? { headers: endpoint.headers } : {}),
    ...(endpoint.json !== undefined ? { json: endpoint.json } : {}),
    ...(endpoint.form ? { body: endpoint.form } : {}),
    ...(endpoint.timeout !== undefined ? { timeout: endpoint.timeout } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  };
}

/** The one error path: the failure as an ApiError, reported by the pop-up unless the caller said not to. */
function reported(error: unknown, options: CallOptions): unknown {
  // The caller cancelled: there is nothing to report and nobody waiting for an explanation.
  if (options.signal?.aborted) return error;
  const failure = toApiError(error);
  const silenced = options.quiet || options.quietFor?.includes(failure.status) || sessionEndings.has(failure);
  if (!silenced) notify.error(failure.message, fieldErrorLines(failure));
  return failure;
}

/** `attachment; filename*=UTF-8''Staff%20list.xlsx` or `filename="staff.xlsx"` -> the name. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed escape: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : null;
}

function unwrap<T>(body: unknown, schema: z.ZodType<T>, status: number): { message?: string; data: T } {
  const envelope = successBodySchema.safeParse(body);
  const checked = envelope.success ? schema.safeParse(envelope.data.data) : undefined;
  if (!envelope.success || !checked?.success) {
    throw new ApiError({ status, code: 'INTERNAL_ERROR', message: unreadableAnswer });
  }
  return { message: envelope.data.message, data: checked.data };
}

function toApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  if (isHTTPError(error)) {
    const { status, statusText } = error.response;
    const answer = errorAnswerSchema.safeParse(errorBodies.get(error));
    const fallback = `Request failed: the server answered ${status}${statusText ? ` ${statusText}` : ''}`;
    return ApiError.fromBody(status, answer.success ? answer.data : undefined, fallback);
  }
  if (error instanceof NetworkFailure || isTimeoutError(error)) {
    return new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: isTimeoutError(error) ? timeoutFailure : networkFailure,
    });
  }
  return new ApiError({
    status: 0,
    code: 'INTERNAL_ERROR',
    message: error instanceof Error && error.message ? error.message : 'Something went wrong',
  });
}

function fieldErrorLines(error: ApiError): string[] {
  return Object.entries(error.fieldErrors).flatMap(([field, messages]) =>
    messages.map((message) => `${field}: ${message}`),
  );
}
