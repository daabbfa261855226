import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import type { Socket } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Agent, Dispatcher } from 'undici';
import { tracing, type TraceContext } from '../../tracing/tracing';

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
 * unique-local and other reserved ranges are refused. An IPv6 address that carries an IPv4
 * address (`embeddedIPv4`) is judged as that IPv4 address, so `::ffff:7f00:1`, `::7f00:1`,
 * `64:ff9b::a00:1` or `2002:7f00:1::` are refused like 127.0.0.1 and 10.0.0.1, and their
 * public counterparts (a NAT64 gateway's `64:ff9b::808:808`) pass.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const embedded = embeddedIPv4(parsed as ipaddr.IPv6);
  if (embedded === undefined) return parsed.range() === 'unicast';
  return embedded.length > 0 && embedded.every((v4) => v4.range() === 'unicast');
}

const v4 = (high: number, low: number) =>
  new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/**
 * The IPv4 addresses an IPv6 address stands for, when it belongs to a range that carries
 * one; `undefined` for any other address. An empty list (refused) when the range is one of
 * those but the address does not decode to a usable form.
 *
 * - `::ffff:0:0/96` IPv4-mapped and `::/96` IPv4-compatible (deprecated, but `[::127.0.0.1]`
 *   is a valid URL host, written `[::7f00:1]`): the last 32 bits. `::` and `::1` decode to
 *   0.0.0.0 and 0.0.0.1, refused like the IPv6 unspecified and loopback addresses they are.
 * - `::ffff:0:0:0/96` (IPv4-translated, RFC 6145): the last 32 bits.
 * - `64:ff9b::/96` (NAT64 well-known prefix, RFC 6052): the last 32 bits.
 * - `64:ff9b:1::/48` (NAT64 local-use prefix, RFC 8215): the last 32 bits when bits 48–95
 *   are zero (the /96 form that DNS64 synthesises); other layouts depend on the site's
 *   translator and are refused.
 * - `2002::/16` (6to4, RFC 3056): bits 16–47.
 * - `2001::/32` (Teredo, RFC 4380): the server (bits 32–63) and the client (the last 32 bits,
 *   inverted); both must be public.
 */
export function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] | undefined {
  const p = address.parts;
  const zero = (from: number, to: number) => p.slice(from, to).every((part) => part === 0);
  if (zero(0, 5) && (p[5] === 0xffff || p[5] === 0)) return [v4(p[6], p[7])];
  if (zero(0, 4) && p[4] === 0xffff && p[5] === 0) return [v4(p[6], p[7])];
  if (p[0] === 0x64 && p[1] === 0xff9b) {
    if (zero(2, 6)) return [v4(p[6], p[7])];
    if (p[2] === 1) return zero(3, 6) ? [v4(p[6], p[7])] : [];
    return undefined;
  }
  if (p[0] === 0x2002) return [v4(p[1], p[2])];
  if (p[0] === 0x2001 && p[1] === 0) return [v4(p[2], p[3]), v4(~p[6] & 0xffff, ~p[7] & 0xffff)];
  return undefined;
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
 * What `OutboundClient.request` takes: undici's request options without the dispatcher, and
 * `trace`, the context the request's client span is a child of (tracing on; not sent).
 */
export type OutboundRequestOptions = Omit<
  NonNullable<Parameters<(typeof import('undici'))['request']>[1]>,
  'dispatcher'
> & { trace?: TraceContext };

/**
 * HTTP requests (undici) through the outbound policy (docs/api.md, Outgoing webhooks (callbacks)).
 * undici and the dispatcher are loaded on the first request, not when the service starts: a process
 * that sends nothing (an API-only one, or any until its first callback or `http` step) does not
 * carry them (about 5 MB of heap, measured with `require('undici')` alone).
 */
export class OutboundClient {
  private agent?: Agent;
  private undici?: typeof import('undici');

  constructor(private readonly options: { allowPrivate: boolean; connectTimeoutMs?: number }) {}

  request(
    url: string | URL,
    options: OutboundRequestOptions,
  ): Promise<Dispatcher.ResponseData<unknown>> {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when first needed
    const undici = (this.undici ??= require('undici') as typeof import('undici'));
    this.agent ??= policyAgent(undici, this.options);
    const dispatcher = this.agent;
    const traces = tracing();
    // Off, `trace` is never set (nothing makes a context): undici ignores the absent key.
    if (!traces) return undici.request(url, { ...options, dispatcher });
    const { trace, ...undiciOptions } = options;
    // Tracing on: a client span (child of `trace`), its `traceparent` on the request.
    return traces.client(
      options.method ?? 'GET',
      url,
      options.headers as Record<string, string | string[] | undefined> | undefined,
      trace,
      (headers) => undici.request(url, { ...undiciOptions, headers, dispatcher }),
    );
  }

  /** Closes the connections (waits for requests in flight); `destroy`: cuts them. */
  async close(options: { destroy?: boolean } = {}): Promise<void> {
    const agent = this.agent;
    this.agent = undefined;
    if (!agent) return;
    await (options.destroy ? agent.destroy() : agent.close()).catch(() => undefined);
  }
}

/**
 * An undici dispatcher that enforces the outbound policy (docs/api.md, Outgoing webhooks
 * (callbacks)) on what the socket actually connects to: resolved names are filtered before
 * connecting, and the connected peer address is checked again, so neither IP literals nor DNS
 * rebinding slip through.
 */
function policyAgent(
  undici: typeof import('undici'),
  options: { allowPrivate: boolean; connectTimeoutMs?: number },
): Agent {
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
  const connect = undici.buildConnector({
    timeout: options.connectTimeoutMs ?? 10_000,
    lookup,
  } as never);
  return new undici.Agent({
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
