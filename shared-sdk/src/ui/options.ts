import { useEffect, useState } from 'react';
import type { Option } from '../contract/index.js';
import type { FormContext, OptionsSource } from './declarations.js';

interface Loaded {
  /** What the options were loaded for: while it differs from the current request they are still loading. */
  source: OptionsSource;
  siteID: string | null;
  timeZone: string;
  options: readonly Option[];
}

/** The options of a select: static ones at once, a loader's once it answers (per site). */
export function useOptions(source: OptionsSource, context: FormContext) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const { siteID, timeZone } = context;

  useEffect(() => {
    if (typeof source !== 'function') return;
    let current = true;
    const settle = (options: readonly Option[]) => {
      if (current) setLoaded({ source, siteID, timeZone, options });
    };
    source({ siteID, timeZone }).then(
      settle,
      // The HTTP layer has shown the failure; an empty list still lets the rest of the form work.
      () => settle([]),
    );
    return () => {
      current = false;
    };
  }, [source, siteID, timeZone]);

  if (typeof source !== 'function') return { options: source, loading: false };
  const fresh =
    loaded !== null && loaded.source === source && loaded.siteID === siteID && loaded.timeZone === timeZone;
  // Until the new answer arrives the previous options stay, so a select does not empty while it reloads.
  return { options: loaded?.options ?? [], loading: !fresh };
}

/** The label of a value, or the value itself while its option is not known. */
export const optionLabel = (options: readonly Option[], value: string) =>
  options.find((option) => option.value === value)?.label ?? value;
