import { defineRuleSet } from './rule-set.js';

// The United States: the FDA Food Code 2022, which most states adopt, in °F. Freezers have no legal limit;
// 0 °F is the trade's practice.

const code = 'FDA Food Code 2022';
const ashrae = 'ASHRAE Guideline 12-2020';

export const unitedStatesFda = defineRuleSet({
  jurisdiction: 'US-FDA',
  name: 'United States (FDA Food Code 2022)',
  authority: 'U.S. Food and Drug Administration',
  unit: 'F',
  locale: 'en-US',
  appliesTo: [{ country: 'US' }, { country: 'PR' }],
  organisationSetsLimits: false,
  checks: {
    FRIDGE: [{ kind: 'FRIDGE', label: 'Fridge', atMost: 41, source: { code, section: '3-501.16(A)(2)' } }],
    FREEZER: [
      { kind: 'FREEZER', label: 'Freezer', atMost: 0, source: { code: 'Trade practice', section: '0 °F' } },
    ],
    CELLAR: [
      {
        kind: 'CELLAR',
        label: 'Cellar',
        atLeast: 50,
        atMost: 57,
        source: { code: 'Trade practice', section: 'Draught beer cellar, 50 to 57 °F' },
      },
    ],
    FOOD_DELIVERY: [
      { kind: 'CHILLED', label: 'Chilled delivery', atMost: 41, source: { code, section: '3-202.11(A)' } },
      {
        kind: 'FROZEN',
        label: 'Frozen delivery',
        atMost: 10,
        source: { code, section: '3-202.11(E), received frozen' },
      },
    ],
    PROBE_CALIBRATION: [
      {
        kind: 'ICE_WATER',
        label: 'Ice water',
        atLeast: 30,
        atMost: 34,
        source: { code, section: '4-502.11(B)' },
      },
      {
        kind: 'BOILING_WATER',
        label: 'Boiling water',
        atLeast: 210,
        atMost: 214,
        source: { code, section: '4-502.11(B), at sea level' },
      },
    ],
    LEGIONELLA_WATER: [
      {
        kind: 'HOT_OUTLET',
        label: 'Hot outlet within 1 minute',
        atLeast: 122,
        source: { code: ashrae, section: '6.2' },
      },
      {
        kind: 'STORED_HOT',
        label: 'Stored hot water',
        atLeast: 140,
        source: { code: ashrae, section: '6.2' },
      },
      { kind: 'COLD', label: 'Cold water', below: 68, source: { code: ashrae, section: '6.2' } },
    ],
    HOT_WATER: [
      {
        kind: 'HOT_WATER',
        label: 'Hand-washing water',
        atLeast: 100,
        source: { code, section: '5-202.12(A)' },
      },
    ],
  },
  cooking: {
    kind: 'COOKED',
    label: 'Cooked core',
    atLeast: 165,
    source: { code, section: '3-401.11(A)(3), poultry and stuffed foods' },
  },
  cooling: {
    stages: [
      {
        kind: 'COOLED_TO_70F',
        label: 'Cooled to 70 °F within 2 hours',
        from: 135,
        to: 70,
        withinMinutes: 120,
        source: { code, section: '3-501.14(A)(1)' },
      },
      {
        kind: 'COOLED_TO_41F',
        label: 'Cooled to 41 °F within 6 hours',
        from: 135,
        to: 41,
        withinMinutes: 360,
        source: { code, section: '3-501.14(A)(2)' },
      },
    ],
  },
  hotHolding: {
    kind: 'HOT_HOLD',
    label: 'Hot holding',
    atLeast: 135,
    source: { code, section: '3-501.16(A)(1)' },
    recheckMinutes: 120,
    recheckSource: { code, section: '8-201.14(D), monitoring in the HACCP plan' },
  },
  reheating: {
    kind: 'REHEATED',
    label: 'Reheated core',
    atLeast: 165,
    withinMinutes: 120,
    source: { code, section: '3-403.11(A), (E)' },
  },
  legal: {
    FRIDGE: { atMost: 41, source: { code, section: '3-501.16(A)(2)' } },
    HOT_HOLD_DISPLAY: { atLeast: 135, source: { code, section: '3-501.16(A)(1)' } },
    REHEATING: { atLeast: 165, source: { code, section: '3-403.11(A)' } },
  },
});
