import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { createStore, useStore } from 'zustand';
import type { RemoteRoutesModule } from '@console/shared-sdk';

export interface RemoteState {
  /** The name in /remotes.json, e.g. "mfe-equipment". */
  name: string;
  entry: string;
  status: 'loading' | 'ready' | 'failed';
  module?: RemoteRoutesModule;
  error?: string;
}

interface RegistryState {
  /** False until /remotes.json has been read. */
  listed: boolean;
  remotes: RemoteState[];
}

export const registryStore = createStore<RegistryState>(() => ({ listed: false, remotes: [] }));

/** A remote's container name is its package name with underscores (JavaScript identifiers have no dashes). */
export const containerName = (name: string) => name.replace(/-/g, '_');

function update(name: string, patch: Partial<RemoteState>) {
  registryStore.setState((state) => ({
    remotes: state.remotes.map((remote) => (remote.name === name ? { ...remote, ...patch } : remote)),
  }));
}

function isRoutesModule(value: unknown): value is RemoteRoutesModule {
  const candidate = value as Partial<RemoteRoutesModule> | null;
  return Array.isArray(candidate?.routes) && Array.isArray(candidate?.menu);
}

async function loadRoutes(remote: Pick<RemoteState, 'name' | 'entry'>, force: boolean) {
  update(remote.name, { status: 'loading', error: undefined });
  try {
    registerRemotes([{ name: containerName(remote.name), entry: remote.entry }], { force });
    const loaded = await loadRemote<RemoteRoutesModule | { default: RemoteRoutesModule }>(
      `${containerName(remote.name)}/routes`,
    );
    const module = loaded && 'default' in loaded && isRoutesModule(loaded.default) ? loaded.default : loaded;
    if (!isRoutesModule(module)) throw new Error('its ./routes module does not export routes and menu');
    update(remote.name, { status: 'ready', module });
  } catch (error) {
    update(remote.name, {
      status: 'failed',
      error: error instanceof Error ? error.message.split('\n')[0] : String(error),
    });
  }
}

let loading: Promise<void> | null = null;

/**
 * Reads /remotes.json and loads every remote's routes, once per page; one remote failing leaves the others
 * working.
 */
export function loadRemotes(fetchImpl: typeof fetch = fetch): Promise<void> {
  loading ??= readAndLoad(fetchImpl);
  return loading;
}

/** Forgets what was loaded (tests). */
export function resetRemotes() {
  loading = null;
  registryStore.setState({ listed: false, remotes: [] }, true);
}

async function readAndLoad(fetchImpl: typeof fetch) {
  let listing: Record<string, string> = {};
  try {
    const response = await fetchImpl('/remotes.json', { cache: 'no-cache' });
    if (response.ok) listing = (await response.json()) as Record<string, string>;
  } catch {
    // No listing: the console runs with its own screens only.
  }
  const remotes = Object.entries(listing).map(([name, entry]) => ({
    name,
    entry,
    status: 'loading' as const,
  }));
  registryStore.setState({ listed: true, remotes });
  await Promise.all(remotes.map((remote) => loadRoutes(remote, false)));
}

/** Tries a failed remote again (its deployment may be back). */
export function retryRemote(name: string) {
  const remote = registryStore.getState().remotes.find((r) => r.name === name);
  if (remote) return loadRoutes(remote, true);
  return Promise.resolve();
}

export function useRegistry<T>(selector: (state: RegistryState) => T): T {
  return useStore(registryStore, selector);
}
