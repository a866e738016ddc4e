import { and, eq, inArray } from 'drizzle-orm';
import { departmentInputSchema, type Gender } from '@console/shared-sdk/contract';
import { issuePasswordLinks } from '../../platform/auth/password-links.js';
import { siteMembers, users } from '../../platform/db/schema.js';
import { userDepartments } from './schema.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { insertDepartment } from './department-panel/repository.js';
import { insertUser } from '../../platform/auth/users/repository.js';
import { demoPassword, type DemoSiteKey, type DomainSeed } from '../../platform/demo/base.js';

// Each demo site's departments and the people who work there: the base seeds one or two staff per site,
// this adds the rest so every site has four to six, some in two departments, one deactivated (who cannot
// sign in) and one who has not yet accepted their invitation. Everyone else signs in with the demo password.

type DepartmentName = 'Kitchen' | 'Front of house' | 'Bar';

interface PersonSeed {
  firstName: string;
  lastName: string;
  departments: readonly DepartmentName[];
  gender?: Gender;
  mobileNumber?: string;
  /** Deactivated: kept on the lists, refused at sign-in. */
  inactive?: boolean;
  /** Invited, and has not set a password yet. */
  invited?: boolean;
  /** Days before the seed's now that they last signed in. */
  signedInDaysAgo?: number;
}

interface SitePeople {
  departments: readonly { name: DepartmentName; description: string }[];
  /** The base's staff of the site (by e-mail), and the departments they sit in. */
  existing: Readonly<Record<string, readonly DepartmentName[]>>;
  added: readonly PersonSeed[];
}

const kitchen = { name: 'Kitchen', description: 'Chefs, prep and kitchen porters.' } as const;
const frontOfHouse = { name: 'Front of house', description: 'Hosts, servers and runners.' } as const;
const bar = { name: 'Bar', description: 'Bartenders and cellar.' } as const;

export const demoPeople: Record<DemoSiteKey, SitePeople> = {
  brighton: {
    departments: [kitchen, frontOfHouse, bar],
    existing: {
      'aisha.khan@harbourvine.example': ['Kitchen'],
      'tom.fletcher@harbourvine.example': ['Front of house', 'Bar'],
    },
    added: [
      {
        firstName: 'Grace',
        lastName: 'Liu',
        departments: ['Bar', 'Front of house'],
        gender: 'FEMALE',
        mobileNumber: '+44 7700 900601',
        signedInDaysAgo: 1,
      },
      { firstName: 'Ben', lastName: 'Carter', departments: ['Kitchen'], gender: 'MALE', inactive: true },
      { firstName: 'Noah', lastName: 'Williams', departments: ['Kitchen'], invited: true },
    ],
  },
  manchester: {
    departments: [kitchen, frontOfHouse],
    existing: { 'chloe.evans@harbourvine.example': ['Front of house'] },
    added: [
      {
        firstName: 'Jamie',
        lastName: 'Hughes',
        departments: ['Kitchen', 'Front of house'],
        gender: 'NON-BINARY',
        mobileNumber: '+44 7700 900602',
        signedInDaysAgo: 2,
      },
      {
        firstName: 'Sofia',
        lastName: 'Rossi',
        departments: ['Kitchen'],
        gender: 'FEMALE',
        signedInDaysAgo: 0,
      },
      { firstName: 'Liam', lastName: 'O’Brien', departments: ['Front of house'], inactive: true },
      { firstName: 'Hannah', lastName: 'Price', departments: ['Kitchen'], invited: true },
    ],
  },
  brooklyn: {
    departments: [kitchen, frontOfHouse, bar],
    existing: { 'diego.ramirez@harbourvine.example': ['Kitchen'] },
    added: [
      {
        firstName: 'Maya',
        lastName: 'Johnson',
        departments: ['Bar', 'Front of house'],
        gender: 'FEMALE',
        mobileNumber: '+1 718 555 0142',
        signedInDaysAgo: 3,
      },
      { firstName: 'Ethan', lastName: 'Brooks', departments: ['Kitchen'], gender: 'MALE', inactive: true },
      { firstName: 'Zoe', lastName: 'Martinez', departments: ['Front of house'], invited: true },
    ],
  },
};

/** firstname.lastname@harbourvine.example, letters only. */
const emailOf = (person: PersonSeed) =>
  `${person.firstName}.${person.lastName}`.toLowerCase().replace(/[^a-z.]/g, '') + '@harbourvine.example';

const dayMs = 86_400_000;

/** Seeds every site's departments and people. */
export const seedPeople: DomainSeed = async (tx, { orgId, sites, now }) => {
  // One hash for every demo password: each costs 64 MiB and a noticeable moment at start-up.
  const passwordHash = await hashPassword(demoPassword);
  for (const [key, plan] of Object.entries(demoPeople) as [DemoSiteKey, SitePeople][]) {
    const siteID = sites[key].id;
    const departmentIds = new Map<DepartmentName, string>();
    for (const department of plan.departments) {
      const { siteID: _site, ...fields } = departmentInputSchema.parse({ ...department, siteID });
      departmentIds.set(department.name, (await insertDepartment(tx, { orgId, siteID }, fields, now)).id);
    }
    const seat = async (userId: string, names: readonly DepartmentName[]) => {
      const ids = names.map((name) => departmentIds.get(name));
      if (ids.some((id) => id === undefined)) throw new Error(`demo department missing on ${key}`);
      await tx
        .insert(userDepartments)
        .values(
          ids.map((departmentId) => ({ userId, departmentId: departmentId as string, createdAt: now })),
        );
    };

    const existing = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .innerJoin(siteMembers, eq(siteMembers.userId, users.id))
      .where(and(eq(siteMembers.siteId, siteID), inArray(users.email, Object.keys(plan.existing))));
    for (const person of existing) await seat(person.id, plan.existing[person.email] ?? []);

    for (const person of plan.added) {
      const user = await insertUser(
        tx,
        {
          orgId,
          email: emailOf(person),
          firstName: person.firstName,
          lastName: person.lastName,
          role: 'STAFF',
          ...(person.invited ? {} : { passwordHash }),
          mobileNumber: person.mobileNumber ?? null,
          gender: person.gender ?? null,
          status: person.inactive ? 'INACTIVE' : 'ACTIVE',
          lastSignInAt:
            person.signedInDaysAgo === undefined
              ? null
              : new Date(now.getTime() - person.signedInDaysAgo * dayMs - 3 * 3_600_000),
        },
        now,
      );
      await tx.insert(siteMembers).values({ siteId: siteID, userId: user.id, createdAt: now });
      await seat(user.id, person.departments);
      // A link was "sent" (its token is thrown away): the invitation shows as pending until it expires.
      if (person.invited) await issuePasswordLinks(tx, [user.id], 'INVITE', now);
    }
  }
};
