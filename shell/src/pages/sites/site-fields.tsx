import {
  Autocomplete,
  CircularProgress,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@console/shared-sdk/mui';
import { useEffect, useMemo, useState } from 'react';
import {
  locationApi,
  sitesApi,
  staffApi,
  useAbility,
  type Country,
  type Timing,
  type TimingDay,
} from '@console/shared-sdk';
import { FieldInput, type CustomFieldProps } from '@console/shared-sdk/ui';

interface Prediction {
  description: string;
  place_id: string;
}

/** Finds a town in the packaged place data and fills the address, coordinates and time zone from it. */
export function PlaceSearch(props: CustomFieldProps<string>) {
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<Prediction[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (input.trim().length < 2) {
      setOptions([]);
      return;
    }
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
  }, [input]);

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
      options={options}
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

/** The chosen country's time zones first, then every other zone. */
export function TimeZoneField(props: CustomFieldProps<string>) {
  const [countries, setCountries] = useState<Country[]>([]);
  useEffect(() => {
    void loadCountries().then(setCountries);
  }, []);
  const country = typeof props.values.country === 'string' ? props.values.country : '';
  const zones = useMemo(() => {
    const local = countries.find((c) => c.code === country)?.timezones ?? [];
    return [...local, ...allZones().filter((zone) => !local.includes(zone))];
  }, [countries, country]);
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
          helperText={props.error ?? 'Opening hours and due times follow this zone, daylight saving included'}
        />
      )}
    />
  );
}

export function CountryField(props: CustomFieldProps<string>) {
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
        // A country with one time zone decides it.
        if (chosen?.timezones.length === 1) props.setField('timeZoneId', chosen.timezones[0]);
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

/** Monday first, as a week reads in the UK and most of Europe; day keys stay the spec's 0 = Sunday. */
export const weekOrder = [1, 2, 3, 4, 5, 6, 0] as const;
export const dayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function fullWeek(timing: Timing): TimingDay[] {
  return weekOrder.map(
    (day) =>
      timing.find((d) => d.day === day) ?? { day, isOpen: false, openTime: '09:00', closeTime: '17:00' },
  );
}

/** Opening hours per weekday with time pickers; closing at or before opening means after midnight. */
export function OpeningHoursField(props: CustomFieldProps<Timing>) {
  const week = fullWeek(props.value ?? []);
  const update = (day: number, patch: Partial<TimingDay>) =>
    props.onChange(week.map((entry) => (entry.day === day ? { ...entry, ...patch } : entry)));
  return (
    <Stack spacing={1} role="group" aria-labelledby={`${props.id}-label`}>
      <Typography id={`${props.id}-label`} variant="subtitle2">
        {props.label}
      </Typography>
      {props.error && (
        <Typography color="error" variant="body2">
          {props.error}
        </Typography>
      )}
      {week.map((entry) => {
        const index = (props.value ?? []).findIndex((d) => d.day === entry.day);
        const errorOf = (key: string) => (index >= 0 ? props.errors[`${index}.${key}`] : undefined);
        const overnight =
          entry.isOpen && entry.closeTime <= entry.openTime && entry.closeTime !== entry.openTime;
        return (
          <Stack
            key={entry.day}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'center' } }}
          >
            <FormControlLabel
              sx={{ minWidth: 170 }}
              control={
                <Switch
                  checked={entry.isOpen}
                  onChange={(event) => update(entry.day, { isOpen: event.target.checked })}
                  disabled={props.disabled}
                />
              }
              label={`${dayNames[entry.day]}${entry.isOpen ? '' : ' (closed)'}`}
            />
            {entry.isOpen && (
              <>
                {(['openTime', 'closeTime'] as const).map((key) => (
                  <FieldInput
                    key={key}
                    id={`${props.id}-${entry.day}-${key}`}
                    field={{
                      kind: 'time',
                      name: key,
                      label: `${dayNames[entry.day]} ${key === 'openTime' ? 'opens' : 'closes'}`,
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
                  <Typography variant="caption" color="text.secondary">
                    Closes after midnight
                  </Typography>
                )}
              </>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}

export interface PersonOption {
  value: string;
  label: string;
}

/**
 * Site admins. Only an organisation admin may change them (and may list the candidates); anyone else sees
 * the current ones read-only.
 */
export function SiteAdminsField(props: CustomFieldProps<PersonOption[]>) {
  const ability = useAbility();
  const mayChange = ability.can('create', 'Site');
  const [candidates, setCandidates] = useState<PersonOption[]>([]);
  useEffect(() => {
    if (!mayChange) return;
    staffApi
      .simpleList({ role: 'SITE_ADMIN' }, { quiet: true })
      .then((people) =>
        setCandidates(people.map((p) => ({ value: p._id, label: `${p.fullName} (${p.email})` }))),
      )
      .catch(() => setCandidates([]));
  }, [mayChange]);
  return (
    <Autocomplete
      multiple
      id={props.id}
      options={candidates}
      value={props.value ?? []}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      onChange={(_event, options) => props.onChange(options)}
      onBlur={props.onBlur}
      disabled={props.disabled || !mayChange}
      noOptionsText="No site admins in the organisation yet"
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
  );
}
