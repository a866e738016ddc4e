import { kitchenLanguages, type KitchenLanguage } from '@console/shared-sdk/contract';
import en from '../locales/en.json';
import { sharedEnglish } from './shared-labels';

// The catalogues: one JSON file per language in src/locales, named by its code. English is the app's own
// words (en.json) with the words it shares with the console (shared-labels.ts); every other language is its
// file alone, loaded when someone chooses it.

/** A catalogue: nested keys to words (plurals as i18next's `_one`, `_few`, `_many`, `_other`). */
export interface Catalogue {
  [key: string]: string | Catalogue;
}

/** `extra`'s keys laid over `base`'s, nested objects merged. */
function merged(base: Catalogue, extra: Catalogue): Catalogue {
  const result: Catalogue = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const existing = result[key];
    result[key] = typeof value === 'object' && typeof existing === 'object' ? merged(existing, value) : value;
  }
  return result;
}

/** Whether a loaded JSON file is a catalogue: every value words or a nested catalogue. */
export function isCatalogue(value: unknown): value is Catalogue {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((entry) => typeof entry === 'string' || isCatalogue(entry))
  );
}

export const englishCatalogue: Catalogue = merged(en, sharedEnglish);

export const isKitchenLanguage = (value: unknown): value is KitchenLanguage =>
  typeof value === 'string' && (kitchenLanguages as readonly string[]).includes(value);

/** The catalogue of `language`: English at once, another language from its file (its own chunk). */
export async function catalogueOf(language: KitchenLanguage): Promise<Catalogue> {
  if (language === 'en') return englishCatalogue;
  const loaded: { default: Catalogue } = await import(
    /* webpackChunkName: "locale-[request]" */ `../locales/${language}.json`
  );
  return loaded.default;
}

/** The language of a browser set to `preferred` (navigator.languages), when the app speaks it; else English. */
export function languageFor(preferred: readonly string[]): KitchenLanguage {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isKitchenLanguage(base)) return base;
  }
  return 'en';
}
