import { createHash, randomBytes } from 'node:crypto';

// A sensor's device key: 32 random bytes, shown once when the sensor is made or its key rotated. Only the
// SHA-256 is kept: a key is random enough that no slow hash is needed, and a lookup by hash is one index
// read on every ingest call.

/** What every key starts with, so one pasted somewhere is recognisable. */
const keyPrefix = 'sk_';
/** Characters of a key shown on screen to tell keys apart (the prefix and 6 of its own). */
const shownCharacters = keyPrefix.length + 6;

export interface NewDeviceKey {
  key: string;
  hash: string;
  prefix: string;
}

/** The hash a key is kept and looked up by. */
export const hashDeviceKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

export function newDeviceKey(): NewDeviceKey {
  const key = `${keyPrefix}${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashDeviceKey(key), prefix: key.slice(0, shownCharacters) };
}
