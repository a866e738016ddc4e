import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import {
  pinSchema,
  type DevicePeople,
  type EnrolResponse,
  type KitchenDevice,
  type ListData,
} from '@console/shared-sdk/contract';
import { createTestContext, fromNewAddress, type TestContext } from './test/helper.js';
import { demoLogins } from './demo.js';
import { seedPeople } from './domains/people/index.js';
import { users } from './platform/db/schema.js';
import {
  demoEnrolmentCode,
  demoLanguages,
  demoPins,
  demoTablets,
  seedKitchen,
} from './platform/auth/kitchen-devices/seed.js';

// A fresh `npm start` lets anyone try the kitchen app: the demo staff have PINs, and Brighton has a
// tablet in use and one whose enrolment code (in the README) works once.

const v1 = '/api/v1';
const day = 86_400_000;

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  const base = { orgId: ctx.demo.organization.id, sites: ctx.demo.sites, now: ctx.clock.now() };
  await ctx.db.transaction(async (tx) => {
    await seedPeople(tx, base);
    await seedKitchen(tx, base);
  });
});
afterAll(() => ctx.close());

test('every demo staff member who can sign in has a PIN the app accepts; nobody else has one', async () => {
  const staff = await ctx.db.select().from(users).where(eq(users.role, 'STAFF'));
  const demo = staff.filter((person) => person.email.endsWith('@harbourvine.example'));
  const canSignIn = demo.filter((person) => person.status === 'ACTIVE' && person.passwordHash !== null);
  expect(canSignIn.map((person) => person.email).sort()).toEqual(Object.keys(demoPins).sort());
  expect(canSignIn.every((person) => person.pinHash !== null)).toBe(true);
  for (const pin of Object.values(demoPins))
    expect([pin, pinSchema.safeParse(pin).success]).toEqual([pin, true]);
  const others = demo.filter((person) => !canSignIn.includes(person));
  // The deactivated and those who have not accepted their invitation.
  expect(others.some((person) => person.status === 'INACTIVE')).toBe(true);
  expect(others.some((person) => person.passwordHash === null)).toBe(true);
  expect(others.every((person) => person.pinHash === null)).toBe(true);
  const speakers = await ctx.db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(inArray(users.email, Object.keys(demoLanguages)));
  expect(Object.fromEntries(speakers.map((one) => [one.email, one.language]))).toEqual(demoLanguages);
});

test('Brighton has a tablet in use and one whose code enrols a browser once, within 30 days', async () => {
  const owner = await ctx.login(demoLogins.organizationAdmin);
  const listed = await ctx.inject<{ data: ListData<KitchenDevice> }>(
    'GET',
    `${v1}/kitchen-device/web-app-list`,
    {
      token: owner,
      query: { siteID: ctx.demo.sites.brighton.id, sort: 'name' },
    },
  );
  const [inUse, waiting] = listed.json.data.list;
  const now = ctx.clock.now().getTime();
  expect(inUse).toMatchObject({ name: demoTablets.enrolled, status: 'ENROLLED' });
  expect(now - new Date(inUse?.enrolledAt ?? '').getTime()).toBeGreaterThan(day / 2);
  expect(now - new Date(inUse?.lastSeenAt ?? '').getTime()).toBeLessThan(60 * 60_000);
  expect(waiting).toMatchObject({ name: demoTablets.waiting, status: 'PENDING' });
  expect(new Date(waiting?.enrolmentExpiresAt ?? '').getTime()).toBe(now + 30 * day);

  // Weeks later, still within the 30 days, the README's code enrols the tablet.
  ctx.clock.advance(29 * day);
  const enrol = () =>
    ctx.inject<{ data: EnrolResponse }>('POST', `${v1}/kitchen-device/enrol`, {
      body: { code: demoEnrolmentCode },
      headers: fromNewAddress(),
    });
  const enrolled = await enrol();
  expect(enrolled.statusCode).toBe(200);
  expect(enrolled.json.data.device.name).toBe(demoTablets.waiting);
  expect((await enrol()).statusCode).toBe(400);
  const { deviceToken } = enrolled.json.data;
  const people = await ctx.inject<{ data: DevicePeople }>('GET', `${v1}/kitchen-device/people`, {
    headers: { 'x-device-token': deviceToken },
  });
  expect(people.json.data.people.map((person) => [person.firstName, person.hasPin])).toEqual([
    ['Aisha', true],
    ['Grace', true],
    ['Tom', true],
  ]);
  const aisha = people.json.data.people[0];
  const signIn = await ctx.inject('POST', `${v1}/authentication/device-login`, {
    body: { deviceToken, userID: aisha?.userID, pin: demoPins['aisha.khan@harbourvine.example'] },
    headers: fromNewAddress(),
  });
  expect(signIn.statusCode).toBe(200);
});

test('the README lists every demo PIN and the pass tablet’s code', () => {
  const readme = fs.readFileSync(path.join(__dirname, '../../README.md'), 'utf8');
  for (const pin of Object.values(demoPins)) expect(readme).toContain(`\`${pin}\``);
  expect(readme).toContain(`\`${demoEnrolmentCode}\``);
  expect(readme).toContain(`/kitchen/?enrol=${demoEnrolmentCode.replace('-', '')}`);
});
