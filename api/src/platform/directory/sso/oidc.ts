import * as client from 'openid-client';
import { ssoScopes } from '@console/shared-sdk/contract';
import type { AppDeps } from '../../app-deps.js';
import { IssuerCallRefused, issuerFetch } from './issuer-fetch.js';

// The protocol side of single sign-on, all of it through openid-client (certified for OpenID Connect's Basic
// relying party profile): discovery, the authorization address with PKCE (S256), state and nonce, the code
// exchange and the ID token's checks (issuer, audience, expiry, nonce, and its signature against the
// provider's published keys), and the userinfo call when the ID token leaves the e-mail out. Nothing here
// checks a token by hand.

type OidcDeps = Pick<AppDeps, 'clock' | 'config'>;

export interface ProviderCredentials {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** How long one call to the provider may take, in seconds. */
const providerTimeoutSeconds = 10;

/**
 * openid-client's idea of now, in seconds from the system clock: the server's own clock (the tests move it,
 * to sign in "later" than the provider issued a token).
 */
const clockSkewOf = (deps: OidcDeps) => Math.round((deps.clock.now().getTime() - Date.now()) / 1000);

/**
 * The client's way of proving itself at the token endpoint: a secret in the Authorization header, the
 * OAuth default, unless the provider says it takes the secret in the body only.
 */
function clientAuthenticationFor(metadata: client.ServerMetadata, secret: string): client.ClientAuth {
  const methods = metadata.token_endpoint_auth_methods_supported;
  if (methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')) {
    return client.ClientSecretPost(secret);
  }
  return client.ClientSecretBasic(secret);
}

/** A property of a thrown value, read without `instanceof` (Node's own errors may come from another realm). */
const fieldOf = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null && name in value
    ? (value as Record<string, unknown>)[name]
    : undefined;

/** An error and what caused it, outermost first (openid-client wraps what its fetch threw). */
function causesOf(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let at = error; at !== undefined && at !== null && chain.length < 5; at = fieldOf(at, 'cause')) {
    chain.push(at);
  }
  return chain;
}

const networkWords: Record<string, string> = {
  ENOTFOUND: 'Its host name could not be found',
  EAI_AGAIN: 'Its host name could not be looked up',
  ECONNREFUSED: 'The connection was refused',
  ECONNRESET: 'The connection was reset',
  ETIMEDOUT: 'It did not answer in time',
  CERT_HAS_EXPIRED: 'Its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'Its TLS certificate is not trusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'Its TLS certificate is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'Its TLS certificate is not trusted',
  ERR_TLS_CERT_ALTNAME_INVALID: 'Its TLS certificate is for another name',
};

/** Why the provider could not be used, in words an organisation admin can act on. */
export function providerProblem(error: unknown): string {
  const chain = causesOf(error);
  for (const at of chain) {
    if (at instanceof IssuerCallRefused) return at.message;
    if (at instanceof client.ClientError && at.code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED') {
      return 'Its discovery document names another issuer: enter the issuer exactly as the provider gives it';
    }
    if (at instanceof client.ResponseBodyError || at instanceof client.AuthorizationResponseError) {
      return `The provider refused: ${at.error}${at.error_description ? ` (${at.error_description})` : ''}`;
    }
    if (at instanceof client.ClientError && at.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM') {
      return 'It did not answer with a discovery document (is the issuer right?)';
    }
    const code = fieldOf(at, 'code');
    if (typeof code === 'string' && networkWords[code]) return networkWords[code];
    const name = fieldOf(at, 'name');
    if (name === 'TimeoutError' || name === 'AbortError') return 'It did not answer in time';
  }
  const message = fieldOf(chain.at(-1), 'message');
  return typeof message === 'string' && message !== '' ? message : 'It could not be reached';
}

/**
 * The provider's configuration, read from its discovery document (`<issuer>/.well-known/openid-configuration`,
 * whose `issuer` must be exactly the one given), for this client.
 */
