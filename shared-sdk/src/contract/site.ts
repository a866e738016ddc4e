import { z } from 'zod';
import {
  emailSchema,
  idSchema,
  instantSchema,
  listQuerySchema,
  localDateSchema,
  optionalText,
  requiredText,
  wallTimeSchema,
  personSchema,
  siteLocationSchema,
  siteQuerySchema,
} from './common.js';
import { areaRefSchema, siteAreaFieldSchema } from './areas.js';
import { slotNameSchema } from './enums.js';
import { jsonText } from './json-text.js';
import { jurisdictionSchema, scottishRegions as scottishRegionNames } from './rule-sets/index.js';
import { temperatureUnits } from './units.js';

const optionalNumberText = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce.number().optional(),
);

const scottishRegions = new Set(scottishRegionNames.map((name) => name.toLowerCase()));

/** Whether an address is in Scotland: a British one whose region (or county) is a Scottish council area. */
export function isInScotland(address: {
  country?: string | null;
  state?: string | null;
  county?: string | null;
}): boolean {
  if (address.country?.toUpperCase() !== 'GB') return false;
  return [address.state, address.county].some(
    (name) => typeof name === 'string' && scottishRegions.has(name.trim().toLowerCase()),
  );
}

/**
 * The alert timings a site sets for itself (issue 24). Escalation: minutes a temperature failure or an
 * overdue task may go unacknowledged before the organisation's admins hear of it. Sensor delay (debounce):
 * minutes a wireless sensor must read outside its limits, without a break, before it alerts, so a door
 * opened for a delivery does not. The defaults are the database's column defaults.
 */
export const defaultEscalationMinutes = 30;
export const escalationMinutesRange = { min: 5, max: 1440 } as const;
export const defaultExcursionDebounceMinutes = 15;
export const excursionDebounceMinutesRange = { min: 1, max: 240 } as const;

/**
 * An optional whole number of minutes within `range`, as JSON or as multipart text; empty means left out.
 * One plain message for every way it can be wrong (not a number, a fraction, out of range).
 */
/** Hours a corrective action may stay open before it is overdue: a site setting. */
export const defaultActionHours = 24;
export const actionHoursRange = { min: 1, max: 168 } as const;
/** °C a person's probe and a sensor may differ on the same item within 10 minutes: a site setting. */
export const defaultProbeSensorToleranceCelsius = 2;
export const probeSensorToleranceRange = { min: 0.5, max: 10 } as const;

/** An optional whole number within `range`, as JSON or multipart text; empty means left out. */
const optionalWhole = (range: { min: number; max: number }, message: string) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce
      .number({ message })
      .int({ message })
      .min(range.min, { message })
      .max(range.max, { message })
      .optional(),
  );

/** An optional number within `range`, to one decimal place, as JSON or multipart text. */
const optionalDecimal = (range: { min: number; max: number }, message: string) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce
      .number({ message })
      .min(range.min, { message })
      .max(range.max, { message })
      .transform((value) => Math.round(value * 10) / 10)
      .optional(),
  );

const optionalMinutes = (range: { min: number; max: number }, hours: string) => {
  const message = `Enter a whole number of minutes from ${range.min} to ${range.max} (${hours})`;
  return z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce
      .number({ message })
      .int({ message })
      .min(range.min, { message })
      .max(range.max, { message })
      .optional(),
  );
};

