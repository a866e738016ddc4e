import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  ssoCallbackPath,
  ssoRequiredMessage,
  ssoSignInErrorLabels,
  type SsoExchangeResponse,
  type SsoProviderInput,
} from '@console/shared-sdk/contract';
import { demoLogins, demoPassword } from '../../../demo.js';
import {
  createTestContext,
  demoSeedTimeoutMs,
  fromNewAddress,
  type TestContext,
} from '../../../test/helper.js';
import { startTestProvider, type TestAccount, type TestProvider } from '../../../test/oidc-provider.js';
import { hashToken } from '../../auth/tokens.js';
import { insertUser } from '../../auth/users/repository.js';
import { siteMembers, users } from '../../db/schema.js';
import { ssoLogins } from '../schema.js';

// Single sign-on against a real OpenID Connect provider (node-oidc-provider on 127.0.0.1): the console's
// start, the provider's own login and consent, its redirect back to the callback, and the exchange. Every
// check is openid-client's; these tests give it real answers, good and bad.

const console_ = 'http://console.test';
const redirectUri = `${console_}${ssoCallbackPath}`;
const v1 = '/api/v1';

let ctx: TestContext;
let idp: TestProvider;
let owner: string;

const settings = (input: Partial<SsoProviderInput> = {}): SsoProviderInput => ({
  issuer: idp.issuer,
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
  domains: ['harbourvine.example'],
  enabled: true,
  createOnFirstSignIn: false,
  defaultRole: 'SITE_ADMIN',
  defaultSiteIds: [],
  requireSso: false,
  breakGlassUserId: null,
  ...input,
});

async function configure(input: Partial<SsoProviderInput> = {}) {
  const reply = await ctx.inject('PUT', `${v1}/sso-provider/update-one`, {
    token: owner,
    body: settings(input),
  });
  if (reply.statusCode !== 200) throw new Error(`saving the provider failed: ${reply.raw}`);
}

const newBinding = () => randomBytes(32).toString('base64url');

/** POST /sso-start from a fresh address: the provider's authorization address. */
async function start(email: string, binding: string, returnTo?: string) {
  const reply = await ctx.inject<{ data: { authorizationUrl: string } }>(
    'POST',
    `${v1}/authentication/sso-start`,
    {
      body: { email, binding, ...(returnTo ? { returnTo } : {}) },
      headers: fromNewAddress(),
    },
  );
  if (reply.statusCode !== 200) throw new Error(`start failed: ${reply.statusCode} ${reply.raw}`);
  return new URL(reply.json.data.authorizationUrl);
}

/** The browser coming back from the provider: where the callback sends it. */
async function callback(answer: URL) {
  expect(answer.href.startsWith(redirectUri)).toBe(true);
  const reply = await ctx.inject('GET', `${answer.pathname}${answer.search}`);
  expect(reply.statusCode).toBe(303);
  return new URL(String(reply.headers.location));
}

/** The person signs in at the provider as `account`; answers the provider's redirect back to the console. */
async function atProvider(email: string, account: TestAccount, binding = newBinding(), returnTo?: string) {
  idp.signInAs(`sub-${email}`, account);
  const authorization = await start(email, binding, returnTo);
  return { answer: await idp.authorize(authorization.href), binding, authorization };
}

const verified = (email: string): TestAccount => ({
  email,
  email_verified: true,
  given_name: 'Ada',
  family_name: 'Byron',
});

function exchange(code: string, binding: string) {
  return ctx.inject<{ data: SsoExchangeResponse }>('POST', `${v1}/authentication/sso-exchange`, {
    body: { code, binding },
    headers: fromNewAddress(),
  });
}

/** The whole sign-in as a browser makes it; answers where the callback sent the browser. */
async function signInThroughProvider(email: string, account: TestAccount = verified(email)) {
  const { answer, binding } = await atProvider(email, account);
  return { sentTo: await callback(answer), binding };
}

const refusal = (sentTo: URL) =>
  sentTo.pathname === '/login' ? sentTo.searchParams.get('sso_error') : `signed in (${sentTo.pathname})`;

async function passwordLogin(email: string) {
  return ctx.inject('POST', `${v1}/authentication/web-app-login`, {
    body: { email, password: demoPassword },
    headers: fromNewAddress(),
  });
}

