import { eq } from 'drizzle-orm';
import {
  pinLockMinutes,
  pinMaxFailures,
  type DevicePeople,
  type EnrolResponse,
  type KitchenDevice,
  type KitchenDeviceWithCode,
  type ListData,
  type LoginResponse,
  type Profile,
  type StaffDay,
} from '@console/shared-sdk/contract';
import { demoLogins } from '../../../demo.js';
import { mobileLogin } from '../../../test/logs.js';
import { createTestContext, demoPassword, fromNewAddress, type TestContext } from '../../../test/helper.js';
import { kitchenDevices, siteMembers, users } from '../../db/schema.js';
import { insertUser } from '../users/repository.js';

const v1 = '/api/v1';
const base = `${v1}/kitchen-device`;
const minute = 60_000;

let ctx: TestContext;
let owner: string;
let manager: string;
let brighton: string;
let manchester: string;

beforeAll(async () => {
  ctx = await createTestContext();
  brighton = ctx.demo.sites.brighton.id;
  manchester = ctx.demo.sites.manchester.id;
  owner = await ctx.login(demoLogins.organizationAdmin);
  manager = await ctx.login(demoLogins.siteAdmin);
});
afterAll(() => ctx.close());

/** Moves the clock, and signs the admins in again (their tokens of before may have expired). */
async function advance(ms: number) {
  ctx.clock.advance(ms);
  [owner, manager] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(demoLogins.siteAdmin),
  ]);
}

