import { readdirSync } from 'node:fs';
import path from 'node:path';
import { logTypeSchema } from '../enums.js';
import { standardsOf } from '../temperature-standards.js';
import { temperatureUnits } from '../units.js';
import {
  defaultJurisdiction,
  defaultJurisdictionFor,
  jurisdictionOptions,
  jurisdictions,
  jurisdictionSchema,
  ruleSetOf,
  ruleSets,
  type CheckRule,
  type Jurisdiction,
  type RuleSet,
  type RuleSource,
} from './index.js';

// Every rule set is whole and sound: a set with a check missing, a source left out, cooling stages out of
// order or a legal limit stricter than its own would judge a site's readings wrongly without any error.
// Each runs over every set in `ruleSets`, so a new jurisdiction is checked by adding it there.

const sets: [Jurisdiction, RuleSet][] = jurisdictions.map((jurisdiction) => [
  jurisdiction,
  ruleSets[jurisdiction],
]);

/** Every rule of a set that judges readings, by where it is in the set. */
function rulesOf(set: RuleSet): [string, CheckRule][] {
  return [
    ...Object.entries(set.checks).flatMap(([logType, rules]) =>
      rules.map((rule): [string, CheckRule] => [`checks.${logType}.${rule.kind}`, rule]),
    ),
    ['cooking', set.cooking],
    ['hotHolding', set.hotHolding],
    ['reheating', set.reheating],
  ];
}

/** Every source a set cites, by where it is in the set. */
function sourcesOf(set: RuleSet): [string, RuleSource][] {
  return [
    ...rulesOf(set).map(([where, rule]): [string, RuleSource] => [where, rule.source]),
    ...set.cooling.stages.map((stage): [string, RuleSource] => [`cooling.${stage.kind}`, stage.source]),
    ['hotHolding.recheckSource', set.hotHolding.recheckSource],
    ...Object.entries(set.legal).flatMap(([logType, legal]): [string, RuleSource][] =>
      legal ? [[`legal.${logType}`, legal.source]] : [],
    ),
  ];
}

describe.each(sets)('%s', (jurisdiction, set) => {
  test('is listed under its own id, in a unit and a locale a site can take', () => {
    expect(set.jurisdiction).toBe(jurisdiction);
    expect(temperatureUnits).toContain(set.unit);
    expect(Intl.getCanonicalLocales(set.locale)).toEqual([set.locale]);
    expect(set.name.trim()).not.toBe('');
    expect(set.authority.trim()).not.toBe('');
    expect(set.appliesTo.length).toBeGreaterThan(0);
    for (const place of set.appliesTo) expect(place.country).toMatch(/^[A-Z]{2}$/);
  });

  test('every log type has at least one check, each kind once', () => {
    const standards = standardsOf(jurisdiction);
    for (const logType of logTypeSchema.options) {
      const kinds = standards[logType].checks.map((check) => check.kind);
      expect(kinds.length).toBeGreaterThan(0);
      expect(new Set(kinds).size).toBe(kinds.length);
    }
  });

  test('every check and legal limit cites a code and a section', () => {
    const missing = sourcesOf(set)
      .filter(([, source]) => source.code.trim() === '' || source.section.trim() === '')
      .map(([where]) => where);
    expect(missing).toEqual([]);
  });

  test('every rule bounds its readings one way or both, its lower bound below its upper', () => {
    const unsound = rulesOf(set)
      .filter(([, rule]) => {
        const upper = rule.below ?? rule.atMost;
        return (
          (rule.atLeast === undefined && upper === undefined) ||
          (rule.below !== undefined && rule.atMost !== undefined) ||
          (rule.atLeast !== undefined && upper !== undefined && rule.atLeast >= upper)
        );
      })
      .map(([where]) => where);
    expect(unsound).toEqual([]);
  });

  test('a warning band lies above an upper limit it includes', () => {
    const unsound = rulesOf(set)
      .filter(
        ([, rule]) =>
          rule.warnUpTo !== undefined &&
          (rule.atMost === undefined || rule.below !== undefined || rule.warnUpTo <= rule.atMost),
      )
      .map(([where]) => where);
    expect(unsound).toEqual([]);
  });

  test('cooling stages are in order of time, each colder than the last and than the cooked core', () => {
    const { stages } = set.cooling;
    let before: { withinMinutes: number; to: number } = { withinMinutes: 0, to: set.cooking.atLeast };
    for (const stage of stages) {
      expect(stage.withinMinutes).toBeGreaterThan(before.withinMinutes);
      expect(stage.to).toBeLessThan(before.to);
      if (stage.from !== null) expect(stage.from).toBeGreaterThan(stage.to);
      before = stage;
    }
    expect(set.hotHolding.recheckMinutes).toBeGreaterThan(0);
    if (set.reheating.withinMinutes !== null) expect(set.reheating.withinMinutes).toBeGreaterThan(0);
  });

  test('legal limits are no stricter than the set’s own', () => {
    const standards = standardsOf(jurisdiction);
    const empty = Object.entries(set.legal)
      .filter(([, legal]) => legal?.atMost === undefined && legal?.atLeast === undefined)
      .map(([logType]) => logType);
    expect(empty).toEqual([]);
    // A reading within the set's own limits must never be flagged as beyond the law.
    const stricter = logTypeSchema.options.flatMap((logType) =>
      standards[logType].checks
        .filter(
          ({ limits }) =>
            (limits.legalMaximum !== undefined &&
              limits.upperLimit !== null &&
              limits.legalMaximum < limits.upperLimit) ||
            (limits.legalMinimum !== undefined &&
              limits.lowerLimit !== null &&
              limits.legalMinimum > limits.lowerLimit),
        )
        .map(({ kind }) => `${logType}.${kind}`),
    );
    expect(stricter).toEqual([]);
  });
});

