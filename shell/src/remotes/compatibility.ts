import satisfies from 'semver/functions/satisfies';
import minVersion from 'semver/ranges/min-version';

/** `1.3` for `1.3.0`: people speak of console versions by major and minor. */
const shortVersion = ({ major, minor }: { major: number; minor: number }) => `${major}.${minor}`;

/**
 * Whether this console (its SDK `hostVersion`) can run a remote that `requires` a range; when it cannot, the
 * sentence that says why to the people using the console. A remote built against a newer SDK needs the
 * console updated; one built against an older major (or 0.x minor) needs the remote rebuilt.
 */
export function incompatibility(remoteTitle: string, requires: string, hostVersion: string): string | null {
  if (satisfies(hostVersion, requires)) return null;
  let lowest: ReturnType<typeof minVersion> = null;
  try {
    lowest = minVersion(requires);
  } catch {
    // Not a range at all: said below in the remote's own terms.
  }
  if (!lowest)
    return `${remoteTitle} asks for console version "${requires}", which this console (${hostVersion}) cannot read. Ask your administrator to check the ${remoteTitle} deployment.`;
  if (satisfies(lowest.version, `>${hostVersion}`))
    return `${remoteTitle} needs console ${shortVersion(lowest)} or newer; this console runs ${hostVersion}. Ask your administrator to update the console.`;
  return `${remoteTitle} was built for console ${shortVersion(lowest)}; this console runs ${hostVersion}. Ask your administrator to update ${remoteTitle}.`;
}
