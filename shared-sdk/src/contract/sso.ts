import { z } from 'zod';
import { emailSchema, idSchema, instantSchema, requiredText } from './common.js';
import { loginResponseSchema } from './auth.js';
import type { Role } from './enums.js';

// Single sign-on with the organisation's own identity provider (Entra ID, Okta, Google Workspace), over
// OpenID Connect's authorization code flow. An organisation admin registers the provider once; from then on
// the sign-in page offers it to every e-mail address of the organisation's domains, and may be the only way
// in. The browser never carries a token in an address: the API trades the provider's answer for a one-time
// hand-off code, which the console's /sso/complete page exchanges, with a value only its own tab holds, for
// the same sign-in answer as the password's.

/** What the console asks the provider for: who the person is, and their e-mail address. */
export const ssoScopes = 'openid email profile';

/** The API's address the provider sends the person back to (under the console's own address). */
export const ssoCallbackPath = '/api/v1/authentication/sso-callback';
/** The console's page that finishes a sign-in with the hand-off code (`?code=`). */
export const ssoCompletePath = '/sso/complete';
/** The console's sign-in page, which a refused sign-in comes back to. */
export const ssoSignInPagePath = '/login';
/** The sign-in page's query parameter that names why a sign-in through the provider was refused. */
export const ssoErrorParam = 'sso_error';

/** How long a sign-in may stay at the provider, and how long its hand-off code then works. */
export const ssoLoginMinutes = 10;
export const ssoHandoffSeconds = 120;

// ---- the provider an organisation registers ------------------------------------------------------------

/** Roles a person made on their first sign-in may get (never the platform's, never staff). */
export const ssoDefaultRoles = ['SITE_ADMIN', 'ORGANIZATION_ADMIN'] as const satisfies readonly Role[];
export const ssoDefaultRoleSchema = z.enum(ssoDefaultRoles);
export type SsoDefaultRole = z.infer<typeof ssoDefaultRoleSchema>;

/** A domain name: dot-separated labels of letters, digits and inner hyphens, ending in a name. */
const domainPattern =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/** An e-mail domain the provider covers, as stored: lower case, e.g. `harbourvine.co.uk`. */
export const ssoDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/^@/, ''))
  .pipe(z.string().regex(domainPattern, 'Must be a domain name such as example.com'));

/** The e-mail domains of a form's text: one per line, or separated by commas or spaces. */
export const domainsOfText = (text: string) => text.split(/[\s,;]+/).filter((domain) => domain !== '');

/** Whether `value` is an issuer identifier: an absolute http(s) address without a query or fragment. */
export function isIssuerAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.hostname !== '' &&
      url.search === '' &&
      url.hash === '' &&
      !value.includes('?') &&
      !value.includes('#')
    );
  } catch {
    return false;
  }
}

/** The provider's issuer, exactly as its discovery document names it (the API checks that it does). */
export const ssoIssuerSchema = z
  .string({ message: 'Issuer is required' })
  .trim()
  .min(1, 'Issuer is required')
  .max(2000, 'Issuer must be at most 2000 characters')
  .refine(isIssuerAddress, 'Must be the issuer’s address, such as https://login.example.com, without ? or #');

