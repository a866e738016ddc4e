import {
  Autocomplete,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@console/shared-sdk/mui';
import { useEffect, useMemo, useState } from 'react';
import { useAbility } from '@console/shared-sdk';
import { locationApi, type Country } from '@console/shared-sdk/location';
import {
  defaultJurisdictionFor,
  jurisdictionOptions,
  ruleSets,
  unitSymbols,
  type Jurisdiction,
  type Option,
} from '@console/shared-sdk/contract';
import {
  areaApi,
  noAreaLabel,
  siteAdminsApi,
  sitesApi,
  type AreaRef,
  type Timing,
  type TimingDay,
} from '@console/shared-sdk/sites';
import { FieldInput, namedOption, withOwnOptions, type CustomFieldProps } from '@console/shared-sdk/ui';
import { InviteSiteAdminDialog } from './site-admin-invite';

interface Prediction {
  description: string;
  place_id: string;
}

/** The parts of the site form a chosen place fills. */
interface PlaceFields {
  city: string;
  county: string;
  state: string;
  country: string;
  lat_long: string;
  timeZoneId: string;
}

/** Finds a town in the packaged place data and fills the address, coordinates and time zone from it. */
export function PlaceSearch(props: CustomFieldProps<string, PlaceFields>) {
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<Prediction[]>([]);
  const [loading, setLoading] = useState(false);

  // Fewer than two letters find nothing worth showing.
  const searching = input.trim().length >= 2;
  useEffect(() => {
    if (!searching) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      sitesApi
        .places({ input }, { quiet: true, signal: controller.signal })
        .then((result) => setOptions(result.predictions))
        .catch(() => setOptions([]))
        .finally(() => setLoading(false));
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [input, searching]);

  async function choose(prediction: Prediction | null) {
    if (!prediction) return;
    const place = await sitesApi.placeDetail({ placeId: prediction.place_id }, { quiet: true });
    props.onChange(place.place_id);
    props.setField('city', place.city);
    props.setField('county', place.county ?? '');
    props.setField('state', place.state ?? '');
    props.setField('country', place.country);
    props.setField('lat_long', place.lat_long);
    props.setField('timeZoneId', place.timeZoneId);
  }

  return (
    <Autocomplete
      id={props.id}
      options={searching ? options : []}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.description}
      isOptionEqualToValue={(a, b) => a.place_id === b.place_id}
      loading={loading}
      disabled={props.disabled}
      onInputChange={(_event, value) => setInput(value)}
      onChange={(_event, value) => void choose(value)}
      noOptionsText={input.trim().length < 2 ? 'Type a town or city' : 'No matching place'}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          helperText="Fills the town, region, country, coordinates and time zone"
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {loading && <CircularProgress color="inherit" size={18} />}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}

let countriesOnce: Promise<Country[]> | undefined;
export const loadCountries = () => (countriesOnce ??= locationApi.countries({ quiet: true }));

const allZones = (): string[] =>
  typeof Intl.supportedValuesOf === 'function'
    ? Intl.supportedValuesOf('timeZone')
    : ['Europe/London', 'UTC'];

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The zone a newly chosen country implies: its only zone, or the browser's own when that is one of the
 * country's (a manager in Manchester adding a site in the UK); otherwise the admin must choose.
 */
export function zoneForCountry(country: Pick<Country, 'timezones'>): string | null {
  if (country.timezones.length === 1) return country.timezones[0] ?? null;
  const own = browserZone();
  return country.timezones.includes(own) ? own : null;
}

/** The chosen country's time zones first, then every other zone. Nothing is chosen for the admin unseen. */
export function TimeZoneField(props: CustomFieldProps<string, { country: string }>) {
  const [countries, setCountries] = useState<Country[]>([]);
  useEffect(() => {
    void loadCountries().then(setCountries);
  }, []);
  const chosenCountry = countries.find((c) => c.code === props.values.country);
  const zones = useMemo(() => {
    const local = chosenCountry?.timezones ?? [];
    return [...local, ...allZones().filter((zone) => !local.includes(zone))];
  }, [chosenCountry]);
  const hint = !props.value
    ? chosenCountry && chosenCountry.timezones.length > 1
      ? `${chosenCountry.name} has several time zones: choose the site's`
      : 'Choose the country first, or find the town above'
    : 'Opening hours and due times follow this zone, daylight saving included';
  return (
    <Autocomplete
      id={props.id}
      options={zones}
      value={props.value || null}
      onChange={(_event, zone) => props.onChange(zone ?? '')}
      onBlur={props.onBlur}
      disabled={props.disabled}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          required={props.required}
          error={props.error !== undefined}
          helperText={props.error ?? hint}
        />
      )}
    />
  );
}

