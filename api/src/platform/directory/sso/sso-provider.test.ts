import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ssoCallbackPath, type SsoProviderInput, type SsoSettings } from '@console/shared-sdk/contract';
import { demoLogins } from '../../../demo.js';
import { mobileLogin } from '../../../test/logs.js';
import { createTestContext, demoSeedTimeoutMs, type TestContext } from '../../../test/helper.js';
import { startTestProvider, type TestProvider } from '../../../test/oidc-provider.js';
import { TokenService } from '../../auth/tokens.js';
import { insertUser } from '../../auth/users/repository.js';
import { ssoProviders } from '../schema.js';

// /sso-provider: an organisation admin registers the organisation's provider. The issuer's discovery document
// is read before anything is saved, the client secret is sealed and never answered, and a domain belongs to
// one organisation.

const v1 = '/api/v1';
const redirectUri = `http://console.test${ssoCallbackPath}`;

let ctx: TestContext;
let idp: TestProvider;
let owner: string;
let otherOwner: string;
let ownerId: string;

const input = (changes: Partial<SsoProviderInput> = {}): SsoProviderInput => ({
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
  ...changes,
});

const save = (body: unknown, token = owner, query?: Record<string, string>) =>
  ctx.inject<{ data: SsoSettings }>('PUT', `${v1}/sso-provider/update-one`, { token, body, query });
const view = (token = owner, query?: Record<string, string>) =>
  ctx.inject<{ data: SsoSettings }>('GET', `${v1}/sso-provider/view-one`, { token, query });
const remove = (token = owner) => ctx.inject('DELETE', `${v1}/sso-provider/delete-one`, { token });

beforeAll(async () => {
  ctx = await createTestContext({ env: { SSO_ALLOW_PRIVATE_ISSUERS: 'true' } });
  idp = await startTestProvider({ redirectUri });
  [owner, otherOwner] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login('owner@other.example'),
  ]);
  ownerId = ctx.demo.organizationAdmin.id;
}, demoSeedTimeoutMs);
afterAll(async () => {
  await idp?.close();
  await ctx?.close();
});

test('before any is saved: no provider, the redirect address to register, the admins who may break glass', async () => {
  const reply = await view();
  expect(reply.statusCode).toBe(200);
  expect(reply.json.data.provider).toBeNull();
  expect(reply.json.data.redirectUri).toBe(redirectUri);
  expect(reply.json.data.breakGlassChoices).toEqual([
    { _id: ownerId, fullName: 'Olivia Bennett', email: demoLogins.organizationAdmin },
  ]);
});

test('saving reads the issuer, seals the secret and never answers it', async () => {
  const reply = await save(
    input({ domains: ['HarbourVine.example', '@harbourvine.co.uk', 'harbourvine.example'] }),
  );
  expect(reply.statusCode).toBe(200);
  expect(reply.json.message).toBe('Single sign-on saved');
  expect(reply.json.data.provider).toMatchObject({
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecretSet: true,
    domains: ['harbourvine.co.uk', 'harbourvine.example'],
  });
  expect(reply.raw).not.toContain(idp.clientSecret);
  expect((await view()).raw).not.toContain(idp.clientSecret);
  const [row] = await ctx.db
    .select()
    .from(ssoProviders)
    .where(eq(ssoProviders.orgId, ctx.demo.organization.id));
  expect(row?.clientSecretSealed).toBeDefined();
  expect(row?.clientSecretSealed).not.toContain(idp.clientSecret);

  // Saved again without the secret (same issuer and client), the sealed one is kept.
  const { clientSecret: _left, ...withoutSecret } = input({ enabled: false });
  const again = await save(withoutSecret);
  expect(again.statusCode).toBe(200);
  expect(again.json.data.provider?.enabled).toBe(false);
  const [kept] = await ctx.db
    .select()
    .from(ssoProviders)
    .where(eq(ssoProviders.orgId, ctx.demo.organization.id));
  expect(kept?.clientSecretSealed).toBe(row?.clientSecretSealed);
});

test('the secret must be entered again when the issuer or client changes, so it never goes elsewhere', async () => {
  await save(input());
  const { clientSecret: _left, ...withoutSecret } = input({ clientId: idp.otherClientId });
  const reply = await save(withoutSecret);
  expect(reply.statusCode).toBe(400);
  expect(reply.json.details?.fieldErrors.clientSecret).toEqual([
    'Enter the client secret again: the issuer or client ID changed',
  ]);
});

