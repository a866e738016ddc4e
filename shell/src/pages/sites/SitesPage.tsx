import { Chip, Stack, Typography } from '@console/shared-sdk/mui';
import { z } from 'zod';
import { siteChoices, useDocumentTitle } from '@console/shared-sdk';
import {
  requiredText,
  ruleSetOf,
  temperatureSpan,
  unitSymbols,
  type Jurisdiction,
} from '@console/shared-sdk/contract';
import {
  actionHoursRange,
  defaultActionHours,
  defaultEscalationMinutes,
  defaultExcursionDebounceMinutes,
  defaultProbeSensorToleranceCelsius,
  probeSensorToleranceRange,
  probeSensorWindowMinutes,
  siteInputSchema,
  sitesApi,
  sitesResource,
  siteUpdateSchema,
  noAreaLabel,
  timingDaySchema,
  type Site,
  type SiteInput,
  type SiteUpdateInput,
  type Timing,
} from '@console/shared-sdk/sites';
import { defineResource, LtrText, ResourceScreen, useSiteFormat } from '@console/shared-sdk/ui';
import { formatHours, todaysHours } from '../dashboard/hours';
import {
  AreaField,
  CountryField,
  dayNames,
  fromOpeningWeek,
  formJurisdiction,
  fullWeek,
  jurisdictionChanged,
  JurisdictionField,
  JurisdictionReasonField,
  OpeningHoursField,
  PlaceSearch,
  sameTimesMessage,
  SiteAdminsField,
  TimeZoneField,
  toOpeningWeek,
  type OpeningDay,
  type PersonOption,
} from './site-fields';

interface SiteForm {
  /** The site being edited ('' for a new one): the site admins field invites new admins to it. */
  _id: string;
  name: string;
  description: string;
  google_PlaceID: string;
  add1: string;
  add2: string;
  city: string;
  county: string;
  state: string;
  zip: string;
  country: string;
  timeZoneId: string;
  lat_long: string;
  timing: OpeningDay[];
  /** The food-safety rules chosen; null while a new site's follow its address. */
  jurisdiction: Jurisdiction | null;
  /** The edited site's rules as stored (null for a new site): changing them asks for a reason. */
  savedJurisdiction: Jurisdiction | null;
  jurisdictionReason: string;
  /** Alert timings in minutes; null while the box is empty (the form then asks for a value). */
  escalationMinutes: number | null;
  excursionDebounceMinutes: number | null;
  /** Hours a corrective action may stay open; null while the box is empty. */
  actionHours: number | null;
  /** °C, as the API keeps it; null while the box is empty. */
  probeSensorToleranceCelsius: number | null;
  siteAdminList: PersonOption[];
  /** Its area's id, or '' for none. */
  areaID: string;
  /** The edited site's area as stored, named while the areas load. */
  savedArea: Site['area'];
}

/** Weekdays 09:00–17:00, Saturday and Sunday closed, until the admin says otherwise. */
const defaultWeek: Timing = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
  day,
  isOpen: day >= 1 && day <= 5,
  openTime: '09:00',
  closeTime: '17:00',
}));

/**
 * The form's rule on top of the contract's: equal times would silently mean "around the clock", so an
 * open day either says "Open 24 hours" or has a closing time different from its opening time.
 */
const openingWeekSchema = z
  .array(timingDaySchema.extend({ allDay: z.boolean() }))
  .superRefine((days, context) => {
    days.forEach((day, index) => {
      if (day.isOpen && !day.allDay && day.openTime === day.closeTime)
        context.addIssue({ code: 'custom', path: [index, 'closeTime'], message: sameTimesMessage });
    });
  });

/**
 * The form asks for every alert setting: an emptied box would otherwise be left out of the request and
 * silently keep (or, for a new site, default) the value. Filled in, the contract's own rule and message
 * (a whole number of minutes or hours in range, a difference in range) apply.
 */
const required = <Schema extends z.ZodType>(schema: Schema, message: string) =>
  schema.refine((value) => value !== undefined, message);
const { shape } = siteInputSchema;
const alertTimingsSchema = {
  escalationMinutes: required(shape.escalationMinutes, 'Enter a number of minutes'),
  excursionDebounceMinutes: required(shape.excursionDebounceMinutes, 'Enter a number of minutes'),
  actionHours: required(shape.actionHours, 'Enter a number of hours'),
  probeSensorToleranceCelsius: required(shape.probeSensorToleranceCelsius, 'Enter a difference in °C'),
};

