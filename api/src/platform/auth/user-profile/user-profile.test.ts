import { eq } from 'drizzle-orm';
import {
  defaultNotificationSettings,
  type NotificationSettings,
  type Profile,
  type Role,
} from '@console/shared-sdk/contract';
import { siteMembers, users } from '../../db/schema.js';
import { createTestContext, demoPassword, type TestContext } from '../../../test/helper.js';
import { insertUser } from '../users/repository.js';

const base = '/api/v1/user-profile';

let ctx: TestContext;
let owner: string;
let manager: string;
let platform: string;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await ctx.login('owner@harbourvine.example');
  manager = await ctx.login('brighton.manager@harbourvine.example');
  platform = await ctx.login('platform@console.example');
});
afterAll(() => ctx.close());

async function viewMe(token: string) {
  return ctx.inject<{ data: Profile }>('GET', `${base}/view-me`, { token });
}

/** A user of its own for tests that change passwords or delete accounts. */
async function newUser(email: string, role: Role, orgId: string | null = ctx.demo.organization.id) {
  const user = await insertUser(
    ctx.db,
    {
      orgId,
      email,
      firstName: 'Test',
      lastName: 'Person',
      role,
      password: demoPassword,
      mobileNumber: '+44 7700 900999',
    },
    new Date(),
  );
  return { user, token: await ctx.login(email) };
}

const signIn = (email: string, password: string) =>
  ctx.inject('POST', '/api/v1/authentication/web-app-login', { body: { email, password } });

describe('GET /view-me', () => {
  test("answers the caller's own profile with its organisation's name", async () => {
    const reply = await viewMe(owner);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toMatchObject({
      _id: ctx.demo.organizationAdmin.id,
      userID: ctx.demo.organizationAdmin.id,
      email: 'owner@harbourvine.example',
      role: 'ORGANIZATION_ADMIN',
      orgId: ctx.demo.organization.id,
      organizationName: 'Harbour & Vine Hospitality',
      notificationSettings: { taskOverdue: true, weeklySummary: false },
    });
    expect(reply.json.data).not.toHaveProperty('passwordHash');
  });

  test('the platform admin has no organisation', async () => {
    const reply = await viewMe(platform);
    expect(reply.json.data).toMatchObject({ role: 'ADMIN', orgId: null, organizationName: null });
  });

  test('no token is a 401', async () => {
    expect((await ctx.inject('GET', `${base}/view-me`)).statusCode).toBe(401);
  });
});

