import { defineRuleSet } from './rule-set.js';
import { newYorkCityNames, newYorkState } from './regions.js';
import { unitedStatesFda } from './united-states-fda.js';

// New York City: the Health Code's Article 81, enforced by the Department of Health and Mental Hygiene. The
// FDA's figures, except hot holding at 140 °F and cooling that counts its second stage from 70 °F.

const code = 'NYC Health Code, Article 81';

export const newYorkCity = defineRuleSet({
  ...unitedStatesFda,
  jurisdiction: 'US-NYC',
  name: 'New York City (Health Code Article 81)',
  authority: 'NYC Department of Health and Mental Hygiene',
  appliesTo: [{ country: 'US', regions: newYorkState, cities: newYorkCityNames }],
  checks: {
    ...unitedStatesFda.checks,
    FRIDGE: [
      { kind: 'FRIDGE', label: 'Fridge', atMost: 41, source: { code, section: '§81.09, cold holding' } },
    ],
    FOOD_DELIVERY: [
      {
        kind: 'CHILLED',
        label: 'Chilled delivery',
        atMost: 41,
        source: { code, section: '§81.09, receiving' },
      },
      unitedStatesFda.checks.FOOD_DELIVERY[1],
    ],
  },
  cooking: {
    kind: 'COOKED',
    label: 'Cooked core',
    atLeast: 165,
    source: { code, section: '§81.09, cooking poultry' },
  },
  cooling: {
    stages: [
      {
        kind: 'COOLED_TO_70F',
        label: 'Cooled to 70 °F within 2 hours',
        from: 140,
        to: 70,
        withinMinutes: 120,
        source: { code, section: '§81.09, cooling' },
      },
      {
        kind: 'COOLED_TO_41F',
        label: 'Cooled to 41 °F within 6 hours',
        from: 70,
        to: 41,
        withinMinutes: 360,
        source: { code, section: '§81.09, cooling' },
      },
    ],
  },
  hotHolding: {
    ...unitedStatesFda.hotHolding,
    atLeast: 140,
    source: { code, section: '§81.09, hot holding' },
  },
  reheating: {
    kind: 'REHEATED',
    label: 'Reheated core',
    atLeast: 165,
    withinMinutes: 120,
    source: { code, section: '§81.09, reheating' },
  },
  legal: {
    FRIDGE: { atMost: 41, source: { code, section: '§81.09, cold holding' } },
    HOT_HOLD_DISPLAY: { atLeast: 140, source: { code, section: '§81.09, hot holding' } },
    REHEATING: { atLeast: 165, source: { code, section: '§81.09, reheating' } },
  },
});