/**
 * The update body carries a reason only when the rules change (see toUpdate), and then the API refuses it
 * empty: the form says so before sending.
 */
const jurisdictionReasonSchema = {
  jurisdictionReason: requiredText('Reason for the change', 500).optional(),
};

const minutes = (count: number) => `${count} ${count === 1 ? 'minute' : 'minutes'}`;
const hours = (count: number) => `${count} ${count === 1 ? 'hour' : 'hours'}`;

/** The tolerance as stored, in °C, and in the site's own unit beside it when that is another: "2 °C (3.6 °F)". */
function toleranceText(site: Pick<Site, 'probeSensorToleranceCelsius' | 'temperatureUnit'>): string {
  const celsius = `${site.probeSensorToleranceCelsius} ${unitSymbols.C}`;
  if (site.temperatureUnit === 'C') return celsius;
  const shown = Math.round(temperatureSpan(site.probeSensorToleranceCelsius, site.temperatureUnit) * 10) / 10;
  return `${celsius} (${shown} ${unitSymbols[site.temperatureUnit]})`;
}

/** The site calls, keeping the navbar's site selector in step with what was added, changed or deleted. */
const sitesApiForScreen: typeof sitesResource = {
  ...sitesResource,
  create: async (input, options) => {
    const created = await sitesApi.create(input, options);
    siteChoices.changed();
    return created;
  },
  update: async (input, options) => {
    const updated = await sitesApi.update(input, options);
    siteChoices.changed();
    return updated;
  },
  remove: async (siteID, options) => {
    const removed = await sitesApi.remove(siteID, options);
    siteChoices.removed(siteID);
    return removed;
  },
};

const address = (site: Site) =>
  [site.add1, site.add2, site.city, site.county ?? site.state, site.zip, site.country]
    .filter(Boolean)
    .join(', ');

/** How a site writes its own times: its hours read on its clock, whichever site is selected. */
const useOwnFormat = (site: Site) =>
  useSiteFormat({ unit: site.temperatureUnit, zone: site.timeZoneId, locale: site.locale });

function HoursToday({ site }: { site: Site }) {
  const today = todaysHours(site.timing, site.timeZoneId, useOwnFormat(site));
  return (
    <Stack sx={{ alignItems: 'center' }} direction="row" spacing={1}>
      <Chip
        size="small"
        color={today.openNow ? 'success' : 'default'}
        label={today.openNow ? 'Open' : 'Closed'}
      />
      <span>{today.hours ? <LtrText>{today.hours}</LtrText> : 'closed today'}</span>
    </Stack>
  );
}

function OpeningHours({ site }: { site: Site }) {
  const format = useOwnFormat(site);
  return (
    <Stack component="ul" sx={{ m: 0, pl: 2 }}>
      {fullWeek(site.timing).map((day) => (
        <Typography component="li" variant="body2" key={day.day}>
          {dayNames[day.day]}: {day.isOpen ? formatHours(day, format) : 'closed'}
        </Typography>
      ))}
    </Stack>
  );
}

