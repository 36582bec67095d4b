import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a URL taken from a user must not reach: this host, the private and shared networks,
 * link-local ones (a cloud's metadata service at 169.254.169.254), and the blocks that are not
 * global at all (documentation, benchmarking, multicast, reserved). IPv4-mapped IPv6 addresses are
 * refused whole: a public server is never published as one, and they would reach IPv4 hosts.
 * Two lists, as a BlockList matches an IPv4 address against IPv6 rules in its mapped form.
 */
const NOT_PUBLIC = { ipv4: new BlockList(), ipv6: new BlockList() };
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.ipv4.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.ipv6.addSubnet(network, prefix, 'ipv6');

/** An address or range as config reads them (`10.0.0.5`, `10.1.0.0/16`, `fd00::/8`), made a list. */
export function addressList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/** Thrown when a URL's host is, or resolves to, an address that is not public and not allowed. */
export class PrivateAddressError extends Error {}

/** Whether `address` (an IP) may be reached: public, or in `allowed`. */
export function isReachable(address: string, allowed: BlockList): boolean {
  const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  return !NOT_PUBLIC[type].check(address, type) || allowed.check(address, type);
}

/**
 * `dns.lookup` that fails when any address the name resolves to may not be reached. It runs when
 * the socket connects, so the address checked is the address connected to: a name that resolves
 * to a public address once and to a private one the next time cannot slip between the two.
 */
function guardedLookup(allowed: BlockList) {
  return (
    hostname: string,
    options: LookupOptions,
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find(({ address }) => !isReachable(address, allowed));
      if (refused) return callback(new PrivateAddressError(`${hostname} resolves to ${refused.address}`), []);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      return callback(null, first!.address, first!.family);
    });
  };
}

/** Redirects followed at most, as a browser would follow a few more but no image needs them. */
const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * A GET of an http(s) URL from a user that reaches public addresses only, and those of `allowed`:
 * a host written as an address is checked before connecting, a name once resolved, and every
 * redirect's target the same way. Answers the final response (the caller reads or cancels its body);
 * throws PrivateAddressError for a refused host, any other error when the request fails.
 */
export async function getPublicUrl(
  url: string,
  { allowed, signal }: { allowed: BlockList; signal: AbortSignal },
): Promise<IncomingMessage> {
  let target = new URL(url);
  for (let redirects = 0; ; redirects++) {
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error(`Not http(s): ${target.href}`);
    // A host written as an address is connected to without a lookup: it is checked here.
    const literal = target.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) !== 0 && !isReachable(literal, allowed))
      throw new PrivateAddressError(`${target.host} may not be reached`);
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const get = target.protocol === 'https:' ? https.get : http.get;
      get(target, { lookup: guardedLookup(allowed), signal }, resolve).on('error', reject);
    });
    const location = response.headers.location;
    if (!REDIRECTS.has(response.statusCode ?? 0) || location === undefined) return response;
    response.destroy();
    if (redirects === MAX_REDIRECTS) throw new Error(`More than ${MAX_REDIRECTS} redirects from ${url}`);
    target = new URL(location, target);
  }
}
