import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

// A webhook must not be a way into the server's own network (server-side request forgery): its host may not
// be, or resolve to, a private, loopback, link-local, unique-local or unspecified address, unless the
// deployment allows it (WEBHOOKS_ALLOW_PRIVATE_URLS). The URL is checked when it is saved, and again at each
// delivery, where the address checked is the one connected to (a name that resolved to a public address
// when saved may resolve to 127.0.0.1 later: DNS rebinding).

/** Ranges no webhook may reach: not publicly routable, or special to the host or its network. */
const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", including the unspecified 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT, private to a provider's network
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, including cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // network benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast 255.255.255.255
] as const) {
  refused.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use IPv4/IPv6 translation
  ['100::', 64], // discard-only
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed by some networks)
  ['ff00::', 8], // multicast
] as const) {
  refused.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 one carries (mapped, compatible, NAT64 or 6to4), or undefined. */
function embeddedIpv4(address: string): string | undefined {
  const groups = expandIpv6(address);
  if (!groups) return undefined;
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated but still parsed by stacks).
  if (zeros(0, 5) && (groups[5] === 0xffff || groups[5] === 0)) return v4(groups[6] ?? 0, groups[7] ?? 0);
  // 64:ff9b::a.b.c.d, the well-known NAT64 prefix: the gateway connects to a.b.c.d.
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return v4(groups[6] ?? 0, groups[7] ?? 0);
  // 2002:AABB:CCDD::, 6to4: the tunnel's end is AA.BB.CC.DD.
  if (groups[0] === 0x2002) return v4(groups[1] ?? 0, groups[2] ?? 0);
  return undefined;
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included), or undefined. */
function expandIpv6(address: string): number[] | undefined {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const bytes = dotted[1].split('.').map(Number);
    const [a = 0, b = 0, c = 0, d = 0] = bytes;
    text = text.slice(0, -dotted[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parts = (half: string | undefined) =>
    half ? half.split(':').map((group) => parseInt(group, 16)) : [];
  const head = parts(halves[0]);
  const tail = parts(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return undefined;
  const groups = [...head, ...Array<number>(Math.max(missing, 0)).fill(0), ...tail];
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff)
    ? groups
    : undefined;
}

/** Whether a webhook may not reach this IP address (IPv4 or IPv6, IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return refused.check(bare, 'ipv4');
  if (family !== 6) return true; // not an address at all: nothing to allow
  const v4 = embeddedIpv4(bare);
  if (v4 !== undefined && refused.check(v4, 'ipv4')) return true;
  return refused.check(bare.replace(/%.*$/, ''), 'ipv6');
}

/** Names that mean this host however DNS is set up (RFC 6761), refused without asking DNS. */
function isLocalName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost') || name === 'localhost.localdomain';
}

/** A URL's host as an address or name: IPv6 without its brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolve: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

/** Why a webhook may not be sent to this host, or null when it may. */
export type RefusedHost = { reason: 'private' | 'unresolved'; message: string } | null;

export const privateHostMessage =
  'This address is on a private, loopback or link-local network, which webhooks may not reach';

/**
 * Checks a host a webhook is to reach: an address must be public; `localhost` and its kind are refused; a
 * name is resolved and every address it has must be public. Answers the addresses to connect to (a name's
 * in DNS order), so the caller connects to what was checked.
 */
export async function checkHost(
  host: string,
  resolve: Resolve = systemResolve,
): Promise<{ refused: RefusedHost; addresses: { address: string; family: number }[] }> {
  const family = isIP(host);
  if (family !== 0) {
    return isPrivateAddress(host)
      ? { refused: { reason: 'private', message: privateHostMessage }, addresses: [] }
      : { refused: null, addresses: [{ address: host, family }] };
  }
  if (isLocalName(host))
    return { refused: { reason: 'private', message: privateHostMessage }, addresses: [] };
  let addresses: { address: string; family: number }[];
  try {
    addresses = await resolve(host);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) {
    return {
      refused: { reason: 'unresolved', message: `The host name ${host} could not be found` },
      addresses: [],
    };
  }
  if (addresses.some((one) => isPrivateAddress(one.address))) {
    return { refused: { reason: 'private', message: privateHostMessage }, addresses: [] };
  }
  return { refused: null, addresses };
}

/**
 * The check of a URL being saved: null when it may be saved, else the field's message. A name that does not
 * resolve now is accepted (DNS may be down, or the receiver not yet live); its delivery is checked anyway.
 */
export async function refusalOfUrl(
  text: string,
  allowPrivate: boolean,
  resolve: Resolve = systemResolve,
): Promise<string | null> {
  if (allowPrivate) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Must be a web address starting with https:// or http://';
  }
  const { refused: refusal } = await checkHost(hostOf(url), resolve);
  return refusal?.reason === 'private' ? refusal.message : null;
}
