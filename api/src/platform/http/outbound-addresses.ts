import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

// An address the server calls on someone's say-so (a webhook's receiver, a push service, an organisation's
// sign-in provider) must not be a way into the server's own network (server-side request forgery): its host
// may not be, or resolve to, any address but a public unicast one (no private, loopback or link-local one),
// unless the deployment allows it (WEBHOOKS_ALLOW_PRIVATE_URLS, SSO_ALLOW_PRIVATE_ISSUERS). The URL is checked
// when it is saved, and again at each call, where the address checked is the one connected to (a name that
// resolved to a public address when saved may resolve to 127.0.0.1 later: DNS rebinding).

// IPv4-compatible IPv6 (::a.b.c.d, deprecated by RFC 4291), which ipaddr.js counts as unicast when written in
// hex (`::7f00:1`, as the URL parser writes `[::127.0.0.1]`): stacks that still read it reach a.b.c.d.
const ipv4Compatible = ipaddr.parseCIDR('::/96');

/**
 * Whether the server may not call this IP address (IPv4 or IPv6, with or without brackets). ipaddr.js
 * classifies it against the IANA special-purpose registries; only what it calls plain unicast (publicly
 * routable) may be reached. Every other range is refused, including those that wrap an IPv4 address the
 * check would otherwise not see: IPv4-mapped (`::ffff:0:0/96`, unwrapped by `process` and judged as IPv4),
 * IPv4-translated (`::ffff:0:0:0/96`), NAT64 (`64:ff9b::/96`, `64:ff9b:1::/48`), 6to4 (`2002::/16`) and
 * Teredo (`2001::/32`), besides private, loopback, link-local, unique-local, carrier-grade NAT, benchmarking,
 * multicast, broadcast, documentation and reserved ones.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  // Only the spellings a URL's host or a DNS answer can hold: node's parser decides what is an address
  // (ipaddr.js would also read forms such as `0x7f.1` the URL parser has already normalised).
  if (isIP(bare.replace(/%.*$/, '')) === 0) return true; // not an address at all: nothing to allow
  try {
    const parsed = ipaddr.process(bare);
    if (parsed.kind() === 'ipv6' && parsed.match(ipv4Compatible)) return true;
    return parsed.range() !== 'unicast';
  } catch {
    return true;
  }
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

/**
 * A socket's DNS lookup that answers the addresses already checked, whatever it is asked: the connection
 * goes where the check looked (Node asks for all addresses when it tries IPv6 and IPv4 in turn).
 */
export function pinnedLookup(addresses: readonly { address: string; family: number }[]): LookupFunction {
  const [first] = addresses;
  if (!first) throw new Error('pinnedLookup needs an address');
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [...addresses]);
    else callback(null, first.address, first.family);
  };
}
