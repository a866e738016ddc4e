import { useEffect, useState } from 'react';
import type { Option } from '../contract/index.js';
import type { FormContext, OptionsSource } from './declarations.js';

/** The options of a select: static ones at once, a loader's once it answers (per site). */
export function useOptions(source: OptionsSource, context: FormContext) {
  const isStatic = typeof source !== 'function';
  const [loaded, setLoaded] = useState<{ options: readonly Option[]; loading: boolean }>({
    options: [],
    loading: !isStatic,
  });
  const { siteID, timeZone } = context;

  useEffect(() => {
    if (typeof source !== 'function') return;
    let current = true;
    setLoaded((state) => ({ ...state, loading: true }));
    source({ siteID, timeZone }).then(
      (options) => current && setLoaded({ options, loading: false }),
      // The HTTP layer has shown the failure; an empty list still lets the rest of the form work.
      () => current && setLoaded({ options: [], loading: false }),
    );
    return () => {
      current = false;
    };
  }, [source, siteID, timeZone]);

  return isStatic ? { options: source, loading: false } : loaded;
}

/** The label of a value, or the value itself while its option is not known. */
export const optionLabel = (options: readonly Option[], value: string) =>
  options.find((option) => option.value === value)?.label ?? value;