describe('PUT /update-me', () => {
  const profile = {
    firstName: 'Marcus',
    lastName: 'Reid-Okafor',
    email: 'brighton.manager@harbourvine.example',
    mobileNumber: '+44 7700 900457',
    gender: 'MALE',
  };

  test('saves the caller and returns userID with the profile', async () => {
    const reply = await ctx.inject<{ data: { userID: string; profile: Profile } }>(
      'PUT',
      `${base}/update-me`,
      {
        token: manager,
        body: profile,
      },
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Profile updated');
    expect(reply.json.data.userID).toBe(ctx.demo.siteAdmin.id);
    expect(reply.json.data.profile).toMatchObject({ lastName: 'Reid-Okafor', gender: 'MALE' });
    expect((await viewMe(manager)).json.data).toMatchObject({
      lastName: 'Reid-Okafor',
      mobileNumber: '+44 7700 900457',
    });
  });

  test('acts on the caller only: an id in the body does not reach another user', async () => {
    const reply = await ctx.inject('PUT', `${base}/update-me`, {
      token: manager,
      body: { ...profile, _id: ctx.other.siteAdmin.id, userID: ctx.other.siteAdmin.id, firstName: 'Changed' },
    });
    expect(reply.statusCode).toBe(200);
    const [other] = await ctx.db.select().from(users).where(eq(users.id, ctx.other.siteAdmin.id));
    expect(other?.firstName).toBe('Mia');
    expect((await viewMe(manager)).json.data.firstName).toBe('Changed');
  });

  test('an e-mail change must be free; a taken one is a 409 and changes nothing', async () => {
    const before = (await viewMe(manager)).json.data;
    const reply = await ctx.inject('PUT', `${base}/update-me`, {
      token: manager,
      body: {
        ...profile,
        email: 'Owner@Other.example',
        lastName: 'Not saved',
        currentPassword: demoPassword,
      },
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json.details?.fieldErrors).toHaveProperty('email');
    expect((await viewMe(manager)).json.data).toEqual(before);
  });

  test('a new e-mail signs in and the old address is told of the change', async () => {
    const { token } = await newUser('mover@harbourvine.example', 'SITE_ADMIN');
    const reply = await ctx.inject('PUT', `${base}/update-me`, {
      token,
      body: {
        firstName: 'Mo',
        lastName: 'Ver',
        email: 'Moved@Harbourvine.example',
        currentPassword: demoPassword,
      },
    });
    expect(reply.statusCode).toBe(200);
    await ctx.settled();
    expect(ctx.mailer.lastTo('mover@harbourvine.example')?.text).toContain('moved@harbourvine.example');
    expect((await signIn('moved@harbourvine.example', demoPassword)).statusCode).toBe(200);
    expect((await signIn('mover@harbourvine.example', demoPassword)).statusCode).toBe(401);
  });

  test('an e-mail change needs the current password; without it or with a wrong one nothing changes', async () => {
    const { token } = await newUser('stays@harbourvine.example', 'SITE_ADMIN');
    const change = (extra: Record<string, string>) =>
      ctx.inject('PUT', `${base}/update-me`, {
        token,
        body: { firstName: 'St', lastName: 'Ays', email: 'taken-over@attacker.example', ...extra },
      });
    const missing = await change({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json.details?.fieldErrors).toHaveProperty('currentPassword');
    const wrong = await change({ currentPassword: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json.details?.fieldErrors?.currentPassword).toEqual(['Current password is incorrect']);
    expect((await viewMe(token)).json.data).toMatchObject({ email: 'stays@harbourvine.example' });
    // Editing the name alone still needs no password.
    const rename = await ctx.inject('PUT', `${base}/update-me`, {
      token,
      body: { firstName: 'Stay', lastName: 'Ays', email: 'stays@harbourvine.example' },
    });
    expect(rename.statusCode).toBe(200);
  });

  test('clearing the mobile number and gender', async () => {
    const reply = await ctx.inject<{ data: { profile: Profile } }>('PUT', `${base}/update-me`, {
      token: manager,
      body: { ...profile, mobileNumber: '', gender: null },
    });
    expect(reply.json.data.profile).toMatchObject({ mobileNumber: null, gender: null });
  });

  test('malformed input is a 400 naming each field and changes nothing', async () => {
    const before = (await viewMe(manager)).json.data;
    const reply = await ctx.inject('PUT', `${base}/update-me`, {
      token: manager,
      body: {
        firstName: ' ',
        lastName: 'X',
        email: 'not-an-email',
        mobileNumber: 'call me',
        gender: 'ROBOT',
      },
    });
    expect(reply.statusCode).toBe(400);
    expect(Object.keys(reply.json.details?.fieldErrors ?? {})).toEqual(
      expect.arrayContaining(['firstName', 'email', 'mobileNumber', 'gender']),
    );
    expect((await viewMe(manager)).json.data).toEqual(before);
  });

  test('no token is a 401', async () => {
    expect((await ctx.inject('PUT', `${base}/update-me`, { body: profile })).statusCode).toBe(401);
  });
});

describe('PATCH /change-password', () => {
  test('ends the other sessions, keeps this one, and the new password signs in', async () => {
    const { token: here } = await newUser('pw.change@harbourvine.example', 'SITE_ADMIN');
    const elsewhere = await ctx.login('pw.change@harbourvine.example');
    const reply = await ctx.inject('PATCH', `${base}/change-password`, {
      token: here,
      body: { currentPassword: demoPassword, newPassword: 'A-new-pass-2026' },
    });
    expect(reply.statusCode).toBe(200);
    expect((await viewMe(here)).statusCode).toBe(200);
    expect((await viewMe(elsewhere)).statusCode).toBe(401);
    expect((await signIn('pw.change@harbourvine.example', demoPassword)).statusCode).toBe(401);
    expect((await signIn('pw.change@harbourvine.example', 'A-new-pass-2026')).statusCode).toBe(200);
  });

  test('a wrong current password is a 400 on currentPassword and changes nothing', async () => {
    const { token } = await newUser('pw.wrong@harbourvine.example', 'SITE_ADMIN');
    const reply = await ctx.inject('PATCH', `${base}/change-password`, {
      token,
      body: { currentPassword: 'not-my-password', newPassword: 'A-new-pass-2026' },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors?.currentPassword).toEqual(['Current password is incorrect']);
    expect((await signIn('pw.wrong@harbourvine.example', demoPassword)).statusCode).toBe(200);
    expect((await viewMe(token)).statusCode).toBe(200);
  });

  test('wrong current passwords count towards the sign-in limit', async () => {
    const { token } = await newUser('pw.guess@harbourvine.example', 'SITE_ADMIN');
    const guess = () =>
      ctx.inject('PATCH', `${base}/change-password`, {
        token,
        body: { currentPassword: 'a-guess', newPassword: 'A-new-pass-2026' },
      });
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await guess()).statusCode).toBe(400);
    const limited = await guess();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  test('a short or unchanged new password is a 400 on newPassword', async () => {
    const short = await ctx.inject('PATCH', `${base}/change-password`, {
      token: owner,
      body: { currentPassword: demoPassword, newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json.details?.fieldErrors).toHaveProperty('newPassword');
    const same = await ctx.inject('PATCH', `${base}/change-password`, {
      token: owner,
      body: { currentPassword: demoPassword, newPassword: demoPassword },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json.details?.fieldErrors).toHaveProperty('newPassword');
  });

  test('no token is a 401', async () => {
    const reply = await ctx.inject('PATCH', `${base}/change-password`, {
      body: { currentPassword: demoPassword, newPassword: 'A-new-pass-2026' },
    });
    expect(reply.statusCode).toBe(401);
  });
});

describe('PATCH /change-notification-settings', () => {
  test('merges the settings sent into the stored ones', async () => {
    const first = await ctx.inject<{ data: NotificationSettings }>(
      'PATCH',
      `${base}/change-notification-settings`,
      { token: owner, body: { weeklySummary: true } },
    );
    expect(first.statusCode).toBe(200);
    // Issue 24's kinds and channels at their defaults, and the weekly summary as changed.
    expect(first.json.data).toEqual({ ...defaultNotificationSettings, weeklySummary: true });
    await ctx.inject('PATCH', `${base}/change-notification-settings`, {
      token: owner,
      body: { taskOverdue: false },
    });
    expect((await viewMe(owner)).json.data.notificationSettings).toMatchObject({
      taskOverdue: false,
      weeklySummary: true,
    });
  });

  test('a non-boolean setting or an empty change is a 400 and changes nothing', async () => {
    const before = (await viewMe(owner)).json.data.notificationSettings;
    const wrong = await ctx.inject('PATCH', `${base}/change-notification-settings`, {
      token: owner,
      body: { weeklySummary: 'yes', taskOverdue: true },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json.details?.fieldErrors).toHaveProperty('weeklySummary');
    const empty = await ctx.inject('PATCH', `${base}/change-notification-settings`, {
      token: owner,
      body: {},
    });
    expect(empty.statusCode).toBe(400);
    expect((await viewMe(owner)).json.data.notificationSettings).toEqual(before);
  });

  test('no token is a 401', async () => {
    const reply = await ctx.inject('PATCH', `${base}/change-notification-settings`, {
      body: { weeklySummary: true },
    });
    expect(reply.statusCode).toBe(401);
  });
});

describe('DELETE /delete-my-account', () => {
  test('deletes the account: signed out, contact details gone, names kept, e-mail free again', async () => {
    const { user, token } = await newUser('leaver@harbourvine.example', 'SITE_ADMIN');
    await ctx.db
      .insert(siteMembers)
      .values({ siteId: ctx.demo.sites.brighton.id, userId: user.id, createdAt: new Date() });

    const reply = await ctx.inject('DELETE', `${base}/delete-my-account`, {
      token,
      body: { password: demoPassword },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Your account has been deleted');

    expect((await viewMe(token)).statusCode).toBe(401);
    expect((await signIn('leaver@harbourvine.example', demoPassword)).statusCode).toBe(401);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      email: `deleted-${user.id}@deleted.invalid`,
      passwordHash: null,
      mobileNumber: null,
      firstName: 'Test',
      lastName: 'Person',
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(await ctx.db.select().from(siteMembers).where(eq(siteMembers.userId, user.id))).toHaveLength(0);

    // The address can be given to a new account.
    const reused = await ctx.inject('POST', '/api/v1/organization/create-new-one', {
      token: platform,
      body: {
        name: 'Leaver Returns Ltd',
        admin: { firstName: 'Lee', lastName: 'Ver', email: 'leaver@harbourvine.example' },
      },
    });
    expect(reused.statusCode).toBe(200);
  });

  test('a wrong or missing password is a 400 on password and deletes nothing', async () => {
    const { token } = await newUser('stayer@harbourvine.example', 'SITE_ADMIN');
    const wrong = await ctx.inject('DELETE', `${base}/delete-my-account`, {
      token,
      body: { password: 'not-my-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json.details?.fieldErrors).toHaveProperty('password');
    const missing = await ctx.inject('DELETE', `${base}/delete-my-account`, { token, body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json.details?.fieldErrors).toHaveProperty('password');
    expect((await viewMe(token)).statusCode).toBe(200);
  });

  test('the last organisation admin is refused until another is appointed', async () => {
    const lastOwner = await ctx.login('owner@other.example');
    const refused = await ctx.inject('DELETE', `${base}/delete-my-account`, {
      token: lastOwner,
      body: { password: demoPassword },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json.message).toMatch(/appoint another organisation admin/i);
    expect((await viewMe(lastOwner)).statusCode).toBe(200);

    const { token: second } = await newUser(
      'second.owner@other.example',
      'ORGANIZATION_ADMIN',
      ctx.other.organization.id,
    );
    const allowed = await ctx.inject('DELETE', `${base}/delete-my-account`, {
      token: lastOwner,
      body: { password: demoPassword },
    });
    expect(allowed.statusCode).toBe(200);
    // Now the second one is the last.
    const refusedAgain = await ctx.inject('DELETE', `${base}/delete-my-account`, {
      token: second,
      body: { password: demoPassword },
    });
    expect(refusedAgain.statusCode).toBe(409);
  });

  test('the last platform admin is refused too', async () => {
    const reply = await ctx.inject('DELETE', `${base}/delete-my-account`, {
      token: platform,
      body: { password: demoPassword },
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json.message).toMatch(/last platform admin/i);
    expect((await viewMe(platform)).statusCode).toBe(200);
  });

  test('no token is a 401', async () => {
    const reply = await ctx.inject('DELETE', `${base}/delete-my-account`, {
      body: { password: demoPassword },
    });
    expect(reply.statusCode).toBe(401);
  });
});
