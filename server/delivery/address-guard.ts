// The SSRF guard of webhooks: a sponsor's host is resolved once, and its address must be a public unicast one (not
// private, loopback, link-local, unique-local, CGNAT, multicast or reserved) unless the host is in
// WEBHOOK_ALLOWED_HOSTS. The request then connects to that very address (no second lookup: no DNS rebinding).
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface Target {
  address: string;
  family: 4 | 6;
}

/** Whether an address is a public unicast one (an IPv4-mapped IPv6 address is judged as its IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/** The address to connect to for url, or why none may be: refused addresses and failed lookups alike. */
export async function resolveTarget(url: URL, allowedHosts: readonly string[]): Promise<Target | { refused: string }> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  let target: Target;
  if (isIP(host)) target = { address: host, family: isIP(host) as 4 | 6 };
  else {
    try {
      const { address, family } = await lookup(host);
      target = { address, family: family as 4 | 6 };
    } catch (error) {
      return { refused: `${host} could not be resolved (${(error as NodeJS.ErrnoException).code ?? String(error)})` };
    }
  }
  if (allowedHosts.includes(host) || isPublicAddress(target.address)) return target;
  return { refused: `${host} is ${target.address}, not a public address (list the host in WEBHOOK_ALLOWED_HOSTS to allow it)` };
}
