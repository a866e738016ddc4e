import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Clock } from '../../../platform/clock.js';
import type { AppConfig } from '../../../platform/config/config.js';
import type { Database } from '../../../platform/db/client.js';
import { serverKeys } from '../../../platform/db/schema.js';

// The VAPID key pair push messages are signed with, and browsers subscribe with (its public half). The
// configuration may give one (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY); otherwise the first instance that
// needs one makes it and keeps it in server_keys, and every instance, after any restart, reads that one:
// a new pair would orphan every browser's subscription.

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const keyName = 'vapid';

export interface KeyDeps {
  db: Database;
  clock: Clock;
  config: Pick<AppConfig, 'push'>;
}

/** The pair kept in the database, made there first when there is none (whoever inserts first wins). */
async function keptKeys(deps: KeyDeps): Promise<VapidKeys> {
  const read = async () => {
    const [row] = await deps.db.select().from(serverKeys).where(eq(serverKeys.name, keyName));
    const { publicKey, privateKey } = row?.value ?? {};
    return publicKey && privateKey ? { publicKey, privateKey } : undefined;
  };
  const kept = await read();
  if (kept) return kept;
  const made = webpush.generateVAPIDKeys();
  await deps.db
    .insert(serverKeys)
    .values({ name: keyName, value: { ...made }, createdAt: deps.clock.now() })
    .onConflictDoNothing();
  const stored = await read();
  if (!stored) throw new Error('the VAPID key pair was stored but cannot be read');
  return stored;
}

/** Each database's pair, read once per process (it never changes once made). */
const known = new WeakMap<Database, Promise<VapidKeys>>();

/** The server's VAPID key pair: the configured one, or the one kept in the database. */
export function vapidKeysOf(deps: KeyDeps): Promise<VapidKeys> {
  const configured = deps.config.push.vapidKeys;
  if (configured) return Promise.resolve(configured);
  let keys = known.get(deps.db);
  if (!keys) {
    keys = keptKeys(deps);
    known.set(deps.db, keys);
    // A failed read (the database was away) is tried again by the next caller.
    keys.catch(() => known.delete(deps.db));
  }
  return keys;
}
