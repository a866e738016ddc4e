/** A deterministic fraction in [0, 1) for the n-th draw about a record: the demo is the same every time. */
export function draw(key: string, n: number): number {
  let hash = 2166136261 ^ n;
  for (const char of key) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return ((hash >>> 0) % 10_000) / 10_000;
}
