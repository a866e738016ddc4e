import { call, messageOnly } from '@console/shared-sdk';
import { pushPublicKeySchema, pushSubscribeSchema } from '@console/shared-sdk/contract';
import { inTouch } from '../../api/calls';
import { localData } from '../../local/db';
import { identityOf } from '../../session/identity';

// System notifications through the Web Push API: the browser subscribes with the server's VAPID public key
// and the server is given the subscription, as the person; their overdue tasks and follow-up checks due
// then come as notifications the service worker words (sw/push.ts). A browser has one subscription: on a
// shared tablet it follows whoever turned notifications on last, which the device remembers.

const ownerKey = 'pushOwner';

/** Why notifications could not be turned on or off, as the screen says it. */
export type PushProblem = 'denied' | 'unavailable' | 'failed';

export class PushError extends Error {
  constructor(readonly problem: PushProblem) {
    super(problem);
  }
}

/** Whether this browser can show push notifications at all (a desktop, Android; iOS from the home screen). */
export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** The key as PushManager takes it: base64url to bytes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
}

const sameBytes = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, index) => byte === b[index]);

async function pushManager(): Promise<PushManager> {
  const registration = await navigator.serviceWorker.getRegistration('/kitchen/');
  if (!registration) throw new PushError('unavailable');
  return registration.pushManager;
}

/** Whether this browser's notifications are the person's now. */
export async function pushIsOn(personId: string): Promise<boolean> {
  if (!pushSupported() || Notification.permission !== 'granted') return false;
  const registration = await navigator.serviceWorker.getRegistration('/kitchen/');
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return false;
  return (await (await localData()).get('meta', ownerKey)) === personId;
}

/**
 * Asks for permission (this must run from the person's tap), subscribes the browser with the server's
 * key (again, when it was subscribed with another), and gives the subscription to the server as the person.
 */
export async function turnPushOn(personId: string): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushError('denied');
  const manager = await pushManager();
  const identity = identityOf(personId);
  const { publicKey } = await inTouch(
    call({ method: 'get', path: 'push/public-key', data: pushPublicKeySchema }, { quiet: true, identity }),
  );
  const key = keyBytes(publicKey);
  let subscription = await manager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await manager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const body = pushSubscribeSchema.safeParse(subscription.toJSON());
  if (!body.success) throw new PushError('failed');
  await inTouch(
    call(
      { method: 'post', path: 'push/subscribe', json: body.data, data: messageOnly },
      { quiet: true, identity },
    ),
  );
  await (await localData()).put('meta', personId, ownerKey);
}

/** Stops the person's notifications on this browser: the server forgets it, and the browser unsubscribes. */
export async function turnPushOff(personId: string): Promise<void> {
  const manager = await pushManager();
  const subscription = await manager.getSubscription();
  if (subscription) {
    await inTouch(
      call(
        {
          method: 'post',
          path: 'push/unsubscribe',
          json: { endpoint: subscription.endpoint },
          data: messageOnly,
        },
        { quiet: true, identity: identityOf(personId) },
      ),
    );
    await subscription.unsubscribe();
  }
  await (await localData()).delete('meta', ownerKey);
}
