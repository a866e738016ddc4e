import { count } from 'drizzle-orm';
import { siteInputSchema, type SiteInput, type Timing } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../db/client.js';
import { siteMembers, users } from '../db/schema.js';
import { insertOrganization } from '../routes/organization/repository.js';
import { insertSite } from '../routes/site-panel/repository.js';
import { insertUser } from '../users/repository.js';
import type { Storage } from '../storage/storage.js';
import { seedEquipment } from './equipment.js';
import { seedLogs } from './logs.js';
import { seedPeople } from './people.js';
import { seedTasks } from './tasks.js';

/** The password of every demo login (listed in the README). */
export const demoPassword = 'Demo-pass-2026';

export const demoLogins = {
  platformAdmin: 'platform@console.example',
  organizationAdmin: 'owner@harbourvine.example',
  siteAdmin: 'brighton.manager@harbourvine.example',
} as const;

/** Opening hours for each weekday (0 = Sunday); a missing day is closed. */
function week(hours: Partial<Record<0 | 1 | 2 | 3 | 4 | 5 | 6, [string, string]>>): Timing {
  return ([0, 1, 2, 3, 4, 5, 6] as const).map((day) => {
    const open = hours[day];
    return open
      ? { day, isOpen: true, openTime: open[0], closeTime: open[1] }
      : { day, isOpen: false, openTime: '09:00', closeTime: '17:00' };
  });
}

export const demoSites = {
  brighton: {
    name: 'The Harbour Kitchen, Brighton',
    description: 'Seafront restaurant and bar, 120 covers.',
    add1: '14 Marine Parade',
    city: 'Brighton',
    county: 'East Sussex',
    state: 'England',
    country: 'GB',
    zip: 'BN2 1TL',
    lat_long: '50.8194,-0.1335',
    timeZoneId: 'Europe/London',
    // Late licence on Friday and Saturday: closes after midnight.
    timing: week({
      0: ['09:00', '22:00'],
      1: ['08:00', '23:00'],
      2: ['08:00', '23:00'],
      3: ['08:00', '23:00'],
      4: ['08:00', '23:00'],
      5: ['08:00', '01:00'],
      6: ['08:00', '01:00'],
    }),
  },
  manchester: {
    name: 'Vine Street Café, Manchester',
    description: 'Breakfast and lunch café with a bakery counter.',
    add1: '3 Vine Street',
    city: 'Manchester',
    county: 'Greater Manchester',
    state: 'England',
    country: 'GB',
    zip: 'M1 4BT',
    lat_long: '53.4808,-2.2426',
    timeZoneId: 'Europe/London',
    timing: week({
      1: ['07:00', '17:00'],
      2: ['07:00', '17:00'],
      3: ['07:00', '17:00'],
      4: ['07:00', '17:00'],
      5: ['07:00', '17:00'],
      6: ['08:00', '16:00'],
    }),
  },
  brooklyn: {
    name: 'Harbour Kitchen Brooklyn',
    description: 'Neighbourhood restaurant, closed Mondays.',
    add1: '210 Kent Avenue',
    city: 'Brooklyn',
    county: 'Kings County',
    state: 'New York',
    country: 'US',
    zip: '11249',
    lat_long: '40.7178,-73.9636',
    timeZoneId: 'America/New_York',
    timing: week({
      0: ['10:00', '22:00'],
      2: ['11:00', '23:00'],
      3: ['11:00', '23:00'],
      4: ['11:00', '23:00'],
      5: ['11:00', '00:30'],
      6: ['10:00', '00:30'],
    }),
  },
} satisfies Record<string, Omit<SiteInput, 'siteAdminList'>>;

/** Seeds the demo organisation when the database has no users yet. Returns whether it seeded. */
export async function seedDemoIfEmpty(db: Database, storage: Storage): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  await seedDemo(db, { storage });
  return true;
}

/** What every domain's demo records hang on: the organisation, its sites and its people. */
export interface DemoBase {
  orgId: string;
  /** The seed's "now": every record's timestamps, and the end of each domain's weeks of history. */
  now: Date;
  sites: Record<keyof typeof demoSites, { id: string }>;
  /** Where the demo's files (documents, photos) go; only domains that store files need it. */
  storage?: Storage | undefined;
}

