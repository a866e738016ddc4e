import { z } from 'zod';
import { jurisdictionSchema } from './rule-sets/index.js';
import { temperatureUnits } from './units.js';
import { nationalFigureSchema } from './national-figures.js';
import { roleSchema } from './enums.js';

/** Every record id: a UUIDv7 string, so sorting by `_id` is creation order. */
export const idSchema = z.uuid({ message: 'Must be a valid id' });
export type Id = z.infer<typeof idSchema>;

/**
 * The id a client makes for one of its writes (the kitchen app queues every action offline with one, and
 * sends its queue again after an answer was lost): the server keeps it with the record the write made, and
 * the same id again answers that record instead of making a second one.
 */
export const clientIdSchema = z
  .uuid({ message: 'Must be a UUID the app made for this action' })
  .describe(
    'A UUID the client made for this one action (optional), so the action can be sent again safely: sent ' +
      'again by the same person to the same call, nothing more is written and the answer is what the first ' +
      'write answered (the record as it is now, same status and message). The same id from another person or ' +
      'for another call is refused with 409 CLIENT_ID_REUSED.',
  );

/** A list of ids sent by a form: no duplicates, at most `max`. */
export const idList = (max: number) =>
  z
    .array(idSchema)
    .max(max, `At most ${max}`)
    .transform((ids) => [...new Set(ids)]);

/**
 * The one range of dates the API accepts, for local dates and for the date of a date-time as written: no
 * record of a kitchen's day lies outside it, and every date sum (a week ahead, a previous period, a time
 * zone's offset) stays inside what PostgreSQL and JavaScript dates hold.
 */
export const acceptedDates = { first: '2000-01-01', last: '2100-12-31' } as const;
const outOfRange = `Must be between ${acceptedDates.first} and ${acceptedDates.last}`;

/**
 * `format` (a date, or a date-time whose first ten characters are its date) within `acceptedDates` when it
 * is read. The range is checked on input only (a codec's decoding): answers are written unchecked, so a
 * row stored before the range existed is still answered, not a 500.
 */
function withinAcceptedDates(format: z.ZodType<string, string>) {
  return z.codec(format, format, {
    decode: (value, payload) => {
      const date = value.slice(0, 10);
      if (date < acceptedDates.first || date > acceptedDates.last) {
        payload.issues.push({ code: 'custom', message: outOfRange, input: value });
      }
      return value;
    },
    encode: (value) => value,
  });
}

/** A date-time with its offset (ISO 8601) whose date is in the accepted range; `params` as z.iso.datetime's. */
export const isoDateTimeSchema = (params: Parameters<typeof z.iso.datetime>[0] = {}) =>
  withinAcceptedDates(
    z.iso.datetime({ offset: true, ...(typeof params === 'string' ? { message: params } : params) }),
  );

/** A local calendar date, YYYY-MM-DD, in the accepted range; `params` as z.iso.date's. */
export const isoDateSchema = (params: Parameters<typeof z.iso.date>[0] = 'Must be a date as YYYY-MM-DD') =>
  withinAcceptedDates(z.iso.date(params));

/** ISO-8601 instant in UTC, e.g. 2026-03-29T00:59:00.000Z (any offset is accepted), in the accepted range. */
export const instantSchema = isoDateTimeSchema();

/** Why a change was made: required for any change to what staff recorded; the history keeps it. */
export const changeReasonSchema = z
  .string({ message: 'Give a reason' })
  .trim()
  .min(3, 'Give a reason of at least 3 characters')
  .max(500, 'Keep the reason under 500 characters');

/** A local calendar date, YYYY-MM-DD, in the accepted range. */
export const localDateSchema = isoDateSchema();

/** Wall-clock time of day, HH:mm (24-hour). */
export const wallTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Must be a time as HH:mm');

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Must be a valid e-mail address' }));

/** International or national phone number: digits with optional +, spaces, dashes and brackets. */
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{6,20}$/, 'Must be a valid phone number')
  .refine((value) => value.replace(/\D/g, '').length >= 6, 'Must be a valid phone number');

/** Characters that show nothing: zero-width space, non-joiner and joiner, word joiner, byte order mark. */
const invisibleCharacters = /[\u200B-\u200D\u2060\uFEFF]/g;

/**
 * Text as it is stored and compared: without invisible characters, in Unicode's composed form (NFC, so
 * "Cafe" + a combining accent is "Café"), trimmed. Two names that look the same are the same name.
 */
export const normalizeText = (value: string) =>
  value.replace(invisibleCharacters, '').normalize('NFC').trim();

/** A string normalised as `normalizeText` does, before any length check. */
const normalizedString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).overwrite(normalizeText);

export const requiredText = (label: string, max = 200) =>
  normalizedString({ message: `${label} is required` })
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

export const optionalText = (max = 2000) => normalizedString().max(max, 'Too long').optional();

