import { useEffect, useState } from 'react';
import { siteOptionsApi } from '../api/site-options.js';
import type { Option, SiteOption } from '../contract/index.js';
import type { CallOptions } from '../http/client.js';
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

/** A record another record names (its site, category, department) as the option that chooses it. */
export const namedOption = (record: { _id: string; name: string }): Option => ({
  value: record._id,
  label: record.name,
});

/**
 * `options`, then those of `own` they lack: a record's own choices that the list no longer offers (a site
 * the user does not run, a person made inactive) still read as names, and stay chosen when it is saved.
 */
export const withOwnOptions = (options: readonly Option[], own: readonly Option[]): Option[] => [
  ...options,
  ...own.filter((mine) => !options.some((option) => option.value === mine.value)),
];

/**
 * The options of a record's sites field: the sites the signed-in user may choose, then the record's own
 * (`own`, as find-one names them) that are not among them, so a site admin editing something that also
 * applies at another site sees that site by name and keeps it. A list that cannot load leaves the record's
 * own (the call is quiet: the field is not worth a pop-up).
 */
export async function siteOptionsWithOwn(
  own: readonly { _id: string; name: string }[],
  options: Pick<CallOptions, 'signal'> = {},
): Promise<Option[]> {
  const mine = await siteOptionsApi.simpleList({ ...options, quiet: true }).catch((): SiteOption[] => []);
  return withOwnOptions(mine.map(namedOption), own.map(namedOption));
}

/** A choice that belongs to one site: one of its departments, one of its tasks. */
export interface SiteBoundChoice extends Option {
  siteID: string;
}

export interface SiteBoundChoices {
  choices: readonly SiteBoundChoice[];
  /** The sites' names by id, to tell apart choices of the same name at different sites. */
  siteNames: ReadonlyMap<string, string>;
}

export interface SiteBoundOptions {
  options: Option[];
  /** 'no sites' until a site is chosen; 'failed': the choices could not be loaded, nothing to choose. */
  status: 'no sites' | 'loading' | 'failed' | 'ready';
}

interface LoadedChoices {
  /** The sites they were loaded for, sorted and joined. */
  key: string;
  /** Null when they could not be loaded. */
  loaded: SiteBoundChoices | null;
}

/**
 * The options of a field whose choices each belong to a site, among the sites chosen in another field (a
 * person's departments, a category's tasks). `load` (a stable function: module-level, or a useCallback) runs
 * once per set of sites. With several sites each option names its site, as two may share a name. Once the
 * choices of the sites are known, `value` loses (through `onChange`) any choice whose site was taken away,
 * so the form never sends one the API would refuse; while they load, or if they cannot, it stays as it is.
 */
export function useSiteBoundOptions(
  siteIDs: readonly string[],
  load: (siteIDs: string[], signal: AbortSignal) => Promise<SiteBoundChoices>,
  value: readonly string[],
  onChange: (next: string[]) => void,
): SiteBoundOptions {
  const key = [...siteIDs].sort().join(',');
  const [state, setState] = useState<LoadedChoices | null>(null);

  useEffect(() => {
    if (key === '') return;
    const controller = new AbortController();
    const settle = (loaded: SiteBoundChoices | null) => {
      if (!controller.signal.aborted) setState({ key, loaded });
    };
    load(key.split(','), controller.signal).then(settle, () => settle(null));
    return () => controller.abort();
  }, [key, load]);

  const current = key !== '' && state?.key === key ? state : null;

  useEffect(() => {
    if (key !== '' && !current?.loaded) return;
    const allowed = new Set((current?.loaded?.choices ?? []).map((choice) => choice.value));
    const kept = value.filter((id) => allowed.has(id));
    if (kept.length !== value.length) onChange(kept);
  }, [key, current, value, onChange]);

  const several = siteIDs.length > 1;
  const options = (current?.loaded?.choices ?? []).map((choice) => ({
    value: choice.value,
    label: several
      ? `${choice.label} (${current?.loaded?.siteNames.get(choice.siteID) ?? 'another site'})`
      : choice.label,
  }));
  const status = key === '' ? 'no sites' : !current ? 'loading' : current.loaded ? 'ready' : 'failed';
  return { options, status };
}
