import { useMemo, useState } from 'react';
import { siteOptionsApi } from '@console/shared-sdk';
import { departmentApi } from '@console/shared-sdk/people';
import {
  FieldInput,
  siteOptionsWithOwn,
  useSiteBoundOptions,
  type CustomFieldProps,
  type SiteBoundChoices,
} from '@console/shared-sdk/ui';
import type { NamedSite } from './people-fields';

// The staff form's sites and departments fields: fetched when a form first opens (staff.tsx), not with the
// list.

/**
 * The person's sites: those the signed-in user may choose, plus (named, from the record in `knownSites`)
 * any the person already works at that a site admin does not run, so they read as names and stay as they
 * are when the admin saves.
 */
export function SitesField(
  props: CustomFieldProps<string[], { knownSites: readonly NamedSite[] }> & { helperText?: string },
) {
  // The record's own sites: fixed for the life of the form.
  const [known] = useState(() => props.values.knownSites);
  const source = useMemo(() => () => siteOptionsWithOwn(known), [known]);
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

// What the kit's multiselect hands back (its inputs are not typed by the form).
const asStrings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The departments of the chosen sites, with the sites' names to tell two "Kitchen"s apart. */
async function departmentsOfSites(siteIDs: string[], signal: AbortSignal): Promise<SiteBoundChoices> {
  const options = { quiet: true, signal };
  const [departments, sites] = await Promise.all([
    departmentApi.simpleListForSites(siteIDs, options),
    siteOptionsApi.simpleList(options),
  ]);
  return { choices: departments, siteNames: new Map(sites.map((site) => [site._id, site.name])) };
}

/**
 * A person's departments, chosen among the departments of the sites picked above it. When a site is
 * taken away, its departments leave the choice too, so the form never sends a department the person no
 * longer works beside.
 */
export function DepartmentsField(props: CustomFieldProps<string[], { siteIDs: readonly string[] }>) {
  const { value, onChange } = props;
  const { options, status } = useSiteBoundOptions(props.values.siteIDs, departmentsOfSites, value, onChange);

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
          status === 'no sites'
            ? 'Choose the sites first: departments belong to a site'
            : status === 'ready' && options.length === 0
              ? 'These sites have no departments yet (add them under Departments)'
              : 'Optional: the teams they work in',
      }}
      value={value}
      onChange={(next) => onChange(asStrings(next))}
      onBlur={props.onBlur}
      error={props.error ?? inside}
      errors={{}}
      disabled={props.disabled || status === 'no sites'}
      context={{ siteID: null, timeZone: 'UTC' }}
    />
  );
}
