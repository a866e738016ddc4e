import { count, eq, inArray } from 'drizzle-orm';
import { siteInputSchema } from '@console/shared-sdk/contract';
import type { Database } from './platform/db/client.js';
import { areas, customRoles, siteMembers, sites, users } from './platform/db/schema.js';
import { newId } from './platform/db/ids.js';
import { insertUser } from './platform/auth/users/repository.js';
import { demoLogins, demoPassword, type DemoBase, type DomainSeed } from './platform/demo/base.js';
import { demoSites, insertOrganization, insertSite } from './domains/sites/index.js';
import type { Storage } from './platform/files/storage.js';
import { seedAlerts } from './domains/alerts/index.js';
import { seedEquipment } from './domains/equipment/index.js';
import { seedCorrectiveActions, seedLogs } from './domains/logs/index.js';
import { seedPeople } from './domains/people/index.js';
import { seedReports } from './domains/reports/index.js';
import { seedTasks } from './domains/tasks/index.js';
import { seedKitchen } from './platform/auth/kitchen-devices/seed.js';

// The demo a fresh `npm start` opens on: the organisation, its sites and people (the base every domain
// stands on), then each domain's own demo records in dependency order, in one transaction.

export { demoLogins, demoPassword, demoSites, type DemoBase, type DomainSeed };

/** Seeds the demo organisation when the database has no users yet. Returns whether it seeded. */
export async function seedDemoIfEmpty(db: Database, storage: Storage): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  await seedDemo(db, { storage });
  return true;
}

/** Every domain's demo data, in dependency order. */
export const demoDomains: readonly DomainSeed[] = [
  seedEquipment,
  seedPeople,
  seedKitchen,
  seedTasks,
  seedLogs,
  seedCorrectiveActions,
  seedReports,
  seedAlerts,
];

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
    // The overview groups and totals its sites by area: the two English sites and the American one.
    const [unitedKingdom, unitedStates] = [
      { id: newId(), orgId, name: 'United Kingdom', createdAt: now, updatedAt: now },
      { id: newId(), orgId, name: 'United States', createdAt: now, updatedAt: now },
    ];
    await tx.insert(areas).values([unitedKingdom, unitedStates]);
    await tx
      .update(sites)
      .set({ areaId: unitedKingdom.id })
      .where(inArray(sites.id, [brighton.id, manchester.id]));
    await tx.update(sites).set({ areaId: unitedStates.id }).where(eq(sites.id, brooklyn.id));
    // A role made ready for the group's hygiene auditor, who starts next month: nobody holds it yet.
    await tx.insert(customRoles).values({
      id: newId(),
      orgId,
      name: 'Auditor (read only)',
      description: 'Reads the records, reviews and scores of the sites they audit; changes nothing.',
      grants: (
        [
          'Task',
          'ComplianceLog',
          'NearMiss',
          'TemperatureLog',
          'CorrectiveAction',
          'Document',
          'SiteReview',
        ] as const
      ).map((subject) => ({ subject, actions: ['read' as const] })),
      createdAt: now,
      updatedAt: now,
    });

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
    for (const [index, person] of staff.entries()) {
      const user = await insertUser(
        tx,
        {
          orgId,
          email: person.email,
          firstName: person.firstName,
          lastName: person.lastName,
          role: 'STAFF',
          password: demoPassword,
          // They work every day from the staff app, which keeps them signed in: they last signed in to it
          // a few days ago.
          lastSignInAt: new Date(now.getTime() - (index + 2) * 86_400_000 - 3 * 3_600_000),
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
