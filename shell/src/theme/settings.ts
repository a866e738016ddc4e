import { createStore, useStore } from 'zustand';
import { z } from 'zod';

/** The theme-settings panel's choices (spec section 2); defaults are the spec's layout defaults. */
export const themeSettingsSchema = z.object({
  skin: z.enum(['light', 'dark', 'bordered']).catch('light'),
  direction: z.enum(['ltr', 'rtl']).catch('ltr'),
  menuCollapsed: z.boolean().catch(false),
  footerType: z.enum(['static', 'sticky', 'hidden']).catch('static'),
  navbarType: z.enum(['floating', 'sticky', 'static', 'hidden']).catch('floating'),
  contentWidth: z.enum(['boxed', 'full']).catch('boxed'),
  routerTransition: z.enum(['fade', 'slide', 'zoom', 'none']).catch('fade'),
});
export type ThemeSettings = z.infer<typeof themeSettingsSchema>;

export const defaultThemeSettings: ThemeSettings = themeSettingsSchema.parse({});
const storageKey = 'themeSettings';

function readStored(): ThemeSettings {
  try {
    const text = globalThis.localStorage?.getItem(storageKey);
    return text
      ? themeSettingsSchema.parse({ ...defaultThemeSettings, ...JSON.parse(text) })
      : defaultThemeSettings;
  } catch {
    return defaultThemeSettings;
  }
}

export const themeSettingsStore = createStore<ThemeSettings>(() => readStored());

export const themeSettings = {
  set(patch: Partial<ThemeSettings>) {
    const next = { ...themeSettingsStore.getState(), ...patch };
    themeSettingsStore.setState(next, true);
    try {
      globalThis.localStorage?.setItem(storageKey, JSON.stringify(next));
    } catch {
      // Not persisted; the choice still applies to this page.
    }
  },
  reset() {
    themeSettings.set(defaultThemeSettings);
  },
};

export function useThemeSettings<T>(selector: (state: ThemeSettings) => T): T {
  return useStore(themeSettingsStore, selector);
}