let named = 0;
async function addDevice(siteID = brighton, token = manager): Promise<KitchenDeviceWithCode> {
  named += 1;
  const reply = await ctx.inject<{ data: KitchenDeviceWithCode }>('POST', `${base}/create-new-one`, {
    token,
    body: { siteID, name: `Tablet ${named}` },
  });
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

const enrol = (code: string) =>
  ctx.inject<{ data: EnrolResponse }>('POST', `${base}/enrol`, {
    body: { code },
    headers: fromNewAddress(),
  });

/** A device added and enrolled at Brighton: its id and the tablet's secret. */
async function enrolledTablet() {
  const device = await addDevice();
  const reply = await enrol(device.enrolmentCode);
  expect(reply.statusCode).toBe(200);
  return { id: device._id, secret: reply.json.data.deviceToken };
}

const people = (secret: string) =>
  ctx.inject<{ data: DevicePeople }>('GET', `${base}/people`, { headers: { 'x-device-token': secret } });

const deviceLogin = (body: Record<string, unknown>) =>
  ctx.inject<{ data: LoginResponse }>('POST', `${v1}/authentication/device-login`, {
    body,
    headers: fromNewAddress(),
  });

const list = (token: string, query: Record<string, string> = {}) =>
  ctx.inject<{ data: ListData<KitchenDevice> }>('GET', `${base}/web-app-list`, {
    token,
    query: { limit: '100', ...query },
  });

const deviceIn = async (id: string) => (await list(owner)).json.data.list.find((one) => one._id === id);

const setPin = (token: string, body: Record<string, unknown>) =>
  ctx.inject<{ data: { hasPin: boolean } }>('PUT', `${v1}/user-profile/set-pin`, { token, body });

/** A staff member of Brighton of this test's own, who can sign in with the demo password. */
let people_ = 0;
async function staffMember(options: { status?: 'ACTIVE' | 'INACTIVE'; password?: boolean } = {}) {
  people_ += 1;
  const email = `kitchen.${people_}@harbourvine.example`;
  const user = await insertUser(
    ctx.db,
    {
      orgId: ctx.demo.organization.id,
      email,
      firstName: `Cook ${String(people_).padStart(2, '0')}`,
      lastName: 'Test',
      role: 'STAFF',
      ...(options.password === false ? {} : { password: demoPassword }),
      ...(options.status ? { status: options.status } : {}),
    },
    ctx.clock.now(),
  );
  await ctx.db.insert(siteMembers).values({ siteId: brighton, userId: user.id, createdAt: ctx.clock.now() });
  return { id: user.id, email };
}

describe('enrolling a tablet in the console', () => {
  test('answers an 8-digit code, its link and QR code once, valid an hour; only a hash is kept', async () => {
    const device = await addDevice();
    expect(device).toMatchObject({ siteID: brighton, status: 'PENDING', enrolledAt: null, lastSeenAt: null });
    expect(device.siteName).toBe('The Harbour Kitchen, Brighton');
    expect(device.enrolmentCode).toMatch(/^\d{4}-\d{4}$/);
    const digits = device.enrolmentCode.replace('-', '');
    expect(device.enrolmentUrl).toBe(`http://console.test/kitchen/?enrol=${digits}`);
    expect(device.qrCodeSvg).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(device.qrCodeSvg.split(',')[1] ?? '', 'base64').toString('utf8');
    expect(svg).toContain('<svg');
    expect(new Date(device.enrolmentExpiresAt ?? '').getTime()).toBe(ctx.clock.now().getTime() + 60 * minute);
    const [stored] = await ctx.db.select().from(kitchenDevices).where(eq(kitchenDevices.id, device._id));
    expect(stored?.enrolmentCodeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(digits);
    // Never answered again.
    expect(JSON.stringify((await list(owner)).json)).not.toContain(digits);
  });

  test('a site admin enrols for their own sites only; another organisation’s site is not found', async () => {
    const mine = await ctx.inject('POST', `${base}/create-new-one`, {
      token: manager,
      body: { siteID: manchester, name: 'Not mine' },
    });
    expect(mine.statusCode).toBe(403);
    const foreign = await ctx.inject('POST', `${base}/create-new-one`, {
      token: owner,
      body: { siteID: ctx.other.site.id, name: 'Theirs' },
    });
    expect(foreign.statusCode).toBe(404);
    const nameless = await ctx.inject('POST', `${base}/create-new-one`, {
      token: owner,
      body: { siteID: brighton, name: ' ' },
    });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json.details?.fieldErrors.name).toEqual(['Tablet name is required']);
  });

  test('the code enrols a tablet once: a second use is refused on `code`', async () => {
    const device = await addDevice();
    const first = await enrol(device.enrolmentCode);
    expect(first.statusCode).toBe(200);
    expect(first.json.data.deviceToken).toMatch(/^kd_[A-Za-z0-9_-]{43}$/);
    expect(first.json.data.device).toEqual({
      _id: device._id,
      name: device.name,
      siteID: brighton,
      siteName: 'The Harbour Kitchen, Brighton',
      timeZoneId: 'Europe/London',
      organizationName: 'Harbour & Vine Hospitality',
    });
    const again = await enrol(device.enrolmentCode.replace('-', ''));
    expect(again.statusCode).toBe(400);
    expect(again.json.details?.fieldErrors.code?.[0]).toMatch(/not right, or it was used already/);
    expect(await deviceIn(device._id)).toMatchObject({
      status: 'ENROLLED',
      enrolledAt: ctx.clock.now().toISOString(),
      enrolmentExpiresAt: null,
    });
  });

  test('an expired code is refused in words, and a new code enrols the tablet', async () => {
    const device = await addDevice();
    await advance(61 * minute);
    expect((await deviceIn(device._id))?.status).toBe('EXPIRED');
    const late = await enrol(device.enrolmentCode);
    expect(late.statusCode).toBe(400);
    expect(late.json.details?.fieldErrors.code).toEqual([
      'This code has expired: ask your site admin for a new one',
    ]);
    const fresh = await ctx.inject<{ data: KitchenDeviceWithCode }>(
      'POST',
      `${base}/new-code/${device._id}`,
      {
        token: manager,
      },
    );
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json.data.status).toBe('PENDING');
    expect(fresh.json.data.enrolmentCode).not.toBe(device.enrolmentCode);
    expect((await enrol(device.enrolmentCode)).statusCode).toBe(400);
    expect((await enrol(fresh.json.data.enrolmentCode)).statusCode).toBe(200);
  });

  test('a malformed code is a 400 on code; too many attempts from one address are 429', async () => {
    const malformed = await enrol('12-34');
    expect(malformed.json.details?.fieldErrors.code).toEqual(['Enter the 8-digit code shown in the console']);
    const address = fromNewAddress();
    const tries = [];
    for (let i = 0; i < 10; i += 1) {
      tries.push(
        await ctx.inject('POST', `${base}/enrol`, { body: { code: '0000-0000' }, headers: address }),
      );
    }
    expect(tries.map((reply) => reply.statusCode)).toEqual(Array(10).fill(400));
    const blocked = await ctx.inject('POST', `${base}/enrol`, {
      body: { code: '0000-0000' },
      headers: address,
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the console’s list, rename and tenancy', () => {
  test('a site admin lists their sites’ devices; another site is refused, the organisation admin sees all', async () => {
    const atBrighton = await addDevice();
    const atManchester = await addDevice(manchester, owner);
    const mine = await list(manager);
    expect(mine.statusCode).toBe(200);
    const ids = mine.json.data.list.map((one) => one._id);
    expect(ids).toContain(atBrighton._id);
    expect(ids).not.toContain(atManchester._id);
    expect(mine.json.data.list.every((one) => one.siteID === brighton)).toBe(true);
    expect((await list(manager, { siteID: manchester })).statusCode).toBe(403);
    expect((await list(owner, { siteID: ctx.other.site.id })).statusCode).toBe(404);
    const onlyManchester = await list(owner, { siteID: manchester });
    expect(onlyManchester.json.data.list.map((one) => one._id)).toEqual([atManchester._id]);
    // Another site's device, by its id, is refused too.
    const rename = await ctx.inject('PUT', `${base}/update-one/${atManchester._id}`, {
      token: manager,
      body: { name: 'Mine now' },
    });
    expect(rename.statusCode).toBe(403);
  });

  test('renames a device; a name another live device of the site has is a 409 on name', async () => {
    const first = await addDevice();
    const second = await addDevice();
    const renamed = await ctx.inject<{ data: KitchenDevice }>('PUT', `${base}/update-one/${first._id}`, {
      token: manager,
      body: { name: 'Pastry corner tablet' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json.data.name).toBe('Pastry corner tablet');
    expect((await deviceIn(first._id))?.name).toBe('Pastry corner tablet');
    const clash = await ctx.inject('PUT', `${base}/update-one/${second._id}`, {
      token: manager,
      body: { name: 'pastry corner tablet' },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json.details?.fieldErrors).toHaveProperty('name');
  });

  test('another organisation’s device is not found on every call', async () => {
    const theirs = await addDevice(ctx.other.site.id, await ctx.login('owner@other.example'));
    const calls = [
      ctx.inject('PUT', `${base}/update-one/${theirs._id}`, { token: owner, body: { name: 'Taken' } }),
      ctx.inject('POST', `${base}/new-code/${theirs._id}`, { token: owner }),
      ctx.inject('PUT', `${base}/revoke/${theirs._id}`, { token: owner }),
    ];
    expect((await Promise.all(calls)).map((reply) => reply.statusCode)).toEqual([404, 404, 404]);
    expect((await list(owner)).json.data.list.map((one) => one._id)).not.toContain(theirs._id);
    // Still as it was: its own code still enrols.
    expect((await enrol(theirs.enrolmentCode)).statusCode).toBe(200);
  });
});

describe('the tablet’s people and sign-in', () => {
  test('lists the site’s staff who can sign in, by first name; notes when the tablet was seen', async () => {
    const tablet = await enrolledTablet();
    await staffMember();
    await staffMember({ status: 'INACTIVE' });
    await staffMember({ password: false });
    await advance(5 * minute);
    const reply = await people(tablet.secret);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.device).toMatchObject({ _id: tablet.id, siteID: brighton });
    const names = reply.json.data.people.map((one) => one.firstName);
    // Aisha and Tom of the demo and this file's cooks; not the site admin, the deactivated or the invited.
    expect(names.slice(0, 2)).toEqual(['Aisha', 'Cook 01']);
    expect(names).toContain('Tom');
    expect(names).not.toContain('Marcus');
    expect(names).not.toContain('Cook 02');
    expect(names).not.toContain('Cook 03');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(reply.json.data.people[0]).toEqual({
      userID: expect.any(String),
      firstName: 'Aisha',
      lastName: 'Khan',
      hasPin: false,
      language: 'en',
    });
    expect((await deviceIn(tablet.id))?.lastSeenAt).toBe(ctx.clock.now().toISOString());
  });

  test('an unknown or missing device secret is 401 DEVICE_REVOKED', async () => {
    for (const reply of [await people('kd_not-a-real-secret'), await ctx.inject('GET', `${base}/people`)]) {
      expect(reply.statusCode).toBe(401);
      expect(reply.json.error).toBe('DEVICE_REVOKED');
    }
  });

  test('first by password, then a PIN: the session acts on the tablet’s site alone', async () => {
    const tablet = await enrolledTablet();
    const cook = await staffMember();
    // The cook also works at Manchester, where a task is due today.
    await ctx.db
      .insert(siteMembers)
      .values({ siteId: manchester, userId: cook.id, createdAt: ctx.clock.now() });
    const noPin = await deviceLogin({ deviceToken: tablet.secret, userID: cook.id, pin: '4826' });
    expect(noPin.statusCode).toBe(400);
    expect(noPin.json.details?.fieldErrors.pin?.[0]).toMatch(
      /sign in with your password once, then set a PIN/,
    );
    const wrong = await deviceLogin({ deviceToken: tablet.secret, userID: cook.id, password: 'not it' });
    expect(wrong.statusCode).toBe(401);

    const byPassword = await deviceLogin({
      deviceToken: tablet.secret,
      userID: cook.id,
      password: demoPassword,
    });
    expect(byPassword.statusCode).toBe(200);
    expect(byPassword.json.data.userData).toMatchObject({
      userID: cook.id,
      role: 'STAFF',
      siteIds: [brighton],
    });
    const set = await setPin(byPassword.json.data.accessToken, { pin: '4826' });
    expect(set.statusCode).toBe(200);
    expect(set.json.data).toEqual({ hasPin: true });

    const byPin = await deviceLogin({ deviceToken: tablet.secret, userID: cook.id, pin: '4826' });
    expect(byPin.statusCode).toBe(200);
    const { accessToken, refreshToken } = byPin.json.data;
    const today = (token: string, siteID?: string) =>
      ctx.inject<{ data: StaffDay }>('GET', `${v1}/task-new-version/today`, {
        token,
        ...(siteID ? { query: { siteID } } : {}),
      });
    // On their phone they see both sites' days; on the Brighton tablet only Brighton's.
    const phone = await mobileLogin(ctx, cook.email);
    expect((await today(phone)).json.data.sites.map((site) => site.siteID).sort()).toEqual(
      [brighton, manchester].sort(),
    );
    expect((await today(phone, manchester)).statusCode).toBe(200);
    expect((await today(accessToken)).json.data.sites.map((site) => site.siteID)).toEqual([brighton]);
    const elsewhere = await today(accessToken, manchester);
    expect(elsewhere.statusCode).toBe(403);
    const access = await ctx.inject<{ data: { siteIds: string[] } }>(
      'GET',
      `${v1}/common-uri/know-my-access`,
      {
        token: accessToken,
      },
    );
    expect(access.json.data.siteIds).toEqual([brighton]);
    // And it stays so when the tokens are renewed.
    const renewed = await ctx.inject<{ data: LoginResponse }>('POST', `${v1}/authentication/refresh-token`, {
      body: { refreshToken },
    });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json.data.userData.siteIds).toEqual([brighton]);
    expect((await today(renewed.json.data.accessToken, manchester)).statusCode).toBe(403);
    // The people list now says they have a PIN.
    const listed = (await people(tablet.secret)).json.data.people.find((one) => one.userID === cook.id);
    expect(listed?.hasPin).toBe(true);
  });

  test('refuses a person not on the site’s staff (403), a deactivated one (403) and admins', async () => {
    const tablet = await enrolledTablet();
    const [chloe] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.email, 'chloe.evans@harbourvine.example'));
    const notHere = await deviceLogin({
      deviceToken: tablet.secret,
      userID: chloe?.id,
      password: demoPassword,
    });
    expect(notHere.statusCode).toBe(403);
    const stranger = await deviceLogin({
      deviceToken: tablet.secret,
      userID: ctx.other.staff.id,
      password: demoPassword,
    });
    expect(stranger.statusCode).toBe(403);
    const gone = await staffMember({ status: 'INACTIVE' });
    const inactive = await deviceLogin({
      deviceToken: tablet.secret,
      userID: gone.id,
      password: demoPassword,
    });
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json.message).toMatch(/deactivated/);
    const admin = await deviceLogin({
      deviceToken: tablet.secret,
      userID: ctx.demo.siteAdmin.id,
      password: demoPassword,
    });
    expect(admin.statusCode).toBe(403);
    const revokedSecret = await deviceLogin({
      deviceToken: 'kd_unknown',
      userID: ctx.demo.siteAdmin.id,
      password: demoPassword,
    });
    expect([revokedSecret.statusCode, revokedSecret.json.error]).toEqual([401, 'DEVICE_REVOKED']);
    const neither = await deviceLogin({ deviceToken: tablet.secret, userID: gone.id });
    expect(neither.json.details?.fieldErrors.pin).toEqual(['Enter your PIN']);
  });

  test(`${pinMaxFailures} wrong PINs lock the PIN for ${pinLockMinutes} minutes; the password still works`, async () => {
    const tablet = await enrolledTablet();
    const cook = await staffMember();
    const first = await deviceLogin({ deviceToken: tablet.secret, userID: cook.id, password: demoPassword });
    expect((await setPin(first.json.data.accessToken, { pin: '7391' })).statusCode).toBe(200);
    const tries = [];
    for (let i = 0; i < pinMaxFailures; i += 1) {
      tries.push(await deviceLogin({ deviceToken: tablet.secret, userID: cook.id, pin: '7392' }));
    }
    expect(tries.map((reply) => reply.statusCode)).toEqual(Array(pinMaxFailures).fill(401));
    expect(tries[0]?.json.message).toMatch(/Wrong PIN/);
    const locked = await deviceLogin({ deviceToken: tablet.secret, userID: cook.id, pin: '7391' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json.message).toMatch(/PIN is locked.*sign in with your password/);
    const byPassword = await deviceLogin({
      deviceToken: tablet.secret,
      userID: cook.id,
      password: demoPassword,
    });
    expect(byPassword.statusCode).toBe(200);
    await advance(pinLockMinutes * minute + 1000);
    expect((await deviceLogin({ deviceToken: tablet.secret, userID: cook.id, pin: '7391' })).statusCode).toBe(
      200,
    );
  });
});

describe('revoking and enrolling again', () => {
  test('revoking signs the tablet out at once: its sessions are 401 and its secret DEVICE_REVOKED', async () => {
    const tablet = await enrolledTablet();
    const cook = await staffMember();
    const signedIn = await deviceLogin({
      deviceToken: tablet.secret,
      userID: cook.id,
      password: demoPassword,
    });
    const { accessToken, refreshToken } = signedIn.json.data;
    const viewMe = () => ctx.inject('GET', `${v1}/user-profile/view-me`, { token: accessToken });
    expect((await viewMe()).statusCode).toBe(200);
    // The same person's phone is not the tablet: it stays signed in.
    const phone = await mobileLogin(ctx, cook.email);

    const revoked = await ctx.inject<{ data: KitchenDevice }>('PUT', `${base}/revoke/${tablet.id}`, {
      token: manager,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json.data).toMatchObject({ status: 'REVOKED', revokedAt: ctx.clock.now().toISOString() });
    expect((await viewMe()).statusCode).toBe(401);
    const refresh = await ctx.inject('POST', `${v1}/authentication/refresh-token`, {
      body: { refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const list_ = await people(tablet.secret);
    expect([list_.statusCode, list_.json.error]).toEqual([401, 'DEVICE_REVOKED']);
    const login = await deviceLogin({ deviceToken: tablet.secret, userID: cook.id, password: demoPassword });
    expect([login.statusCode, login.json.error]).toEqual([401, 'DEVICE_REVOKED']);
    expect((await ctx.inject('GET', `${v1}/user-profile/view-me`, { token: phone })).statusCode).toBe(200);
    // A revoked device takes no new code, and revoking it again changes nothing.
    expect((await ctx.inject('POST', `${base}/new-code/${tablet.id}`, { token: manager })).statusCode).toBe(
      409,
    );
    const again = await ctx.inject<{ data: KitchenDevice }>('PUT', `${base}/revoke/${tablet.id}`, {
      token: owner,
    });
    expect(again.json.data.revokedAt).toBe(revoked.json.data.revokedAt);
    const [row] = await ctx.db.select().from(kitchenDevices).where(eq(kitchenDevices.id, tablet.id));
    expect(row).toMatchObject({ secretHash: null, revokedBy: ctx.demo.siteAdmin.id });
  });

  test('a new code for an enrolled tablet: the old tablet works until the code is used, then is signed out', async () => {
    const old = await enrolledTablet();
    const cook = await staffMember();
    const signedIn = await deviceLogin({ deviceToken: old.secret, userID: cook.id, password: demoPassword });
    const fresh = await ctx.inject<{ data: KitchenDeviceWithCode }>('POST', `${base}/new-code/${old.id}`, {
      token: manager,
    });
    expect(fresh.json.data.status).toBe('ENROLLED');
    expect((await people(old.secret)).statusCode).toBe(200);
    const replacement = await enrol(fresh.json.data.enrolmentCode);
    expect(replacement.json.data.device._id).toBe(old.id);
    expect((await people(old.secret)).json.error).toBe('DEVICE_REVOKED');
    expect((await people(replacement.json.data.deviceToken)).statusCode).toBe(200);
    const viewMe = await ctx.inject('GET', `${v1}/user-profile/view-me`, {
      token: signedIn.json.data.accessToken,
    });
    expect(viewMe.statusCode).toBe(401);
  });
});

describe('PUT /user-profile/set-pin, and the kitchen language', () => {
  test('a PIN is 4 to 6 digits and not an easy one', async () => {
    const cook = await staffMember();
    const token = await mobileLogin(ctx, cook.email);
    for (const pin of ['123', '1234567', '12a4', '1234', '0000', '123456', '999999']) {
      const reply = await setPin(token, { pin });
      expect([pin, reply.statusCode]).toEqual([pin, 400]);
      expect(reply.json.details?.fieldErrors).toHaveProperty('pin');
    }
    expect((await setPin(token, { pin: '58214' })).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, cook.id));
    expect(row?.pinHash).toMatch(/^\$argon2id\$/);
    expect(row?.pinSetAt?.toISOString()).toBe(ctx.clock.now().toISOString());
    const me = await ctx.inject<{ data: Profile }>('GET', `${v1}/user-profile/view-me`, { token });
    expect(me.json.data.hasPin).toBe(true);
    expect(JSON.stringify(me.json)).not.toContain(row?.pinHash);
  });

  test('changing a PIN needs the current PIN or the password', async () => {
    const cook = await staffMember();
    const token = await mobileLogin(ctx, cook.email);
    expect((await setPin(token, { pin: '58214' })).statusCode).toBe(200);
    const bare = await setPin(token, { pin: '66172' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json.details?.fieldErrors).toHaveProperty('currentPin');
    const wrongPin = await setPin(token, { pin: '66172', currentPin: '11111' });
    expect(wrongPin.json.details?.fieldErrors.currentPin).toEqual(['Current PIN is incorrect']);
    const wrongPassword = await setPin(token, { pin: '66172', currentPassword: 'not it' });
    expect(wrongPassword.json.details?.fieldErrors).toHaveProperty('currentPassword');
    expect((await setPin(token, { pin: '66172', currentPin: '58214' })).statusCode).toBe(200);
    expect((await setPin(token, { pin: '40917', currentPassword: demoPassword })).statusCode).toBe(200);
    // The console's token may not set a PIN: the kitchen app's call.
    expect((await setPin(manager, { pin: '40917' })).statusCode).toBe(403);
  });

  test('the language is kept on the profile and shown on the tablet', async () => {
    const tablet = await enrolledTablet();
    const cook = await staffMember();
    const token = await mobileLogin(ctx, cook.email);
    const me = () => ctx.inject<{ data: Profile }>('GET', `${v1}/user-profile/view-me`, { token });
    const profile = (await me()).json.data;
    expect(profile).toMatchObject({ language: 'en', hasPin: false });
    const edit = { firstName: profile.firstName, lastName: profile.lastName, email: profile.email };
    const update = (body: Record<string, unknown>) =>
      ctx.inject<{ data: { profile: Profile } }>('PUT', `${v1}/user-profile/update-me`, { token, body });
    expect((await update({ ...edit, language: 'fr' })).statusCode).toBe(400);
    const spanish = await update({ ...edit, language: 'es' });
    expect(spanish.statusCode).toBe(200);
    expect(spanish.json.data.profile.language).toBe('es');
    // Left out, it stays.
    expect((await update({ ...edit, firstName: 'Cocinera' })).json.data.profile.language).toBe('es');
    expect((await me()).json.data.language).toBe('es');
    const listed = (await people(tablet.secret)).json.data.people.find((one) => one.userID === cook.id);
    expect(listed?.language).toBe('es');
  });
});