beforeAll(async () => {
  ctx = await createTestContext({ env: { SSO_ALLOW_PRIVATE_ISSUERS: 'true' } });
  idp = await startTestProvider({ redirectUri });
  owner = await ctx.login(demoLogins.organizationAdmin);
  await configure();
}, demoSeedTimeoutMs);
afterAll(async () => {
  await idp?.close();
  await ctx?.close();
});
beforeEach(() => {
  // The test clock stands still while the provider's runs on: keep them together.
  ctx.clock.set(new Date());
  idp.idTokenTtlSeconds = 3600;
  idp.idTokensFor = null;
});

test('a full sign-in: the provider’s login, the callback, the exchange, and a session that works', async () => {
  const { answer, binding, authorization } = await atProvider(
    demoLogins.siteAdmin,
    verified(demoLogins.siteAdmin),
    newBinding(),
    '/dashboard/task?date=2026-01-05',
  );
  // The code flow with PKCE, a state and the nonce of the tab's value, asking for the e-mail.
  expect(authorization.origin).toBe(idp.issuer);
  expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
    response_type: 'code',
    client_id: idp.clientId,
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge_method: 'S256',
    login_hint: demoLogins.siteAdmin,
  });
  expect(authorization.searchParams.get('nonce')).not.toBe(binding);

  const sentTo = await callback(answer);
  expect(sentTo.origin + sentTo.pathname).toBe(`${console_}/sso/complete`);
  const code = sentTo.searchParams.get('code') ?? '';

  const signedIn = await exchange(code, binding);
  expect(signedIn.statusCode).toBe(200);
  expect(signedIn.json.data.userData).toMatchObject({ email: demoLogins.siteAdmin, role: 'SITE_ADMIN' });
  expect(signedIn.json.data.userData.siteIds).toEqual([ctx.demo.sites.brighton.id]);
  expect(signedIn.json.data.returnTo).toBe('/dashboard/task?date=2026-01-05');

  const me = await ctx.inject<{ data: { email: string } }>('GET', `${v1}/user-profile/view-me`, {
    token: signedIn.json.data.accessToken,
  });
  expect(me.statusCode).toBe(200);
  expect(me.json.data.email).toBe(demoLogins.siteAdmin);
  const [person] = await ctx.db.select().from(users).where(eq(users.email, demoLogins.siteAdmin));
  expect(person?.lastSignInAt?.getTime()).toBe(ctx.clock.now().getTime());

  // The hand-off code works once.
  expect((await exchange(code, binding)).statusCode).toBe(401);
});

test('the hand-off code works only with the value of the tab that started the sign-in', async () => {
  const { sentTo, binding } = await signInThroughProvider(demoLogins.organizationAdmin);
  const code = sentTo.searchParams.get('code') ?? '';
  const elsewhere = await exchange(code, newBinding());
  expect(elsewhere.statusCode).toBe(401);
  expect(elsewhere.json.data).toBeUndefined();
  // Presented once with the wrong value, it is spent: the right one no longer helps.
  expect((await exchange(code, binding)).statusCode).toBe(401);
});

test('an ID token issued for another client of the provider is refused', async () => {
  idp.idTokensFor = idp.otherClientId;
  const { answer, authorization } = await atProvider(demoLogins.siteAdmin, verified(demoLogins.siteAdmin));
  expect(refusal(await callback(answer))).toBe('PROVIDER');
  const [login] = await ctx.db
    .select()
    .from(ssoLogins)
    .where(eq(ssoLogins.stateHash, hashToken(authorization.searchParams.get('state') ?? '')));
  expect(login).toMatchObject({ handoffHash: null, userId: null, error: ssoSignInErrorLabels.PROVIDER });
});

test('the provider’s answer used twice: the second is refused and signs no one in', async () => {
  const { answer, binding } = await atProvider(demoLogins.siteAdmin, verified(demoLogins.siteAdmin));
  const first = await callback(answer);
  expect(first.pathname).toBe('/sso/complete');
  const again = await callback(answer);
  expect(refusal(again)).toBe('EXPIRED');
  expect(again.searchParams.get('code')).toBeNull();
  // The first still works, once.
  expect((await exchange(first.searchParams.get('code') ?? '', binding)).statusCode).toBe(200);
});

test('an ID token past its expiry is refused', async () => {
  idp.idTokenTtlSeconds = 60;
  const { answer } = await atProvider(demoLogins.siteAdmin, verified(demoLogins.siteAdmin));
  // The person comes back five minutes later (well within the sign-in's ten): the token has expired.
  ctx.clock.advance(5 * 60_000);
  expect(refusal(await callback(answer))).toBe('PROVIDER');
});