/** The platform's own zone database decides (no date library needed on the sign-in page). */
function isTimeZone(zone: string): boolean {
  if (!zone.includes('/') && zone !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneIdSchema = z
  .string({ message: 'Time zone is required' })
  .trim()
  .min(1, 'Time zone is required')
  .refine(isTimeZone, 'Must be an IANA time zone such as Europe/London');

/**
 * One weekday's opening hours in local wall-clock time. A closing time at or before the opening time
 * belongs to the day it opened (closes after midnight); equal times mean open around the clock.
 */
export const timingDaySchema = z.object({
  /** 0 = Sunday … 6 = Saturday. */
  day: z.number().int().min(0).max(6),
  isOpen: z.boolean(),
  openTime: wallTimeSchema,
  closeTime: wallTimeSchema,
});
export type TimingDay = z.infer<typeof timingDaySchema>;

export const timingSchema = z
  .array(timingDaySchema)
  .max(7)
  .refine((days) => new Set(days.map((d) => d.day)).size === days.length, 'Each weekday may appear once');
export type Timing = z.infer<typeof timingSchema>;

export const adjustableSlotNames = ['MORNING', 'LUNCH', 'AFTERNOON', 'EVENING', 'NIGHT'] as const;
export const slotWindowSchema = z.object({ from: wallTimeSchema, to: wallTimeSchema });
export const slotWindowsSchema = z.partialRecord(z.enum(adjustableSlotNames), slotWindowSchema);
export type SlotWindows = z.infer<typeof slotWindowsSchema>;

export const defaultSlotWindows: Required<SlotWindows> = {
  MORNING: { from: '06:00', to: '11:30' },
  LUNCH: { from: '11:30', to: '14:30' },
  AFTERNOON: { from: '14:30', to: '17:30' },
  EVENING: { from: '17:30', to: '21:30' },
  NIGHT: { from: '21:30', to: '06:00' },
};

export const siteSchema = z.object({
  _id: idSchema,
  orgId: idSchema,
  name: z.string(),
  description: z.string(),
  location: siteLocationSchema,
  add1: z.string().nullable(),
  add2: z.string().nullable(),
  city: z.string().nullable(),
  county: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  zip: z.string().nullable(),
  google_PlaceID: z.string().nullable(),
  lat_long: z.string().nullable(),
  timeZoneId: z.string(),
  timeZoneName: z.string(),
  /** The zone's offset from UTC now, in minutes, daylight saving included. */
  timeZoneDifferenceInMinute: z.number().int(),
  /** Daylight-saving part of that offset now, in seconds (Google Time Zone API convention). */
  dstOffset: z.number().int(),
  timing: timingSchema,
  slotWindows: slotWindowsSchema,
  /** The food-safety rule set the site's readings are judged by (DOMAIN.md "Temperature checks"). */
  jurisdiction: jurisdictionSchema,
  /** The unit the site shows, takes and prints temperatures in; the API's values stay in °C. */
  temperatureUnit: z.enum(temperatureUnits),
  /** How the site writes dates, times and numbers (a BCP 47 tag: en-GB, en-US). */
  locale: z.string(),
  /** Minutes a temperature failure or overdue task may go unacknowledged before the admins hear of it. */
  escalationMinutes: z.number().int(),
  /** Minutes a wireless sensor must read outside its limits, without a break, before it alerts. */
  excursionDebounceMinutes: z.number().int(),
  /** Hours a corrective action may stay open before it is overdue and escalates (default 24). */
  actionHours: z.number().int().default(24),
  /** °C a person's probe and a sensor may differ on one item within 10 minutes (default 2). */
  probeSensorToleranceCelsius: z.number().default(2),
  siteAdminList: z.array(personSchema),
  /** The area (region, brand) the site is in, if any (null from older servers). */
  area: areaRefSchema.nullable().default(null),
  status: z.boolean(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type Site = z.infer<typeof siteSchema>;

const latLongSchema = z
  .string()
  .trim()
  .regex(/^-?\d{1,2}(\.\d+)?\s*,\s*-?\d{1,3}(\.\d+)?$/, 'Must be "latitude,longitude"')
  .refine((text) => {
    const [lat, lng] = text.split(',').map(Number);
    return lat !== undefined && lng !== undefined && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  }, 'Latitude must be within ±90 and longitude within ±180');

/**
 * The site form. Sent as multipart form data with `timing`, `slotWindows`, `siteAdminList` and
 * `location` as JSON text (the spec's payload); a JSON body with the same fields is accepted too.
 * `timeZoneDifferenceInMinute`, `dstOffset`, `timeZoneName` and `timezone` are accepted for compatibility
 * and recomputed by the server from `timeZoneId`, so a stale browser offset can never be stored.
 */
export const siteInputSchema = z.object({
  name: requiredText('Site name', 200),
  description: optionalText(2000).default(''),
  timing: jsonText(timingSchema),
  slotWindows: jsonText(slotWindowsSchema).optional(),
  timeZoneId: timeZoneIdSchema,
  add1: optionalText(200),
  add2: optionalText(200),
  city: optionalText(100),
  county: optionalText(100),
  state: optionalText(100),
  country: z
    .string()
    .trim()
    .min(1, 'Country is required')
    .length(2, 'Country must be a two-letter ISO code')
    .toUpperCase(),
  zip: optionalText(20),
  google_PlaceID: optionalText(300),
  lat_long: z.union([latLongSchema, z.literal('')]).optional(),
  siteAdminList: jsonText(z.array(idSchema)).default([]),
  /** The site's area (areas.ts `siteAreaFieldSchema`); only an organisation admin moves a site between areas. */
  areaID: siteAreaFieldSchema,
  /**
   * The food-safety rule set the site is judged by. Left out, a new site takes its address's (New York
   * City's in the five boroughs, Scotland's in a Scottish council area) and an edited one keeps its own.
   * A change applies to readings from then on, and needs `jurisdictionReason`.
   */
  jurisdiction: jurisdictionSchema.optional(),
  /** Why the jurisdiction changed: kept in the site's history. */
  jurisdictionReason: optionalText(500),
  /**
   * Minutes, 5 to 1440, before an unacknowledged failure or overdue task reaches the organisation's admins.
   * Left out, a new site takes 30 and an edited one keeps its own.
   */
  escalationMinutes: optionalMinutes(escalationMinutesRange, 'up to 24 hours'),
  /**
   * Minutes, 1 to 240, a sensor must read outside its limits without a break before it alerts. Left out, a
   * new site takes 15 and an edited one keeps its own.
   */
  excursionDebounceMinutes: optionalMinutes(excursionDebounceMinutesRange, 'up to 4 hours'),
  /**
   * Hours, 1 to 168, a corrective action may stay open before it is overdue. Left out, a new site takes 24
   * and an edited one keeps its own.
   */
  actionHours: optionalWhole(actionHoursRange, 'Enter a whole number of hours from 1 to 168 (up to a week)'),
  /**
   * °C, 0.5 to 10, a probe's and a sensor's readings of one item may differ before it is an event. Left out,
   * a new site takes 2 and an edited one keeps its own.
   */
  probeSensorToleranceCelsius: optionalDecimal(
    probeSensorToleranceRange,
    'Enter a difference from 0.5 to 10 °C',
  ),
  location: jsonText(siteLocationSchema.partial()).optional(),
  timeZoneDifferenceInMinute: optionalNumberText,
  dstOffset: optionalNumberText,
  timeZoneName: optionalText(100),
  timezone: optionalText(100),
});
export type SiteInput = z.input<typeof siteInputSchema>;
export type SiteInputParsed = z.output<typeof siteInputSchema>;

/**
 * The site form for an existing site. `siteAdminList` left out keeps the current admins (a site admin's
 * form has no admin picker); sent, it replaces them, which only an organisation admin may do.
 */
export const siteUpdateSchema = siteInputSchema.extend({
  _id: idSchema,
  siteAdminList: jsonText(z.array(idSchema)).optional(),
});
export type SiteUpdateParsed = z.output<typeof siteUpdateSchema>;

export const siteListFilterSchema = z.object({
  /** true (default): active sites; false: deleted ones. */
  status: z.stringbool().default(true),
  country: z.string().trim().length(2, 'Country must be a two-letter ISO code').toUpperCase().optional(),
});

export const siteSortColumns = ['_id', 'name', 'city', 'country', 'createdAt', 'updatedAt'] as const;
export type SiteSortColumn = (typeof siteSortColumns)[number];
export const siteListQuerySchema = listQuerySchema(siteSortColumns)
  .extend(siteListFilterSchema.shape)
  .extend(siteQuerySchema.shape);
export type SiteListQuery = z.output<typeof siteListQuerySchema>;

export const siteIdBodySchema = z.object({ siteID: idSchema });
export const idParamSchema = z.object({ id: idSchema });

// ---- time slots -----------------------------------------------------------------------------------------

export const openTimeSlotQuerySchema = siteQuerySchema.extend({ findDate: localDateSchema.optional() });

export const timeSlotSchema = z.object({
  label: slotNameSchema,
  value: slotNameSchema,
  /** Local wall-clock start and end (HH:mm) on the requested date or the day after. */
  fromTime: z.string(),
  toTime: z.string(),
  fromTimeUTC: instantSchema,
  toTimeUTC: instantSchema,
});
export type TimeSlot = z.infer<typeof timeSlotSchema>;

export const openTimeSlotResponseSchema = z.object({
  siteData: z.object({ _id: idSchema, name: z.string(), timeZoneId: z.string(), timing: timingSchema }),
  date: localDateSchema,
  isOpen: z.boolean(),
  openTimeSlot: z.array(timeSlotSchema),
  timeSlotList: z.array(z.object({ label: slotNameSchema, value: slotNameSchema })),
});
export type OpenTimeSlotResponse = z.infer<typeof openTimeSlotResponseSchema>;

export const closingTimeListRequestSchema = z.object({
  siteID: idSchema,
  /** First local date; defaults to the site's today. */
  startDate: localDateSchema.optional(),
  /** How many local days to cover, 1 to 31 (default 7). */
  days: z.coerce.number().int().min(1).max(31).default(7),
});

export const closingTimeSchema = z.object({
  date: localDateSchema,
  day: z.number().int().min(0).max(6),
  openingTime: instantSchema,
  closingTime: instantSchema,
  openTimeLocal: z.string(),
  closeTimeLocal: z.string(),
});
export type ClosingTime = z.infer<typeof closingTimeSchema>;
/** Open days only, in date order; the spec reads the first entry's `closingTime`. */
export const closingTimeListSchema = z.array(closingTimeSchema);

// ---- place look-ups (offline, packaged data) -----------------------------------------------------------

export const placesRequestSchema = z.object({
  input: z.string().trim().min(2, 'Type at least two letters').max(100),
  country: z.string().trim().length(2).toUpperCase().optional(),
});

export const placePredictionSchema = z.object({
  description: z.string(),
  place_id: z.string(),
  structured_formatting: z.object({ main_text: z.string(), secondary_text: z.string() }),
});

export const placesResponseSchema = z.object({ predictions: z.array(placePredictionSchema) });
export type PlacesResponse = z.infer<typeof placesResponseSchema>;

export const fetchCountryRequestSchema = z.object({ placeId: z.string().trim().min(1).max(300) });

export const placeDetailSchema = z.object({
  place_id: z.string(),
  name: z.string(),
  formatted_address: z.string(),
  address_components: z.array(
    z.object({ long_name: z.string(), short_name: z.string(), types: z.array(z.string()) }),
  ),
  geometry: z.object({ location: z.object({ lat: z.number(), lng: z.number() }) }),
  city: z.string(),
  county: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string(),
  countryName: z.string(),
  lat_long: z.string(),
  timeZoneId: z.string(),
});
export type PlaceDetail = z.infer<typeof placeDetailSchema>;
export const fetchCountryResponseSchema = z.object({ result: placeDetailSchema });

export const fetchTimezoneRequestSchema = z
  .object({
    timeZoneId: timeZoneIdSchema.optional(),
    lat: z.coerce.number().min(-90).max(90).optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
    /** Instant to evaluate the offset at; defaults to now. */
    timestamp: instantSchema.optional(),
  })
  .refine((v) => v.timeZoneId !== undefined || (v.lat !== undefined && v.lng !== undefined), {
    message: 'Give timeZoneId, or lat and lng',
    path: ['timeZoneId'],
  });

export const timezoneDataSchema = z.object({
  timeZoneId: z.string(),
  timeZoneName: z.string(),
  /** Offset without daylight saving, seconds. */
  rawOffset: z.number().int(),
  /** Daylight-saving offset, seconds. */
  dstOffset: z.number().int(),
  timeZoneDifferenceInMinute: z.number().int(),
});
export type TimezoneData = z.infer<typeof timezoneDataSchema>;

/**
 * A new site admin invited from the site form (POST /staff-people/create-new-one with userRole SITE_ADMIN
 * and this site): only what that form asks. The people domain's contract holds the whole staff form.
 */
export const siteAdminInviteSchema = z.object({
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  email: emailSchema,
});
export type SiteAdminInvite = z.infer<typeof siteAdminInviteSchema>;
