import type { LoginResponse, PasswordSet, StaffInput, StaffMember } from '@console/shared-sdk/contract';
import { demoLogins, demoPassword } from '../../../demo.js';
import { createTestContext, fromNewAddress, type TestContext } from '../../../test/helper.js';

// A person's way in and out: the invitation link (once), signing in on the web or the mobile app, and
// deactivation, which ends every session at once and refuses the next sign-in.

const auth = '/api/v1/authentication';
const staff = '/api/v1/staff-people';
const newPassword = 'Lantern-orchard-2026';

let ctx: TestContext;
let owner: string;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await ctx.login(demoLogins.organizationAdmin);
});
afterAll(() => ctx.close());

async function invite(extra: Partial<StaffInput>): Promise<StaffMember> {
  const reply = await ctx.inject<{ data: StaffMember }>('POST', `${staff}/create-new-one`, {
    token: owner,
    body: {
      firstName: 'Iris',
      lastName: 'Invitee',
      email: 'iris@harbourvine.example',
      userRole: 'STAFF',
      siteIDs: [ctx.demo.sites.brighton.id],
      ...extra,
    },
  });
  if (reply.statusCode !== 200) throw new Error(reply.raw);
  return reply.json.data;
}

const linkOf = (email: string) =>
  decodeURIComponent(/token=([^\s]+)/.exec(ctx.mailer.lastTo(email)?.text ?? '')?.[1] ?? '');

const setPassword = (token: string, password = newPassword) =>
  ctx.inject<{ data: PasswordSet }>('PUT', `${auth}/reset-password`, { body: { token, password } });

const login = (door: 'web' | 'mobile', email: string, password = newPassword) =>
  ctx.inject<{ data: LoginResponse }>('POST', `${auth}/${door}-app-login`, {
    body: { email, password },
    headers: fromNewAddress(),
  });

const setStatus = (_id: string, status: 'ACTIVE' | 'INACTIVE') =>
  ctx.inject('PATCH', `${staff}/update-status`, { token: owner, body: { _id, status } });

const viewMe = (token: string) => ctx.inject('GET', '/api/v1/user-profile/view-me', { token });

test('a staff member’s invitation link sets a password once and points them to the kitchen app', async () => {
  const person = await invite({ email: 'iris@harbourvine.example' });
  expect(ctx.mailer.lastTo(person.email)?.text).toContain('http://console.test/kitchen/invite?token=');
  const token = linkOf(person.email);
  const reply = await setPassword(token);
  expect(reply.statusCode).toBe(200);
  expect(reply.json.data).toEqual({ email: 'iris@harbourvine.example', firstName: 'Iris', role: 'STAFF' });
  expect(reply.json.message).toBe(
    'Your password has been set. Sign in to the kitchen app (/kitchen) as iris@harbourvine.example.',
  );
  const again = await setPassword(token, 'Another-lantern-2026');
  expect(again.statusCode).toBe(400);
  expect(again.json.details?.fieldErrors).toHaveProperty('token');

  expect((await login('mobile', person.email)).statusCode).toBe(200);
  const web = await login('web', person.email);
  expect(web.statusCode).toBe(403);
  expect(web.json.message).toMatch(/kitchen app/);
  const shown = await ctx.inject<{ data: StaffMember }>('GET', `${staff}/find-one/${person._id}`, {
    token: owner,
  });
  expect(shown.json.data.invitation).toBe('ACCEPTED');
});

test('a site admin’s invitation leads to the console sign-in', async () => {
  const person = await invite({
    firstName: 'Sid',
    email: 'sid@harbourvine.example',
    userRole: 'SITE_ADMIN',
    siteIDs: [ctx.demo.sites.manchester.id],
  });
  // An admin's invitation is the console's, word for word as before staff had the kitchen app.
  expect(ctx.mailer.lastTo(person.email)?.text).toBe(
    'Hello Sid,\n\nAn account has been created for you on the Compliance Console for Harbour & Vine ' +
      'Hospitality. Open this link within seven days to choose your password:\n\n' +
      `http://console.test/reset-password?token=${encodeURIComponent(linkOf(person.email))}\n\n` +
      'Then sign in to the console at http://console.test with this e-mail address (sid@harbourvine.example).' +
      '\n\nThe link works once.\n',
  );
  const reply = await setPassword(linkOf(person.email));
  expect(reply.json.data).toEqual({ email: 'sid@harbourvine.example', firstName: 'Sid', role: 'SITE_ADMIN' });
  expect(reply.json.message).toBe('Your password has been set. Please sign in.');
  const web = await login('web', person.email);
  expect(web.statusCode).toBe(200);
  expect(web.json.data.userData.siteIds).toEqual([ctx.demo.sites.manchester.id]);
});

