// A developer's own copy of a remote, in their own browser: `?remote-override=mfe-x=http://localhost:3010/mf-manifest.json`
// on any console address is kept in this browser's storage and, after sign-in, the shell loads mfe-x from
// there instead of where /remotes.json says. Nobody else is affected and the API is not touched. The console
// accepts an override only from the origins its operator allows (REMOTE_OVERRIDE_ORIGINS, published in
// /remotes.json, also allowed by its Content-Security-Policy); none by default, so a link cannot make a
// production console run someone else's code.

import { overrideParameter, overridesStorageKey as storageKey } from './override-flags';

export { overrideParameter };
const remoteName = /^[a-z][a-z0-9-]*$/;

/** name → manifest URL, as this browser keeps them. */
export type RemoteOverrides = Record<string, string>;

export function storedOverrides(): RemoteOverrides {
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(storageKey) ?? '{}');
    if (parsed === null || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] => remoteName.test(entry[0]) && typeof entry[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}

function store(overrides: RemoteOverrides) {
  if (Object.keys(overrides).length === 0) globalThis.localStorage?.removeItem(storageKey);
  else globalThis.localStorage?.setItem(storageKey, JSON.stringify(overrides));
}

export function clearOverrides() {
  store({});
}

const isHttpUrl = (text: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

/**
 * Takes the `remote-override` parameters off the address into this browser's storage (so the address can be
 * shared without them): `mfe-x=<manifest URL>` sets one, `mfe-x=` removes it, an empty value removes all.
 * Runs before the router, so the parameters survive a detour through the sign-in page.
 */
export function captureOverridesFromUrl(location: Pick<Location, 'href'> = window.location) {
  const url = new URL(location.href);
  const values = url.searchParams.getAll(overrideParameter);
  if (values.length === 0) return;
  let overrides = storedOverrides();
  for (const value of values) {
    const separator = value.indexOf('=');
    const name = separator < 0 ? value : value.slice(0, separator);
    const entry = separator < 0 ? '' : value.slice(separator + 1);
    if (name === '') overrides = {};
    else if (!remoteName.test(name)) console.warn(`remote-override: "${name}" is not a remote name`);
    else if (entry === '') delete overrides[name];
    else if (isHttpUrl(entry)) overrides[name] = entry;
    else console.warn(`remote-override: ${entry} is not an http(s) address of a manifest`);
  }
  store(overrides);
  url.searchParams.delete(overrideParameter);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

const defaultPorts: Record<string, string> = { 'http:': '80', 'https:': '443' };

/**
 * Whether `entry` is served from an origin matching one of `allowed`, written as Content-Security-Policy
 * sources are: `http://localhost:*`, `https://*.dev.example.com`, `http://127.0.0.1:3010`.
 */
export function overrideAllowed(entry: string, allowed: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return false;
  }
  const port = url.port || defaultPorts[url.protocol];
  return allowed.some((source) => {
    const match = /^(https?:)\/\/(\*\.)?([^:/*]+)(?::(\d+|\*))?\/?$/.exec(source.trim());
    if (!match) return false;
    const [, scheme, anySubdomain, host, allowedPort] = match;
    const hostMatches = anySubdomain
      ? url.hostname.endsWith(`.${host}`)
      : url.hostname === host || url.hostname === `[${host}]`;
    const portMatches = allowedPort === '*' || (allowedPort ?? defaultPorts[scheme!]) === port;
    return url.protocol === scheme && hostMatches && portMatches;
  });
}
