import dns from 'node:dns';
import net from 'node:net';

/**
 * Where the server may send a request a user configured (the simulators' webhook subscriptions):
 * never to link-local (cloud metadata), unspecified, multicast, broadcast or reserved addresses,
 * nor to metadata host names; to loopback and private ranges only inside the allowed networks
 * (SIM_WEBHOOK_ALLOWED_NETWORKS). IP literals in any spelling reach here normalised by WHATWG URL
 * (`http://2852039166/`, `0xa9.0xfe.0xa9.0xfe` → 169.254.169.254); IPv4-mapped IPv6 is judged as
 * its IPv4 address. Names are judged by the addresses they resolve to at each connection
 * (`guardedLookup`, undici's connect option), so a name that later resolves elsewhere is refused then.
 */

/** Ranges refused whatever the allowed networks say. */
const ALWAYS: [string, number, 'ipv4' | 'ipv6', string][] = [
  ['0.0.0.0', 8, 'ipv4', 'an unspecified address'],
  ['169.254.0.0', 16, 'ipv4', 'a link-local address (cloud metadata lives there)'],
  ['224.0.0.0', 4, 'ipv4', 'a multicast address'],
  ['240.0.0.0', 4, 'ipv4', 'a reserved or broadcast address'],
  ['::', 128, 'ipv6', 'an unspecified address'],
  ['fe80::', 10, 'ipv6', 'a link-local address (cloud metadata lives there)'],
  ['fd00:ec2::', 32, 'ipv6', 'a cloud metadata address'],
  ['ff00::', 8, 'ipv6', 'a multicast address'],
];

/** Ranges refused unless the allowed networks hold the address. */
const INTERNAL: [string, number, 'ipv4' | 'ipv6', string][] = [
  ['127.0.0.0', 8, 'ipv4', 'a loopback address'],
  ['10.0.0.0', 8, 'ipv4', 'a private address'],
  ['172.16.0.0', 12, 'ipv4', 'a private address'],
  ['192.168.0.0', 16, 'ipv4', 'a private address'],
  ['100.64.0.0', 10, 'ipv4', 'a shared (carrier-grade NAT) address'],
  ['::1', 128, 'ipv6', 'a loopback address'],
  ['fc00::', 7, 'ipv6', 'a private (unique local) address'],
];

/** Host names of cloud metadata services (refused before any lookup). */
const METADATA_NAMES =
  /^(?:metadata|metadata\.google\.internal|metadata\.goog|instance-data(?:\.ec2\.internal)?|metadata\.azure\.com)\.?$/i;

/** Ports of services that are not web servers (the fetch standard's bad ports, and databases). */
const REFUSED_PORTS = new Set([
  1, 7, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111,
  113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540,
  548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1433, 1521, 1719, 1720, 1723, 2049, 2375, 2376, 3306, 3659,
  4045, 4190, 5060, 5061, 5432, 5984, 6000, 6379, 6566, 6665, 6666, 6667, 6668, 6669, 6697, 9042, 9200, 10080, 11211,
  27017,
]);

/** The default of SIM_WEBHOOK_ALLOWED_NETWORKS: loopback (this site's own inspector works offline). */
export const LOOPBACK_NETWORKS = '127.0.0.0/8,::1/128';

/** The networks of a comma-separated CIDR list (`10.0.0.0/8, fd00::/8`), or why it is not one. */
export function parseNetworks(text: string): net.BlockList | string {
  const list = new net.BlockList();
  for (const item of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^([^/]+)\/(\d{1,3})$/.exec(item);
    const family = m ? net.isIP(m[1]!) : 0;
    const prefix = Number(m?.[2]);
    if (!m || family === 0 || prefix > (family === 4 ? 32 : 128)) {
      return `"${item}" is not a network in CIDR notation (e.g. 127.0.0.0/8, 10.0.0.0/8, ::1/128)`;
    }
    list.addSubnet(m[1]!, prefix, family === 4 ? 'ipv4' : 'ipv6');
  }
  return list;
}

