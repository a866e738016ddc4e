import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { satisfy } from '@module-federation/runtime-core';
import { createStore, useStore } from 'zustand';
import './provided';
import { browserHasOverrides } from './override-flags';
import {
  remoteMetadataSchema,
  sdkVersion,
  type RemoteMetadata,
  type RemoteRoutesModule,
} from '@console/shared-sdk';

// Module Federation's calls are its runtime's, which the page holds already (the shell provides it to the
// remotes): imported here, they cost no download of their own. The version check's sentences are imported
// when first needed, so the sign-in page and the first list do not download them.
const versionCheck = () => import('./compatibility');

/**
 * A caret range of a whole version (what the SDK's build publishes as `requires`) that this console
 * satisfies: compatible without the version check's code, which is loaded only to say what a remote
 * needs. Module Federation's `satisfy` is the one ./compatibility applies, from the runtime the page has.
 */
const plainlySatisfied = (requires: string) =>
  /^\^\d+\.\d+\.\d+$/.test(requires) && satisfy(sdkVersion, requires);

// The overrides' code only in a browser that keeps one (see ./overrides).
const overridesCode = () => import('./overrides');

/**
 * Where a remote stands. Its description (remote.json) is read after sign-in; its code only when one of its
 * routes is opened:
 * - `describing`: remote.json is being read;
 * - `described`: its routes and menu are known, none of its code is loaded;
 * - `loading` → `ready`: its container and `./routes` module are loading / loaded;
 * - `incompatible`: it requires an SDK this console does not have, so its code is never loaded;
 * - `failed`: its description or its code could not be loaded (`metadata` says which); trying again, it is
 *   `describing` or `loading` with the last `error` kept until the attempt has an answer.
 */
export type RemoteStatus = 'describing' | 'described' | 'loading' | 'ready' | 'incompatible' | 'failed';

export interface RemoteState {
  /** The name in /remotes.json, e.g. "mfe-equipment". */
  name: string;
  /** Its manifest URL. */
  entry: string;
  /** Its name for people: its description's title, or one made from `name` while none is known. */
  title: string;
  status: RemoteStatus;
  metadata?: RemoteMetadata;
  module?: RemoteRoutesModule;
  /** For `failed`: the technical detail; for `incompatible`: the sentence for the user. */
  error?: string;
  /** For `failed`: its published remote.json is not a description (its build is wrong, not the network). */
  invalidDescription?: boolean;
}

/** A remote this browser loads from elsewhere than /remotes.json says (see ./overrides). */
export interface RemoteOverride {
  name: string;
  entry: string;
  /** False when this console does not accept overrides from the entry's origin: the listing's entry is used. */
  applied: boolean;
}

interface RegistryState {
  /** False until /remotes.json has been read. */
  listed: boolean;
  remotes: RemoteState[];
  /** The overrides stored in this browser, once the listing has said which it accepts. */
  overrides: RemoteOverride[];
  /** The origins the listing accepts overrides from (none: overrides are off on this console). */
  overrideOrigins: string[];
}

const nothingListed = (): RegistryState => ({
  listed: false,
  remotes: [],
  overrides: [],
  overrideOrigins: [],
});
export const registryStore = createStore<RegistryState>(nothingListed);

/** What /remotes.json says. */
export interface Listing {
  /** name → manifest URL. */
  remotes: Record<string, string>;
  /** Origins a developer's browser may load an overriding remote from; none: no overrides. */
  overrideOrigins: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const stringsOf = (record: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(record).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );

/**
 * /remotes.json in either shape: `{ "remotes": { name: URL }, "console": { "sdkVersion", "remoteOverrideOrigins" } }`
 * as this console's API answers it, or the flat `{ name: URL }` of earlier consoles, which a console deployed
 * behind its own /remotes.json may still serve (then nobody may override). The shell knows its SDK version
 * itself; `sdkVersion` is there for the people and tools that build remotes.
 */
export function parseListing(body: unknown): Listing {
  if (!isRecord(body)) return { remotes: {}, overrideOrigins: [] };
  if (!isRecord(body.remotes)) return { remotes: stringsOf(body), overrideOrigins: [] };
  const about = isRecord(body.console) ? body.console : {};
  const origins = Array.isArray(about.remoteOverrideOrigins) ? about.remoteOverrideOrigins : [];
  return {
    remotes: stringsOf(body.remotes),
    overrideOrigins: origins.filter((origin): origin is string => typeof origin === 'string'),
  };
}

/** A remote's container name is its package name with underscores (JavaScript identifiers have no dashes). */
export const containerName = (name: string) => name.replace(/-/g, '_');

/** "mfe-food-safety" → "Food safety": what to call a remote whose own title could not be read. */
export function titleFromName(name: string) {
  const words = name.replace(/^mfe-/, '').split('-').filter(Boolean);
  const text = words.join(' ');
  return text ? `${text[0]!.toUpperCase()}${text.slice(1)}` : name;
}

/** remote.json lives beside the manifest. */
export const metadataUrl = (entry: string) =>
  new URL('remote.json', new URL(entry, window.location.href)).href;

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];

function update(name: string, patch: Partial<RemoteState>) {
  registryStore.setState((state) => ({
    remotes: state.remotes.map((remote) => (remote.name === name ? { ...remote, ...patch } : remote)),
  }));
}

const find = (name: string) => registryStore.getState().remotes.find((remote) => remote.name === name);

function isRoutesModule(value: unknown): value is RemoteRoutesModule {
  const candidate = value as Partial<RemoteRoutesModule> | null;
  return typeof candidate?.screens === 'object' && candidate.screens !== null;
}

