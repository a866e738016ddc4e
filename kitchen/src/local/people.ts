import type { KitchenLanguage, LoginResponse, TabletDevice } from '@console/shared-sdk/contract';
import { currentPersonKey, localData, type SignedInOn, type StoredDevice, type StoredPerson } from './db';

// The device's enrolment and the people signed in on it, as stored. Screens read them through the app's
// store (app/store.ts), which calls these and then tells every screen.

export async function storedDevice(): Promise<StoredDevice | null> {
  return (await (await localData()).get('device', 'device')) ?? null;
}

export async function saveDevice(device: TabletDevice, deviceToken: string): Promise<StoredDevice> {
  const stored: StoredDevice = { ...device, deviceToken, enrolledAt: new Date().toISOString() };
  await (await localData()).put('device', stored, 'device');
  return stored;
}

export async function storedPeople(): Promise<StoredPerson[]> {
  return (await localData()).getAll('people');
}

export async function storedPerson(userID: string): Promise<StoredPerson | null> {
  return (await (await localData()).get('people', userID)) ?? null;
}

/** Tokens by this device's clock: the server's `expiresIn` counted from now. */
export const tokensOf = (answer: Pick<LoginResponse, 'accessToken' | 'refreshToken' | 'expiresIn'>) => ({
  accessToken: answer.accessToken,
  refreshToken: answer.refreshToken,
  expiresAt: Date.now() + answer.expiresIn * 1000,
});

/** Stores a person's sign-in (a new one, or again after their session ended), keeping what else was known. */
export async function saveSignIn(
  answer: LoginResponse,
  details: { signedInOn: SignedInOn; language: KitchenLanguage; hasPin: boolean },
): Promise<StoredPerson> {
  const db = await localData();
  const { userData } = answer;
  const before = await db.get('people', userData.userID);
  const person: StoredPerson = {
    ...before,
    userID: userData.userID,
    firstName: userData.firstName,
    lastName: userData.lastName,
    userData,
    tokens: tokensOf(answer),
    lastInTouchAt: Date.now(),
    ...details,
  };
  await db.put('people', person);
  return person;
}

/** Changes a stored person; nothing when they are not stored (signed out meanwhile). */
export async function updatePerson(
  userID: string,
  change: (person: StoredPerson) => StoredPerson,
): Promise<StoredPerson | null> {
  const db = await localData();
  const transaction = db.transaction('people', 'readwrite');
  const person = await transaction.store.get(userID);
  if (!person) {
    await transaction.done;
    return null;
  }
  const changed = change(person);
  await transaction.store.put(changed);
  await transaction.done;
  return changed;
}

export async function currentPersonId(): Promise<string | null> {
  const current = await (await localData()).get('meta', currentPersonKey);
  return typeof current === 'string' ? current : null;
}

export async function setCurrentPersonId(userID: string | null): Promise<void> {
  const db = await localData();
  if (userID) await db.put('meta', userID, currentPersonKey);
  else await db.delete('meta', currentPersonKey);
}

/**
 * Forgets the tablet: its enrolment, every session made on it and every person's cached data. What people
 * recorded stays in the outbox, waiting for them to sign in again (on this device, enrolled anew).
 */
export async function forgetDevice(): Promise<void> {
  const db = await localData();
  const transaction = db.transaction(['device', 'people', 'meta', 'days', 'tasks', 'cache'], 'readwrite');
  await Promise.all([
    transaction.objectStore('device').clear(),
    transaction.objectStore('people').clear(),
    transaction.objectStore('meta').delete(currentPersonKey),
    transaction.objectStore('meta').delete(rosterKey),
    transaction.objectStore('days').clear(),
    transaction.objectStore('tasks').clear(),
    transaction.objectStore('cache').clear(),
  ]);
  await transaction.done;
}

/** The tablet's name list as the server last gave it, for showing it offline. */
export const rosterKey = 'roster';