/** PUT /sso-provider/update-one: makes or replaces the organisation's provider. */
export const ssoProviderInputSchema = z
  .object({
    issuer: ssoIssuerSchema,
    clientId: requiredText('Client ID', 255),
    /**
     * Write-only. Required the first time; left out (or empty) afterwards, the saved one is kept. No call
     * ever answers it.
     */
    clientSecret: z
      .string()
      .max(1000, 'Client secret must be at most 1000 characters')
      .transform((value) => (value.trim() === '' ? undefined : value))
      .optional(),
    /** The e-mail domains the sign-in page sends to this provider; each belongs to one organisation. */
    domains: z
      .array(ssoDomainSchema, { message: 'Add the e-mail domains it covers' })
      .min(1, 'Add at least one e-mail domain')
      .max(50, 'At most 50 domains')
      .transform((domains) => [...new Set(domains)]),
    /** Off: the sign-in page no longer offers it (password sign-in works again). */
    enabled: z.boolean().default(true),
    /** A verified address of a covered domain with no account gets one on its first sign-in. */
    createOnFirstSignIn: z.boolean().default(false),
    defaultRole: ssoDefaultRoleSchema.default('SITE_ADMIN'),
    /** The sites a site admin made on first sign-in administers. */
    defaultSiteIds: z
      .array(idSchema)
      .max(500)
      .default([])
      .transform((ids) => [...new Set(ids)]),
    /** Password sign-in to the console is refused for the organisation's people, but for the break-glass admin. */
    requireSso: z.boolean().default(false),
    /** The organisation admin who may still sign in with a password, should the provider fail. */
    breakGlassUserId: idSchema.nullable().default(null),
  })
  .superRefine((input, context) => {
    if (input.createOnFirstSignIn && input.defaultRole === 'SITE_ADMIN' && input.defaultSiteIds.length === 0)
      context.addIssue({
        code: 'custom',
        path: ['defaultSiteIds'],
        message: 'Choose the sites a new site admin runs',
      });
    if (input.requireSso && !input.enabled)
      context.addIssue({
        code: 'custom',
        path: ['requireSso'],
        message: 'Turn single sign-on on before requiring it',
      });
    if (input.requireSso && input.breakGlassUserId === null)
      context.addIssue({
        code: 'custom',
        path: ['breakGlassUserId'],
        message: 'Name the organisation admin who may still sign in with a password',
      });
  });
export type SsoProviderInput = z.input<typeof ssoProviderInputSchema>;

/** The provider as it is saved; its client secret is only said to be set. */
export const ssoProviderSchema = z.object({
  issuer: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  domains: z.array(z.string()),
  enabled: z.boolean(),
  createOnFirstSignIn: z.boolean(),
  defaultRole: ssoDefaultRoleSchema,
  defaultSiteIds: z.array(idSchema),
  requireSso: z.boolean(),
  breakGlassUserId: idSchema.nullable(),
  updatedAt: instantSchema,
});
export type SsoProvider = z.infer<typeof ssoProviderSchema>;

/** An organisation admin who may be named the break-glass admin (an active one). */
export const ssoAdminChoiceSchema = z.object({ _id: idSchema, fullName: z.string(), email: z.string() });
export type SsoAdminChoice = z.infer<typeof ssoAdminChoiceSchema>;

/** GET /sso-provider/view-one (and update-one's answer): what the settings screen shows. */
export const ssoSettingsSchema = z.object({
  /** The address to register at the provider as the console's redirect (sign-in) URI. */
  redirectUri: z.string(),
  /** Null until an organisation admin registers one. */
  provider: ssoProviderSchema.nullable(),
  breakGlassChoices: z.array(ssoAdminChoiceSchema),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

// ---- signing in ----------------------------------------------------------------------------------------

/** POST /authentication/sso-discover. */
export const ssoDiscoverRequestSchema = z.object({ email: emailSchema });
export type SsoDiscoverRequest = z.infer<typeof ssoDiscoverRequestSchema>;

/** Whether the address's domain signs in through a provider: told by the domain alone, never the person. */
export const ssoDiscoverySchema = z.object({
  covered: z.boolean(),
  organizationName: z.string().nullable(),
  /** Password sign-in is off for the organisation's people (but its break-glass admin). */
  required: z.boolean(),
});
export type SsoDiscovery = z.infer<typeof ssoDiscoverySchema>;

/**
 * A random value the tab that starts a sign-in keeps to itself (sessionStorage), at least 32 bytes in
 * base64url: the exchange must present it again, so a hand-off code that leaks from the address bar is of no
 * use to anyone else. The API keeps only its SHA-256, which is also the nonce the provider's ID token must
 * carry back (OpenID Connect Core 15.5.2).
 */
export const ssoBindingSchema = z
  .string({ message: 'Binding is required' })
  .regex(/^[A-Za-z0-9_-]{43,128}$/, 'Must be a random value of 32 to 96 bytes in base64url');

/** A path of this console to come back to (never another site's address). */
export const consolePathSchema = z
  .string()
  .max(2000)
  .refine(
    (path) => path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\'),
    'Must be a path of this console, such as /dashboard',
  );

/** POST /authentication/sso-start. */
export const ssoStartRequestSchema = z.object({
  email: emailSchema,
  binding: ssoBindingSchema,
  returnTo: consolePathSchema.optional(),
});
export type SsoStartRequest = z.infer<typeof ssoStartRequestSchema>;

export const ssoStartSchema = z.object({
  /** Where to send the browser: the provider's sign-in. */
  authorizationUrl: z.string(),
});
export type SsoStart = z.infer<typeof ssoStartSchema>;

/** The provider's answer, as it sends the browser back (what the API reads of it). */
export const ssoCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(1024).optional(),
  iss: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});

