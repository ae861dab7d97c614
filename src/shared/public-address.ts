/**
 * Which IP addresses are on the public internet, and which webhook URLs may be called. Webhooks are
 * requests the server makes on a merchant's say-so, so a URL naming (or resolving to) the server's
 * own machine, its private network or a cloud metadata address must be refused. Pure and without
 * Node modules: the portal's forms check URLs with it as the API does, and the webhook dispatcher
 * judges every address a host name resolves to with it.
 */

/** Why an address is not public. */
export type AddressKind =
  'unspecified' | 'loopback' | 'private' | 'shared' | 'link-local' | 'multicast' | 'documentation' | 'reserved';

/** An IPv4 block: first address as a 32-bit number, prefix length, and what it is. */
type Block4 = readonly [base: number, prefix: number, kind: AddressKind];

const v4 = (dotted: string) => dotted.split('.').reduce((value, part) => value * 256 + Number(part), 0);

/** IPv4 blocks that are not public (IANA special-purpose registry), smallest first where nested. */
const IPV4_BLOCKS: readonly Block4[] = [
  [v4('0.0.0.0'), 8, 'unspecified'],
  [v4('10.0.0.0'), 8, 'private'],
  [v4('100.64.0.0'), 10, 'shared'],
  [v4('127.0.0.0'), 8, 'loopback'],
  // Includes 169.254.169.254, the metadata service of the big clouds.
  [v4('169.254.0.0'), 16, 'link-local'],
  [v4('172.16.0.0'), 12, 'private'],
  [v4('192.0.0.0'), 24, 'reserved'],
  [v4('192.0.2.0'), 24, 'documentation'],
  [v4('192.88.99.0'), 24, 'reserved'],
  [v4('192.168.0.0'), 16, 'private'],
  [v4('198.18.0.0'), 15, 'reserved'],
  [v4('198.51.100.0'), 24, 'documentation'],
  [v4('203.0.113.0'), 24, 'documentation'],
  [v4('224.0.0.0'), 4, 'multicast'],
  // Includes the broadcast address 255.255.255.255.
  [v4('240.0.0.0'), 4, 'reserved'],
];

/** A dotted-quad IPv4 address as a 32-bit number; null unless it is exactly four decimal parts 0–255. */
export function parseIpv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part) || Number(part) > 255) return null;
    value = value * 256 + Number(part);
  }
  return value;
}

/** An IPv6 address (with `::`, an embedded dotted quad or a `%zone`) as a 128-bit number, else null. */
export function parseIpv6(text: string): bigint | null {
  const address = text.replace(/%[^%]*$/, '');
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (half: string): number[] | null => {
    if (half === '') return [];
    const groups: number[] = [];
    const parts = half.split(':');
    for (const [index, part] of parts.entries()) {
      if (index === parts.length - 1 && part.includes('.')) {
        const embedded = parseIpv4(part);
        if (embedded === null) return null;
        groups.push(Math.floor(embedded / 0x10000), embedded % 0x10000);
      } else if (/^[0-9a-f]{1,4}$/i.test(part)) groups.push(parseInt(part, 16));
      else return null;
    }
    return groups;
  };
  const head = groupsOf(halves[0]);
  const tail = halves.length === 2 ? groupsOf(halves[1]) : [];
  if (!head || !tail) return null;
  // An embedded dotted quad may only end the address.
  if (halves.length === 2 && halves[0].includes('.')) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return groups.reduce((value, group) => (value << 16n) | BigInt(group), 0n);
}

const inBlock4 = (value: number, base: number, prefix: number) =>
  Math.floor(value / 2 ** (32 - prefix)) === Math.floor(base / 2 ** (32 - prefix));

/** What kind of non-public IPv4 address this is, or null when it is public. */
function ipv4Kind(value: number): AddressKind | null {
  for (const [base, prefix, kind] of IPV4_BLOCKS) if (inBlock4(value, base, prefix)) return kind;
  return null;
}

const v6 = (text: string) => parseIpv6(text) as bigint;
const inBlock6 = (value: bigint, base: bigint, prefix: number) =>
  value >> BigInt(128 - prefix) === base >> BigInt(128 - prefix);
const LOW_32 = 0xffff_ffffn;

/** IPv6 blocks that carry an IPv4 address in their low 32 bits: judged by that address. */
const EMBEDDING_BLOCKS: readonly (readonly [bigint, number])[] = [
  [v6('::ffff:0:0'), 96], // IPv4-mapped
  [v6('::'), 96], // IPv4-compatible (deprecated), after :: and ::1 are judged
  [v6('64:ff9b::'), 96], // NAT64, well-known prefix
];

/** IPv6 blocks that are not public, inside or outside global unicast 2000::/3. */
const IPV6_BLOCKS: readonly (readonly [bigint, number, AddressKind])[] = [
  [v6('64:ff9b:1::'), 48, 'private'], // NAT64 for local use
  [v6('100::'), 64, 'reserved'], // discard-only
  [v6('2001::'), 23, 'reserved'], // IETF protocol assignments (Teredo, benchmarking, ORCHID…)
  [v6('2001:db8::'), 32, 'documentation'],
  [v6('3fff::'), 20, 'documentation'],
  [v6('fc00::'), 7, 'private'], // unique local
  [v6('fe80::'), 10, 'link-local'],
  [v6('fec0::'), 10, 'private'], // site-local (deprecated)
  [v6('ff00::'), 8, 'multicast'],
];

/** What kind of non-public IPv6 address this is, or null when it is public. */
function ipv6Kind(value: bigint): AddressKind | null {
  if (value === 0n) return 'unspecified';
  if (value === 1n) return 'loopback';
  for (const [base, prefix] of EMBEDDING_BLOCKS)
    if (inBlock6(value, base, prefix)) return ipv4Kind(Number(value & LOW_32));
  // 6to4: the IPv4 address follows the 2002::/16 prefix.
  if (inBlock6(value, v6('2002::'), 16)) return ipv4Kind(Number((value >> 80n) & LOW_32));
  for (const [base, prefix, kind] of IPV6_BLOCKS) if (inBlock6(value, base, prefix)) return kind;
  // Only global unicast is assigned for the public internet.
  return inBlock6(value, v6('2000::'), 3) ? null : 'reserved';
}

/** Whether `text` is an IP address (IPv6 with or without brackets), as opposed to a host name. */
export function isIpLiteral(text: string): boolean {
  const bare = text.replace(/^\[(.*)\]$/, '$1');
  return parseIpv4(bare) !== null || parseIpv6(bare) !== null;
}

/**
 * Why an IP address (IPv4 dotted quad, or IPv6 with or without brackets) is not on the public
 * internet, or null when it is. Anything that is not an IP address is `reserved`: never public.
 */
export function nonPublicKind(address: string): AddressKind | null {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const ipv4 = parseIpv4(bare);
  if (ipv4 !== null) return ipv4Kind(ipv4);
  const ipv6 = parseIpv6(bare);
  return ipv6 === null ? 'reserved' : ipv6Kind(ipv6);
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
