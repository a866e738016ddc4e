import { randomUUID } from 'node:crypto';
import type { AppAbility } from '@console/shared-sdk/ability';
import type { ChangeFeed } from '../db/client.js';
import type { AuthUser } from './identity.js';
import type { Audience } from './audience.js';

const syncPrefix = 'sync:';
const ackPrefix = 'ack:';
const helloPrefix = 'hello:';
const byePrefix = 'bye:';
/** Ends a marker whose origin waits for every other instance's acknowledgement. */
const askSuffix = 'ack';

/** How instances keep track of each other on the channel (see `SessionCache.sync`). */
export interface PeerTiming {
  /** How often an instance says hello. */
  heartbeatMs: number;
  /** An instance not heard from for this long is not waited for. */
  peerExpiryMs: number;
  /** The longest a write's answer waits: for its own marker, then for the other instances' acknowledgements. */
  syncTimeoutMs: number;
}

export const defaultPeerTiming: PeerTiming = {
  heartbeatMs: 5_000,
  peerExpiryMs: 15_000,
  syncTimeoutMs: 2_000,
};

/** The channel migration 0004's triggers notify on. */
export const authChangesChannel = 'console_auth';

/** What `authenticate` reads from the database for a session: its user, the user's sites, and whether the
 * organisation is closed. */
export interface SessionFacts {
  user: AuthUser;
  siteIds: string[];
  organisationClosed: boolean;
  /** The session's client as an audience: what its access tokens must say they are for. */
  audience: Audience;
  /** The user's CASL ability, built once per session check from the two above and their role facts. */
  ability: AppAbility;
  /** The name of the custom role the person holds, if any (a site admin's). */
  customRole?: string | null;
  /**
   * Set when the facts are an API key's (platform/auth/api-keys), kept under its hash: the key, as its calls
   * name it. Its `user` is the key acting, whose id is the key's, so the key's change forgets it.
   */
  apiKey?: { id: string; name: string; scopes: string[]; expiresAt: Date | null };
}

/**
 * The sessions this instance has checked, so most requests cost no database round trip for their session.
 * Correctness comes first: an entry is only served while the change feed is live (so a logout, a deleted
 * account or a closed site on any instance reaches it), a read that raced a change is not kept, and entries
 * also expire after `maxAgeMs` as a bound on anything the feed could miss. When unsure, the caller reads the
 * database.
 */
export class SessionCache {
  private readonly entries = new Map<string, { facts: SessionFacts; storedAt: number }>();
  private generation = 0;
  private live = false;
  private readonly waiting = new Map<string, () => void>();
  private nextSync = 0;
  /** Tells this instance's markers from other instances' on the shared channel. */
  private readonly id = randomUUID();
  /** Other instances on the database, by id, with when this one last heard them (a hello or an ack). */
  private readonly peers = new Map<string, number>();
  /** Acknowledgements of this instance's markers: marker number → the peers that acknowledged it. */
  private readonly acks = new Map<number, { from: Set<string>; changed: () => void }>();
  /** How many changes (sign-in state, not markers) this instance has heard: see `changeCount`. */
  private changesHeard = 0;
  private send: ((payload: string) => Promise<void>) | undefined;

  constructor(
    private readonly maxAgeMs = 60_000,
    private readonly maxEntries = 20_000,
    private readonly now: () => number = () => performance.now(),
    private readonly timing: PeerTiming = defaultPeerTiming,
  ) {}

  /** Call before reading the database; hand the result to `store`. */
  begin(): number {
    return this.generation;
  }

