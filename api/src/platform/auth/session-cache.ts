import { randomUUID } from 'node:crypto';
import type { AppAbility } from '@console/shared-sdk/ability';
import type { ChangeFeed } from '../db/client.js';
import type { AuthUser } from './identity.js';

const syncPrefix = 'sync:';

/** The channel migration 0004's triggers notify on. */
export const authChangesChannel = 'console_auth';

/** What `authenticate` reads from the database for a session: its user, the user's sites, and whether the
 * organisation is closed. */
export interface SessionFacts {
  user: AuthUser;
  siteIds: string[];
  organisationClosed: boolean;
  /** The user's CASL ability, built once per session check from the two above. */
  ability: AppAbility;
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
  /** Tells this instance's sync markers from other instances' on the shared channel. */
  private readonly id = randomUUID();

  constructor(
    private readonly maxAgeMs = 60_000,
    private readonly maxEntries = 20_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Call before reading the database; hand the result to `store`. */
  begin(): number {
    return this.generation;
  }

  get(sessionId: string, userId: string): SessionFacts | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(sessionId);
    if (!entry || entry.facts.user.id !== userId) return undefined;
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
  }

  /** Follows `feed` until the returned function is called. */
  async follow(feed: ChangeFeed): Promise<() => Promise<void>> {
    return feed.subscribe(
      (payload) => {
        const done = payload.startsWith(syncPrefix) ? this.waiting.get(payload) : undefined;
        if (done) done();
        else if (!payload.startsWith(syncPrefix)) this.invalidate(payload);
      },
      (live) => this.setLive(live),
    );
  }

  /**
   * Returns once this instance has heard every change committed before the call. A change's notification
   * reaches the listener a moment after its commit; a write's answer waits for this, so the same client's
   * next request (after a logout, say) never meets the entry the write made stale. `send` publishes the
   * marker on the channel; notifications arrive in commit order, so the marker comes after them. If it does
   * not come in time, the feed is treated as lost and the database is read instead.
   */
  async sync(send: (payload: string) => Promise<void>, timeoutMs = 2_000): Promise<void> {
    if (!this.live || this.entries.size === 0) return;
    this.nextSync += 1;
    const payload = `${syncPrefix}${this.id}:${this.nextSync}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<boolean>((resolve) => {
      this.waiting.set(payload, () => resolve(true));
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      await send(payload);
      if (!(await heard)) this.invalidate('*');
    } catch {
      this.invalidate('*');
    } finally {
      clearTimeout(timer);
      this.waiting.delete(payload);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
