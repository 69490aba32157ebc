import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * The one gate for connections a tenant can aim (sender test sends today; mailings, imports, page
 * analyses and webhooks later): the host is resolved once, every address it resolves to must be a
 * public unicast one, and the caller then connects to the checked address itself, so a second
 * DNS answer cannot slip a private address in between the check and the connection.
 */
export interface OutboundPolicy {
  /** Lets loopback through, for tests and local development only (config outboundAllowLoopback). */
  allowLoopback: boolean;
}

/** A host that resolved to permitted addresses only, and the address to connect to. */
export interface OutboundTarget {
  /** The name as the tenant gave it: for TLS SNI, certificate checks and the HTTP Host header. */
  hostname: string;
  address: string;
  family: 4 | 6;
}

/** The target is not allowed: its host is (or resolves to) a refused address, or its scheme is not one we speak. */
export class OutboundRefused extends Error {
  constructor(readonly target: string, readonly reason: string) {
    super(`Outbound connection to ${target} refused: ${reason}`);
  }
}

/**
 * The ipaddr.js range name of an address. IPv4 embedded in IPv6 as mapped (::ffff:a.b.c.d) is
 * classified as the IPv4 address it stands for; other embeddings (NAT64, 6to4, Teredo) keep
 * their own non-unicast range names and so are refused as a whole.
 */
export function addressRange(address: string): string {
  return ipaddr.process(address).range();
}

export function isPermittedAddress(address: string, policy: OutboundPolicy): boolean {
  const range = addressRange(address);
  return range === 'unicast' || (policy.allowLoopback && range === 'loopback');
}

/**
 * Resolves host (a name or an IP literal, IPv6 with or without brackets) to all its addresses and
 * throws OutboundRefused when ANY of them is refused: a name answering with one public and
 * one private address must not be usable to reach the private one.
 */
export async function resolveOutboundTarget(host: string, policy: OutboundPolicy): Promise<OutboundTarget> {
  const hostname = host.trim().replace(/^\[(.*)\]$/, '$1');
  // Literals are normalised (127.1, ::ffff:7f00:1 → 127.0.0.1) so the checked form is the one dialled.
  const addresses = ipaddr.isValid(hostname)
    ? [literalAddress(ipaddr.process(hostname))]
    : await lookup(hostname, { all: true, verbatim: true });
  for (const { address } of addresses) {
    if (!isPermittedAddress(address, policy)) throw new OutboundRefused(hostname, `${address} is ${addressRange(address)}`);
  }
  const [first] = addresses;
  return { hostname, address: first.address, family: first.family === 6 ? 6 : 4 };
}

function literalAddress(parsed: ipaddr.IPv4 | ipaddr.IPv6): { address: string; family: number } {
  return { address: parsed.toString(), family: parsed.kind() === 'ipv6' ? 6 : 4 };
}

/** The TLS server name for a target: its host name, or none when it was given as an IP literal (SNI takes no IPs). */
export function serverName(target: OutboundTarget): string | undefined {
  return ipaddr.isValid(target.hostname) ? undefined : target.hostname;
}

/** How long a save waits for a host's addresses: a name that does not resolve in time is checked again when used. */
const SAVE_LOOKUP_MS = 3000;

/**
 * Whether a host a tenant or root saves (a sender's SMTP host, a scheduled job's project) is one the
 * guard refuses: a loopback, private or link-local address, or a name resolving to one. A name that
 * does not resolve (yet), or not within SAVE_LOOKUP_MS, is not refused here: the guard checks it again on every use.
 */
export async function refusedOnSave(host: string, policy: OutboundPolicy): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), SAVE_LOOKUP_MS)));
  try {
    await Promise.race([resolveOutboundTarget(host, policy), gaveUp]);
    return false;
  } catch (error) {
    return error instanceof OutboundRefused;
  } finally {
    clearTimeout(timer);
  }
}
