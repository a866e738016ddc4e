import { defineRuleSet } from './rule-set.js';
import { england } from './england.js';
import { scottishRegions } from './regions.js';

// Scotland: Food Standards Scotland's CookSafe within the Food Hygiene (Scotland) Regulations 2006. England's
// figures, except that food reheated for hot holding must reach 82 °C.

const regulations = 'Food Hygiene (Scotland) Regulations 2006';
const cookSafe = 'FSS, CookSafe';

export const scotland = defineRuleSet({
  ...england,
  jurisdiction: 'GB-SCT',
  name: 'Scotland (FSS guidance)',
  authority: 'Food Standards Scotland',
  appliesTo: [{ country: 'GB', regions: scottishRegions }],
  checks: {
    ...england.checks,
    FREEZER: [
      {
        kind: 'FREEZER',
        label: 'Freezer',
        atMost: -18,
        source: { code: cookSafe, section: 'Frozen storage' },
      },
    ],
    FOOD_DELIVERY: [
      {
        kind: 'CHILLED',
        label: 'Chilled delivery',
        atMost: 8,
        source: { code: cookSafe, section: 'Purchasing and delivery' },
      },
      {
        kind: 'FROZEN',
        label: 'Frozen delivery',
        atMost: -15,
        source: { code: cookSafe, section: 'Purchasing and delivery' },
      },
    ],
    PROBE_CALIBRATION: [
      {
        kind: 'ICE_WATER',
        label: 'Ice water',
        atLeast: -1,
        atMost: 1,
        source: { code: cookSafe, section: 'Probe thermometers' },
      },
      {
        kind: 'BOILING_WATER',
        label: 'Boiling water',
        atLeast: 99,
        atMost: 101,
        source: { code: cookSafe, section: 'Probe thermometers' },
      },
    ],
    FRIDGE: [
      {
        kind: 'FRIDGE',
        label: 'Fridge',
        atMost: 5,
        warnUpTo: 8,
        source: { code: cookSafe, section: 'Chilled storage: 5 °C or below, 8 °C at most' },
      },
    ],
  },
  cooking: { ...england.cooking, source: { code: cookSafe, section: 'Cooking, 75 °C core' } },
  cooling: {
    stages: [
      {
        kind: 'COOLED',
        label: 'Cooled within 90 minutes',
        from: null,
        to: 8,
        withinMinutes: 90,
        source: { code: cookSafe, section: 'Cooling' },
      },
    ],
  },
  hotHolding: {
    ...england.hotHolding,
    source: { code: regulations, section: 'Schedule 4, paragraph 2(1)(b)' },
    recheckSource: { code: cookSafe, section: 'Hot holding' },
  },
  reheating: {
    kind: 'REHEATED',
    label: 'Reheated core',
    atLeast: 82,
    withinMinutes: null,
    source: { code: regulations, section: 'Schedule 4, paragraph 3' },
  },
  // Scots law keeps chilled food "in a refrigerator or a cool ventilated place" with no figure: 5 °C, and
  // 8 °C at most, are CookSafe's guidance, so no fridge reading is flagged against a legal maximum here.
  legal: {
    HOT_HOLD_DISPLAY: {
      atLeast: 63,
      source: { code: regulations, section: 'Schedule 4, paragraph 2(1)(b)' },
    },
    REHEATING: { atLeast: 82, source: { code: regulations, section: 'Schedule 4, paragraph 3' } },
  },
});
