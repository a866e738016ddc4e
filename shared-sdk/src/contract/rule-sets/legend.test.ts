// Through the contract's entry, as the API reads it: the legend loads after the rule sets it words.
import { ruleSetLegend, ruleSetOf, type RuleLine } from '../index.js';

// The legend an inspector reads beside a site's limits, in the export's Rules sheet and the inspection
// pack: every figure in the set's own unit, with the law or guidance it comes from.

const figureOf = (lines: readonly RuleLine[], check: string) =>
  lines.find((line) => line.check === check)?.figure;

describe('England', () => {
  const legend = ruleSetLegend(ruleSetOf('GB-ENG'));

  test('its figures in °C, a fridge with its target and the limit it warns up to', () => {
    expect(legend).toContainEqual({
      check: 'Fridge: Fridge',
      figure: 'at most 5 °C (warns up to 8 °C)',
      source: 'FSA, Safer food, better business, Chilling: chilled storage, 5 °C or below',
    });
    expect(figureOf(legend, 'Legionella (water): Cold water')).toBe('below 20 °C');
  });

  test('one cooling stage, reheating with no time set, hot holding checked again every 2 hours', () => {
    expect(legend.filter((line) => line.check.startsWith('Cooking and cooling: Cooled'))).toEqual([
      {
        check: 'Cooking and cooling: Cooled within 90 minutes',
        figure: 'at most 8 °C',
        source: 'FSA, Safer food, better business, Chilling: chilling down hot food',
      },
    ]);
    expect(figureOf(legend, 'Reheating: Reheated core')).toBe('at least 75 °C');
    expect(figureOf(legend, 'Hot holding and display: checked again')).toBe('every 120 minutes');
  });

  test('its legal limits last, in °C with their regulation', () => {
    expect(legend.slice(-2)).toEqual([
      {
        check: 'Fridge: the legal limit',
        figure: 'at most 8 °C',
        source: 'Food Safety and Hygiene (England) Regulations 2013, Schedule 4, paragraph 2',
      },
      {
        check: 'Hot holding and display: the legal limit',
        figure: 'at least 63 °C',
        source: 'Food Safety and Hygiene (England) Regulations 2013, Schedule 4, paragraph 6',
      },
    ]);
  });
});

describe('New York City', () => {
  const legend = ruleSetLegend(ruleSetOf('US-NYC'));
  const code = 'NYC Health Code, Article 81';

  test('its figures in °F, as its Health Code writes them', () => {
    expect(legend).toContainEqual({
      check: 'Fridge: Fridge',
      figure: 'at most 41 °F',
      source: `${code}, §81.09, cold holding`,
    });
    expect(legend.every((line) => !line.figure.includes('°C'))).toBe(true);
  });

  test('two cooling stages, each with its figure and source', () => {
    expect(legend.filter((line) => line.check.startsWith('Cooking and cooling: Cooled'))).toEqual([
      {
        check: 'Cooking and cooling: Cooled to 70 °F within 2 hours',
        figure: 'at most 70 °F',
        source: `${code}, §81.09, cooling`,
      },
      {
        check: 'Cooking and cooling: Cooled to 41 °F within 6 hours',
        figure: 'at most 41 °F',
        source: `${code}, §81.09, cooling`,
      },
    ]);
  });

  test('reheating within 2 hours, and hot holding checked again with the FDA as its source', () => {
    expect(figureOf(legend, 'Reheating: Reheated core')).toBe('at least 165 °F, within 120 minutes');
    expect(legend).toContainEqual({
      check: 'Hot holding and display: checked again',
      figure: 'every 120 minutes',
      source: 'FDA Food Code 2022, 8-201.14(D), monitoring in the HACCP plan',
    });
  });

  test('its legal limits last: the fridge, hot holding and reheating', () => {
    expect(legend.slice(-3)).toEqual([
      { check: 'Fridge: the legal limit', figure: 'at most 41 °F', source: `${code}, §81.09, cold holding` },
      {
        check: 'Hot holding and display: the legal limit',
        figure: 'at least 140 °F',
        source: `${code}, §81.09, hot holding`,
      },
      {
        check: 'Reheating: the legal limit',
        figure: 'at least 165 °F',
        source: `${code}, §81.09, reheating`,
      },
    ]);
  });
});

test('given log types, only their lines and legal limits, in the order of the log types', () => {
  const legend = ruleSetLegend(ruleSetOf('US-NYC'), new Set(['REHEATING', 'FRIDGE'] as const));
  expect(legend.map((line) => line.check)).toEqual([
    'Fridge: Fridge',
    'Reheating: Reheated core',
    'Fridge: the legal limit',
    'Reheating: the legal limit',
  ]);
});
