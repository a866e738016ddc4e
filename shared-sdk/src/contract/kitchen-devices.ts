import { z } from 'zod';
import { idSchema, instantSchema, requiredText, siteScopedListQuerySchema } from './common.js';
import { kitchenLanguageSchema } from './enums.js';

// Shared kitchen tablets. A site admin enrols one for a site in the console and is shown a one-time
// enrolment code (and its QR code) once; the tablet trades the code for a long device secret, which it
// sends in a header. On the tablet, staff tap their name and sign in with a PIN (or their password); that
// session may act on the device's site alone. Revoking the device ends every session made on it at once.

/** The header a tablet sends its device secret in. */
export const deviceTokenHeader = 'x-device-token';
/** How long a code shown in the console may be used to enrol a tablet. */
export const enrolmentCodeMinutes = 60;
/** Failed PINs for one person (within `pinLockMinutes`) before their PIN stops working for a while. */
export const pinMaxFailures = 5;
export const pinLockMinutes = 15;

/** Where a device stands, worked out when it is read. */
export const kitchenDeviceStatuses = ['PENDING', 'EXPIRED', 'ENROLLED', 'REVOKED'] as const;
export const kitchenDeviceStatusSchema = z.enum(kitchenDeviceStatuses);
export type KitchenDeviceStatus = z.infer<typeof kitchenDeviceStatusSchema>;
export const kitchenDeviceStatusLabels: Record<KitchenDeviceStatus, string> = {
  PENDING: 'Waiting to enrol',
  EXPIRED: 'Code expired',
  ENROLLED: 'Enrolled',
  REVOKED: 'Revoked',
};

/**
 * An enrolment code as a person types it: 8 digits, shown as "4821-9375"; spaces and dashes are ignored.
 * The parsed value is the 8 digits alone.
 */
export const enrolmentCodeSchema = z
  .string({ message: 'Enter the enrolment code' })
  .max(40, 'Enter the 8-digit code shown in the console')
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'Enter the enrolment code')
      .regex(/^\d{8}$/, 'Enter the 8-digit code shown in the console'),
  );

/** Eight digits as the console shows them: "4821-9375". */
export const formatEnrolmentCode = (digits: string) => `${digits.slice(0, 4)}-${digits.slice(4)}`;

/** A device as the console lists it. */
export const kitchenDeviceSchema = z.object({
  _id: idSchema,
  orgId: idSchema,
  name: z.string(),
  siteID: idSchema,
  siteName: z.string(),
  /** The site's zone, for showing when it was last seen. */
  timeZoneId: z.string(),
  status: kitchenDeviceStatusSchema,
  /** Until when its current enrolment code works; null once enrolled or revoked. */
  enrolmentExpiresAt: instantSchema.nullable(),
  enrolledAt: instantSchema.nullable(),
  /** When the tablet last called in. */
  lastSeenAt: instantSchema.nullable(),
  createdAt: instantSchema,
  revokedAt: instantSchema.nullable(),
});
export type KitchenDevice = z.infer<typeof kitchenDeviceSchema>;

/** A device as create-new-one and new-code answer it: with its enrolment code, shown this once. */
export const kitchenDeviceWithCodeSchema = kitchenDeviceSchema.extend({
  /** "4821-9375": typed on the tablet. */
  enrolmentCode: z.string(),
  /** The kitchen app's address with the code in it (`…/kitchen/?enrol=48219375`). */
  enrolmentUrl: z.string(),
  /** A QR code of enrolmentUrl, as an SVG data URL to put in an image. */
  qrCodeSvg: z.string(),
});
export type KitchenDeviceWithCode = z.infer<typeof kitchenDeviceWithCodeSchema>;

const deviceName = requiredText('Tablet name', 100);

export const kitchenDeviceInputSchema = z.object({ siteID: idSchema, name: deviceName });
export type KitchenDeviceInput = z.input<typeof kitchenDeviceInputSchema>;
/** A device stays on its site: an edit renames it. */
export const kitchenDeviceUpdateSchema = z.object({ name: deviceName });
export type KitchenDeviceUpdate = z.input<typeof kitchenDeviceUpdateSchema>;

