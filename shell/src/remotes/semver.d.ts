// The two semver functions the shell uses, imported one file each to keep the rest of semver out of the
// bundle (the package ships no types of its own).
declare module 'semver/functions/satisfies' {
  export default function satisfies(version: string, range: string): boolean;
}
declare module 'semver/ranges/min-version' {
  export default function minVersion(range: string): { major: number; minor: number; version: string } | null;
}
