// The range check is Module Federation's own `satisfy`: the function its runtime applies to every shared
// module's `requiredVersion`, so the panel and Module Federation's `strictVersion` refusal always agree. Its
// runtime is already on the page (the shell provides it to every remote), so the check downloads nothing;
// the `semver` package it replaces was 6 KB gzip on the first screen after sign-in.
import { satisfy } from '@module-federation/runtime-core';

interface Version {
  major: number;
  minor: number;
  patch: number;
}

/** `1.3` for `1.3.0`: people speak of SDK versions by major and minor. */
const shortVersion = ({ major, minor }: Version) => `${major}.${minor}`;

const versionPart = String.raw`(?:0|[1-9]\d*|[xX*])`;
/** One comparator: an optional operator, then a version whose minor and patch may be missing or wildcards. */
const comparatorPattern = new RegExp(
  String.raw`^(<=|>=|<|>|=|\^|~>?|)v?(${versionPart})(?:\.(${versionPart})(?:\.(${versionPart})(?:-[0-9A-Za-z.-]+)?)?)?$`,
);
const number = (part: string | undefined) => (part === undefined || /^[xX*]$/.test(part) ? 0 : Number(part));
const compare = (a: Version, b: Version) => a.major - b.major || a.minor - b.minor || a.patch - b.patch;

/**
 * The lowest version a range allows (what `semver.minVersion` answers, for the ranges people write): the
 * lowest lower bound over its `||` alternatives, 0.0.0 for an alternative with none, the next patch for a
 * `>` bound. Null when the text is not a range at all.
 */
function lowestVersion(range: string): Version | null {
  let lowest: Version | null = null;
  for (const alternative of range.split('||')) {
    // "1.2.0 - 1.4.0" (a hyphen range) starts at its first version.
    const comparators = alternative
      .trim()
      .replace(/\s+-\s+.*$/, '')
      .replace(/([<>=~^])\s+/g, '$1')
      .split(/\s+/);
    let bound: Version = { major: 0, minor: 0, patch: 0 };
    for (const comparator of comparators.filter(Boolean)) {
      if (comparator === '*' || /^[xX]$/.test(comparator)) continue;
      const match = comparatorPattern.exec(comparator);
      if (!match) return null;
      const [, operator, major, minor, patch] = match;
      if (operator === '<' || operator === '<=') continue;
      const version = { major: number(major), minor: number(minor), patch: number(patch) };
      if (operator === '>') {
        // The next version above it: the next patch, or the next minor or major when the bound omits them.
        if (patch !== undefined) version.patch += 1;
        else if (minor !== undefined) version.minor += 1;
        else version.major += 1;
      }
      if (compare(version, bound) > 0) bound = version;
    }
    if (!lowest || compare(bound, lowest) < 0) lowest = bound;
  }
  return lowest;
}

/**
 * Whether this console (its SDK `hostVersion`) can run a remote that `requires` a range; when it cannot, the
 * sentence that says why to the people using the console. A remote built against a newer SDK needs the
 * console updated; one built against an older major (or 0.x minor) needs the remote rebuilt.
 */
export function incompatibility(remoteTitle: string, requires: string, hostVersion: string): string | null {
  const lowest = lowestVersion(requires);
  if (lowest && satisfy(hostVersion, requires)) return null;
  if (!lowest)
    return `${remoteTitle} asks for SDK version "${requires}", which this console (SDK ${hostVersion}) cannot read. Ask your administrator to check the ${remoteTitle} deployment.`;
  const host = lowestVersion(hostVersion);
  if (host && compare(lowest, host) > 0)
    return `${remoteTitle} needs SDK ${shortVersion(lowest)} or newer; this console has SDK ${hostVersion}. Ask your administrator to update the console.`;
  return `${remoteTitle} was built for SDK ${shortVersion(lowest)}; this console has SDK ${hostVersion}. Ask your administrator to update ${remoteTitle}.`;
}

/**
 * Module Federation's own refusal of a remote whose shared modules need versions this page does not have
 * ("Version 1.5.0 from shell of shared singleton module @console/shared-sdk/mui does not satisfy the
 * requirement of … which needs ^1.6.0)"), in the words of a `requires` the shell refused itself. Null for
 * any other error.
 */
export function versionRefusal(error: unknown, remoteTitle: string): string | null {
  const message = error instanceof Error ? error.message : String(error);
  const refused =
    /Version (\S+) from .*? of shared singleton module (\S+) does not satisfy the requirement of .*? which needs (\S+?)\)?(?:\s|$)/.exec(
      message,
    );
  if (!refused) return null;
  const [, provided, module, needs] = refused;
  if (module === '@console/shared-sdk' || module!.startsWith('@console/shared-sdk/'))
    return incompatibility(remoteTitle, needs!, provided!);
  return `${remoteTitle} needs ${module} ${needs}; this console provides ${provided}. Ask your administrator to update the console or ${remoteTitle}.`;
}
