import { isApiError } from '@console/shared-sdk';
import type { TaskRef } from '@console/shared-sdk/contract';
import type { OutboxAction } from '../local/db';
import { storedPerson, updatePerson } from '../local/people';
import { loadRecords } from '../local/records';
import { identityOf } from '../session/identity';
import { callOf } from './calls';
import { actions, removeAction, setStatusOf, updateAction } from './outbox';
import { rebuild } from './records';
import { refreshDay, refreshTask } from './refresh';
import { asApiError, explain, isPassing } from './refusals';

// Sends the outbox: each person's actions strictly in the order recorded, as that person, whenever the
// device is online (on start, when the connection returns, after each new record, and on a timer that
// backs off while the server cannot be reached). What the server takes leaves the outbox and its answer
// replaces the stored record; what it refuses stays, explained, until the person dismisses it; a person
// whose session ended keeps theirs until they sign in again. One person's trouble never holds up another's.

const firstRetryMs = 5_000;
const longestRetryMs = 5 * 60_000;

let running: Promise<void> | null = null;
let queued: Promise<void> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retryAttempts = 0;

const listeners = new Set<() => void>();

/** Told after each round of sending (the screens re-read what they show). */
export function onSent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

function withLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // One tab sends at a time; the others find the outbox emptier when their turn comes.
  return locks ? locks.request('kitchen:outbox', task) : task();
}

/**
 * Sends what is waiting: now, or right after the round under way (which may have read the outbox before
 * the newest action). Resolves once a round that started after the call has ended.
 */
export function sendSoon(): Promise<void> {
  if (!running) {
    const round: Promise<void> = withLock(sendAll)
      .catch(() => undefined)
      .finally(() => {
        running = null;
        for (const listener of listeners) listener();
      });
    running = round;
    return round;
  }
  queued ??= running.then(() => {
    queued = null;
    return sendSoon();
  });
  return queued;
}

function retryLater() {
  retryAttempts += 1;
  const delay = Math.min(longestRetryMs, firstRetryMs * 2 ** (retryAttempts - 1));
  if (retryTimer) clearTimeout(retryTimer);
  // A little randomness, so the tablets of a kitchen that lost its connection together do not return together.
  retryTimer = setTimeout(
    () => {
      retryTimer = null;
      void sendSoon();
    },
    delay * (0.8 + Math.random() * 0.4),
  );
}

async function sendAll(): Promise<void> {
  if (!isOnline()) return;
  const byPerson = new Map<string, OutboxAction[]>();
  for (const action of (await actions()).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
    byPerson.set(action.personId, [...(byPerson.get(action.personId) ?? []), action]);
  }
  const outcomes = await Promise.all([...byPerson].map(([personId, list]) => sendFor(personId, list)));
  if (outcomes.includes('unreachable')) retryLater();
  else {
    retryAttempts = 0;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
  }
}

type Outcome = 'done' | 'unreachable' | 'signed-out';

/** Sends one person's actions in order; stops at the first that cannot go yet. */
async function sendFor(personId: string, list: OutboxAction[]): Promise<Outcome> {
  for (const action of list) {
    if (action.status === 'refused' || action.seq === undefined) continue;
    const person = await storedPerson(personId);
    if (!person?.tokens) {
      await setStatusOf(personId, ['waiting', 'sending'], 'needs-sign-in');
      return 'signed-out';
    }
    const outcome = await sendOne(action, action.seq);
    if (outcome !== 'done') return outcome;
  }
  return 'done';
}

async function sendOne(action: OutboxAction, seq: number): Promise<Outcome> {
  const call = await callOf(action.call);
  if (!call) {
    await updateAction(seq, {
      status: 'refused',
      refusal: {
        status: 0,
        code: 'INTERNAL_ERROR',
        message: action.call,
        fieldErrors: {},
        reason: 'refused',
      },
    });
    return 'done';
  }
  await updateAction(seq, { status: 'sending' });
  try {
    const answer = await call.send(action.payload, {
      identity: identityOf(action.personId),
      personId: action.personId,
      clientId: action.clientId,
      deviceTime: action.deviceTime,
    });
    await removeAction(seq);
    await rebuild(action.personId, (records) => call.settle?.(records, answer, action.payload, action));
    await updatePerson(action.personId, (person) => ({ ...person, lastInTouchAt: Date.now() }));
    return 'done';
  } catch (error) {
    const failure = asApiError(error);
    // An answer the app could not read, though the server took the record: done; the next read shows it.
    if (isApiError(error) && failure.status >= 200 && failure.status < 300) {
      await removeAction(seq);
      return 'done';
    }
    if (isPassing(failure)) {
      await updateAction(seq, { status: 'waiting', attempts: action.attempts + 1 });
      return 'unreachable';
    }
    if (failure.status === 401) {
      // The person's session is over (a renewal was refused): everything of theirs waits for them.
      await updatePerson(action.personId, (person) => ({ ...person, tokens: null }));
      await setStatusOf(action.personId, ['waiting', 'sending'], 'needs-sign-in');
      return 'signed-out';
    }
    const refusal = await explain(failure, action, call);
    const what = call.describe(action.payload, await loadRecords(action.personId));
    await updateAction(seq, { status: 'refused', refusal: { ...refusal, what } });
    // What it showed is undone by the server's own version of the day and the task.
    await refreshAfterRefusal(action.personId, call.taskOf?.(action.payload) ?? null);
    return 'done';
  }
}

async function refreshAfterRefusal(personId: string, task: TaskRef | null) {
  try {
    await refreshDay(personId);
    if (task) await refreshTask(personId, task);
  } catch {
    // Offline again, or the task is gone: the next read of the day brings the server's version.
  }
}

/** Gives a person's actions back to the sender once they have signed in again. */
export async function resumeFor(personId: string): Promise<void> {
  await setStatusOf(personId, ['needs-sign-in'], 'waiting');
  void sendSoon();
}

let started = false;
const sendWhenVisible = () => {
  if (document.visibilityState === 'visible') void sendSoon();
};
const sendWhenOnline = () => void sendSoon();

/**
 * Starts sending: now, when the connection returns, and when the app comes back to the screen. An action
 * left "sending" by a closed tab is sent again (the server takes its id once).
 */
export async function startSending(): Promise<void> {
  if (started) return;
  started = true;
  await withLock(async () => {
    for (const action of await actions()) {
      if (action.status === 'sending' && action.seq !== undefined)
        await updateAction(action.seq, { status: 'waiting' });
    }
  });
  if (typeof window !== 'undefined') {
    window.addEventListener('online', sendWhenOnline);
    document.addEventListener('visibilitychange', sendWhenVisible);
  }
  await sendSoon();
}

/**
 * For tests: forgets the timers and the started state, as a page reload does, once the round under way has
 * ended (a round left running would go on sending into the next test's device).
 */
export async function stopSending(): Promise<void> {
  if (typeof window !== 'undefined') {
    window.removeEventListener('online', sendWhenOnline);
    document.removeEventListener('visibilitychange', sendWhenVisible);
  }
  while (running || queued) await (queued ?? running);
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  retryAttempts = 0;
  started = false;
}
