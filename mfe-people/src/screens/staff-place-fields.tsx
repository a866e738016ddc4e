import { useEffect, useMemo, useState } from 'react';
import { siteOptionsApi, type Option } from '@console/shared-sdk';
import { departmentApi, type DepartmentOption } from '@console/shared-sdk/people';
import { FieldInput, type CustomFieldProps } from '@console/shared-sdk/ui';
import { loadSiteOptions, type NamedSite } from './people-fields';

// The staff form's sites and departments fields: fetched when a form first opens (staff.tsx), not with the
// list.

const asSites = (value: unknown): NamedSite[] =>
  Array.isArray(value)
    ? value.filter(
        (item): item is NamedSite =>
          typeof item === 'object' && item !== null && typeof Reflect.get(item, '_id') === 'string',
      )
    : [];

/**
 * The person's sites: those the signed-in user may choose, plus (named, from the record in `knownSites`)
 * any the person already works at that a site admin does not run, so they read as names and stay as they
 * are when the admin saves.
 */
export function SitesField(props: CustomFieldProps<string[]> & { helperText?: string }) {
  // The record's own sites: fixed for the life of the form.
  const [known] = useState(() => asSites(props.values.knownSites));
  const source = useMemo(
    () => async (): Promise<Option[]> => {
      const mine = await loadSiteOptions();
      const others = known.filter((site) => !mine.some((option) => option.value === site._id));
      return [...mine, ...others.map((site) => ({ value: site._id, label: site.name }))];
    },
    [known],
  );
  return (
    <FieldInput
      id={props.id}
      field={{
        kind: 'multiselect',
        name: 'siteIDs',
        label: props.label,
        required: props.required,
        options: source,
        helperText: props.helperText,
      }}
      value={props.value}
      onChange={(next) => props.onChange(asStrings(next))}
      onBlur={props.onBlur}
      error={props.error ?? Object.values(props.errors)[0]}
      errors={{}}
      disabled={props.disabled}
      context={{ siteID: null, timeZone: 'UTC' }}
    />
  );
}

const asStrings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

interface LoadedDepartments {
  /** The sites they were loaded for, sorted and joined. */
  key: string;
  departments: DepartmentOption[];
  siteNames: Map<string, string>;
}

/**
 * A person's departments, chosen among the departments of the sites picked above it. When a site is
 * taken away, its departments leave the choice too, so the form never sends a department the person no
 * longer works beside.
 */
export function DepartmentsField(props: CustomFieldProps<string[]>) {
  const siteIDs = asStrings(props.values.siteIDs);
  const key = [...siteIDs].sort().join(',');
  const [loaded, setLoaded] = useState<LoadedDepartments | null>(null);

  useEffect(() => {
    if (key === '') return;
    const controller = new AbortController();
    const options = { quiet: true, signal: controller.signal };
    Promise.all([
      departmentApi.simpleListForSites(key.split(','), options),
      siteOptionsApi.simpleList(options),
    ]).then(
      ([departments, sites]) =>
        setLoaded({ key, departments, siteNames: new Map(sites.map((site) => [site._id, site.name])) }),
      () => {
        // A list that cannot load leaves nothing to choose; saving without departments still works.
        if (!controller.signal.aborted) setLoaded({ key, departments: [], siteNames: new Map() });
      },
    );
    return () => controller.abort();
  }, [key]);

  const current = key !== '' && loaded?.key === key ? loaded : null;
  const several = siteIDs.length > 1;
  const options: Option[] = (current?.departments ?? []).map((department) => ({
    value: department.value,
    // With several sites, two "Kitchen"s must be told apart.
    label: several
      ? `${department.label} (${current?.siteNames.get(department.siteID) ?? 'another site'})`
      : department.label,
  }));

  const { value, onChange } = props;
  useEffect(() => {
    // Only once the departments of the chosen sites are known (or no site is chosen): while they load, the
    // person's departments stay as they are.
    if (key !== '' && !current) return;
    const allowed = new Set((current?.departments ?? []).map((department) => department.value));
    const kept = value.filter((id) => allowed.has(id));
    if (kept.length !== value.length) onChange(kept);
  }, [key, current, value, onChange]);

  const inside = Object.values(props.errors)[0];
  return (
    <FieldInput
      id={props.id}
      field={{
        kind: 'multiselect',
        name: 'departmentID',
        label: props.label,
        options,
        helperText:
          key === ''
            ? 'Choose the sites first: departments belong to a site'
            : current && options.length === 0
              ? 'These sites have no departments yet (add them under Departments)'
              : 'Optional: the teams they work in',
      }}
      value={value}
      onChange={(next) => onChange(asStrings(next))}
      onBlur={props.onBlur}
      error={props.error ?? inside}
      errors={{}}
      disabled={props.disabled || key === ''}
      context={{ siteID: null, timeZone: 'UTC' }}
    />
  );
}