  /** A session's facts, when they are its user's; an API key's by its entry alone (its hash names it). */
  get(sessionId: string, userId?: string): SessionFacts | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(sessionId);
    if (!entry || (userId !== undefined && entry.facts.user.id !== userId)) return undefined;
    if (this.now() - entry.storedAt > this.maxAgeMs) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry.facts;
  }

  /** Keeps what was read, unless something changed since `begin` (the read may predate the change). */
  store(generation: number, sessionId: string, facts: SessionFacts): void {
    if (!this.live || generation !== this.generation) return;
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the oldest entry goes first.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(sessionId, { facts, storedAt: this.now() });
  }

  /** Forgets one user's sessions, or every session with '*'. */
  invalidate(userId: string): void {
    this.generation += 1;
    if (userId === '*') {
      this.entries.clear();
      return;
    }
    for (const [sessionId, entry] of this.entries) {
      if (entry.facts.user.id === userId) this.entries.delete(sessionId);
    }
  }

  /** Whether the feed is live; while it is not, nothing is served or kept. */
  setLive(live: boolean): void {
    this.live = live;
    this.invalidate('*');
    if (live) this.announce('hello');
  }

  /**
   * A number that grows with every change of sign-in state this instance hears. Read when a request
   * starts and handed to `sync` when it answers: unchanged, nothing the request did changed a session, so
   * only this instance need be sure (the other instances have nothing to hear).
   */
  get changeCount(): number {
    return this.changesHeard;
  }

  /** The other instances this one would wait for now: heard from within `peerExpiryMs`. */
  get livePeers(): string[] {
    const cutoff = this.now() - this.timing.peerExpiryMs;
    for (const [peer, heardAt] of this.peers) if (heardAt < cutoff) this.peers.delete(peer);
    return [...this.peers.keys()];
  }

  /**
   * Follows `feed` until the returned function is called, publishing on the same channel with `send`:
   * this instance's markers, its acknowledgements of other instances' markers, and a hello when the feed
   * goes live and every `heartbeatMs` after, by which the other instances know it is there.
   */
  async follow(feed: ChangeFeed, send: (payload: string) => Promise<void>): Promise<() => Promise<void>> {
    this.send = send;
    const stop = await feed.subscribe(
      (payload) => this.hear(payload),
      (live) => this.setLive(live),
    );
    const heartbeat = setInterval(() => this.announce('hello'), this.timing.heartbeatMs);
    heartbeat.unref();
    return async () => {
      clearInterval(heartbeat);
      // Best effort: an instance that leaves without a word is dropped when it fails to acknowledge.
      if (this.live) await send(`${byePrefix}${this.id}`).catch(() => undefined);
      await stop();
      this.send = undefined;
    };
  }

  private announce(kind: 'hello') {
    if (kind === 'hello' && this.live) void this.send?.(`${helloPrefix}${this.id}`).catch(() => undefined);
  }

  private hear(payload: string) {
    if (payload.startsWith(syncPrefix)) {
      const done = this.waiting.get(payload);
      if (done) return done();
      // Another instance's marker: everything committed before it has reached this instance (the feed
      // delivers in commit order, and each payload is handled before the next). Say so when asked.
      const [origin, sequence, ask] = payload.slice(syncPrefix.length).split(':');
      if (origin === undefined || sequence === undefined || origin === this.id) return;
      this.heard(origin);
      if (ask === askSuffix) {
        void this.send?.(`${ackPrefix}${origin}:${sequence}:${this.id}`).catch(() => undefined);
      }
      return;
    }
    if (payload.startsWith(ackPrefix)) {
      const [origin, sequence, from] = payload.slice(ackPrefix.length).split(':');
      if (origin !== this.id || from === undefined) return;
      this.heard(from);
      const waiting = this.acks.get(Number(sequence));
      if (waiting) {
        waiting.from.add(from);
        waiting.changed();
      }
      return;
    }
    if (payload.startsWith(helloPrefix)) {
      const peer = payload.slice(helloPrefix.length);
      if (peer !== this.id) this.heard(peer);
      return;
    }
    if (payload.startsWith(byePrefix)) {
      this.peers.delete(payload.slice(byePrefix.length));
      return;
    }
    this.changesHeard += 1;
    this.invalidate(payload);
  }

  private heard(peer: string) {
    this.peers.set(peer, this.now());
  }

  /**
   * Returns once every instance has heard every change committed before the call, or the wait's bound has
   * passed. A change's notification reaches each listener a moment after its commit; a write's answer waits
   * for this, so the same client's next request (after a logout, say), on whichever instance, never meets
   * an entry the write made stale.
   *
   * This instance publishes a marker on the channel; notifications arrive in commit order, so hearing it
   * back means this instance has heard every earlier change (if it does not come in time, the feed is
   * treated as lost and the database is read instead). If a change of sign-in state was heard since
   * `since` (`changeCount` when the request started), the other live instances (heard from within
   * `peerExpiryMs`) must each acknowledge a second marker, which they do once they have handled it, and so
   * every change before it; writes that changed no session cost no other instance anything. One that does not within `timeoutMs` is taken for gone: the answer goes, and
   * it is not waited for again until it is heard from.
   */
  async sync(since?: number, timeoutMs = this.timing.syncTimeoutMs): Promise<void> {
    const send = this.send;
    if (!this.live || !send) return;
    if (this.entries.size === 0 && this.livePeers.length === 0) return;
    this.nextSync += 1;
    const sequence = this.nextSync;
    const payload = `${syncPrefix}${this.id}:${sequence}`;
    const deadline = this.now() + timeoutMs;
    let timer: NodeJS.Timeout | undefined;
    let wake: () => void = () => undefined;
    const acknowledged = { from: new Set<string>(), changed: () => wake() };
    this.acks.set(sequence, acknowledged);
    try {
      const heard = new Promise<boolean>((resolve) => {
        this.waiting.set(payload, () => resolve(true));
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      await send(payload);
      if (!(await heard)) {
        this.invalidate('*');
        return;
      }
      // Nothing changed a session while the request ran: no other instance has anything to hear.
      if (since !== undefined && this.changesHeard === since) return;
      // The peers known now (every hello committed before the marker has been heard by now), asked to
      // acknowledge a second marker: handling it, each has handled every change before the first.
      const expected = this.livePeers;
      if (expected.length === 0) return;
      await send(`${payload}:${askSuffix}`);
      const missing = () => expected.filter((peer) => !acknowledged.from.has(peer));
      while (missing().length > 0) {
        const left = deadline - this.now();
        if (left <= 0) break;
        await new Promise<void>((resolve) => {
          wake = resolve;
          clearTimeout(timer);
          timer = setTimeout(resolve, left);
        });
      }
      // Silent past the bound: gone (or stuck). Not waited for again until it is heard from.
      for (const peer of missing()) this.peers.delete(peer);
    } catch {
      this.invalidate('*');
    } finally {
      clearTimeout(timer);
      this.waiting.delete(payload);
      this.acks.delete(sequence);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
