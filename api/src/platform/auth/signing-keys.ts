import { createPrivateKey, createPublicKey, generateKeyPairSync, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { calculateJwkThumbprint, importJWK, type CryptoKey } from 'jose';
import { z } from 'zod';
import type { Clock } from '../clock.js';

// The keys access tokens are signed with: Ed25519 (JWS "EdDSA"), so that any service can check a console
// token against the public keys at /.well-known/jwks.json without holding anything that could mint one.
// The keys are a set, newest first. The first signs; an older one verifies what it signed until its
// `retiredAt` plus the overlap (an access token's lifetime and a margin), and is then dropped. Where the set
// lives: JWT_SIGNING_KEYS (the set itself), JWT_SIGNING_KEYS_FILE (a file holding it), or, with neither,
// DATA_DIR/jwt-signing-keys.json, made on first start. A file is read again when it changes, so
// `npm run rotate-signing-key` takes effect on a running server (docs/decisions.md, "Access tokens").

/** The JWS algorithm of access tokens (Ed25519). */
export const accessTokenAlgorithm = 'EdDSA';

/** The key set's file in DATA_DIR when none is configured. */
export const keySetFileName = 'jwt-signing-keys.json';

/**
 * How long past an access token's lifetime a retired key still verifies: instances re-read a changed file
 * within a second and their clocks differ a little, so one may sign with the old key just after `retiredAt`.
 */
export const retiredKeyMarginSeconds = 60;

/** How often (at most) the key set's file is checked for a change. */
const recheckMs = 1000;

const base64url32 = (what: string) =>
  z.string().regex(/^[A-Za-z0-9_-]{43}$/, `${what} must be 32 bytes in base64url without padding`);

/** One key as kept: a private Ed25519 JWK, and when it was made and stopped signing. */
const storedKeySchema = z.object({
  kty: z.literal('OKP', 'kty must be "OKP": an Ed25519 key'),
  crv: z.literal('Ed25519', 'crv must be "Ed25519"'),
  x: base64url32('x (the public key)'),
  d: base64url32('d (the private key)'),
  /** Unset: the key's RFC 7638 thumbprint. */
  kid: z
    .string()
    .trim()
    .min(1, 'kid must not be empty')
    .max(128, 'kid must be at most 128 characters')
    .optional(),
  alg: z.literal('EdDSA', 'alg must be "EdDSA"').optional(),
  use: z.literal('sig', 'use must be "sig"').optional(),
  createdAt: z.iso.datetime({ offset: true, message: 'createdAt must be an ISO 8601 time' }).optional(),
  /** When it stopped signing; it verifies until this plus the overlap. */
  retiredAt: z.iso.datetime({ offset: true, message: 'retiredAt must be an ISO 8601 time' }).optional(),
});

export type StoredKey = z.infer<typeof storedKeySchema>;

/** Whether `x` is the public half of `d`: a pasted key whose halves disagree would sign tokens no one verifies. */
function halvesAgree(key: Pick<StoredKey, 'kty' | 'crv' | 'x' | 'd'>): boolean {
  try {
    const privateKey = createPrivateKey({
      key: { kty: key.kty, crv: key.crv, x: key.x, d: key.d },
      format: 'jwk',
    });
    return createPublicKey(privateKey).export({ format: 'jwk' }).x === key.x;
  } catch {
    return false;
  }
}

/** A JWK set of private Ed25519 keys, newest first: the first one signs. */
export const keySetSchema = z
  .object({
    keys: z
      .array(storedKeySchema.refine(halvesAgree, { message: 'x is not the public key of d', path: ['x'] }))
      .min(1, 'keys must hold at least one key: the first one signs'),
  })
  .refine((set) => set.keys[0]?.retiredAt === undefined, {
    message: 'the first key signs: it cannot have retiredAt',
    path: ['keys', 0, 'retiredAt'],
  });

export type KeySet = z.infer<typeof keySetSchema>;

/** A key set read from JSON text; the error names `where` and the field, never the text (it holds keys). */
export function parseKeySet(text: string, where: string): KeySet {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // JSON.parse's message quotes the text around the error: a private key, here.
    throw new Error(`${where}: not JSON; expected a JWK set {"keys": [...]}`);
  }
  const parsed = keySetSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`${where}: ${problems}`);
  }
  return parsed.data;
}

/** The public part of a key, as published in the JWKS. */
export interface PublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