const blockOf = (ranges: typeof ALWAYS) =>
  ranges.map(([address, prefix, family, reason]) => {
    const list = new net.BlockList();
    list.addSubnet(address, prefix, family);
    return { list, reason };
  });
const always = blockOf(ALWAYS);
const internal = blockOf(INTERNAL);

/** The IPv4 address an IPv4-mapped (or compatible) IPv6 address carries, else the address as is. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const bare = address.replace(/^\[|\]$/g, '');
  if (net.isIPv4(bare)) return { address: bare, family: 'ipv4' };
  const m = /^::ffff:(?:0:)?(.+)$/i.exec(bare);
  if (m) {
    if (net.isIPv4(m[1]!)) return { address: m[1]!, family: 'ipv4' };
    const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(m[1]!);
    if (hex) {
      const hi = parseInt(hex[1]!, 16);
      const lo = parseInt(hex[2]!, 16);
      return { address: `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, family: 'ipv4' };
    }
  }
  return { address: bare, family: 'ipv6' };
}

/** Why a resolved address may not be called, or undefined when it may. */
export function addressRefusal(address: string, allowed: net.BlockList): string | undefined {
  const ip = unmapped(address);
  if (net.isIP(ip.address) === 0) return `${address} is not an IP address`;
  for (const range of always) if (range.list.check(ip.address, ip.family)) return `${ip.address} is ${range.reason}`;
  if (allowed.check(ip.address, ip.family)) return undefined;
  for (const range of internal) {
    if (range.list.check(ip.address, ip.family)) {
      return `${ip.address} is ${range.reason} outside SIM_WEBHOOK_ALLOWED_NETWORKS`;
    }
  }
  return undefined;
}

/** An address check for the outbound client: a reason to refuse, or undefined. */
export type AddressCheck = (address: string) => string | undefined;

/** Why a URL may not be a webhook target (before any lookup), or undefined. */
export function targetUrlRefusal(text: string, check: AddressCheck): string | undefined {
  if (!URL.canParse(text)) return 'the url must be an http(s) URL';
  const url = new URL(text);
  if (!/^https?:$/.test(url.protocol)) return 'the url must be an http(s) URL';
  if (url.username !== '' || url.password !== '') {
    return 'the url must not hold credentials (user:password@): the receiver checks the signature made with the token';
  }
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (REFUSED_PORTS.has(port)) return `port ${port} is not a web server's port`;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (METADATA_NAMES.test(host)) return `${host} is a cloud metadata host name`;
  if (net.isIP(host) !== 0) return check(host);
  return undefined;
}

/** The error a refused connection fails with (its message is the reason). */
export class AddressRefusedError extends Error {
  override name = 'AddressRefusedError';
  readonly code = 'ERR_LAB_ADDRESS_REFUSED';
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for net/tls connect (undici's `connect` option): resolves every address of the name
 * and refuses the connection when any of them is refused, so the address connected to is the one checked.
 */
export function guardedLookup(check: AddressCheck) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    if (METADATA_NAMES.test(hostname)) {
      callback(new AddressRefusedError(`${hostname} is a cloud metadata host name`), '', 0);
      return;
    }
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      for (const a of addresses) {
        const reason = check(a.address);
        if (reason) return callback(new AddressRefusedError(`${hostname} resolves to ${reason}`), '', 0);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

const checksByNetworks = new Map<string, AddressCheck>();

/** The address check of an allowed-networks list (one per list text, so the client's agents are shared). */
export function addressCheckFor(networks: string): AddressCheck {
  let check = checksByNetworks.get(networks);
  if (!check) {
    const parsed = parseNetworks(networks);
    const allowed = typeof parsed === 'string' ? new net.BlockList() : parsed;
    check = (address) => addressRefusal(address, allowed);
    checksByNetworks.set(networks, check);
  }
  return check;
}