export const passwordSchema = z
  .string({ message: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

// ---- list query -----------------------------------------------------------------------------------------

export const listDefaults = { search: '', sort: '_id', page: 1, limit: 10, maxLimit: 100 } as const;

/**
 * The list query of every `web-app-list`: search, sort (`-column` for descending), page, limit.
 * `sortable` names the columns a list may be sorted by; anything else is a 400.
 */
export function listQuerySchema<const Column extends string>(
  sortable: readonly [Column, ...Column[]],
  { defaultSort = listDefaults.sort }: { defaultSort?: string } = {},
) {
  const columns = new Set<string>(sortable);
  return z.object({
    search: z.string().trim().max(200).default(listDefaults.search),
    sort: z
      .string()
      .default(defaultSort)
      .refine((value) => columns.has(value.replace(/^-/, '')), {
        message: `Sort must be one of ${sortable.join(', ')} (prefix - for descending)`,
      })
      .transform((value) => ({
        column: value.replace(/^-/, '') as Column,
        direction: value.startsWith('-') ? ('desc' as const) : ('asc' as const),
      })),
    page: z.coerce.number().int().min(1, 'Page starts at 1').default(listDefaults.page),
    limit: z.coerce
      .number()
      .int()
      .min(1, 'Limit must be at least 1')
      .max(listDefaults.maxLimit, `Limit must be at most ${listDefaults.maxLimit}`)
      .default(listDefaults.limit),
  });
}
export type ListQuery<Column extends string = string> = {
  search: string;
  sort: { column: Column; direction: 'asc' | 'desc' };
  page: number;
  limit: number;
};

/** What the client sends: the raw form of the list query. */
export interface ListParams {
  search?: string;
  sort?: string;
  page?: number;
  limit?: number;
}

// ---- envelopes ------------------------------------------------------------------------------------------

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal(true), message: z.string().optional(), data });

export const listData = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    records: z.number().int().min(0),
    page: z.number().int().min(1),
    limit: z.number().int().min(1),
  });
export interface ListData<T> {
  list: T[];
  records: number;
  page: number;
  limit: number;
}

export const messageOnlySchema = envelope(z.null());

export const errorCodes = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'TOKEN_EXPIRED',
  /** A kitchen tablet's secret is unknown or the device was revoked: the tablet must be enrolled again. */
  'DEVICE_REVOKED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  /** A write's client-made id was already used by another person or for another call. */
  'CLIENT_ID_REUSED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVER_BUSY',
  'INTERNAL_ERROR',
] as const;
export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** What went wrong, by the API's error code (an error body's `error`), for when no message says more:
 * the error pop-up's title then (the client's own error module imports it, so it lives beside the codes). */
export const errorCodeLabels: Record<ErrorCode, string> = {
  VALIDATION_ERROR: 'Some of what was sent is not valid',
  UNAUTHORIZED: 'Please sign in',
  TOKEN_EXPIRED: 'Your session has expired',
  DEVICE_REVOKED: 'This tablet is no longer enrolled: ask your site admin for a new code',
  FORBIDDEN: 'You do not have permission to do this',
  NOT_FOUND: 'Not found',
  CONFLICT: 'This conflicts with a record that already exists',
  CLIENT_ID_REUSED: 'This action’s id was already used for a different action: send it again as a new one',
  PAYLOAD_TOO_LARGE: 'Too large to accept',
  UNSUPPORTED_MEDIA_TYPE: 'This kind of file is not accepted',
  RATE_LIMITED: 'Too many attempts: wait a while, then try again',
  SERVER_BUSY: 'The server is busy: try again in a few seconds',
  INTERNAL_ERROR: 'Something went wrong on our side',
};

export const errorBodySchema = z.object({
  status: z.literal(false),
  message: z.string(),
  error: errorCodeSchema,
  details: z.object({ fieldErrors: z.record(z.string(), z.array(z.string())) }).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Options for a select: value and label. */
export const optionSchema = z.object({ value: z.string(), label: z.string() });
export type Option = z.infer<typeof optionSchema>;

// Site-scoping pieces every domain's contract uses, and the core's site selector. They live here, in a
// contract file the shared core re-exports whole, so each container gets the page's one copy instead of
// bundling its own.

export const siteLocationSchema = z.object({
  country: z.string().nullable(),
  county: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
});

/**
 * `orgId` is declared so a platform admin's organisation survives query validation (validation keeps only
 * declared keys).
 */
export const siteQuerySchema = z.object({ orgId: idSchema.optional() });

/**
 * The list query of a site-scoped `web-app-list`: the common list query, an optional site (without it,
 * every site the caller may see), and a platform admin's `orgId`.
 */
export function siteScopedListQuerySchema<const Column extends string>(
  sortable: readonly [Column, ...Column[]],
) {
  return listQuerySchema(sortable).extend({ siteID: idSchema.optional() }).extend(siteQuerySchema.shape);
}

/**
 * A site in the picker: its name, where it is, its time zone, and how its records are judged and written
 * (its rule set, the unit its temperatures show in, its locale). The last three default to England's for
 * a server older than rule sets.
 */
export const siteOptionSchema = z.object({
  _id: idSchema,
  name: z.string(),
  location: siteLocationSchema,
  timeZoneId: z.string(),
  jurisdiction: jurisdictionSchema.default('GB-ENG'),
  temperatureUnit: z.enum(temperatureUnits).default('C'),
  locale: z.string().default('en-GB'),
  /**
   * Its organisation's national figures where its rule set leaves them to it (the EU's), in °C, else empty:
   * a screen judging or showing its limits reads `withNationalFigures(ruleSetOf(jurisdiction), these)`.
   */
  nationalFigures: z.array(nationalFigureSchema).default([]),
});
export type SiteOption = z.infer<typeof siteOptionSchema>;

// People as other records and pickers show them: part of the shared core because the shell's site form
// and every domain that names a person (assignees, authors) use them.

/** A person as other records show them (site admins, assignees). */
export const personSchema = z.object({
  _id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type Person = z.infer<typeof personSchema>;

/** A person in a picker (site admins of a site, assignees); lists are sorted by full name (spec section 9). */
export const staffOptionSchema = personSchema.extend({ fullName: z.string(), userRole: roleSchema });
export type StaffOption = z.infer<typeof staffOptionSchema>;

export const staffSimpleListQuerySchema = z.object({
  role: roleSchema.optional(),
  siteID: idSchema.optional(),
  orgId: idSchema.optional(),
});
