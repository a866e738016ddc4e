import type { Tx } from '../db/client.js';
import type { Storage } from '../files/storage.js';

// What every domain's demo seed shares (api/src/demo.ts seeds the base and then each domain in turn): the
// logins the README lists, the three sites' keys, and what a domain's seed is handed.

/** The password of every demo login (listed in the README). */
export const demoPassword = 'Demo-pass-2026';

export const demoLogins = {
  platformAdmin: 'platform@console.example',
  organizationAdmin: 'owner@harbourvine.example',
  siteAdmin: 'brighton.manager@harbourvine.example',
} as const;

/** The demo's three sites, by the key every domain's seed plans its records under. */
export type DemoSiteKey = 'brighton' | 'manchester' | 'brooklyn';

/** What every domain's demo records hang on: the organisation, its sites and its people. */
export interface DemoBase {
  orgId: string;
  /** The seed's "now": every record's timestamps, and the end of each domain's weeks of history. */
  now: Date;
  sites: Record<DemoSiteKey, { id: string }>;
  /** Where the demo's files (documents, photos) go; only domains that store files need it. */
  storage?: Storage | undefined;
}

/** One domain's demo records (api/src/domains/<domain>/seed.ts), seeded in the same transaction as the base. */
export type DomainSeed = (tx: Tx, base: DemoBase) => Promise<void>;