export const kitchenDeviceSortColumns = [
  '_id',
  'name',
  'enrolledAt',
  'lastSeenAt',
  'createdAt',
  'updatedAt',
] as const;
export type KitchenDeviceSortColumn = (typeof kitchenDeviceSortColumns)[number];
export const kitchenDeviceListQuerySchema = siteScopedListQuerySchema(kitchenDeviceSortColumns);

// ---- the tablet's calls ---------------------------------------------------------------------------------

/** The device as the tablet knows itself. */
export const tabletDeviceSchema = z.object({
  _id: idSchema,
  name: z.string(),
  siteID: idSchema,
  siteName: z.string(),
  timeZoneId: z.string(),
  organizationName: z.string(),
});
export type TabletDevice = z.infer<typeof tabletDeviceSchema>;

/** POST /kitchen-device/enrol: no sign-in; the code is the proof, and works once. */
export const enrolRequestSchema = z.object({ code: enrolmentCodeSchema });
export type EnrolRequest = z.input<typeof enrolRequestSchema>;

export const enrolResponseSchema = z.object({
  /** The device's secret: kept by the tablet, sent in `X-Device-Token`; never shown again. */
  deviceToken: z.string(),
  device: tabletDeviceSchema,
});
export type EnrolResponse = z.infer<typeof enrolResponseSchema>;

/** A person on the tablet's name list. */
export const kitchenPersonSchema = z.object({
  userID: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  /** Without a PIN, the person signs in with their password (and then sets one). */
  hasPin: z.boolean(),
  language: kitchenLanguageSchema,
});
export type KitchenPerson = z.infer<typeof kitchenPersonSchema>;

/** GET /kitchen-device/people: the device, and the staff of its site who can sign in, by first name. */
export const devicePeopleSchema = z.object({
  device: tabletDeviceSchema,
  people: z.array(kitchenPersonSchema),
});
export type DevicePeople = z.infer<typeof devicePeopleSchema>;

// ---- PINs -----------------------------------------------------------------------------------------------

/** PINs too easy to guess: runs, repeats and the few everyone tries first. */
const weakPins = new Set([
  '1234',
  '12345',
  '123456',
  '4321',
  '54321',
  '654321',
  '0123',
  '01234',
  '012345',
  '2345',
  '3456',
  '4567',
  '5678',
  '6789',
  '9876',
  '8765',
  '7654',
  '1212',
  '121212',
  '1122',
  '112233',
  '6969',
  '1004',
  '2580',
  '0852',
  '147258',
  '123123',
  '159753',
  '1470',
  '3690',
]);

/** A PIN is weak when it is one digit repeated, or is on the deny list. */
export function isWeakPin(pin: string): boolean {
  return /^(\d)\1+$/.test(pin) || weakPins.has(pin);
}

export const pinSchema = z
  .string({ message: 'Enter a PIN of 4 to 6 digits' })
  .regex(/^\d{4,6}$/, 'A PIN is 4 to 6 digits')
  .refine((pin) => !isWeakPin(pin), 'This PIN is too easy to guess: choose another');

/** PUT /user-profile/set-pin: changing a PIN needs the current PIN or the password. */
export const setPinSchema = z.object({
  pin: pinSchema,
  currentPin: z.string().max(6).optional(),
  currentPassword: z.string().max(128).optional(),
});
export type SetPin = z.infer<typeof setPinSchema>;
export const setPinResponseSchema = z.object({ hasPin: z.literal(true) });

/**
 * POST /authentication/device-login: a person signs in on an enrolled tablet with their PIN, or with their
 * password (the first time, before they have a PIN). Exactly one of the two.
 */
export const deviceLoginRequestSchema = z
  .object({
    deviceToken: z
      .string({ message: 'Device token is required' })
      .min(1, 'Device token is required')
      .max(512),
    userID: idSchema,
    pin: z.string().max(6, 'A PIN is 4 to 6 digits').optional(),
    password: z.string().max(128).optional(),
  })
  .superRefine((value, ctx) => {
    const given = [value.pin, value.password].filter((v) => v !== undefined && v !== '').length;
    if (given === 1) return;
    ctx.addIssue({
      code: 'custom',
      path: ['pin'],
      message: given === 0 ? 'Enter your PIN' : 'Send your PIN or your password, not both',
    });
  });
export type DeviceLoginRequest = z.input<typeof deviceLoginRequestSchema>;
