import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The network a request comes from, as views and heartbeats count it (docs/studio.md): an IPv4
 * address whole, an IPv6 address by its /64 (one subscriber's network: a host picks any address in
 * it at will), an IPv4 address written as IPv6 (`::ffff:1.2.3.4`) as IPv4. Anything else as given.
 */
export function networkOf(ip: string): string {
  const address = ip.replace(/%.*$/, ''); // a zone (fe80::1%eth0) is no part of the address
  if (isIPv4(address) || !isIPv6(address)) return address;
  const mapped = /^(?:0{0,4}:){0,5}ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address.replace(/^::/, '0::'));
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  const [head = '', tail] = address.split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  const front = groupsOf(head);
  // An embedded IPv4 tail (…:1.2.3.4) is two groups, both past the first four.
  const back = groupsOf(tail ?? '').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const groups = tail === undefined ? front : [...front, ...new Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

const hashed = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22);

/** The request's network (`networkOf`), hashed: what a per-address cap counts, never the address itself. */
export function addressKey(request: FastifyRequest): string {
  return hashed(networkOf(request.ip));
}

/**
 * Who counts as one viewer for views, heartbeats and live viewers: the signed-in user, else the
 * address (`networkOf`) whatever its browser says: a User-Agent is the caller's to choose, so one
 * address with a new one on every request would otherwise be a new viewer every time.
 */
export function viewerKey(request: FastifyRequest): string {
  if (request.viewer) return `u:${request.viewer._id}`;
  return `a:${addressKey(request)}`;
}

/** Who a view or a heartbeat is counted for: the viewer (`viewerKey`) and their network (`addressKey`). */
export type Visitor = { key: string; address: string };

export const visitorOf = (request: FastifyRequest): Visitor => ({ key: viewerKey(request), address: addressKey(request) });