const sites = defineResource({
  title: 'Sites',
  name: 'site',
  subject: 'Site',
  api: sitesApiForScreen,
  recordLabel: (site: Site) => site.name,
  defaultSort: 'name',
  search: { placeholder: 'Search by name, town or postcode' },
  emptyMessage: 'No sites yet.',
  emptyHint: 'Add your first site with its address and opening hours.',
  columns: [
    { field: 'name', headerName: 'Site', flex: 1.2, minWidth: 180 },
    {
      field: 'city',
      headerName: 'Location',
      flex: 1,
      minWidth: 140,
      valueGetter: (_value, site) => [site.city, site.country].filter(Boolean).join(', '),
    },
    { field: 'timeZoneId', headerName: 'Time zone', flex: 0.8, minWidth: 140, sortable: false },
    {
      field: 'timing',
      headerName: 'Today',
      flex: 1,
      minWidth: 170,
      sortable: false,
      renderCell: ({ row }) => <HoursToday site={row} />,
    },
    {
      field: 'area',
      headerName: 'Area',
      flex: 0.8,
      minWidth: 120,
      sortable: false,
      valueGetter: (_value, site) => site.area?.name ?? noAreaLabel,
    },
    {
      field: 'siteAdminList',
      headerName: 'Site admins',
      flex: 1,
      minWidth: 140,
      sortable: false,
      valueGetter: (_value, site) => site.siteAdminList.map((p) => `${p.firstName} ${p.lastName}`).join(', '),
    },
  ],
  view: [
    { label: 'Name', field: 'name' },
    { label: 'Description', field: 'description' },
    { label: 'Area', render: (site) => site.area?.name ?? noAreaLabel },
    { label: 'Address', render: address },
    { label: 'Time zone', render: (site) => `${site.timeZoneId} (${site.timeZoneName})` },
    { label: 'Food-safety rules', render: (site) => ruleSetOf(site.jurisdiction).name },
    { label: 'Temperatures in', render: (site) => unitSymbols[site.temperatureUnit] },
    // The form's labels, with what the minutes count: time unacknowledged, time outside the limits.
    { label: 'Escalation time', render: (site) => `${minutes(site.escalationMinutes)} unacknowledged` },
    {
      label: 'Sensor alert delay',
      render: (site) => `${minutes(site.excursionDebounceMinutes)} outside the limits`,
    },
    { label: 'Corrective action time', render: (site) => `${hours(site.actionHours)} before it is overdue` },
    {
      label: 'Probe and sensor tolerance',
      render: (site) => <LtrText>{`${toleranceText(site)} between a probe and a sensor`}</LtrText>,
    },
    {
      label: 'Opening hours',
      render: (site) => <OpeningHours site={site} />,
    },
    {
      label: 'Site admins',
      render: (site) =>
        site.siteAdminList.map((p) => `${p.firstName} ${p.lastName}`).join(', ') || 'None yet',
    },
  ],
  form: {
    schema: siteInputSchema.extend({ timing: openingWeekSchema, ...alertTimingsSchema }),
    updateSchema: siteUpdateSchema.extend({
      timing: openingWeekSchema,
      ...alertTimingsSchema,
      ...jurisdictionReasonSchema,
    }),
    width: 'md',
    fields: [
      { kind: 'text', name: 'name', label: 'Site name', required: true },
      { kind: 'multiline', name: 'description', label: 'Description', rows: 2 },
      { kind: 'custom', name: 'areaID', label: 'Area', render: (props) => <AreaField {...props} /> },
      {
        kind: 'custom',
        name: 'google_PlaceID',
        label: 'Find the town',
        render: (props) => <PlaceSearch {...props} />,
      },
      { kind: 'text', name: 'add1', label: 'Address line 1' },
      { kind: 'text', name: 'add2', label: 'Address line 2' },
      { kind: 'text', name: 'city', label: 'Town or city' },
      { kind: 'text', name: 'county', label: 'County' },
      { kind: 'text', name: 'state', label: 'Region or state' },
      { kind: 'text', name: 'zip', label: 'Postcode' },
      {
        kind: 'custom',
        name: 'country',
        label: 'Country',
        required: true,
        render: (props) => <CountryField {...props} />,
      },
      {
        kind: 'custom',
        name: 'timeZoneId',
        label: 'Time zone',
        required: true,
        render: (props) => <TimeZoneField {...props} />,
      },
      { kind: 'text', name: 'lat_long', label: 'Latitude, longitude', placeholder: '50.8194,-0.1335' },
      {
        kind: 'custom',
        name: 'jurisdiction',
        label: 'Food-safety rules',
        required: true,
        render: (props) => <JurisdictionField {...props} />,
      },
      {
        kind: 'custom',
        name: 'jurisdictionReason',
        label: 'Reason for the change',
        required: true,
        render: (props) => <JurisdictionReasonField {...props} />,
      },
      {
        kind: 'number',
        name: 'escalationMinutes',
        label: 'Escalation time',
        unit: 'minutes',
        required: true,
        helperText:
          "If nobody acknowledges a temperature failure or an overdue task within this time, the organisation's admins are told. From 5 to 1440 minutes (24 hours).",
      },
      {
        kind: 'number',
        name: 'excursionDebounceMinutes',
        label: 'Sensor alert delay',
        unit: 'minutes',
        required: true,
        helperText:
          'A wireless sensor alerts only after reading outside its limits this long without a break, so a door opened for a delivery does not set it off. From 1 to 240 minutes.',
      },
      {
        kind: 'number',
        name: 'actionHours',
        label: 'Corrective action time',
        unit: 'hours',
        required: true,
        helperText: `A corrective action still open this long is overdue, and the organisation's admins are told. From ${actionHoursRange.min} to ${actionHoursRange.max} hours (a week).`,
      },
      {
        kind: 'number',
        name: 'probeSensorToleranceCelsius',
        label: 'Probe and sensor tolerance',
        // The API keeps it in °C, and the form has no temperatures in the site's unit to follow.
        unit: unitSymbols.C,
        required: true,
        helperText: `When a person's probe and a sensor read the same item within ${probeSensorWindowMinutes} minutes and differ by more than this, it raises an alert and a probe calibration check. From ${probeSensorToleranceRange.min} to ${probeSensorToleranceRange.max} °C.`,
      },
      {
        kind: 'custom',
        name: 'timing',
        label: 'Opening hours',
        render: (props) => <OpeningHoursField {...props} />,
      },
      {
        kind: 'custom',
        name: 'siteAdminList',
        label: 'Site admins',
        render: (props) => <SiteAdminsField {...props} />,
      },
    ],
    emptyForm: (): SiteForm => ({
      _id: '',
      name: '',
      description: '',
      google_PlaceID: '',
      add1: '',
      add2: '',
      city: '',
      county: '',
      state: '',
      zip: '',
      country: '',
      // Chosen with the country (or the place search), in plain sight: never a silent UTC.
      timeZoneId: '',
      lat_long: '',
      timing: toOpeningWeek(defaultWeek),
      jurisdiction: null,
      savedJurisdiction: null,
      jurisdictionReason: '',
      escalationMinutes: defaultEscalationMinutes,
      excursionDebounceMinutes: defaultExcursionDebounceMinutes,
      actionHours: defaultActionHours,
      probeSensorToleranceCelsius: defaultProbeSensorToleranceCelsius,
      siteAdminList: [],
      areaID: '',
      savedArea: null,
    }),
    toForm: (site: Site): SiteForm => ({
      _id: site._id,
      name: site.name,
      description: site.description,
      google_PlaceID: site.google_PlaceID ?? '',
      add1: site.add1 ?? '',
      add2: site.add2 ?? '',
      city: site.city ?? '',
      county: site.county ?? '',
      state: site.state ?? '',
      zip: site.zip ?? '',
      country: site.country ?? '',
      timeZoneId: site.timeZoneId,
      lat_long: site.lat_long ?? '',
      timing: toOpeningWeek(site.timing),
      jurisdiction: site.jurisdiction,
      savedJurisdiction: site.jurisdiction,
      jurisdictionReason: '',
      escalationMinutes: site.escalationMinutes,
      excursionDebounceMinutes: site.excursionDebounceMinutes,
      actionHours: site.actionHours,
      probeSensorToleranceCelsius: site.probeSensorToleranceCelsius,
      siteAdminList: site.siteAdminList.map((p) => ({ value: p._id, label: `${p.firstName} ${p.lastName}` })),
      areaID: site.area?._id ?? '',
      savedArea: site.area,
    }),
    // Sent as shown, so a new site gets the rules the admin saw (the address's until they chose).
    toInput: ({
      _id: _new,
      savedJurisdiction: _none,
      jurisdictionReason: _unasked,
      savedArea: _stored,
      ...form
    }: SiteForm): SiteInput => ({
      ...form,
      areaID: form.areaID || null,
      jurisdiction: formJurisdiction(form),
      timing: fromOpeningWeek(form.timing),
      siteAdminList: form.siteAdminList.map((option) => option.value),
    }),
    // The rules only when they change: a form opened before another admin changed them must not put the
    // old ones back.
    toUpdate: (
      {
        _id: _own,
        jurisdiction,
        savedJurisdiction,
        jurisdictionReason,
        savedArea: _stored,
        ...form
      }: SiteForm,
      site: Site,
    ): SiteUpdateInput => {
      const changed = jurisdictionChanged({ ...form, jurisdiction, savedJurisdiction });
      return {
        ...form,
        areaID: form.areaID || null,
        ...(changed ? { jurisdiction: jurisdiction ?? undefined, jurisdictionReason } : {}),
        timing: fromOpeningWeek(form.timing),
        _id: site._id,
        siteAdminList: form.siteAdminList.map((option) => option.value),
      };
    },
  },
});

export function SitesPage() {
  useDocumentTitle('Sites');
  return <ResourceScreen resource={sites} />;
}