export interface CountryPickerProps extends Pick<
  CustomFieldProps<string>,
  'id' | 'label' | 'required' | 'value' | 'onChange' | 'onBlur' | 'error' | 'disabled'
> {
  /** Hears the whole country when one is chosen (the site form sets its time zone from it). */
  onChosen?(country: Country): void;
}

/** The packaged countries by name, choosing an ISO 3166-1 code: the site's and the organisation's country. */
export function CountryPicker(props: CountryPickerProps) {
  const [countries, setCountries] = useState<Country[]>([]);
  useEffect(() => {
    void loadCountries().then(setCountries);
  }, []);
  return (
    <Autocomplete
      id={props.id}
      options={countries}
      getOptionLabel={(c) => c.name}
      value={countries.find((c) => c.code === props.value) ?? null}
      onChange={(_event, chosen) => {
        props.onChange(chosen?.code ?? '');
        if (chosen) props.onChosen?.(chosen);
      }}
      onBlur={props.onBlur}
      disabled={props.disabled}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          required={props.required}
          error={props.error !== undefined}
          helperText={props.error ?? ' '}
        />
      )}
    />
  );
}

/** The site's country, which also decides its time zone when the country has one (see zoneForCountry). */
export function CountryField(props: CustomFieldProps<string, { timeZoneId: string }>) {
  return (
    <CountryPicker
      {...props}
      onChosen={(chosen) => {
        // A country with one time zone decides it (and so does the browser's own zone, if it is one of the
        // country's); a zone of another country no longer applies.
        const implied = zoneForCountry(chosen);
        if (implied) props.setField('timeZoneId', implied);
        else if (!chosen.timezones.includes(props.values.timeZoneId)) props.setField('timeZoneId', '');
      }}
    />
  );
}

/** What the food-safety rules fields read of the site form. */
export interface JurisdictionFormFields {
  country: string;
  state: string;
  county: string;
  city: string;
  /** The admin's choice; null while a new site's follows its address. */
  jurisdiction: Jurisdiction | null;
  /** The edited site's rules as stored; null for a new site. */
  savedJurisdiction: Jurisdiction | null;
}

/** The rules the form stands at: the admin's choice, else the default of the address as it is now. */
export const formJurisdiction = (form: Omit<JurisdictionFormFields, 'savedJurisdiction'>): Jurisdiction =>
  form.jurisdiction ?? defaultJurisdictionFor(form);

/** An existing site moved to other rules, which the API takes only with a reason. */
export const jurisdictionChanged = (form: JurisdictionFormFields): boolean =>
  form.savedJurisdiction !== null && formJurisdiction(form) !== form.savedJurisdiction;

const asJurisdiction = (value: unknown): Jurisdiction | undefined =>
  jurisdictionOptions.find((option) => option.value === value)?.value;

// Static options and no dates: the select needs nothing of the form's site or zone.
const noContext = { siteID: null, timeZone: 'UTC' };

/**
 * The food-safety rules a site is judged by. A new site's follow its address (New York City's in Brooklyn)
 * until the admin chooses; the helper says what the choice decides and who stands behind the rules.
 */
