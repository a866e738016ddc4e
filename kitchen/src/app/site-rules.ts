import {
  jurisdictionOf,
  ruleSetOf,
  withNationalFigures,
  type NationalFigure,
  type RuleSet,
} from '@console/shared-sdk/contract';

// The rules a site's readings are judged by on the device, as the API judges them: its jurisdiction's set
// with its organisation's national figures where the set leaves them to it (the EU's). Read from a kept
// site, or from a reading waiting in the outbox, which keeps the figures it was judged by.

// One set per jurisdiction and figures: the limits compiled from a set (standardsOf) are compiled once for
// it, not on every render or every rebuild of the person's day.
const rulesByFigures = new Map<string, RuleSet>();

/** The rules of a site under `jurisdiction` (England's for one the device does not know) with `figures`. */
export function siteRulesOf(
  jurisdiction: string | null | undefined,
  figures: readonly NationalFigure[] | null | undefined,
): RuleSet {
  const known = jurisdictionOf(jurisdiction);
  const key = JSON.stringify([known, figures ?? []]);
  let rules = rulesByFigures.get(key);
  if (!rules) {
    rules = withNationalFigures(ruleSetOf(known), figures);
    rulesByFigures.set(key, rules);
  }
  return rules;
}
