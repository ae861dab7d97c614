import ipaddr from 'ipaddr.js';

/**
 * Which IP addresses are on the public internet, and which webhook URLs may be called. Webhooks are
 * requests the server makes on a merchant's say-so, so a URL naming (or resolving to) the server's
 * own machine, its private network or a cloud metadata address must be refused. The ranges are
 * ipaddr.js's (the IANA special-purpose registries). Without Node modules: the portal's forms check
 * URLs with it as the API does, and the webhook dispatcher judges every address a host name
 * resolves to with it.
 */

/** Why an address is not public. */
export type AddressKind = 'unspecified' | 'loopback' | 'private' | 'shared' | 'link-local' | 'multicast' | 'reserved';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * ipaddr.js's range names (`range()`) that say more than "reserved". Only `unicast` is public: any
 * other range it names (documentation, benchmarking, Teredo, AS112, discard…, and any it adds later)
 * is refused as `reserved`.
 */
const KIND_OF_RANGE = new Map<string, AddressKind>([
  ['unspecified', 'unspecified'],
  ['loopback', 'loopback'],
  ['private', 'private'],
  ['uniqueLocal', 'private'],
  ['deprecatedSiteLocal', 'private'],
  ['carrierGradeNat', 'shared'],
  // Includes 169.254.169.254, the metadata service of the big clouds.
  ['linkLocal', 'link-local'],
  ['multicast', 'multicast'],
]);

const kindOfRange = (range: string): AddressKind | null =>
  range === 'unicast' ? null : (KIND_OF_RANGE.get(range) ?? 'reserved');

/** Only global unicast is assigned for the public internet; the rest of IPv6 is reserved. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
/** NAT64 for local use (RFC 8215): a private network, whatever IPv4 address it carries. */
const LOCAL_NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b:1::/48');

/** The IPv4 address two 16-bit groups of an IPv6 address carry. */
const ipv4Of = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/** What kind of non-public IPv6 address this is, or null when it is public. */
function ipv6Kind(address: ipaddr.IPv6): AddressKind | null {
  const range = address.range();
  const { parts } = address;
  // Addresses that carry an IPv4 address are judged by it: IPv4-mapped and NAT64 in the low 32
  // bits, 6to4 right after its 2002::/16 prefix.
  if (range === 'ipv4Mapped') return kindOfRange(address.toIPv4Address().range());
  if (range === 'rfc6052')
    return address.match(LOCAL_NAT64) ? 'private' : kindOfRange(ipv4Of(parts[6], parts[7]).range());
  if (range === '6to4') return kindOfRange(ipv4Of(parts[1], parts[2]).range());
  if (range === 'unicast' && !address.match(GLOBAL_UNICAST)) return 'reserved';
  return kindOfRange(range);
}

/**
 * The address `text` names: an IPv4 dotted quad (four decimal parts, nothing else) or an IPv6
 * address with or without brackets; null for anything else.
 */
function parseAddress(text: string): Address | null {
  const bare = text.replace(/^\[(.*)\]$/, '$1');
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare);
  if (ipaddr.IPv6.isValid(bare)) return ipaddr.IPv6.parse(bare);
  return null;
}

/** Whether `text` is an IP address (IPv6 with or without brackets), as opposed to a host name. */
export function isIpLiteral(text: string): boolean {
  return parseAddress(text) !== null;
}

/**
 * Why an IP address (IPv4 dotted quad, or IPv6 with or without brackets) is not on the public
 * internet, or null when it is. Anything that is not an IP address is `reserved`: never public.
 */
export function nonPublicKind(text: string): AddressKind | null {
  const address = parseAddress(text);
  if (address === null) return 'reserved';
  return address instanceof ipaddr.IPv4 ? kindOfRange(address.range()) : ipv6Kind(address);
}

/** Why a webhook URL may not be called (checked before any host name is resolved). */
export type WebhookUrlProblem = 'invalid' | 'not-https' | 'credentials' | 'local-host' | AddressKind;

export interface WebhookUrlPolicy {
  /** Accept http and hosts on the server's own machine or network too (development only). */
  allowPrivate?: boolean;
}

/**
 * Why a webhook URL is refused, or null when it may be called: it must be an absolute `https:` URL
 * without a user name or password, whose host is neither `localhost` (nor a name under it) nor an
 * IP address outside the public internet. With `allowPrivate`, http and private hosts pass too.
 * A host name's addresses are judged again when it is called.
 */
export function webhookUrlProblem(text: string, policy: WebhookUrlPolicy = {}): WebhookUrlProblem | null {
  // Printable ASCII only: the URL parser would silently drop tabs and line breaks and encode spaces,
  // and an international domain name is written in its ASCII (punycode) form.
  if (/[^!-~]/.test(text)) return 'invalid';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'invalid';
  }
  const web = url.protocol === 'https:' || url.protocol === 'http:';
  if (!web || url.hostname === '') return web ? 'invalid' : 'not-https';
  if (url.protocol !== 'https:' && !policy.allowPrivate) return 'not-https';
  if (url.username !== '' || url.password !== '') return 'credentials';
  if (policy.allowPrivate) return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'local-host';
  return isIpLiteral(host) ? nonPublicKind(host) : null;
}
