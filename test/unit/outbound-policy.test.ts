import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOutboundDispatcher,
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

    it.each(['127.0.0.1', 'localhost', '[::1]', '10.0.0.1', '169.254.169.254'])(
      'refuses %s when private targets are not allowed',
      async (host) => {
        const dispatcher = createOutboundDispatcher({
          allowPrivate: false,
          connectTimeoutMs: 1000,
        });
        const error = await request(`http://${host}:${port}/`, { dispatcher }).then(
          () => null,
          (e: unknown) => e,
        );
        expect(isAddressNotAllowed(error)).toBe(true);
        await dispatcher.close();
      },
    );

    it('reaches loopback when private targets are allowed', async () => {
      const dispatcher = createOutboundDispatcher({ allowPrivate: true });
      const res = await request(`http://127.0.0.1:${port}/`, { dispatcher });
      expect(await res.body.text()).toBe('ok');
      await dispatcher.close();
    });
  });
});