async function describe(remote: Pick<RemoteState, 'name' | 'entry'>, fetchImpl: typeof fetch) {
  // A failure's error stays while trying again, so its panel stays (showing the retry) until there is news.
  update(remote.name, { status: 'describing' });
  try {
    const response = await fetchImpl(metadataUrl(remote.entry), { cache: 'no-cache' });
    if (!response.ok) throw new Error(`${metadataUrl(remote.entry)} answered ${response.status}`);
    const parsed = remoteMetadataSchema.safeParse(await response.json());
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      update(remote.name, {
        status: 'failed',
        invalidDescription: true,
        error: `remote.json does not describe a remote: ${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`,
      });
      return;
    }
    const metadata = parsed.data;
    // The shell's SDK is the page's one instance of the shared entries (it loads first): what remotes get.
    const problem = plainlySatisfied(metadata.requires)
      ? null
      : (await versionCheck()).incompatibility(metadata.title, metadata.requires, sdkVersion);
    update(remote.name, {
      metadata,
      title: metadata.title,
      status: problem ? 'incompatible' : 'described',
      error: problem ?? undefined,
      invalidDescription: undefined,
    });
  } catch (error) {
    update(remote.name, { status: 'failed', error: firstLine(error), invalidDescription: undefined });
  }
}

const loadingCode = new Map<string, Promise<void>>();

async function loadCode(name: string, force: boolean) {
  const remote = find(name);
  if (!remote?.metadata) return;
  update(name, { status: 'loading' });
  try {
    registerRemotes([{ name: containerName(name), entry: remote.entry }], { force });
    const loaded = await loadRemote<RemoteRoutesModule | { default: RemoteRoutesModule }>(
      `${containerName(name)}/routes`,
    );
    const module = loaded && 'default' in loaded && isRoutesModule(loaded.default) ? loaded.default : loaded;
    if (!isRoutesModule(module)) throw new Error('its ./routes module does not export screens');
    update(name, { status: 'ready', module, error: undefined });
  } catch (error) {
    // Module Federation refusing a shared module's version is not a connection problem: say what is needed.
    const refusal = await refusalOf(error, remote.title);
    if (refusal) update(name, { status: 'incompatible', error: refusal });
    else update(name, { status: 'failed', error: firstLine(error) });
  }
}

const refusalOf = (error: unknown, title: string) =>
  versionCheck().then(
    ({ versionRefusal }) => versionRefusal(error, title),
    () => null,
  );

/**
 * A remote's screen failed (its error boundary caught it). Module Federation refuses a shared entry's
 * version when a screen's chunk first needs it, so that refusal surfaces here: the remote is then
 * incompatible, in words, like one whose remote.json the shell refused itself.
 */
export async function screenFailed(name: string, error: unknown) {
  const remote = find(name);
  const refusal = remote ? await refusalOf(error, remote.title) : null;
  if (refusal) update(name, { status: 'incompatible', error: refusal });
}

/**
 * Loads a described remote's container and `./routes` (once; again after a failure only through
 * `retryRemote`). Remotes that are incompatible are never loaded.
 */
export function ensureRemoteLoaded(name: string): Promise<void> {
  const remote = find(name);
  if (remote?.status !== 'described') return loadingCode.get(name) ?? Promise.resolve();
  const loading = loadCode(name, false).finally(() => loadingCode.delete(name));
  loadingCode.set(name, loading);
  return loading;
}

let listing: Promise<void> | null = null;

/**
 * Reads /remotes.json and every remote's description, once per page. No remote code loads here: a remote's
 * container loads when one of its routes is opened. One remote failing leaves the others working.
 */
export function loadRemotes(fetchImpl: typeof fetch = fetch): Promise<void> {
  listing ??= readListing(fetchImpl);
  return listing;
}

/** Forgets what was loaded (tests). */
export function resetRemotes() {
  listing = null;
  loadingCode.clear();
  registryStore.setState(nothingListed(), true);
}

async function readListing(fetchImpl: typeof fetch) {
  let listed = parseListing({});
  try {
    const response = await fetchImpl('/remotes.json', { cache: 'no-cache' });
    if (response.ok) listed = parseListing(await response.json());
  } catch {
    // No listing: the console runs with its own screens only.
  }
  const overrides: RemoteOverride[] = [];
  if (browserHasOverrides()) {
    const { overrideAllowed, storedOverrides } = await overridesCode();
    for (const [name, entry] of Object.entries(storedOverrides()))
      overrides.push({ name, entry, applied: overrideAllowed(entry, listed.overrideOrigins) });
  }
  const entries = {
    ...listed.remotes,
    ...Object.fromEntries(overrides.filter((o) => o.applied).map((o) => [o.name, o.entry])),
  };
  const remotes: RemoteState[] = Object.entries(entries).map(([name, entry]) => ({
    name,
    entry,
    title: titleFromName(name),
    status: 'describing',
  }));
  registryStore.setState({ listed: true, remotes, overrides, overrideOrigins: listed.overrideOrigins });
  await Promise.all(remotes.map((remote) => describe(remote, fetchImpl)));
}

/**
 * Tries a failed remote again (its deployment may be back): its description if that failed, otherwise its
 * code. The remote's status is `describing` or `loading` while it tries.
 */
export async function retryRemote(name: string, fetchImpl: typeof fetch = fetch) {
  const remote = find(name);
  if (!remote || remote.status !== 'failed') return;
  if (!remote.metadata) {
    await describe(remote, fetchImpl);
    return;
  }
  const loading = loadCode(name, true).finally(() => loadingCode.delete(name));
  loadingCode.set(name, loading);
  await loading;
}

export function useRegistry<T>(selector: (state: RegistryState) => T): T {
  return useStore(registryStore, selector);
}