/** POST /authentication/sso-exchange. */
export const ssoExchangeRequestSchema = z.object({
  code: z.string({ message: 'Code is required' }).min(1, 'Code is required').max(512),
  /** The value the sign-in was started with, from the same tab. */
  binding: ssoBindingSchema,
});
export type SsoExchangeRequest = z.infer<typeof ssoExchangeRequestSchema>;

/** The password sign-in's answer, and the console path the sign-in started from. */
export const ssoExchangeResponseSchema = loginResponseSchema.extend({ returnTo: z.string().nullable() });
export type SsoExchangeResponse = z.infer<typeof ssoExchangeResponseSchema>;

/** Why the API sent the browser back to the sign-in page (`?sso_error=`) instead of signing it in. */
export const ssoSignInErrors = [
  'EXPIRED',
  'CANCELLED',
  'PROVIDER',
  'EMAIL_UNVERIFIED',
  'DOMAIN',
  'NO_ACCOUNT',
  'INACTIVE',
  'STAFF',
  'UNAVAILABLE',
] as const;
export const ssoSignInErrorSchema = z.enum(ssoSignInErrors);
export type SsoSignInError = z.infer<typeof ssoSignInErrorSchema>;
export const ssoSignInErrorLabels: Record<SsoSignInError, string> = {
  EXPIRED: 'This single sign-on expired or was already used. Please start again.',
  CANCELLED: 'The sign-in was cancelled or refused at your identity provider.',
  PROVIDER:
    'Your identity provider’s answer could not be verified. Try again; if it keeps failing, ask your organisation admin to check the single sign-on settings.',
  EMAIL_UNVERIFIED:
    'Your identity provider did not confirm your e-mail address, so the console cannot sign you in with it.',
  DOMAIN: 'Your e-mail address is not on one of your organisation’s single sign-on domains.',
  NO_ACCOUNT:
    'You have no console account in this organisation. Ask your organisation admin to add you, then sign in again.',
  INACTIVE: 'This account has been deactivated. Ask your organisation admin if you should have access again.',
  STAFF:
    'Staff accounts sign in to the kitchen app (/kitchen); the web console is for organisation and site admins.',
  UNAVAILABLE:
    'Single sign-on is not available for your organisation right now. Ask your organisation admin, or try again later.',
};

/** The words of a refusal code from the address bar; anything else reads as a failed sign-in. */
export function ssoSignInErrorText(code: string | null): string | null {
  if (code === null) return null;
  const parsed = ssoSignInErrorSchema.safeParse(code);
  return parsed.success ? ssoSignInErrorLabels[parsed.data] : ssoSignInErrorLabels.PROVIDER;
}

/** The words of the password sign-in's refusal for someone whose organisation requires single sign-on. */
export const ssoRequiredMessage =
  'Your organisation signs in with single sign-on: use “Continue with single sign-on” on the sign-in page.';
