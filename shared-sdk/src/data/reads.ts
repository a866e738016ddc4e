// The console's one cache of server data (ARCHITECTURE.md, "Data flows one way"). It lives in the SDK's
// main entry, a federated singleton, so the shell and every remote on a page read through the same cache:
// one `invalidate` after a mutation refreshes whatever any of them shows. Chosen over TanStack Query by
// measurement (docs/decisions.md, "Reading server data").

/** One part of a read's key: plain data, compared by value (object keys in any order). */
export type ReadKeyPart =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly ReadKeyPart[]
  | { readonly [name: string]: ReadKeyPart };

/**
 * What a read is: its first parts name what it reads (a CASL subject such as `'Task'`), the rest narrow it
 * (a list's params, a record's id). `invalidate` takes a prefix.
 */
export type ReadKey = readonly ReadKeyPart[];

/**
 * Asks the server. `signal` aborts it once nobody wants the answer; `shown` is the answer already on
 * screen for this key, if any, so a refresh can stay quiet where a first read would report its failure.
 */
export type Reader<T> = (signal: AbortSignal, shown: T | undefined) => Promise<T>;

export interface ReadSnapshot<T> {
  /** The last answer for this key, kept while it is read again and when a later read fails. */
  data: T | undefined;
  /** The last read's failure; null once a read succeeds. */
  error: unknown;
  /** A read of this key is under way. */
  reading: boolean;
}

/**
 * How long an answer nobody shows is kept: a screen opened again (Back, a tab, a dialog) shows it at once
 * while it is read again. Every screen that opens asks the server, so nothing shown is older than a visit.
 */
const keptFor = 30_000;

interface Entry {
  parts: readonly string[];
  snapshot: ReadSnapshot<unknown>;
  /** Each subscriber's reader: any of them can read again for all. */
  subscribers: Map<() => void, Reader<unknown>>;
  reading: AbortController | null;
  /** Invalidated since its last read started: read again soon. */
  stale: boolean;
  dropTimer: ReturnType<typeof setTimeout> | null;
}

const entries = new Map<string, Entry>();

// Array.isArray does not narrow a readonly array type away.
const isList = (part: ReadKeyPart): part is readonly ReadKeyPart[] => Array.isArray(part);