test('a sign-in left at the provider for more than ten minutes is refused', async () => {
  const { answer } = await atProvider(demoLogins.siteAdmin, verified(demoLogins.siteAdmin));
  ctx.clock.advance(11 * 60_000);
  expect(refusal(await callback(answer))).toBe('EXPIRED');
});

test('the person cancelling at the provider comes back to the sign-in page with the reason', async () => {
  idp.signInAs('sub-cancel', verified(demoLogins.siteAdmin));
  const authorization = await start(demoLogins.siteAdmin, newBinding());
  const state = authorization.searchParams.get('state') ?? '';
  const sentTo = await callback(
    new URL(`${redirectUri}?error=access_denied&error_description=The+user+cancelled&state=${state}`),
  );
  expect(refusal(sentTo)).toBe('CANCELLED');
});

test('an e-mail of another domain, or one the provider did not verify, is refused', async () => {
  const other = await signInThroughProvider(demoLogins.siteAdmin, verified('marcus@elsewhere.example'));
  expect(refusal(other.sentTo)).toBe('DOMAIN');
  const unverified = await signInThroughProvider(demoLogins.siteAdmin, {
    email: demoLogins.siteAdmin,
    email_verified: false,
  });
  expect(refusal(unverified.sentTo)).toBe('EMAIL_UNVERIFIED');
  const none = await signInThroughProvider(demoLogins.siteAdmin, { given_name: 'Marcus' });
  expect(refusal(none.sentTo)).toBe('EMAIL_UNVERIFIED');
});

test('an inactive person, a staff member and a person of another organisation are refused', async () => {
  const inactive = 'manchester.manager@harbourvine.example';
  await ctx.db.transaction((tx) =>
    insertUser(
      tx,
      {
        orgId: ctx.demo.organization.id,
        email: inactive,
        firstName: 'Mina',
        lastName: 'Hale',
        role: 'SITE_ADMIN',
        status: 'INACTIVE',
      },
      ctx.clock.now(),
    ),
  );
  expect(refusal((await signInThroughProvider(inactive)).sentTo)).toBe('INACTIVE');

  expect(refusal((await signInThroughProvider('aisha.khan@harbourvine.example')).sentTo)).toBe('STAFF');

  // An address of the covered domain that belongs to another organisation's person.
  await ctx.db
    .update(users)
    .set({ email: 'mia.other@harbourvine.example' })
    .where(eq(users.id, ctx.other.siteAdmin.id));
  expect(refusal((await signInThroughProvider('mia.other@harbourvine.example')).sentTo)).toBe('NO_ACCOUNT');
  await ctx.db
    .update(users)
    .set({ email: 'manager@other.example' })
    .where(eq(users.id, ctx.other.siteAdmin.id));
});

test('a first sign-in is refused without an account, and makes one when the organisation allows it', async () => {
  const newcomer = 'nadia.new@harbourvine.example';
  expect(refusal((await signInThroughProvider(newcomer)).sentTo)).toBe('NO_ACCOUNT');
  expect(await ctx.db.select().from(users).where(eq(users.email, newcomer))).toEqual([]);

  const brighton = ctx.demo.sites.brighton.id;
  await configure({ createOnFirstSignIn: true, defaultRole: 'SITE_ADMIN', defaultSiteIds: [brighton] });
  try {
    const { sentTo, binding } = await signInThroughProvider(newcomer, {
      email: newcomer,
      email_verified: true,
      given_name: 'Nadia',
      family_name: 'Noor',
    });
    const signedIn = await exchange(sentTo.searchParams.get('code') ?? '', binding);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json.data.userData).toMatchObject({
      email: newcomer,
      firstName: 'Nadia',
      lastName: 'Noor',
      role: 'SITE_ADMIN',
      siteIds: [brighton],
      orgId: ctx.demo.organization.id,
    });
    const [person] = await ctx.db.select().from(users).where(eq(users.email, newcomer));
    expect(person).toMatchObject({ provisionedBy: 'SSO', passwordHash: null, status: 'ACTIVE' });
    const sites = await ctx.db
      .select()
      .from(siteMembers)
      .where(and(eq(siteMembers.userId, person?.id ?? ''), eq(siteMembers.siteId, brighton)));
    expect(sites).toHaveLength(1);
  } finally {
    await configure();
  }
});