test('each rule-set file beside index.ts is listed in ruleSets', async () => {
  const notSets = new Set(['rule-set.ts', 'regions.ts', 'legend.ts', 'index.ts']);
  const files = readdirSync(__dirname).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !notSets.has(file),
  );
  expect(files.length).toBe(jurisdictions.length);
  const listed: unknown[] = Object.values(ruleSets);
  for (const file of files) {
    const exported: Record<string, unknown> = await import(path.join(__dirname, file));
    const own = Object.values(exported).filter((value) => listed.includes(value));
    expect({ file, listed: own.length }).toEqual({ file, listed: 1 });
  }
});

test('a whole country is covered by one set at most, so a new site’s default is never a toss-up', () => {
  const whole = jurisdictions.flatMap((jurisdiction) =>
    ruleSets[jurisdiction].appliesTo
      .filter((place) => !('regions' in place) && !('cities' in place))
      .map((place) => place.country),
  );
  expect(whole.filter((country, index) => whole.indexOf(country) !== index)).toEqual([]);
});

test.each([
  ['Brooklyn, NY, US', 'US-NYC', { country: 'US', state: 'NY', city: 'Brooklyn' }],
  ['Manhattan, New York, US', 'US-NYC', { country: 'US', state: 'New York', city: 'Manhattan' }],
  ['Buffalo, NY, US', 'US-FDA', { country: 'US', state: 'NY', city: 'Buffalo' }],
  ['Brooklyn, MI, US', 'US-FDA', { country: 'US', state: 'MI', city: 'Brooklyn' }],
  ['Austin, TX, US', 'US-FDA', { country: 'US', state: 'TX', city: 'Austin' }],
  ['San Juan, PR', 'US-FDA', { country: 'PR', state: null, city: 'San Juan' }],
  ['Glasgow, GB', 'GB-SCT', { country: 'GB', state: 'Glasgow', city: 'Glasgow' }],
  ['Kirkcaldy, Fife, gb', 'GB-SCT', { country: 'gb', state: null, county: ' fife ', city: 'Kirkcaldy' }],
  ['Brighton, GB', 'GB-ENG', { country: 'GB', state: 'Brighton and Hove', city: 'Brighton' }],
  ['Cardiff, GB', 'GB-ENG', { country: 'GB', state: 'Cardiff', city: 'Cardiff' }],
  ['Paris, FR', 'EU', { country: 'FR', state: 'Île-de-France', city: 'Paris' }],
  ['Dublin, IE', 'EU', { country: 'IE', state: 'Dublin', city: 'Dublin' }],
  ['Sydney, AU', 'GB-ENG', { country: 'AU', state: 'NSW', city: 'Sydney' }],
] as const)('a new site in %s is judged by %s by default', (_, jurisdiction, address) => {
  expect(defaultJurisdictionFor(address)).toBe(jurisdiction);
});

test('an id no set has reads as the default set; the site form offers every set', () => {
  expect(defaultJurisdiction).toBe('GB-ENG');
  expect(ruleSetOf('XX-WITHDRAWN')).toBe(ruleSets['GB-ENG']);
  expect(ruleSetOf(null)).toBe(ruleSets['GB-ENG']);
  expect(ruleSetOf('US-NYC')).toBe(ruleSets['US-NYC']);
  expect(jurisdictionSchema.safeParse('US-NYC').success).toBe(true);
  expect(jurisdictionSchema.safeParse('XX-WITHDRAWN').success).toBe(false);
  expect(jurisdictionOptions.map((option) => option.value)).toEqual(jurisdictions);
  expect(new Set(jurisdictionOptions.map((option) => option.label)).size).toBe(jurisdictions.length);
});
