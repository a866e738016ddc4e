// Whether a remote override is on the address or kept in this browser: all the boot and the registry need
// to know before they load ./overrides, which most visits (none) never do.

export const overrideParameter = 'remote-override';
export const overridesStorageKey = 'console.remoteOverrides';

/** The address carries `remote-override` parameters for ./overrides to take off. */
export const addressHasOverrides = (location: Pick<Location, 'href'> = window.location) =>
  new URL(location.href).searchParams.has(overrideParameter);

/** This browser keeps overrides (./overrides reads and checks them). */
export function browserHasOverrides(): boolean {
  try {
    return globalThis.localStorage?.getItem(overridesStorageKey) != null;
  } catch {
    return false;
  }
}
