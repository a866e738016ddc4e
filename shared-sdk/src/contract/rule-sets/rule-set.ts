import type { LogType } from '../enums.js';
import type { TemperatureUnit } from '../units.js';

// A food-safety rule set: one jurisdiction's limits for every check, as data. Each jurisdiction is one file
// beside this one (england.ts, new-york-city.ts, ...), written in its own unit and citing the law or
// guidance each figure comes from; ./index.ts lists them. The limits code (temperature-standards.ts)
// compiles a set to °C once, and everything that judges, times or prints a reading reads it from there.

/** Where a figure comes from, as the inspection pack's legend prints it: "FDA Food Code 2022, 3-501.16(A)(2)". */
export interface RuleSource {
  code: string;
  section: string;
}

/**
 * One check of a log type. Figures are in the set's unit: `atLeast` and `atMost` are included, `below` is
 * not (legionella's cold water, "below 20 °C"); above `atMost` but at most `warnUpTo` warns rather than
 * fails (England's fridge: 5 °C is the target, 8 °C the law).
 */
export interface CheckRule {
  kind: string;
  label: string;
  atLeast?: number;
  atMost?: number;
  below?: number;
  warnUpTo?: number;
  source: RuleSource;
}

/**
 * One stage of cooling: the food must read `to` or below within `withinMinutes` of cooling beginning
 * (counted from the start, not from the stage before). Each stage is a check of its own (`kind`), and a
 * follow-up check due at its time.
 */
export interface CoolingStage {
  kind: string;
  label: string;
  /** The temperature the stage counts from (135 °F), where the rule names one; printed, not judged. */
  from: number | null;
  to: number;
  withinMinutes: number;
  source: RuleSource;
}

/** A limit the law sets for a log type: it stays flagged even where an organisation loosened its own. */
export interface LegalLimit {
  atMost?: number;
  atLeast?: number;
  source: RuleSource;
}

/** The log types whose checks a set lists as such; cooking and cooling, hot holding and reheating are rules of their own. */
export type PlainLogType = Exclude<LogType, 'COOKING_COOLING' | 'HOT_HOLD_DISPLAY' | 'REHEATING'>;

export interface RuleSet {
  /** Its id, kept on each site and on each reading judged by it. */
  jurisdiction: string;
  /** "New York City, Health Code Article 81". */
  name: string;
  /** Who sets or enforces it, as the site form names it. */
  authority: string;
  /** The unit a site under it shows, takes and prints temperatures in. */
  unit: TemperatureUnit;
  /** How a site under it writes dates, times and numbers (a BCP 47 tag). */
  locale: string;
  /**
   * Where a new site takes it by default: a country (ISO 3166 alpha-2) and, where the set covers part of
   * one, the regions (the site's `state` or `county`) or cities it is limited to. The most particular
   * match wins.
   */
  appliesTo: readonly { country: string; regions?: readonly string[]; cities?: readonly string[] }[];
  /** A general set whose national figures an organisation sets for itself on its items (the EU's). */
  organisationSetsLimits: boolean;
  checks: { readonly [Type in PlainLogType]: readonly [CheckRule, ...CheckRule[]] };
  /** The cooked core a reading must reach: the check that, passing, starts cooling. */
  cooking: CheckRule & { atLeast: number };
  cooling: { stages: readonly [CoolingStage, ...CoolingStage[]] };
  /** Hot holding: its minimum, and how often food held hot is checked again. */
  hotHolding: CheckRule & { atLeast: number; recheckMinutes: number; recheckSource: RuleSource };
  /** Reheating for hot holding: its minimum and, where the rule sets one, the time to reach it. */
  reheating: CheckRule & { atLeast: number; withinMinutes: number | null };
  legal: { readonly [Type in LogType]?: LegalLimit };
}

/** Declares a rule set: the type checks the data, nothing else happens. */
export const defineRuleSet = <const Set extends RuleSet>(set: Set): Set => set;
