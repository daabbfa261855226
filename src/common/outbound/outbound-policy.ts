import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import type { Socket } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector } from 'undici';

/** The code of a refused target, as recorded on a delivery or an execution. */
export const ADDRESS_NOT_ALLOWED = 'address_not_allowed';

export class AddressNotAllowedError extends Error {
  readonly code = ADDRESS_NOT_ALLOWED;
  constructor(target: string) {
    super(`Outbound address not allowed: ${target}`);
  }
}

/**
 * True for an address a request may reach when private targets are not allowed: only
 * ordinary unicast. Loopback, private, link-local, multicast, unspecified, carrier-grade NAT,
 * unique-local and other reserved ranges are refused; IPv4-mapped IPv6 is judged as IPv4.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/** Only http(s) URLs are ever requested. Returns the parsed URL or throws. */
export function parseOutboundUrl(url: string): URL {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new AddressNotAllowedError(`${parsed.protocol} URLs`);
  }
  return parsed;
}

/** Walks an error's causes for a refused target (undici wraps connector errors). */
export function isAddressNotAllowed(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === ADDRESS_NOT_ALLOWED) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * An undici dispatcher that enforces the outbound policy (CONTRACT §7) on what the socket
 * actually connects to: resolved names are filtered before connecting, and the connected
 * peer address is checked again, so neither IP literals nor DNS rebinding slip through.
 */
export function createOutboundDispatcher(options: {
  allowPrivate: boolean;
  connectTimeoutMs?: number;
}): Agent {
  const allowed = (address: string) => options.allowPrivate || isPublicAddress(address);
  const lookup = (
    hostname: string,
    lookupOptions: object,
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const usable = (addresses as LookupAddress[]).filter((entry) => allowed(entry.address));
      if (usable.length === 0) return callback(new AddressNotAllowedError(hostname), []);
      if ((lookupOptions as { all?: boolean }).all) return callback(null, usable);
      callback(null, usable[0].address, usable[0].family);
    });
  };
  const connect = buildConnector({ timeout: options.connectTimeoutMs ?? 10_000, lookup } as never);
  return new Agent({
    connect: (connectOptions, callback) => {
      // An IP literal is never looked up: judge it before any packet is sent.
      const host = connectOptions.hostname.replace(/^\[|\]$/g, '');
      if (ipaddr.isValid(host) && !allowed(host)) {
        return callback(new AddressNotAllowedError(host), null);
      }
      connect(connectOptions, (error, socket) => {
        if (error) return callback(error, null);
        const peer = (socket as Socket).remoteAddress ?? '';
        if (!allowed(peer)) {
          (socket as Socket).destroy();
          return callback(new AddressNotAllowedError(peer || connectOptions.hostname), null);
        }
        callback(null, socket);
      });
    },
  });
}