test('requiring single sign-on turns the console’s password off but for the break-glass admin', async () => {
  const siteAdminBefore = await passwordLogin(demoLogins.siteAdmin);
  expect(siteAdminBefore.statusCode).toBe(200);
  const [ownerRow] = await ctx.db.select().from(users).where(eq(users.email, demoLogins.organizationAdmin));
  await configure({ requireSso: true, breakGlassUserId: ownerRow?.id ?? null });
  try {
    const refused = await passwordLogin(demoLogins.siteAdmin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json.message).toBe(ssoRequiredMessage);
    expect((await passwordLogin(demoLogins.organizationAdmin)).statusCode).toBe(200);
    // Staff are not the console's: the mobile app's password still works.
    const mobile = await ctx.inject('POST', `${v1}/authentication/mobile-app-login`, {
      body: { email: 'aisha.khan@harbourvine.example', password: demoPassword },
      headers: fromNewAddress(),
    });
    expect(mobile.statusCode).toBe(200);
    // Single sign-on itself still signs the site admin in.
    const { sentTo, binding } = await signInThroughProvider(demoLogins.siteAdmin);
    expect((await exchange(sentTo.searchParams.get('code') ?? '', binding)).statusCode).toBe(200);

    // A reset link would make a password nobody may use: none is sent, but to the break-glass admin.
    const mailsBefore = ctx.mailer.sent.length;
    for (const email of [demoLogins.siteAdmin, demoLogins.organizationAdmin]) {
      await ctx.inject('POST', `${v1}/authentication/forget-password`, {
        body: { email },
        headers: fromNewAddress(),
      });
    }
    await ctx.settled();
    expect(ctx.mailer.sent.slice(mailsBefore).map((mail) => mail.to)).toEqual([demoLogins.organizationAdmin]);

    const discovered = await ctx.inject<{ data: unknown }>('POST', `${v1}/authentication/sso-discover`, {
      body: { email: demoLogins.siteAdmin },
    });
    expect(discovered.json.data).toEqual({
      covered: true,
      organizationName: 'Harbour & Vine Hospitality',
      required: true,
    });
  } finally {
    await configure();
  }
  expect((await passwordLogin(demoLogins.siteAdmin)).statusCode).toBe(200);
});

test('discovery answers from the domain alone, whether or not the person exists', async () => {
  const ask = (email: string) =>
    ctx.inject<{ data: unknown }>('POST', `${v1}/authentication/sso-discover`, { body: { email } });
  const known = await ask(demoLogins.siteAdmin);
  const unknown = await ask('nobody.at.all@harbourvine.example');
  expect(known.json.data).toEqual({
    covered: true,
    organizationName: 'Harbour & Vine Hospitality',
    required: false,
  });
  expect(unknown.json.data).toEqual(known.json.data);
  expect((await ask('owner@other.example')).json.data).toEqual({
    covered: false,
    organizationName: null,
    required: false,
  });
  expect((await ask('not an address')).statusCode).toBe(400);
});

test('starting for a domain no provider covers is a 400 on the e-mail; a bad binding a 400 on it', async () => {
  const uncovered = await ctx.inject('POST', `${v1}/authentication/sso-start`, {
    body: { email: 'owner@other.example', binding: newBinding() },
    headers: fromNewAddress(),
  });
  expect(uncovered.statusCode).toBe(400);
  expect(uncovered.json.details?.fieldErrors).toHaveProperty('email');
  const short = await ctx.inject('POST', `${v1}/authentication/sso-start`, {
    body: { email: demoLogins.siteAdmin, binding: 'short', returnTo: 'https://evil.example/' },
    headers: fromNewAddress(),
  });
  expect(short.statusCode).toBe(400);
  expect(Object.keys(short.json.details?.fieldErrors ?? {}).sort()).toEqual(['binding', 'returnTo']);
});

test('wrong hand-off codes are counted like wrong passwords', async () => {
  const address = fromNewAddress();
  const statuses: number[] = [];
  for (let guess = 0; guess < 31; guess += 1) {
    const reply = await ctx.inject('POST', `${v1}/authentication/sso-exchange`, {
      body: { code: newBinding(), binding: newBinding() },
      headers: address,
    });
    statuses.push(reply.statusCode);
  }
  expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
  expect(statuses[30]).toBe(429);
});

test('one address may start 60 sign-ins in 15 minutes; the next is told to wait', async () => {
  const address = fromNewAddress();
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 61; attempt += 1) {
    const reply = await ctx.inject('POST', `${v1}/authentication/sso-start`, {
      body: { email: demoLogins.siteAdmin, binding: newBinding() },
      headers: address,
    });
    statuses.push(reply.statusCode);
  }
  expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
  expect(statuses[60]).toBe(429);
  // Another address is not held up.
  await expect(start(demoLogins.siteAdmin, newBinding())).resolves.toBeInstanceOf(URL);
});
