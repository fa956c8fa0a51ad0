// Network addresses: which proxies to believe about the client's address (TRUST_PROXY, through
// proxy-addr, the library Express uses for the same setting), a CDN's single client-address header
// (CLIENT_IP_HEADER), loopback hosts (the local stand-ins run only there), and the bucket the
// per-address limits count in (an IPv6 /64: one household or phone gets a whole /64, so counting
// single IPv6 addresses would let one visitor rotate through billions of them).
import type { IncomingMessage } from 'node:http';
import ipaddr from 'ipaddr.js';
import proxyaddr from 'proxy-addr';

/** Off, a number of proxy hops in front of the server, or the trusted proxies' addresses and ranges. */
export type TrustProxy = false | number | readonly string[];

export const MAX_PROXY_HOPS = 10;

const isRange = (range: string): boolean => {
  try {
    proxyaddr.compile(range);
    return true;
  } catch {
    return false;
  }
};

/**
 * TRUST_PROXY as written: off (0, false, off), 1 hop (1, true, on: the last X-Forwarded-For entry,
 * as before), a number of hops, or a comma-separated list of proxy addresses and CIDR ranges (IPv4
 * or IPv6, or proxy-addr's names loopback, linklocal, uniquelocal). Undefined when it is none of these.
 */
export function parseTrustProxy(text: string): TrustProxy | undefined {
  const value = text.trim().toLowerCase();
  if (['0', 'false', 'off'].includes(value)) return false;
  if (['true', 'on'].includes(value)) return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= MAX_PROXY_HOPS ? hops : undefined;
  }
  const ranges = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return ranges.length > 0 && ranges.every(isRange) ? ranges : undefined;
}

const compiled = new WeakMap<readonly string[], (address: string, index: number) => boolean>();

/** proxy-addr's trust function for the setting: the first `hops` addresses, or those in the ranges. */
function trustFunction(trust: number | readonly string[]) {
  if (typeof trust === 'number') return (_address: string, index: number) => index < trust;
  let fn = compiled.get(trust);
  if (!fn) {
    fn = proxyaddr.compile([...trust]);
    compiled.set(trust, fn);
  }
  return fn;
}

export interface Arrival {
  /** The socket's address (the peer that connected to this server). */
  peer?: string;
  forwardedFor?: string;
  /** The value of CLIENT_IP_HEADER, when that is configured. */
  clientHeader?: string;
}

/**
 * The client's address: CLIENT_IP_HEADER's when configured and present (a CDN that sets it on every
 * request); else, behind trusted proxies, the X-Forwarded-For entry just left of the last trusted
 * one (entries further left were written by whoever sent the request, and are ignored); else the
 * socket's. Undefined when unknown.
 */
export function clientAddressOf(trust: TrustProxy, { peer, forwardedFor, clientHeader }: Arrival) {
  const fromHeader = clientHeader?.split(',')[0]?.trim();
  if (fromHeader && ipaddr.isValid(fromHeader)) return fromHeader;
  if (!trust) return peer;
  const request = { headers: { 'x-forwarded-for': forwardedFor }, socket: { remoteAddress: peer } };
  return proxyaddr(request as unknown as IncomingMessage, trustFunction(trust))?.slice(0, 64) || peer;
}

/**
 * The key the per-address limits count under: an IPv4 address as is (also when written IPv4-mapped,
 * ::ffff:192.0.2.1), an IPv6 address as its /64 network; anything else (unparsable) as given.
 */
export function addressBucket(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = (parsed as ipaddr.IPv6).parts.slice(0, 4).concat([0, 0, 0, 0]);
  return `${ipaddr.fromByteArray(network.flatMap((part) => [part >> 8, part & 0xff])).toString()}/64`;
}

/** True for localhost (and its subdomains), 127.0.0.0/8 and ::1: a site only this machine reaches. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (!ipaddr.isValid(host)) return false;
  return ipaddr.process(host).range() === 'loopback';
}

/** True when an address (SITE_URL) names a loopback host. */
export const isLoopbackUrl = (url: string): boolean => isLoopbackHost(URL.parse(url)?.hostname ?? '');
