import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OutboundClient,
  isAddressNotAllowed,
  isPublicAddress,
  parseOutboundUrl,
} from '../../src/common/outbound/outbound-policy';

describe('outbound address policy', () => {
  it.each([
    ['127.0.0.1', false],
    ['10.0.0.1', false],
    ['172.16.5.4', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['0.0.0.0', false],
    ['100.64.0.1', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['8.8.8.8', true],
    ['93.184.216.34', true],
    ['2606:4700:4700::1111', true],
    ['not-an-ip', false],
  ])('%s public=%s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  /**
   * IPv6 forms that carry an IPv4 address are judged as that address: each private one is
   * refused like its IPv4 form, each public one passes like its IPv4 form.
   */
  describe.each([
    // [form, refused (private, loopback, link-local, unspecified), allowed (public)]
    ['IPv4-mapped, dotted', ['::ffff:127.0.0.1', '::ffff:169.254.169.254'], ['::ffff:8.8.8.8']],
    ['IPv4-mapped, hex', ['::ffff:7f00:1', '::ffff:a00:1', '::ffff:c0a8:101'], ['::ffff:808:808']],
    ['IPv4-compatible, dotted', ['::127.0.0.1', '::10.0.0.1', '::0.0.0.0'], ['::8.8.8.8']],
    ['IPv4-compatible, hex', ['::7f00:1', '::a00:1', '::a9fe:a9fe', '::ac10:504'], ['::808:808']],
    ['IPv4-translated (RFC 6145)', ['::ffff:0:7f00:1', '::ffff:0:a00:1'], ['::ffff:0:808:808']],
    [
      'NAT64 well-known',
      ['64:ff9b::a00:1', '64:ff9b::7f00:1', '64:ff9b::a9fe:a9fe', '64:ff9b::'],
      ['64:ff9b::808:808', '64:ff9b::5db8:d822'],
    ],
    [
      'NAT64 local-use',
      ['64:ff9b:1::a00:1', '64:ff9b:1::7f00:1', '64:ff9b:1:ff::808:808'],
      ['64:ff9b:1::808:808'],
    ],
    ['6to4', ['2002:7f00:1::', '2002:a00:1::1', '2002:c0a8:101::', '2002::'], ['2002:808:808::1']],
    // Teredo: server 65.54.227.120 (4136:e378), client inverted in the last 32 bits
    // (f7f7:f7f7 is 8.8.8.8, 80ff:fffe is 127.0.0.1).
    [
      'Teredo',
      ['2001:0:4136:e378:8000:63bf:80ff:fffe', '2001:0:a00:1:8000:63bf:f7f7:f7f7'],
      ['2001:0:4136:e378:8000:63bf:f7f7:f7f7'],
    ],
  ])('%s', (_form, refused, allowed) => {
    it.each(refused)('refuses %s', (address) => {
      expect(isPublicAddress(address)).toBe(false);
    });
    it.each(allowed)('allows %s', (address) => {
      expect(isPublicAddress(address)).toBe(true);
    });
  });

  it('writes [::127.0.0.1] as ::7f00:1 in a URL, which is refused', () => {
    const host = new URL('http://[::127.0.0.1]/').hostname.replace(/^\[|\]$/g, '');
    expect(host).toBe('::7f00:1');
    expect(isPublicAddress(host)).toBe(false);
  });

  it('accepts only http(s) URLs', () => {
    expect(parseOutboundUrl('https://example.com/x').hostname).toBe('example.com');
    expect(() => parseOutboundUrl('file:///etc/passwd')).toThrow(/not allowed/);
    expect(() => parseOutboundUrl('ftp://example.com')).toThrow(/not allowed/);
  });

  describe('dispatcher', () => {
    let server: Server;
    let port: number;
    beforeAll(async () => {
      server = createServer((_req, res) => res.end('ok'));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

    it.each([
      '127.0.0.1',
      'localhost',
      '[::1]',
      '10.0.0.1',
      '169.254.169.254',
      '[::127.0.0.1]',
      '[::ffff:7f00:1]',
      '[64:ff9b::7f00:1]',
      '[2002:7f00:1::]',
    ])('refuses %s when private targets are not allowed', async (host) => {
      const client = new OutboundClient({ allowPrivate: false, connectTimeoutMs: 1000 });
      const error = await client.request(`http://${host}:${port}/`, {}).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isAddressNotAllowed(error)).toBe(true);
      await client.close();
    });

    it('reaches loopback when private targets are allowed', async () => {
      const client = new OutboundClient({ allowPrivate: true });
      const res = await client.request(`http://127.0.0.1:${port}/`, {});
      expect(await res.body.text()).toBe('ok');
      await client.close();
    });
  });
});
