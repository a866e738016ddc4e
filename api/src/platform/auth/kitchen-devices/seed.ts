import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { KitchenLanguage } from '@console/shared-sdk/contract';
import { kitchenDevices, users } from '../../db/schema.js';
import type { DomainSeed } from '../../demo/base.js';
import { hashPassword } from '../passwords.js';
import { insertDevice } from './repository.js';
import { hashDeviceSecret, newDeviceSecret } from './secrets.js';

// The kitchen app's demo (listed in the README beside the demo logins): every demo staff member who can
// sign in has a PIN, Diego at Brooklyn reads the app in Spanish, and Brighton has a tablet in use and one
// waiting at the pass, whose enrolment code is fixed here so that a fresh `npm start` can enrol a browser
// at /kitchen/?enrol=<code>. People who are deactivated or have not accepted their invitation get no PIN.

/** Each demo staff member's kitchen PIN, by e-mail address. */
export const demoPins: Readonly<Record<string, string>> = {
  'aisha.khan@harbourvine.example': '2486',
  'tom.fletcher@harbourvine.example': '1357',
  'grace.liu@harbourvine.example': '3692',
  'chloe.evans@harbourvine.example': '2468',
  'jamie.hughes@harbourvine.example': '5173',
  'sofia.rossi@harbourvine.example': '6284',
  'diego.ramirez@harbourvine.example': '1479',
  'maya.johnson@harbourvine.example': '8023',
};

/** Who reads the kitchen app in another language than English. */
export const demoLanguages: Readonly<Record<string, KitchenLanguage>> = {
  'diego.ramirez@harbourvine.example': 'es',
};

/** Brighton's tablets: one in the kitchen, enrolled, and one waiting at the pass. */
export const demoTablets = { enrolled: 'Brighton kitchen tablet', waiting: 'Brighton pass tablet' } as const;

/** The pass tablet's enrolment code: open /kitchen/?enrol=73152048 (or type it) once, within 30 days. */
export const demoEnrolmentCode = '7315-2048';
const demoCodeDays = 30;

const dayMs = 86_400_000;

export const seedKitchen: DomainSeed = async (tx, { orgId, sites, now }) => {
  const emails = Object.keys(demoPins);
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.orgId, orgId),
        inArray(users.email, emails),
        eq(users.status, 'ACTIVE'),
        isNotNull(users.passwordHash),
        isNull(users.deletedAt),
      ),
    );
  // Different PINs, so each costs a hash of its own: made at once.
  const hashes = await Promise.all(people.map((person) => hashPassword(demoPins[person.email] ?? '')));
  for (const [index, person] of people.entries()) {
    await tx
      .update(users)
      .set({ pinHash: hashes[index], pinSetAt: new Date(now.getTime() - 7 * dayMs) })
      .where(eq(users.id, person.id));
  }
  for (const [email, language] of Object.entries(demoLanguages)) {
    await tx
      .update(users)
      .set({ language })
      .where(and(eq(users.orgId, orgId), eq(users.email, email)));
  }

  const brighton = { orgId, siteID: sites.brighton.id };
  const yesterday = new Date(now.getTime() - dayMs);
  const { row: tablet } = await insertDevice(tx, brighton, { name: demoTablets.enrolled }, null, yesterday);
  // Its secret is thrown away: the tablet is only seen in the console's list.
  await tx
    .update(kitchenDevices)
    .set({
      secretHash: hashDeviceSecret(newDeviceSecret()),
      enrolmentCodeHash: null,
      enrolmentExpiresAt: null,
      enrolledAt: new Date(yesterday.getTime() + 10 * 60_000),
      lastSeenAt: new Date(now.getTime() - 20 * 60_000),
    })
    .where(eq(kitchenDevices.id, tablet.id));
  await insertDevice(tx, brighton, { name: demoTablets.waiting }, null, now, {
    code: demoEnrolmentCode.replace('-', ''),
    validMinutes: demoCodeDays * 24 * 60,
  });
};
