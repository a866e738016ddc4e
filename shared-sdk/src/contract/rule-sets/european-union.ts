import { defineRuleSet } from './rule-set.js';
import { england } from './england.js';

// The European Union: Regulation (EC) No 852/2004 asks for temperature control by HACCP (Article 5) and
// leaves the figures to each member state's law. This set starts from the figures common to most of them
// (5 °C chilled, -18 °C frozen, 63 °C hot) with no legal maxima; an organisation sets its country's own on
// its fridges and freezers.

const regulation = 'Regulation (EC) No 852/2004';
const national = { code: regulation, section: 'Article 5; the figure is the member state’s' };

export const europeanUnion = defineRuleSet({
  ...england,
  jurisdiction: 'EU',
  name: 'European Union (Regulation 852/2004, national limits)',
  authority: 'The member state’s food authority',
  locale: 'en-IE',
  appliesTo: [
    'AT',
    'BE',
    'BG',
    'HR',
    'CY',
    'CZ',
    'DK',
    'EE',
    'FI',
    'FR',
    'DE',
    'GR',
    'HU',
    'IE',
    'IT',
    'LV',
    'LT',
    'LU',
    'MT',
    'NL',
    'PL',
    'PT',
    'RO',
    'SK',
    'SI',
    'ES',
    'SE',
  ].map((country) => ({ country })),
  organisationSetsLimits: true,
  // Where the EU sets no figure, the common one is given with the member state's law as its source.
  checks: {
    CELLAR: [{ kind: 'CELLAR', label: 'Cellar', atLeast: 10, atMost: 14, source: national }],
    PROBE_CALIBRATION: [
      { kind: 'ICE_WATER', label: 'Ice water', atLeast: -1, atMost: 1, source: national },
      { kind: 'BOILING_WATER', label: 'Boiling water', atLeast: 99, atMost: 101, source: national },
    ],
    LEGIONELLA_WATER: [
      { kind: 'HOT_OUTLET', label: 'Hot outlet within 1 minute', atLeast: 50, source: national },
      { kind: 'STORED_HOT', label: 'Stored hot water', atLeast: 60, source: national },
      { kind: 'COLD', label: 'Cold water', below: 20, source: national },
    ],
    HOT_WATER: [{ kind: 'HOT_WATER', label: 'Hot water', atLeast: 50, source: national }],
    FRIDGE: [{ kind: 'FRIDGE', label: 'Fridge', atMost: 5, source: national }],
    FREEZER: [
      {
        kind: 'FREEZER',
        label: 'Freezer',
        atMost: -18,
        source: { code: 'Directive 89/108/EEC', section: 'Article 5, quick-frozen foodstuffs' },
      },
    ],
    FOOD_DELIVERY: [
      { kind: 'CHILLED', label: 'Chilled delivery', atMost: 5, source: national },
      {
        kind: 'FROZEN',
        label: 'Frozen delivery',
        atMost: -15,
        source: { code: 'Directive 89/108/EEC', section: 'Article 5, brief rises to -15 °C' },
      },
    ],
  },
  cooking: { ...england.cooking, source: national },
  cooling: {
    stages: [
      {
        kind: 'COOLED',
        label: 'Cooled within 90 minutes',
        from: null,
        to: 8,
        withinMinutes: 90,
        source: { code: regulation, section: 'Annex II, Chapter IX, paragraph 5' },
      },
    ],
  },
  hotHolding: { ...england.hotHolding, source: national, recheckSource: national },
  reheating: { ...england.reheating, source: national },
  legal: {},
});
