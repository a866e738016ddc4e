import { createStore, useStore } from 'zustand';
import {
  devicePeopleSchema,
  type DevicePeople,
  type KitchenLanguage,
  type LoginResponse,
  type SiteOption,
} from '@console/shared-sdk/contract';
import type { OutboxAction, StoredDevice, StoredPerson } from '../local/db';
import { lastInTouch, onInTouch } from '../local/in-touch';
import {
  currentPersonId,
  forgetDevice,
  rosterKey,
  saveDevice,
  saveSignIn,
  setCurrentPersonId,
  storedDevice,
  storedPeople,
  updatePerson,
} from '../local/people';
import { localData } from '../local/db';
import { forgetRecords } from '../local/records';
import { keptSites, onSitesKept } from '../local/sites';
import { actions, onOutboxChange, setStatusOf } from '../sync/outbox';
import { resumeFor } from '../sync/sender';
import { onSessionEnded } from '../session/identity';
import { languageFor } from '../i18n/resources';
import { speak } from '../i18n/i18n';

// What every screen reads of the device: whether it is an enrolled tablet, who is signed in on it and who
// is on the screen now, the outbox, and when the server last answered. IndexedDB holds the truth; this
// store is its copy for rendering, reloaded whenever it changes.

export interface KitchenState {
  loaded: boolean;
  device: StoredDevice | null;
  /** Everyone signed in on this device (a tablet: each person who used it), by id. */
  people: Record<string, StoredPerson>;
  /** The person on the screen; null on the tablet's name list or before anyone signed in. */
  currentId: string | null;
  outbox: OutboxAction[];
  lastInTouchAt: number | null;
  online: boolean;
  /** The tablet was revoked by a manager (the start screen says so). */
  revoked: boolean;
  /** The tablet's name list, as the server last gave it. */
  roster: DevicePeople | null;
  /** The sites people here record at, with their rules, units and locales, as kept on the device, by id. */
  sites: Record<string, SiteOption>;
}

const initial: KitchenState = {
  loaded: false,
  device: null,
  people: {},
  currentId: null,
  outbox: [],
  lastInTouchAt: null,
  online: typeof navigator === 'undefined' ? true : navigator.onLine !== false,
  revoked: false,
  roster: null,
  sites: {},
};

export const kitchen = createStore<KitchenState>(() => initial);

export const useKitchen = <T>(select: (state: KitchenState) => T): T => useStore(kitchen, select);

/** The person on the screen, or null. */
export const useCurrentPerson = () =>
  useKitchen((state) => (state.currentId ? (state.people[state.currentId] ?? null) : null));

const byId = (people: StoredPerson[]) => Object.fromEntries(people.map((person) => [person.userID, person]));
const sitesById = (sites: SiteOption[]) => Object.fromEntries(sites.map((site) => [site._id, site]));

/** The language of the device when nobody is on the screen: the browser's, when the app speaks it. */
const deviceLanguage = (): KitchenLanguage =>
  languageFor(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));

/** Speaks the language of whoever is on the screen now. */
async function speakForCurrent() {
  const { currentId, people } = kitchen.getState();
  await speak((currentId ? people[currentId]?.language : undefined) ?? deviceLanguage());
}

export async function reloadPeople(): Promise<void> {
  const [device, people, currentId] = await Promise.all([storedDevice(), storedPeople(), currentPersonId()]);
  const known = byId(people);
  kitchen.setState({ device, people: known, currentId: currentId && known[currentId] ? currentId : null });
}

export async function reloadOutbox(): Promise<void> {
  const list = await actions();
  kitchen.setState({ outbox: list.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0)) });
}

let watching = false;

/** Reads the device's state, and keeps the store up to date from then on. */
export async function loadKitchen(): Promise<void> {
  await reloadPeople();
  await reloadOutbox();
  kitchen.setState({
    loaded: true,
    lastInTouchAt: await lastInTouch(),
    roster: await storedRoster(),
    sites: sitesById(await keptSites()),
  });
  await speakForCurrent();
  if (watching) return;
  watching = true;
  onOutboxChange(() => void reloadOutbox());
  onInTouch((at) => kitchen.setState({ lastInTouchAt: at }));
  onSitesKept((sites) => kitchen.setState({ sites: sitesById(sites) }));
  onSessionEnded(() => void reloadPeople());
  if (typeof window !== 'undefined') {
    window.addEventListener('online', () => kitchen.setState({ online: true }));
    window.addEventListener('offline', () => kitchen.setState({ online: false }));
  }
}

/** Puts `userID` on the screen (or nobody), in their language. */
export async function choosePerson(userID: string | null): Promise<void> {
  await setCurrentPersonId(userID);
  kitchen.setState({ currentId: userID });
  await speakForCurrent();
}

/** A person signed in (on their phone, or at the tablet's PIN pad): stored, on the screen, their queue resumed. */
export async function signedIn(
  answer: LoginResponse,
  details: Parameters<typeof saveSignIn>[1],
  extra: Partial<Pick<StoredPerson, 'pin'>> = {},
): Promise<StoredPerson> {
  let person = await saveSignIn(answer, details);
  if (extra.pin) person = (await updatePerson(person.userID, (p) => ({ ...p, pin: extra.pin }))) ?? person;
  await reloadPeople();
  await choosePerson(person.userID);
  await resumeFor(person.userID);
  return person;
}

/** Changes a stored person and the store's copy. */
export async function changePerson(userID: string, change: (person: StoredPerson) => StoredPerson) {
  await updatePerson(userID, change);
  await reloadPeople();
  if (kitchen.getState().currentId === userID) await speakForCurrent();
}

/** The tablet is enrolled for its site. */
export async function enrolled(...args: Parameters<typeof saveDevice>): Promise<void> {
  await saveDevice(...args);
  kitchen.setState({ revoked: false });
  await reloadPeople();
}

/** The tablet's name list as the server gave it, kept for offline. */
export async function saveRoster(roster: DevicePeople): Promise<void> {
  await (await localData()).put('meta', roster, rosterKey);
  kitchen.setState({ roster });
  // A person's language or PIN changed elsewhere (the console, their phone): the tablet follows.
  for (const listed of roster.people) {
    const known = kitchen.getState().people[listed.userID];
    if (known && (known.language !== listed.language || known.hasPin !== listed.hasPin))
      await changePerson(listed.userID, (person) => ({
        ...person,
        language: listed.language,
        hasPin: listed.hasPin,
      }));
  }
}

export async function storedRoster(): Promise<DevicePeople | null> {
  const parsed = devicePeopleSchema.safeParse(await (await localData()).get('meta', rosterKey));
  return parsed.success ? parsed.data : null;
}

/**
 * A manager revoked the tablet: its enrolment and every session made on it are forgotten. What people
 * recorded stays in the outbox, waiting for them to sign in again.
 */
export async function revokedByManager(): Promise<void> {
  const people = Object.keys(kitchen.getState().people);
  await forgetDevice();
  for (const personId of people) await setStatusOf(personId, ['waiting', 'sending'], 'needs-sign-in');
  kitchen.setState({ revoked: true, roster: null, sites: {} });
  await reloadPeople();
  await speakForCurrent();
}

/** A person signs out of this device: their session and stored day go; anything unsent waits for them. */
export async function signOutPerson(userID: string): Promise<void> {
  await updatePerson(userID, (person) => ({ ...person, tokens: null }));
  await setStatusOf(userID, ['waiting', 'sending'], 'needs-sign-in');
  await forgetRecords(userID);
  if (kitchen.getState().currentId === userID) await choosePerson(null);
  await reloadPeople();
}