test('an issuer whose discovery document cannot be read is a 400 on issuer, and nothing is saved', async () => {
  await save(input());
  const closed = await startTestProvider({ redirectUri });
  await closed.close();
  const reply = await save(input({ issuer: closed.issuer, clientId: 'changed' }));
  expect(reply.statusCode).toBe(400);
  expect(reply.json.details?.fieldErrors.issuer?.[0]).toMatch(
    /^The issuer’s discovery document could not be read: The connection was refused/,
  );
  // No discovery document at that address.
  const wrongPath = await save(input({ issuer: `${idp.issuer}/tenant` }));
  expect(wrongPath.json.details?.fieldErrors.issuer).toEqual([
    'The issuer’s discovery document could not be read: It did not answer with a discovery document (is the issuer right?)',
  ]);
  // The provider reached by another name: its discovery document names its own issuer, not the one typed.
  const misnamed = await save(input({ issuer: idp.issuer.replace('127.0.0.1', 'localhost') }));
  expect(misnamed.statusCode).toBe(400);
  expect(misnamed.json.details?.fieldErrors.issuer).toEqual([
    'The issuer’s discovery document could not be read: Its discovery document names another issuer: enter the issuer exactly as the provider gives it',
  ]);
  expect((await view()).json.data.provider?.clientId).toBe(idp.clientId);
});

test('what the form gets wrong is a 400 on its field', async () => {
  const cases: [Partial<SsoProviderInput> | Record<string, unknown>, string, string][] = [
    [{ issuer: 'login.example.com' }, 'issuer', 'Must be the issuer’s address'],
    [{ issuer: 'https://login.example.com/?tenant=1' }, 'issuer', 'Must be the issuer’s address'],
    [{ clientId: '  ' }, 'clientId', 'Client ID is required'],
    [{ domains: [] }, 'domains', 'Add at least one e-mail domain'],
    [{ domains: ['not a domain'] }, 'domains.0', 'Must be a domain name such as example.com'],
    [{ domains: ['localhost'] }, 'domains.0', 'Must be a domain name such as example.com'],
    [{ defaultRole: 'ADMIN' }, 'defaultRole', ''],
    [
      { createOnFirstSignIn: true, defaultSiteIds: [] },
      'defaultSiteIds',
      'Choose the sites a new site admin runs',
    ],
    [{ requireSso: true, breakGlassUserId: null }, 'breakGlassUserId', 'Name the organisation admin'],
    [{ requireSso: true, enabled: false, breakGlassUserId: ownerId }, 'requireSso', 'Turn single sign-on on'],
  ];
  for (const [changes, field, message] of cases) {
    const reply = await save({ ...input(), ...changes });
    expect([field, reply.statusCode]).toEqual([field, 400]);
    expect([field, reply.json.details?.fieldErrors[field]?.[0] ?? '']).toEqual([
      field,
      expect.stringContaining(message),
    ]);
  }
});

test('default sites and the break-glass admin must be of the organisation (another’s read as missing)', async () => {
  const foreignSite = await save(input({ createOnFirstSignIn: true, defaultSiteIds: [ctx.other.site.id] }));
  expect(foreignSite.statusCode).toBe(400);
  expect(foreignSite.json.details?.fieldErrors.defaultSiteIds).toEqual(['Choose sites of this organisation']);

  const choices: [string, string][] = [
    ['another organisation’s admin', ctx.other.organizationAdmin.id],
    ['a site admin', ctx.demo.siteAdmin.id],
    ['nobody', '01890000-0000-7000-8000-000000000000'],
  ];
  for (const [who, id] of choices) {
    const reply = await save(input({ requireSso: true, breakGlassUserId: id }));
    expect([who, reply.statusCode, reply.json.details?.fieldErrors.breakGlassUserId]).toEqual([
      who,
      400,
      ['Choose an active organisation admin of this organisation'],
    ]);
  }
  const deputy = await ctx.db.transaction((tx) =>
    insertUser(
      tx,
      {
        orgId: ctx.demo.organization.id,
        email: 'deputy@harbourvine.example',
        firstName: 'Dana',
        lastName: 'Deputy',
        role: 'ORGANIZATION_ADMIN',
        status: 'INACTIVE',
      },
      ctx.clock.now(),
    ),
  );
  const inactive = await save(input({ requireSso: true, breakGlassUserId: deputy.id }));
  expect(inactive.json.details?.fieldErrors.breakGlassUserId).toEqual([
    'Choose an active organisation admin of this organisation',
  ]);

  const fine = await save(
    input({
      createOnFirstSignIn: true,
      defaultSiteIds: [ctx.demo.sites.brighton.id],
      requireSso: true,
      breakGlassUserId: ownerId,
    }),
  );
  expect(fine.statusCode).toBe(200);
  expect(fine.json.data.provider).toMatchObject({
    defaultSiteIds: [ctx.demo.sites.brighton.id],
    requireSso: true,
    breakGlassUserId: ownerId,
  });
  await save(input());
});