/** One domain's demo records (api/src/seed/<domain>.ts), seeded in the same transaction as the base. */
export type DomainSeed = (tx: Tx, base: DemoBase) => Promise<void>;

/** Every domain's demo data, in dependency order. */
export const demoDomains: readonly DomainSeed[] = [seedEquipment, seedPeople, seedTasks, seedLogs];

/**
 * Seeds the demo organisation. API tests pass `domains: []` to start from the organisation, its people and
 * its sites alone, and add the records each test is about.
 */
export async function seedDemo(
  db: Database,
  {
    domains = demoDomains,
    now = new Date(),
    storage,
  }: { domains?: readonly DomainSeed[]; now?: Date; storage?: Storage } = {},
) {
  return db.transaction(async (tx) => {
    const platformAdmin = await insertUser(
      tx,
      {
        orgId: null,
        email: demoLogins.platformAdmin,
        firstName: 'Priya',
        lastName: 'Shah',
        role: 'ADMIN',
        password: demoPassword,
      },
      now,
    );
    const organization = await insertOrganization(
      tx,
      {
        name: 'Harbour & Vine Hospitality',
        email: 'office@harbourvine.example',
        phone: '+44 1273 555 010',
        add1: '14 Marine Parade',
        city: 'Brighton',
        county: 'East Sussex',
        zip: 'BN2 1TL',
        country: 'GB',
        note: 'Demo organisation: three sites in two time zones.',
      },
      now,
    );
    const orgId = organization.id;
    const organizationAdmin = await insertUser(
      tx,
      {
        orgId,
        email: demoLogins.organizationAdmin,
        firstName: 'Olivia',
        lastName: 'Bennett',
        role: 'ORGANIZATION_ADMIN',
        password: demoPassword,
        mobileNumber: '+44 7700 900123',
      },
      now,
    );
    const siteAdmin = await insertUser(
      tx,
      {
        orgId,
        email: demoLogins.siteAdmin,
        firstName: 'Marcus',
        lastName: 'Reid',
        role: 'SITE_ADMIN',
        password: demoPassword,
        mobileNumber: '+44 7700 900456',
      },
      now,
    );
    const brighton = await insertSite(
      tx,
      orgId,
      siteInputSchema.parse({ ...demoSites.brighton, siteAdminList: [siteAdmin.id] }),
      now,
    );
    const manchester = await insertSite(tx, orgId, siteInputSchema.parse(demoSites.manchester), now);
    const brooklyn = await insertSite(tx, orgId, siteInputSchema.parse(demoSites.brooklyn), now);

    const staff = [
      { firstName: 'Aisha', lastName: 'Khan', email: 'aisha.khan@harbourvine.example', site: brighton.id },
      {
        firstName: 'Tom',
        lastName: 'Fletcher',
        email: 'tom.fletcher@harbourvine.example',
        site: brighton.id,
      },
      {
        firstName: 'Chloe',
        lastName: 'Evans',
        email: 'chloe.evans@harbourvine.example',
        site: manchester.id,
      },
      {
        firstName: 'Diego',
        lastName: 'Ramirez',
        email: 'diego.ramirez@harbourvine.example',
        site: brooklyn.id,
      },
    ];
    for (const person of staff) {
      const user = await insertUser(
        tx,
        {
          orgId,
          email: person.email,
          firstName: person.firstName,
          lastName: person.lastName,
          role: 'STAFF',
          password: demoPassword,
        },
        now,
      );
      await tx.insert(siteMembers).values({ siteId: person.site, userId: user.id, createdAt: now });
    }
    for (const seed of domains) {
      await seed(tx, { orgId, now, storage, sites: { brighton, manchester, brooklyn } });
    }
    return {
      platformAdmin,
      organization,
      organizationAdmin,
      siteAdmin,
      sites: { brighton, manchester, brooklyn },
    };
  });
}