export function JurisdictionField(props: CustomFieldProps<Jurisdiction | null, JurisdictionFormFields>) {
  const shown = formJurisdiction(props.values);
  const rules = ruleSets[shown];
  const helperText = [
    `Decides the limits readings are judged by, and shows temperatures in ${unitSymbols[rules.unit]}.`,
    `Authority: ${rules.authority}.`,
    props.value === null ? 'Taken from the address until you choose.' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <FieldInput
      id={props.id}
      field={{
        kind: 'select',
        name: 'jurisdiction',
        label: props.label,
        required: true,
        options: jurisdictionOptions,
        helperText,
      }}
      value={shown}
      onChange={(value) => {
        const chosen = asJurisdiction(value);
        if (chosen) props.onChange(chosen);
      }}
      onBlur={props.onBlur}
      error={props.error}
      errors={{}}
      disabled={props.disabled}
      context={noContext}
    />
  );
}

/** Why an existing site's rules changed: asked only then, and kept in the site's history. */
export function JurisdictionReasonField(props: CustomFieldProps<string, JurisdictionFormFields>) {
  if (!jurisdictionChanged(props.values)) return null;
  return (
    <FieldInput
      id={props.id}
      field={{
        kind: 'multiline',
        name: 'jurisdictionReason',
        label: props.label,
        required: true,
        rows: 2,
        helperText:
          'The new rules apply to readings from now on; past readings keep their verdicts. Kept in the site’s history.',
      }}
      value={props.value}
      onChange={(value) => props.onChange(typeof value === 'string' ? value : '')}
      onBlur={props.onBlur}
      error={props.error}
      errors={{}}
      disabled={props.disabled}
      context={noContext}
    />
  );
}

/** Monday first, as a week reads in the UK and most of Europe; day keys stay the spec's 0 = Sunday. */
export const weekOrder = [1, 2, 3, 4, 5, 6, 0] as const;
export const dayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * A weekday as the form edits it. `allDay` is the form's explicit "Open 24 hours": the API says it with
 * equal opening and closing times (docs/decisions.md), which the form never lets happen by accident.
 */
export interface OpeningDay extends TimingDay {
  allDay: boolean;
}

const closedDay = (day: number): TimingDay => ({ day, isOpen: false, openTime: '09:00', closeTime: '17:00' });

export function fullWeek(timing: Timing): TimingDay[] {
  return weekOrder.map((day) => timing.find((d) => d.day === day) ?? closedDay(day));
}

/** The stored week as the form shows it: equal times become "Open 24 hours". */
export function toOpeningWeek(timing: Timing): OpeningDay[] {
  return fullWeek(timing).map((day) => {
    const allDay = day.isOpen && day.openTime === day.closeTime;
    return allDay ? { ...day, allDay, openTime: '00:00', closeTime: '00:00' } : { ...day, allDay };
  });
}

/** The form's week as the API takes it; `allDay` travels along and is what the form's rule below reads. */
export function fromOpeningWeek(week: readonly OpeningDay[]): OpeningDay[] {
  return week.map((day) => (day.allDay ? { ...day, openTime: '00:00', closeTime: '00:00' } : day));
}

export const sameTimesMessage = 'Closes when it opens: choose "Open 24 hours" for a day without closing';

/**
 * Each weekday's row: the day's switch, "Open 24 hours", opens, closes and a note, in columns that line up
 * from Monday to Sunday; on a phone the two times share a line under the switches.
 */
const dayRow = {
  display: 'grid',
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: '13rem 10rem 9rem 9rem minmax(0, 1fr)' },
  columnGap: 1.5,
  rowGap: 1,
  alignItems: 'center',
} as const;
const wholeRowOnPhone = { gridColumn: { xs: '1 / -1', sm: 'auto' } } as const;