/** The seed of the key derived from JWT_SECRET (HKDF, for this purpose alone). */
export function seedFromSecret(secret: Uint8Array): Buffer {
  return Buffer.from(
    hkdfSync('sha256', secret, Buffer.alloc(0), 'compliance-console access-token signing key', 32),
  );
}

/** PKCS #8 DER of an Ed25519 private key, up to its 32-byte seed (RFC 8410). */
const ed25519Pkcs8Prefix = Buffer.from('302e020100300506032b657004220420', 'hex');

/** A new key, from `seed` when given (the same seed, the same key), else random. */
export async function newStoredKey(now: Date, seed?: Uint8Array): Promise<StoredKey> {
  const privateKey = seed
    ? createPrivateKey({ key: Buffer.concat([ed25519Pkcs8Prefix, seed]), format: 'der', type: 'pkcs8' })
    : generateKeyPairSync('ed25519').privateKey;
  const { x, d } = privateKey.export({ format: 'jwk' });
  if (!x || !d) throw new Error('Node did not export the Ed25519 key as a JWK');
  const kid = await calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x });
  return {
    kty: 'OKP',
    crv: 'Ed25519',
    x,
    d,
    kid,
    alg: accessTokenAlgorithm,
    use: 'sig',
    createdAt: now.toISOString(),
  };
}

/** How long a retired key keeps verifying: the longest an access token it signed can live, and the margin. */
export function overlapSecondsOf(accessTtlSeconds: number): number {
  return accessTtlSeconds + retiredKeyMarginSeconds;
}

/** When a key stops verifying (ms since the epoch): never while it has not been retired. */
function dropsAt(key: StoredKey, overlapSeconds: number): number {
  return key.retiredAt === undefined
    ? Number.POSITIVE_INFINITY
    : Date.parse(key.retiredAt) + overlapSeconds * 1000;
}

export interface Rotation {
  set: KeySet;
  /** The key that signs now, or (staged) the key added. */
  kid: string;
  /** Keys past their overlap, left out. */
  dropped: string[];
}

/**
 * The set after a rotation at `now`. By default a new key signs from now on: a key staged before (added
 * after the signer, not retired) is promoted, else `fresh` is; the previous signer is retired at `now`.
 * With `stage`, `fresh` is only added (published, verifying, not signing), for instances that read the set
 * at start: once every one has it, a rotation promotes it and no instance meets a key it does not know.
 * Keys past their overlap are left out either way.
 */
export function rotateKeySet(
  set: KeySet,
  now: Date,
  overlapSeconds: number,
  fresh: StoredKey,
  options: { stage?: boolean } = {},
): Rotation {
  const kept = set.keys.filter((key) => dropsAt(key, overlapSeconds) > now.getTime());
  const dropped = set.keys.filter((key) => !kept.includes(key)).map((key) => key.kid ?? key.x);
  const [signer, ...older] = kept;
  if (!signer) throw new Error('the key set has no key');
  if (options.stage) {
    return { set: { keys: [signer, fresh, ...older] }, kid: fresh.kid ?? fresh.x, dropped };
  }
  const staged = older.find((key) => key.retiredAt === undefined);
  const next = staged ?? fresh;
  const retired = { ...signer, retiredAt: now.toISOString() };
  return {
    set: { keys: [next, retired, ...older.filter((key) => key !== staged)] },
    kid: next.kid ?? next.x,
    dropped,
  };
}

/** Where a key set comes from, and a cheap sign of whether it changed. */
export interface KeySetSource {
  /** For messages: the setting or file. */
  readonly description: string;
  /** Changes whenever the set may have changed (a file's identity, size and time). */
  version(): Promise<string>;
  read(): Promise<KeySet>;
}

/** A set given once (JWT_SIGNING_KEYS): it changes with a restart. */
export function fixedKeySet(set: KeySet, description: string): KeySetSource {
  return { description, version: async () => 'fixed', read: async () => set };
}

