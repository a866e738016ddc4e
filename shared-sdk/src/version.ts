// Read from package.json when the SDK is built (webpack and tsc inline or import it; jest reads the file),
// so the version a container reports is always the one it was built from.
import manifest from '../package.json' with { type: 'json' };

/** This SDK's version: the semver of the shared surface (the main entry and the other shared entries). */
export const sdkVersion: string = manifest.version;
