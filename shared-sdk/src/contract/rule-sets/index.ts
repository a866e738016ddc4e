import { z } from 'zod';
import { england } from './england.js';
import { europeanUnion } from './european-union.js';
import { newYorkCity } from './new-york-city.js';
import type { RuleSet } from './rule-set.js';
import { scotland } from './scotland.js';
import { unitedStatesFda } from './united-states-fda.js';

// Every jurisdiction a site may be judged by. Adding one is adding its file beside these and its line here
// (rule-sets.test.ts checks each file is listed and each set is whole); DOMAIN.md says how.

export * from './rule-set.js';
export * from './regions.js';

export const ruleSets = {
  'GB-ENG': england,
  'GB-SCT': scotland,
  'US-FDA': unitedStatesFda,
  'US-NYC': newYorkCity,
  EU: europeanUnion,
} as const satisfies Record<string, RuleSet>;

export type Jurisdiction = keyof typeof ruleSets;
export const jurisdictions = Object.keys(ruleSets) as [Jurisdiction, ...Jurisdiction[]];
export const jurisdictionSchema = z.enum(jurisdictions, {
  error: () => `Choose a jurisdiction: ${jurisdictions.join(', ')}`,
});

/** A site whose jurisdiction was never set (a record older than the rule sets) is judged by England's. */
export const defaultJurisdiction: Jurisdiction = 'GB-ENG';

/** A stored jurisdiction as the contract's; an unknown one (a set withdrawn since) reads as the default. */
export const jurisdictionOf = (stored: string | null | undefined): Jurisdiction =>
  stored && (jurisdictions as readonly string[]).includes(stored)
    ? (stored as Jurisdiction)
    : defaultJurisdiction;

/**
 * The rules a site is judged by: its jurisdiction's id, or the set itself where an organisation's national
 * figures replace a general set's (`withNationalFigures`).
 */
export type RuleChoice = string | null | undefined | RuleSet;

/** The set of `jurisdiction`; an unknown id (a stored one whose set was withdrawn) reads as the default's. */
export const ruleSetOf = (jurisdiction: RuleChoice): RuleSet =>
  typeof jurisdiction === 'object' && jurisdiction !== null
    ? jurisdiction
    : ((jurisdiction && jurisdiction in ruleSets ? ruleSets[jurisdiction as Jurisdiction] : undefined) ??
      ruleSets[defaultJurisdiction]);

const same = (a: string | null | undefined, b: string) =>
  (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The jurisdiction a new site at `address` takes: the most particular set that covers it (a city before a
 * region before a whole country), else England's. An admin may choose another on the site form.
 */
export function defaultJurisdictionFor(address: {
  country: string;
  state?: string | null;
  county?: string | null;
  city?: string | null;
}): Jurisdiction {
  let best: { jurisdiction: Jurisdiction; rank: number } | null = null;
  for (const jurisdiction of jurisdictions) {
    for (const place of ruleSets[jurisdiction].appliesTo) {
      if (!same(address.country, place.country)) continue;
      const regions: readonly string[] | undefined = 'regions' in place ? place.regions : undefined;
      const cities: readonly string[] | undefined = 'cities' in place ? place.cities : undefined;
      if (regions && !regions.some((one) => same(address.state, one) || same(address.county, one))) continue;
      if (cities && !cities.some((one) => same(address.city, one))) continue;
      const rank = (regions ? 1 : 0) + (cities ? 2 : 0);
      if (!best || rank > best.rank) best = { jurisdiction, rank };
    }
  }
  return best?.jurisdiction ?? defaultJurisdiction;
}

/** The jurisdictions as the site form offers them. */
export const jurisdictionOptions = jurisdictions.map((jurisdiction) => ({
  value: jurisdiction,
  label: ruleSets[jurisdiction].name,
}));
