import { z } from 'zod';
import { idSchema, instantSchema } from './common.js';
import { isWebAddress } from './webhooks.js';

// Web Push for the staff's own alerts: the kitchen app subscribes the browser it runs in (a phone, or a
// shared tablet, whose subscription follows whoever subscribed on it last) with the server's VAPID public
// key, and the server sends each person a system notification when a task of theirs is overdue or a
// follow-up check of theirs falls due. What it sends is data, not words: the app's service worker writes
// the notification in the person's language from its own catalogue.

/** The longest push endpoint accepted (the push services' own are a few hundred characters). */
export const pushEndpointMaxLength = 2000;

/** The push service's address a browser's subscription gives: an https URL (the server refuses private ones). */
export const pushEndpointSchema = z
  .string({ message: 'Send the subscription’s endpoint' })
  .trim()
  .min(1, 'Send the subscription’s endpoint')
  .max(pushEndpointMaxLength, `The endpoint must be at most ${pushEndpointMaxLength} characters`)
  .refine(isWebAddress, 'Must be the https address of a push service')
  .describe('The push service address of the subscription (PushSubscription.endpoint), https');

/** Base64url without padding, as PushSubscription.toJSON() writes keys, of exactly `bytes` bytes. */
const base64urlKey = (bytes: number, what: string) =>
  z
    .string({ message: `Send ${what}` })
    .regex(
      new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}={0,2}$`),
      `Must be ${what}: ${bytes} bytes in base64url, as PushSubscription.toJSON() gives it`,
    );

/** POST /push/subscribe: the browser's PushSubscription as its toJSON() gives it. */
export const pushSubscribeSchema = z.object({
  endpoint: pushEndpointSchema,
  keys: z.object({
    /** The browser's P-256 public key (65 bytes, uncompressed: it starts with 0x04, "B" in base64url). */
    p256dh: base64urlKey(65, 'the subscription’s p256dh key').refine(
      (value) => value.startsWith('B'),
      'Must be an uncompressed P-256 public key (65 bytes starting with 0x04)',
    ),
    /** The subscription's authentication secret (16 bytes). */
    auth: base64urlKey(16, 'the subscription’s auth secret'),
  }),
});
export type PushSubscribe = z.input<typeof pushSubscribeSchema>;

/** POST /push/unsubscribe: the subscription to forget. */
export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointSchema });
export type PushUnsubscribe = z.input<typeof pushUnsubscribeSchema>;

/** GET /push/public-key: the server's VAPID public key, for PushManager.subscribe's applicationServerKey. */
export const pushPublicKeySchema = z.object({
  publicKey: z.string().describe('The VAPID public key, base64url (65 bytes, uncompressed P-256)'),
});
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** The alerts that reach staff by push: their own tasks, overdue or a follow-up check falling due. */
export const pushKinds = ['TASK_OVERDUE', 'FOLLOW_UP_DUE'] as const;
export const pushKindSchema = z.enum(pushKinds);
export type PushKind = z.infer<typeof pushKindSchema>;

/**
 * What a push message carries (JSON, encrypted for the subscription): data for the service worker to turn
 * into a notification in the person's language, and where a tap on it opens the app.
 */
export const pushPayloadSchema = z.object({
  kind: pushKindSchema,
  /** The alert's event; the same event is never pushed twice to one person. */
  eventId: idSchema,
  siteID: idSchema,
  siteName: z.string(),
  taskName: z.string(),
  /** When the task was, or the check is, due. */
  dueAt: instantSchema,
  /** The site's zone, which `dueAt` is shown in. */
  timeZoneId: z.string(),
  /** The kitchen app's address of the task. */
  url: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
