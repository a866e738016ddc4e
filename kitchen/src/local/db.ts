import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type {
  KitchenLanguage,
  KitchenPerson,
  StaffDay,
  TabletDevice,
  TaskView,
  UserData,
} from '@console/shared-sdk/contract';

// Everything the app keeps on the device, in one IndexedDB database: the enrolled tablet, the people signed
// in here, the last day each of them saw, cached answers the screens read offline, and the outbox of what
// they recorded and has not reached the server yet. The service worker opens the same database (a push
// notification is worded in the language of the device's current person).

/** A shared tablet, as enrolment answered it, with its secret. */
export interface StoredDevice extends TabletDevice {
  deviceToken: string;
  enrolledAt: string;
}

/** A person's tokens. `expiresAt` is by this device's clock (sign-in time + expiresIn), so a wrong clock cannot mislead it. */
export interface StoredTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
}

/**
 * What checks a PIN with no connection: PBKDF2-SHA256 of the PIN with a random salt, made after the last
 * PIN sign-in the server accepted. After `offlinePinTries` wrong PINs it stops working until the next
 * sign-in online.
 */
export interface PinVerifier {
  salt: Uint8Array;
  hash: Uint8Array;
  iterations: number;
  failures: number;
}

/** How the person signed in on this device: their own phone (password), or a shared tablet (PIN). */
export type SignedInOn = 'phone' | 'tablet';

/** A person signed in on this device. Their session stays stored after they leave the screen, for the outbox. */
export interface StoredPerson {
  userID: string;
  firstName: string;
  lastName: string;
  language: KitchenLanguage;
  hasPin: boolean;
  signedInOn: SignedInOn;
  userData: UserData;
  /** Null once their session is over (refused by the server, or signed out): they must sign in again. */
  tokens: StoredTokens | null;
  pin?: PinVerifier;
  /** When the server last answered a call made for them (device clock, ms). */
  lastInTouchAt: number | null;
}

/** The last day a person's today answered, with what they recorded since applied to it. */
export interface StoredDay {
  personId: string;
  day: StaffDay;
  fetchedAt: number;
}

/** A task as its view last answered, for opening it offline. */
export interface StoredTaskView {
  personId: string;
  taskId: string;
  view: TaskView;
  fetchedAt: number;
}

/** Any other answer a screen reads offline (the site's items, its log templates), by a key of its own. */
export interface CachedAnswer {
  key: string;
  value: unknown;
  fetchedAt: number;
}

export type OutboxStatus = 'waiting' | 'sending' | 'refused' | 'needs-sign-in';

/** Why the server refused an action, as the screen explains it (sync/refusals.ts). */
export interface Refusal {
  /** The HTTP status, and the API's error code. */
  status: number;
  code: string;
  /** What the server said, shown only where the app has no words of its own. */
  message: string;
  fieldErrors: Record<string, string[]>;
  /** The app's reading of it: a key under `refusal.` in the catalogue. */
  reason: string;
  /** Who did it first, when another person completed the task. */
  by?: string;
  /** What the action was, in words: a key under `refusal.what.` and its values. */
  what?: { key: string; values?: Record<string, string> };
}

/** One thing a person recorded, waiting to reach the server. */
export interface OutboxAction {
  /** Order of recording on this device. */
  seq?: number;
  /** Made on the device (crypto.randomUUID): the server takes the same id twice as one record. */
  clientId: string;
  personId: string;
  /** Which call (sync/calls.ts) sends it. */
  call: string;
  /** The call's input: JSON-like values and Blobs (photos). */
  payload: unknown;
  /** When it happened on the device (ISO 8601 with offset). */
  deviceTime: string;
  createdAt: number;
  status: OutboxStatus;
  refusal?: Refusal;
  /** Failed sends in a row (network or server), for the back-off. */
  attempts: number;
}

export interface KitchenSchema extends DBSchema {
  device: { key: 'device'; value: StoredDevice };
  people: { key: string; value: StoredPerson };
  meta: { key: string; value: unknown };
  days: { key: string; value: StoredDay };
  tasks: { key: [string, string]; value: StoredTaskView; indexes: { byPerson: string } };
  cache: { key: string; value: CachedAnswer };
  outbox: {
    key: number;
    value: OutboxAction;
    indexes: { byPerson: string; byClientId: string };
  };
}

export type KitchenDatabase = IDBPDatabase<KitchenSchema>;

const databaseName = 'kitchen';

let opening: Promise<KitchenDatabase> | null = null;

/** The app's database, opened once per page. */
export function localData(): Promise<KitchenDatabase> {
  opening ??= openDB<KitchenSchema>(databaseName, 1, {
    upgrade(db) {
      db.createObjectStore('device');
      db.createObjectStore('people', { keyPath: 'userID' });
      db.createObjectStore('meta');
      db.createObjectStore('days', { keyPath: 'personId' });
      const tasks = db.createObjectStore('tasks', { keyPath: ['personId', 'taskId'] });
      tasks.createIndex('byPerson', 'personId');
      db.createObjectStore('cache', { keyPath: 'key' });
      const outbox = db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      outbox.createIndex('byPerson', 'personId');
      outbox.createIndex('byClientId', 'clientId', { unique: true });
    },
    // A newer version of the app opened in another tab: let it upgrade, and open again when next needed.
    blocking() {
      void closeLocalData();
    },
  });
  return opening;
}

/** Closes the connection (a test's page reload); the data stays. */
export async function closeLocalData(): Promise<void> {
  const current = opening;
  opening = null;
  if (current) (await current.catch(() => null))?.close();
}

/** The device's person on screen, as the service worker reads it for a push notification's language. */
export const currentPersonKey = 'current';

export async function currentLanguage(): Promise<KitchenLanguage | null> {
  const db = await localData();
  const current = await db.get('meta', currentPersonKey);
  if (typeof current !== 'string') return null;
  return (await db.get('people', current))?.language ?? null;
}

export type { KitchenPerson };