test('signing in records when; the list shows it', async () => {
  ctx.clock.advance(60_000);
  const at = ctx.clock.now().toISOString();
  expect((await login('mobile', 'aisha.khan@harbourvine.example', demoPassword)).statusCode).toBe(200);
  const list = await ctx.inject<{ data: { list: StaffMember[] } }>('GET', `${staff}/web-app-list`, {
    token: owner,
    query: { search: 'aisha.khan' },
  });
  expect(list.json.data.list[0]?.lastSignInAt).toBe(at);
});

test('deactivation ends every session at once and refuses sign-in until reactivated', async () => {
  const email = 'tom.fletcher@harbourvine.example';
  const mobile = await login('mobile', email, demoPassword);
  expect(mobile.statusCode).toBe(200);
  const { accessToken, refreshToken } = mobile.json.data;
  expect((await viewMe(accessToken)).statusCode).toBe(200);
  const tom = (
    await ctx.inject<{ data: { list: StaffMember[] } }>('GET', `${staff}/web-app-list`, {
      token: owner,
      query: { search: email },
    })
  ).json.data.list[0];
  if (!tom) throw new Error('Tom not listed');

  expect((await setStatus(tom._id, 'INACTIVE')).statusCode).toBe(200);
  // The very next request with the old token, and the refresh token, are refused.
  expect((await viewMe(accessToken)).statusCode).toBe(401);
  const refreshed = await ctx.inject('POST', `${auth}/refresh-token`, { body: { refreshToken } });
  expect(refreshed.statusCode).toBe(401);

  const refused = await login('mobile', email, demoPassword);
  expect(refused.statusCode).toBe(403);
  expect(refused.json.message).toBe(
    'This account has been deactivated. Ask your organisation admin if you should have access again.',
  );
  // Without the password nothing about the account is told.
  const guessed = await login('mobile', email, 'not-the-password');
  expect(guessed.statusCode).toBe(401);
  expect(guessed.json.message).toBe('The e-mail address or password is incorrect');

  expect((await setStatus(tom._id, 'ACTIVE')).statusCode).toBe(200);
  expect((await login('mobile', email, demoPassword)).statusCode).toBe(200);
});

test('a deactivated site admin is signed out of the console at once', async () => {
  const manager = await ctx.login(demoLogins.siteAdmin);
  expect((await viewMe(manager)).statusCode).toBe(200);
  const marcus = ctx.demo.siteAdmin;
  expect((await setStatus(marcus.id, 'INACTIVE')).statusCode).toBe(200);
  expect((await viewMe(manager)).statusCode).toBe(401);
  expect((await login('web', demoLogins.siteAdmin, demoPassword)).statusCode).toBe(403);
  expect((await setStatus(marcus.id, 'ACTIVE')).statusCode).toBe(200);
});

test('an invitation link does not work while its person is deactivated, and is not spent by trying', async () => {
  const person = await invite({ firstName: 'Dora', email: 'dora@harbourvine.example' });
  const token = linkOf(person.email);
  expect((await setStatus(person._id, 'INACTIVE')).statusCode).toBe(200);
  const refused = await setPassword(token);
  expect(refused.statusCode).toBe(403);
  expect(refused.json.message).toMatch(/deactivated/);
  expect((await setStatus(person._id, 'ACTIVE')).statusCode).toBe(200);
  expect((await setPassword(token)).statusCode).toBe(200);
});

test('a deleted person’s sessions end and their address no longer signs in', async () => {
  const person = await invite({ firstName: 'Del', email: 'del@harbourvine.example' });
  await setPassword(linkOf(person.email));
  const signedIn = await login('mobile', person.email);
  const deleted = await ctx.inject('DELETE', `${staff}/delete-one/${person._id}`, { token: owner });
  expect(deleted.statusCode).toBe(200);
  expect((await viewMe(signedIn.json.data.accessToken)).statusCode).toBe(401);
  expect((await login('mobile', person.email)).statusCode).toBe(401);
});
