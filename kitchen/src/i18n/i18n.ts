import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { KitchenLanguage } from '@console/shared-sdk/contract';
import { catalogueOf, englishCatalogue, isKitchenLanguage } from './resources';

// The app's words through i18next: one instance, English always there (every other language falls back to
// it key by key), the others added when first chosen. The page's `lang` follows, so a screen reader reads
// each language with its own voice.

export const i18n: I18n = i18next.createInstance();

let starting: Promise<unknown> | null = null;

function start(): Promise<unknown> {
  starting ??= i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: englishCatalogue } },
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return starting;
}

/** Speaks `language` from now on (loading its catalogue the first time). */
export async function speak(language: KitchenLanguage): Promise<void> {
  await start();
  if (!i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', await catalogueOf(language));
  }
  if (i18n.language !== language) await i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The language the app speaks now. */
export const spoken = (): KitchenLanguage => (isKitchenLanguage(i18n.language) ? i18n.language : 'en');