/** Opening hours per weekday: closed, open 24 hours, or open between two times (after midnight allowed). */
export function OpeningHoursField(props: CustomFieldProps<OpeningDay[]>) {
  const week = weekOrder.map(
    (day) => props.value.find((d) => d.day === day) ?? { ...closedDay(day), allDay: false },
  );
  const update = (day: number, patch: Partial<OpeningDay>) =>
    props.onChange(week.map((entry) => (entry.day === day ? { ...entry, ...patch } : entry)));
  return (
    <Stack spacing={1.5} role="group" aria-labelledby={`${props.id}-label`}>
      {/* The group's name, not a heading: subtitle2 alone would make it an h6 under the form's h2. */}
      <Typography id={`${props.id}-label`} variant="subtitle2" component="p">
        {props.label}
      </Typography>
      {props.error && (
        <Typography color="error" variant="body2">
          {props.error}
        </Typography>
      )}
      {week.map((entry) => {
        const index = props.value.findIndex((d) => d.day === entry.day);
        const errorOf = (key: string) => (index >= 0 ? props.errors[`${index}.${key}`] : undefined);
        const name = dayNames[entry.day] ?? '';
        const overnight = entry.isOpen && !entry.allDay && entry.closeTime < entry.openTime;
        return (
          <Box key={entry.day} role="group" aria-label={name} sx={dayRow}>
            <FormControlLabel
              sx={{ m: 0, ...wholeRowOnPhone }}
              control={
                <Switch
                  checked={entry.isOpen}
                  onChange={(event) => update(entry.day, { isOpen: event.target.checked })}
                  disabled={props.disabled}
                />
              }
              label={`${name}${entry.isOpen ? '' : ' (closed)'}`}
            />
            {entry.isOpen && (
              <FormControlLabel
                sx={{ m: 0, ...wholeRowOnPhone }}
                control={
                  <Checkbox
                    checked={entry.allDay}
                    onChange={(event) =>
                      update(
                        entry.day,
                        event.target.checked
                          ? { allDay: true, openTime: '00:00', closeTime: '00:00' }
                          : { allDay: false, openTime: '09:00', closeTime: '17:00' },
                      )
                    }
                    disabled={props.disabled}
                    slotProps={{ input: { 'aria-label': `${name}: open 24 hours` } }}
                  />
                }
                label="Open 24 hours"
              />
            )}
            {entry.isOpen &&
              !entry.allDay &&
              (['openTime', 'closeTime'] as const).map((key) => (
                <FieldInput
                  key={key}
                  id={`${props.id}-${entry.day}-${key}`}
                  field={{
                    kind: 'time',
                    name: key,
                    label: `${name} ${key === 'openTime' ? 'opens' : 'closes'}`,
                  }}
                  value={entry[key]}
                  onChange={(value) => update(entry.day, { [key]: typeof value === 'string' ? value : '' })}
                  onBlur={props.onBlur}
                  error={errorOf(key)}
                  errors={{}}
                  disabled={props.disabled}
                  context={{ siteID: null, timeZone: 'UTC' }}
                  size="small"
                />
              ))}
            {overnight && (
              <Typography variant="caption" color="text.secondary" sx={wholeRowOnPhone}>
                Closes after midnight
              </Typography>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}

export interface PersonOption {
  value: string;
  label: string;
}

const personOption = (person: { _id: string; fullName: string; email: string }): PersonOption => ({
  value: person._id,
  label: `${person.fullName} (${person.email})`,
});

/**
 * Site admins: existing ones picked from the organisation's site admins, or a new one invited from here.
 * Only an organisation admin may change them (and may list the candidates); anyone else sees the current
 * ones read-only. A new admin is created at once as SITE_ADMIN of this site, so the site must be saved
 * first: creating them before the site exists would leave a site admin of no site (which the API refuses),
 * and holding them until the site is saved would split one Save into two requests that can half succeed.
 */
export function SiteAdminsField(props: CustomFieldProps<PersonOption[], { _id: string; name: string }>) {
  const ability = useAbility();
  const mayChange = ability.can('create', 'Site');
  const [candidates, setCandidates] = useState<PersonOption[]>([]);
  const [inviting, setInviting] = useState(false);
  useEffect(() => {
    if (!mayChange) return;
    siteAdminsApi
      .candidates({ quiet: true })
      .then((people) => setCandidates(people.map(personOption)))
      .catch(() => setCandidates([]));
  }, [mayChange]);
  const { _id: siteID, name: siteName } = props.values;
  const value = props.value ?? [];
  return (
    <Stack spacing={1}>
      <Autocomplete
        multiple
        id={props.id}
        options={candidates}
        value={value}
        getOptionLabel={(option) => option.label}
        isOptionEqualToValue={(a, b) => a.value === b.value}
        onChange={(_event, options) => props.onChange(options)}
        onBlur={props.onBlur}
        disabled={props.disabled || !mayChange}
        noOptionsText="No site admins in the organisation yet: invite one below"
        renderInput={(params) => (
          <TextField
            {...params}
            label={props.label}
            error={props.error !== undefined}
            helperText={
              props.error ??
              (mayChange
                ? 'The people who run this site day to day'
                : 'Only an organisation admin can change who administers a site')
            }
          />
        )}
      />
      {mayChange && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button size="small" onClick={() => setInviting(true)} disabled={props.disabled || siteID === ''}>
            Invite a new site admin
          </Button>
          {siteID === '' && (
            <Typography variant="caption" color="text.secondary">
              Save the site first, then invite someone new to run it
            </Typography>
          )}
        </Stack>
      )}
      {inviting && siteID !== '' && (
        <InviteSiteAdminDialog
          siteID={siteID}
          siteName={siteName}
          onInvited={(person) => {
            const added = personOption(person);
            setCandidates((current) => [...current, added]);
            // Already this site's admin on the server; in the list, so saving the form keeps them.
            props.onChange([...value.filter((option) => option.value !== added.value), added]);
          }}
          onClose={() => setInviting(false)}
        />
      )}
    </Stack>
  );
}

/** The site's area as its form keeps it: the area's id, or '' for none. */
export interface AreaFormFields {
  areaID: string;
  /** The area the edited site is in (null for a new site, or one in none): named while the list loads. */
  savedArea: AreaRef | null;
}

/**
 * The area (region, brand) the site is in, or none: the organisation's areas to choose from. Only an
 * organisation admin moves a site between areas; a site admin sees its area and keeps it.
 */
export function AreaField(props: CustomFieldProps<string, AreaFormFields>) {
  const ability = useAbility();
  // The API's own rule: the site's areaID is a field only an organisation admin may change.
  const mayMove = ability.can('update', 'Site', 'areaID');
  const [areas, setAreas] = useState<readonly Option[] | null>(null);
  useEffect(() => {
    let current = true;
    // A failure has shown the pop-up; the site's own area stays, and "No area".
    areaApi.simpleList().then(
      (options) => current && setAreas(options),
      () => current && setAreas([]),
    );
    return () => {
      current = false;
    };
  }, []);
  const { savedArea } = props.values;
  const options = withOwnOptions(areas ?? [], savedArea ? [namedOption(savedArea)] : []);
  const helperText =
    props.error ??
    (!mayMove
      ? 'Only an organisation admin can move a site to another area'
      : areas?.length === 0
        ? 'Add areas on the Organisation page, in its Areas tab'
        : 'Where the overview groups and totals this site, and the scores compare it');
  return (
    <TextField
      select
      id={props.id}
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      onBlur={props.onBlur}
      disabled={props.disabled || !mayMove}
      error={props.error !== undefined}
      helperText={helperText}
      slotProps={{
        select: {
          displayEmpty: true,
          renderValue: (value: unknown) =>
            value === '' ? noAreaLabel : (options.find((option) => option.value === value)?.label ?? ''),
        },
        inputLabel: { shrink: true },
      }}
    >
      <MenuItem value="">{noAreaLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