test('a domain another organisation covers is a 409 on domains', async () => {
  await save(input());
  const reply = await save(input({ domains: ['other.example', 'harbourvine.example'] }), otherOwner);
  expect(reply.statusCode).toBe(409);
  expect(reply.json.details?.fieldErrors.domains).toEqual([
    'harbourvine.example is already covered by another organisation’s single sign-on',
  ]);
  expect((await view(otherOwner)).json.data.provider).toBeNull();
});

test('each organisation sees and changes its own provider alone; site admins and staff none', async () => {
  await save(input());
  const theirs = await view(otherOwner);
  expect(theirs.statusCode).toBe(200);
  expect(theirs.json.data.provider).toBeNull();
  expect(theirs.json.data.breakGlassChoices.map((admin) => admin._id)).toEqual([
    ctx.other.organizationAdmin.id,
  ]);
  // Their break-glass choice cannot be ours.
  const crossed = await save(
    input({ domains: ['other.example'], requireSso: true, breakGlassUserId: ownerId }),
    otherOwner,
  );
  expect(crossed.statusCode).toBe(400);
  // An organisation admin's orgId names nothing but its own organisation.
  const aimed = await view(otherOwner, { orgId: ctx.demo.organization.id });
  expect(aimed.json.data.provider).toBeNull();

  const siteAdmin = await ctx.login(demoLogins.siteAdmin);
  expect((await view(siteAdmin)).statusCode).toBe(403);
  expect((await save(input(), siteAdmin)).statusCode).toBe(403);
  expect((await remove(siteAdmin)).statusCode).toBe(403);
  const staff = await mobileLogin(ctx, 'aisha.khan@harbourvine.example');
  expect((await view(staff)).statusCode).toBe(403);

  // The platform admin acts in the organisation it names.
  const platform = await ctx.login(demoLogins.platformAdmin);
  const acting = await view(platform, { orgId: ctx.demo.organization.id });
  expect(acting.json.data.provider?.issuer).toBe(idp.issuer);
  expect((await view(platform)).statusCode).toBe(400);
});

test('removing the provider frees its domains; removing none is a 404', async () => {
  await save(input());
  const reply = await remove();
  expect(reply.statusCode).toBe(200);
  expect((await view()).json.data.provider).toBeNull();
  expect((await remove()).statusCode).toBe(404);
  const theirs = await save(input({ domains: ['harbourvine.example'] }), otherOwner);
  expect(theirs.statusCode).toBe(200);
  expect((await remove(otherOwner)).statusCode).toBe(200);
});

test('a sealed secret opens only for the organisation it was sealed for, and only with the server’s secret', () => {
  const { tokens } = ctx.app.deps;
  const sealed = tokens.seal('client-secret', 'sso-client-secret:one');
  expect(sealed).not.toContain('client-secret');
  expect(tokens.unseal(sealed, 'sso-client-secret:one')).toBe('client-secret');
  expect(tokens.unseal(sealed, 'sso-client-secret:two')).toBeNull();
  const otherServer = new TokenService(randomBytes(32), ctx.clock, 900, ctx.signingKeys);
  expect(otherServer.unseal(sealed, 'sso-client-secret:one')).toBeNull();
  expect(tokens.unseal(`${sealed.slice(0, -2)}AA`, 'sso-client-secret:one')).toBeNull();
});

describe('without SSO_ALLOW_PRIVATE_ISSUERS (the default)', () => {
  let strict: TestContext;
  let strictOwner: string;
  beforeAll(async () => {
    strict = await createTestContext();
    strictOwner = await strict.login(demoLogins.organizationAdmin);
  }, demoSeedTimeoutMs);
  afterAll(() => strict?.close());

  test('an issuer on plain http, or on a private or loopback address, is refused on issuer', async () => {
    const attempt = (issuer: string) =>
      strict.inject<{ data: SsoSettings }>('PUT', `${v1}/sso-provider/update-one`, {
        token: strictOwner,
        body: input({ issuer }),
      });
    const plain = await attempt('http://login.example.com');
    expect(plain.json.details?.fieldErrors.issuer).toEqual(['Must be an https:// address']);
    for (const issuer of [
      idp.issuer.replace('http:', 'https:'),
      'https://localhost',
      'https://10.1.2.3/tenant',
    ]) {
      const reply = await attempt(issuer);
      expect([issuer, reply.statusCode]).toEqual([issuer, 400]);
      expect([issuer, reply.json.details?.fieldErrors.issuer?.[0]]).toEqual([
        issuer,
        'The issuer’s discovery document could not be read: This address is on a private, loopback or link-local network, which the console may not call',
      ]);
    }
  });
});