/** JSON with object keys sorted, so `{ a, b }` and `{ b, a }` are one key. */
function serialize(part: ReadKeyPart): string {
  if (part === undefined) return 'null';
  if (isList(part)) return `[${part.map(serialize).join(',')}]`;
  if (part !== null && typeof part === 'object') {
    const fields = Object.entries(part)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([name, value]) => `${JSON.stringify(name)}:${serialize(value)}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(part);
}

const partsOf = (key: ReadKey) => key.map(serialize);

/** The identity of a key, for comparing keys (a new array each render is the same key). */
export const readId = (key: ReadKey): string => `[${partsOf(key).join(',')}]`;

function change(entry: Entry, next: Partial<ReadSnapshot<unknown>>) {
  entry.snapshot = { ...entry.snapshot, ...next };
  for (const notify of [...entry.subscribers.keys()]) notify();
}

function start(entry: Entry) {
  const reader = [...entry.subscribers.values()].at(-1);
  if (!reader) return;
  // A newer read replaces one under way: the older answer could only be staler.
  entry.reading?.abort();
  const controller = new AbortController();
  entry.reading = controller;
  entry.stale = false;
  change(entry, { reading: true });
  let answer: Promise<unknown>;
  try {
    answer = reader(controller.signal, entry.snapshot.data);
  } catch (error) {
    answer = Promise.reject(error);
  }
  answer.then(
    (data) => settle(entry, controller, { data, error: null }),
    (error: unknown) => settle(entry, controller, { error }),
  );
}

function settle(entry: Entry, controller: AbortController, outcome: Partial<ReadSnapshot<unknown>>) {
  if (controller.signal.aborted || entry.reading !== controller) return;
  entry.reading = null;
  change(entry, { ...outcome, reading: false });
}

function drop(id: string, entry: Entry) {
  entry.reading?.abort();
  if (entry.dropTimer) clearTimeout(entry.dropTimer);
  if (entries.get(id) === entry) entries.delete(id);
}

/**
 * Shows `key` to `notify` until the returned function is called, reading it unless a read of it is
 * already under way (then its answer serves both). The last subscriber to leave aborts the read.
 */
export function subscribeRead(key: ReadKey, notify: () => void, reader: Reader<unknown>): () => void {
  const id = readId(key);
  let entry = entries.get(id);
  if (!entry) {
    entry = {
      parts: partsOf(key),
      snapshot: { data: undefined, error: null, reading: false },
      subscribers: new Map(),
      reading: null,
      stale: false,
      dropTimer: null,
    };
    entries.set(id, entry);
  }
  const subscribed = entry;
  if (subscribed.dropTimer) clearTimeout(subscribed.dropTimer);
  subscribed.dropTimer = null;
  subscribed.subscribers.set(notify, reader);
  if (subscribed.stale || !subscribed.reading) start(subscribed);
  return () => {
    subscribed.subscribers.delete(notify);
    if (subscribed.subscribers.size > 0) return;
    // Not at once: React unmounts and mounts again in one go (a key flip, StrictMode), and that should
    // not cost the read under way.
    subscribed.dropTimer = setTimeout(() => {
      if (subscribed.subscribers.size > 0 || entries.get(id) !== subscribed) return;
      if (subscribed.reading) {
        subscribed.reading.abort();
        subscribed.reading = null;
        subscribed.snapshot = { ...subscribed.snapshot, reading: false };
      }
      subscribed.dropTimer = setTimeout(() => drop(id, subscribed), keptFor);
    }, 0);
  };
}

const waiting: ReadSnapshot<never> = { data: undefined, error: null, reading: true };

/** What `key` shows now: before its first subscriber, a read about to start. */
export function readSnapshot<T>(key: ReadKey): ReadSnapshot<T> {
  return (entries.get(readId(key))?.snapshot ?? waiting) as ReadSnapshot<T>;
}

const due = new Set<Entry>();

function readAgainSoon(entry: Entry) {
  entry.stale = true;
  // Once the caller is done: a change that invalidates a list and its detail one after the other (or a
  // key twice) costs one read of each.
  if (due.size === 0)
    queueMicrotask(() => {
      const now = [...due];
      due.clear();
      for (const stale of now) if (stale.stale && stale.subscribers.size > 0) start(stale);
    });
  due.add(entry);
}

/**
 * After a mutation: every read whose key starts with `prefix` is stale. Those on screen are read again
 * (showing their answer meanwhile), the others are forgotten. `invalidate([])` is every read.
 */
export function invalidate(prefix: ReadKey): void {
  const wanted = partsOf(prefix);
  for (const [id, entry] of [...entries]) {
    if (!wanted.every((part, index) => entry.parts[index] === part)) continue;
    if (entry.subscribers.size > 0) readAgainSoon(entry);
    else drop(id, entry);
  }
}

/**
 * Another user or organisation: nothing read so far may show, not even while it is read again. Reads on
 * screen start over as if new; the rest are forgotten.
 */
export function forgetReads(): void {
  for (const [id, entry] of [...entries]) {
    if (entry.subscribers.size === 0) {
      drop(id, entry);
      continue;
    }
    entry.snapshot = { data: undefined, error: null, reading: false };
    start(entry);
  }
}

/** Puts a newer answer in place, e.g. the record a save returned. */
export function replaceRead<T>(key: ReadKey, data: T): void {
  const entry = entries.get(readId(key));
  if (!entry) return;
  entry.reading?.abort();
  entry.reading = null;
  change(entry, { data, error: null, reading: false });
}