export async function providerConfiguration(
  deps: OidcDeps,
  credentials: ProviderCredentials,
): Promise<client.Configuration> {
  const allowPrivate = deps.config.ssoAllowPrivateIssuers;
  const fetcher = issuerFetch(allowPrivate);
  // Each configuration is made for one sign-in step, so the clock it is told is the current one.
  const metadata: Partial<client.ClientMetadata> = {
    client_secret: credentials.clientSecret,
    [client.clockSkew]: clockSkewOf(deps),
  };
  const discovered = await client.discovery(
    new URL(credentials.issuer),
    credentials.clientId,
    metadata,
    undefined,
    {
      [client.customFetch]: fetcher,
      timeout: providerTimeoutSeconds,
      ...(allowPrivate ? { execute: [client.allowInsecureRequests] } : {}),
    },
  );
  const server = discovered.serverMetadata();
  const configuration = new client.Configuration(
    server,
    credentials.clientId,
    metadata,
    clientAuthenticationFor(server, credentials.clientSecret),
  );
  configuration[client.customFetch] = fetcher;
  configuration.timeout = providerTimeoutSeconds;
  if (allowPrivate) client.allowInsecureRequests(configuration);
  // The ID token's signature is checked against the provider's keys, though it comes straight from its token
  // endpoint: the proof that the provider itself said who signed in does not then rest on TLS alone.
  client.enableNonRepudiationChecks(configuration);
  return configuration;
}

/** What one sign-in is started with; kept (state hashed) until the provider sends the person back. */
export interface AuthorizationRequest {
  state: string;
  codeVerifier: string;
  nonce: string;
  authorizationUrl: string;
}

/** The address to send the person to: code flow, PKCE S256, a fresh state, the nonce given. */
export async function authorizationRequest(
  configuration: client.Configuration,
  options: { redirectUri: string; nonce: string; loginHint: string },
): Promise<AuthorizationRequest> {
  const state = client.randomState();
  const codeVerifier = client.randomPKCECodeVerifier();
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: options.redirectUri,
    scope: ssoScopes,
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce: options.nonce,
    login_hint: options.loginHint,
  });
  return { state, codeVerifier, nonce: options.nonce, authorizationUrl: url.href };
}

/** Who the provider says signed in: its subject, and what the console reads of its claims. */
export interface ProviderIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * Whether the provider vouches for the address: the standard `email_verified`, or Microsoft Entra ID's
 * `xms_edov` (its tenant owns the address's domain), which Entra sends in its place.
 */
const verified = (claims: Record<string, unknown>) =>
  claims['email_verified'] === true || claims['xms_edov'] === true;

/**
 * Trades the provider's answer (the callback's address, with `code`, `state` and `iss`) for its tokens, with
 * every check: the state and nonce this sign-in started with, the PKCE verifier, and the ID token's issuer,
 * audience (this client), expiry and signature. The e-mail comes from the ID token, or else from the
 * userinfo endpoint for the same subject.
 */
export async function identityOfAnswer(
  configuration: client.Configuration,
  answer: URL,
  expected: { state: string; nonce: string; codeVerifier: string },
): Promise<ProviderIdentity> {
  const tokens = await client.authorizationCodeGrant(configuration, answer, {
    expectedState: expected.state,
    expectedNonce: expected.nonce,
    pkceCodeVerifier: expected.codeVerifier,
    idTokenExpected: true,
  });
  const idToken = tokens.claims();
  if (!idToken) throw new Error('The provider sent no ID token');
  let claims: Record<string, unknown> = idToken;
  if (text(idToken['email']) === null && configuration.serverMetadata().userinfo_endpoint) {
    const userinfo = await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
    claims = { ...userinfo, ...idToken, email: userinfo.email, email_verified: userinfo.email_verified };
  }
  return {
    subject: idToken.sub,
    email: text(claims['email'])?.toLowerCase() ?? null,
    emailVerified: verified(claims),
    givenName: text(claims['given_name']),
    familyName: text(claims['family_name']),
    name: text(claims['name']),
  };
}