/** A set kept in a file, read again whenever the file is replaced or changed. */
export function keySetFile(file: string): KeySetSource {
  return {
    description: file,
    async version() {
      const stat = await fs.stat(file);
      return `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    },
    async read() {
      return parseKeySet(await fs.readFile(file, 'utf8'), file);
    },
  };
}

/**
 * Writes the set to `file` whole or not at all (a temporary file renamed over it), readable by the
 * server's user alone. `create` writes only when there is no file yet, and says whether it did: two
 * instances starting on one DATA_DIR keep the first one's key.
 */
export async function writeKeySetFile(
  file: string,
  set: KeySet,
  mode: 'create' | 'replace',
): Promise<boolean> {
  const dir = path.dirname(file);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const temporary = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await fs.open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(set, null, 2)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    if (mode === 'replace') {
      await fs.rename(temporary, file);
      return true;
    }
    // A hard link fails when the name is taken, where a rename would replace the other instance's file.
    await fs.link(temporary, file);
    return true;
  } catch (error) {
    if (mode === 'create' && (error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await fs.rm(temporary, { force: true });
  }
}

/** The settings that say where the key set is. */
export interface SigningKeySettings {
  dataDir: string;
  jwtSecret: string | undefined;
  jwtSigningKeys: KeySet | undefined;
  jwtSigningKeysFile: string | undefined;
  accessTokenTtlSeconds: number;
}

export type KeySetLocation =
  { kind: 'setting'; set: KeySet } | { kind: 'file'; file: string; configured: boolean };

export function keySetLocation(settings: SigningKeySettings): KeySetLocation {
  if (settings.jwtSigningKeys) return { kind: 'setting', set: settings.jwtSigningKeys };
  if (settings.jwtSigningKeysFile)
    return { kind: 'file', file: settings.jwtSigningKeysFile, configured: true };
  return { kind: 'file', file: path.join(settings.dataDir, keySetFileName), configured: false };
}

/**
 * The first key of DATA_DIR's set, made on first start: derived from JWT_SECRET when it is set, so that
 * instances that share JWT_SECRET (as the README asked before access tokens were signed with a key pair)
 * sign with one key without further configuration; otherwise random.
 */
export function firstKey(settings: Pick<SigningKeySettings, 'jwtSecret'>, now: Date): Promise<StoredKey> {
  return newStoredKey(
    now,
    settings.jwtSecret === undefined
      ? undefined
      : seedFromSecret(new TextEncoder().encode(settings.jwtSecret)),
  );
}

/** The source of the configured key set; DATA_DIR's file is made when there is none. */
export async function keySetSourceOf(settings: SigningKeySettings, now: Date): Promise<KeySetSource> {
  const location = keySetLocation(settings);
  if (location.kind === 'setting') return fixedKeySet(location.set, 'JWT_SIGNING_KEYS');
  if (location.configured) {
    try {
      await fs.access(location.file, fs.constants.R_OK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new Error(`JWT_SIGNING_KEYS_FILE: ${location.file} cannot be read (${code})`, {
        cause: error,
      });
    }
  } else {
    try {
      await fs.access(location.file);
    } catch {
      await writeKeySetFile(location.file, { keys: [await firstKey(settings, now)] }, 'create');
    }
  }
  return keySetFile(location.file);
}

interface LiveKey {
  kid: string;
  publicJwk: PublicJwk;
  verifyingKey: CryptoKey;
  /** When it stops verifying (ms since the epoch). */
  dropsAt: number;
}

interface PreparedSet {
  version: string;
  signer: { kid: string; key: CryptoKey };
  keys: LiveKey[];
}

async function prepare(
  set: KeySet,
  version: string,
  where: string,
  overlapSeconds: number,
): Promise<PreparedSet> {
  const keys: LiveKey[] = [];
  for (const stored of set.keys) {
    const kid =
      stored.kid ?? (await calculateJwkThumbprint({ kty: stored.kty, crv: stored.crv, x: stored.x }));
    if (keys.some((key) => key.kid === kid)) throw new Error(`${where}: two keys have kid ${kid}`);
    keys.push({
      kid,
      publicJwk: { kty: 'OKP', crv: 'Ed25519', x: stored.x, kid, alg: accessTokenAlgorithm, use: 'sig' },
      verifyingKey: await importKey({ kty: stored.kty, crv: stored.crv, x: stored.x }),
      dropsAt: dropsAt(stored, overlapSeconds),
    });
  }
  const [first] = set.keys;
  const [firstLive] = keys;
  if (!first || !firstLive) throw new Error(`${where}: no key`);
  const signingKey = await importKey({ kty: first.kty, crv: first.crv, x: first.x, d: first.d });
  return { version, signer: { kid: firstLive.kid, key: signingKey }, keys };
}

async function importKey(jwk: { kty: string; crv: string; x: string; d?: string }): Promise<CryptoKey> {
  const key = await importJWK(jwk, accessTokenAlgorithm);
  // importJWK answers bytes for symmetric keys only.
  if (key instanceof Uint8Array) throw new Error('an Ed25519 JWK was imported as a symmetric key');
  return key;
}

/**
 * The key set in use: the key that signs, and the keys that verify at the clock's time. A file's set is
 * read again, at most once a second, when the file has changed; a set that cannot be read (a half-edited
 * file) leaves the one in use, and is reported to `onReloadError`.
 */
export class SigningKeyRing {
  /** Told when a changed set could not be read; the set read before stays in use. */
  onReloadError?: (error: unknown) => void;
  /** Goes up whenever the set changes: what was verified with the previous set must be checked again. */
  generation = 0;
  private checkedAt: number;
  private pending: Promise<void> | undefined;
  private lastError: string | undefined;

  private constructor(
    private readonly source: KeySetSource,
    private readonly clock: Clock,
    readonly overlapSeconds: number,
    private current: PreparedSet,
  ) {
    this.checkedAt = clock.now().getTime();
  }

  /** The set from `source`, read now: a set that cannot be read stops the start. */
  static async open(source: KeySetSource, clock: Clock, accessTtlSeconds: number): Promise<SigningKeyRing> {
    const overlapSeconds = overlapSecondsOf(accessTtlSeconds);
    const version = await source.version();
    const set = await prepare(await source.read(), version, source.description, overlapSeconds);
    return new SigningKeyRing(source, clock, overlapSeconds, set);
  }

  /** The key that signs new access tokens. */
  async signer(): Promise<{ kid: string; key: CryptoKey }> {
    await this.refreshIfDue();
    return this.current.signer;
  }

  /** The key named `kid`, if it verifies now. */
  async verifyingKey(kid: string | undefined): Promise<CryptoKey | undefined> {
    await this.refreshIfDue();
    const now = this.clock.now().getTime();
    return this.current.keys.find((key) => key.kid === kid && key.dropsAt > now)?.verifyingKey;
  }

  /** The public keys that verify now, the signer first: what /.well-known/jwks.json publishes. */
  async publicKeys(): Promise<PublicJwk[]> {
    await this.refreshIfDue();
    const now = this.clock.now().getTime();
    return this.current.keys.filter((key) => key.dropsAt > now).map((key) => key.publicJwk);
  }

  /** Checks the source for a change when the last check is a second old (by the clock). */
  refreshIfDue(): Promise<void> | undefined {
    const now = this.clock.now().getTime();
    if (this.pending) return this.pending;
    // Either way: a test's clock is moved back as well as forward.
    if (Math.abs(now - this.checkedAt) < recheckMs) return undefined;
    this.checkedAt = now;
    this.pending = this.reload().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async reload(): Promise<void> {
    try {
      const version = await this.source.version();
      if (version === this.current.version) return;
      this.current = await prepare(
        await this.source.read(),
        version,
        this.source.description,
        this.overlapSeconds,
      );
      this.generation += 1;
      this.lastError = undefined;
    } catch (error) {
      // Said once per problem, not every second until it is fixed.
      const said = error instanceof Error ? error.message : String(error);
      if (said !== this.lastError) this.onReloadError?.(error);
      this.lastError = said;
    }
  }
}

/** The key set the settings name, opened for signing and verifying (server.ts, the tests). */
export async function openSigningKeys(settings: SigningKeySettings, clock: Clock): Promise<SigningKeyRing> {
  const source = await keySetSourceOf(settings, clock.now());
  return SigningKeyRing.open(source, clock, settings.accessTokenTtlSeconds);
}

/**
 * Rotates the configured key set at `now` (rotateKeySet): a file's set is rewritten, and servers reading it
 * take the change within a second; a JWT_SIGNING_KEYS set cannot be rewritten from here, and is returned
 * for the caller to print and the operator to set. DATA_DIR's file is made first if there is none yet.
 */
export async function rotateSigningKeys(
  settings: SigningKeySettings,
  now: Date,
  options: { stage?: boolean } = {},
): Promise<Rotation & { file?: string }> {
  const overlapSeconds = overlapSecondsOf(settings.accessTokenTtlSeconds);
  const fresh = await newStoredKey(now);
  const location = keySetLocation(settings);
  if (location.kind === 'setting') return rotateKeySet(location.set, now, overlapSeconds, fresh, options);
  const source = await keySetSourceOf(settings, now);
  const rotation = rotateKeySet(await source.read(), now, overlapSeconds, fresh, options);
  await writeKeySetFile(location.file, rotation.set, 'replace');
  return { ...rotation, file: location.file };
}
