import { defineRuleSet } from './rule-set.js';

// England, Wales and Northern Ireland: the Food Safety Agency's guidance ("Safer food, better business")
// within each nation's Food Hygiene Regulations, and the HSE's for water systems. DOMAIN.md's table.

const regulations = 'Food Safety and Hygiene (England) Regulations 2013';
const sfbb = 'FSA, Safer food, better business';
const hse = 'HSE, Legionnaires’ disease: HSG274 Part 2';

export const england = defineRuleSet({
  jurisdiction: 'GB-ENG',
  name: 'England, Wales and Northern Ireland (FSA guidance)',
  authority: 'Food Standards Agency',
  unit: 'C',
  locale: 'en-GB',
  appliesTo: [{ country: 'GB' }, { country: 'IM' }, { country: 'JE' }, { country: 'GG' }],
  organisationSetsLimits: false,
  checks: {
    FRIDGE: [
      {
        kind: 'FRIDGE',
        label: 'Fridge',
        atMost: 5,
        warnUpTo: 8,
        source: { code: sfbb, section: 'Chilling: chilled storage, 5 °C or below' },
      },
    ],
    FREEZER: [
      {
        kind: 'FREEZER',
        label: 'Freezer',
        atMost: -18,
        source: { code: sfbb, section: 'Chilling: freezing' },
      },
    ],
    CELLAR: [
      {
        kind: 'CELLAR',
        label: 'Cellar',
        atLeast: 10,
        atMost: 14,
        source: { code: 'Cask Marque', section: 'Cellar temperature, 11 to 13 °C' },
      },
    ],
    FOOD_DELIVERY: [
      {
        kind: 'CHILLED',
        label: 'Chilled delivery',
        atMost: 8,
        source: { code: regulations, section: 'Schedule 4, paragraph 2' },
      },
      {
        kind: 'FROZEN',
        label: 'Frozen delivery',
        atMost: -15,
        source: { code: sfbb, section: 'Chilling: deliveries' },
      },
    ],
    PROBE_CALIBRATION: [
      {
        kind: 'ICE_WATER',
        label: 'Ice water',
        atLeast: -1,
        atMost: 1,
        source: { code: sfbb, section: 'Chilling: probe thermometers' },
      },
      {
        kind: 'BOILING_WATER',
        label: 'Boiling water',
        atLeast: 99,
        atMost: 101,
        source: { code: sfbb, section: 'Chilling: probe thermometers' },
      },
    ],
    LEGIONELLA_WATER: [
      {
        kind: 'HOT_OUTLET',
        label: 'Hot outlet within 1 minute',
        atLeast: 50,
        source: { code: hse, section: '2.41' },
      },
      { kind: 'STORED_HOT', label: 'Stored hot water', atLeast: 60, source: { code: hse, section: '2.39' } },
      { kind: 'COLD', label: 'Cold water', below: 20, source: { code: hse, section: '2.98' } },
    ],
    HOT_WATER: [
      { kind: 'HOT_WATER', label: 'Hot water', atLeast: 50, source: { code: hse, section: '2.41' } },
    ],
  },
  cooking: {
    kind: 'COOKED',
    label: 'Cooked core',
    atLeast: 75,
    source: { code: sfbb, section: 'Cooking: cooking safely' },
  },
  cooling: {
    stages: [
      {
        kind: 'COOLED',
        label: 'Cooled within 90 minutes',
        from: null,
        to: 8,
        withinMinutes: 90,
        source: { code: sfbb, section: 'Chilling: chilling down hot food' },
      },
    ],
  },
  hotHolding: {
    kind: 'HOT_HOLD',
    label: 'Hot holding',
    atLeast: 63,
    source: { code: regulations, section: 'Schedule 4, paragraph 6' },
    recheckMinutes: 120,
    recheckSource: { code: sfbb, section: 'Cooking: hot holding' },
  },
  reheating: {
    kind: 'REHEATED',
    label: 'Reheated core',
    atLeast: 75,
    withinMinutes: null,
    source: { code: sfbb, section: 'Cooking: reheating' },
  },
  legal: {
    FRIDGE: { atMost: 8, source: { code: regulations, section: 'Schedule 4, paragraph 2' } },
    HOT_HOLD_DISPLAY: { atLeast: 63, source: { code: regulations, section: 'Schedule 4, paragraph 6' } },
  },
});
