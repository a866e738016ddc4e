import fs from 'node:fs';
import path from 'node:path';
import { kitchenLanguageNames, kitchenLanguages } from '@console/shared-sdk/contract';
import { catalogueOf, englishCatalogue, isCatalogue, type Catalogue } from './resources';
import { sharedEnglish } from './shared-labels';

// Every language says everything English says: the app's own words and those it shares with the console
// (labels, error codes), each plural in every form the language has (Polish: one, few, many, other), with
// the same placeholders. Adding a language is adding its file (and its name in kitchenLanguageNames).

const localesDir = path.join(__dirname, '..', 'locales');
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** 'a.b.c' → words, for every leaf of a catalogue. */
function leaves(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(full, value);
    else for (const [inner, words] of leaves(value, full)) found.set(inner, words);
  }
  return found;
}

const placeholders = (words: string) =>
  [...words.matchAll(/{{\s*(\w+)\s*}}/g)].map(([, name]) => name).sort();

const english = leaves(englishCatalogue);
const englishPlurals = new Set(
  [...english.keys()].filter((key) => pluralSuffix.test(key)).map((key) => key.replace(pluralSuffix, '')),
);
const englishSingles = [...english.keys()].filter((key) => !pluralSuffix.test(key));

const files = fs.readdirSync(localesDir).filter((file) => file.endsWith('.json'));

test('there is one catalogue per language the app speaks, and one language per catalogue', () => {
  expect(files.map((file) => path.basename(file, '.json')).sort()).toEqual([...kitchenLanguages].sort());
  for (const language of kitchenLanguages) expect(kitchenLanguageNames[language]).toBeTruthy();
});

test('English takes the words it shares with the console from the contract, not from en.json', () => {
  const own = leaves(JSON.parse(fs.readFileSync(path.join(localesDir, 'en.json'), 'utf8')) as Catalogue);
  for (const key of leaves(sharedEnglish as Catalogue).keys()) expect(own.has(key)).toBe(false);
  expect(english.get('labels.taskBucket.ON_TIME')).toBe('Completed on time');
  expect(english.get('errors.RATE_LIMITED')).toBe('Too many attempts: wait a while, then try again');
});

describe.each(kitchenLanguages.filter((language) => language !== 'en'))('%s', (language) => {
  let words: Map<string, string>;
  beforeAll(async () => {
    const catalogue = await catalogueOf(language);
    expect(isCatalogue(catalogue)).toBe(true);
    words = leaves(catalogue);
  });

  test('has every key English has, including the labels and error codes shared with the console', () => {
    expect(englishSingles.filter((key) => !words.has(key))).toEqual([]);
  });

  test('has each plural in every form the language uses', () => {
    const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const missing = [...englishPlurals].flatMap((base) =>
      forms.filter((form) => !words.has(`${base}_${form}`)).map((form) => `${base}_${form}`),
    );
    expect(missing).toEqual([]);
  });

  test('has no key English lacks (a typo would never show)', () => {
    const extra = [...words.keys()].filter(
      (key) => !english.has(key) && !englishPlurals.has(key.replace(pluralSuffix, '')),
    );
    expect(extra).toEqual([]);
  });

  test('keeps the placeholders of each English text', () => {
    const wrong = [...words].filter(([key, text]) => {
      const englishKey = english.has(key) ? key : `${key.replace(pluralSuffix, '')}_other`;
      const source = english.get(englishKey);
      return source !== undefined && placeholders(source).join() !== placeholders(text).join();
    });
    expect(wrong).toEqual([]);
  });
});
