import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPermittedAddress, OutboundRefused, resolveOutboundTarget } from '../../src/server/platform/outbound/guard';
import { guardedRequest } from '../../src/server/platform/outbound/http';

const strict = { allowLoopback: false };
const loopbackAllowed = { allowLoopback: true };

describe('the outbound address check', () => {
  it.each([
    ['8.8.8.8'],
    ['93.184.215.14'],
    ['2001:4860:4860::8888'],
    ['2a00:1450:4001:81c::200e'],
    ['::ffff:8.8.8.8'],
  ])('lets the public unicast address %s through', (address) => {
    expect(isPermittedAddress(address, strict)).toBe(true);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private (RFC 1918)'],
    ['172.16.5.4', 'private (RFC 1918)'],
    ['172.31.255.255', 'private (RFC 1918)'],
    ['192.168.1.1', 'private (RFC 1918)'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fc00::1', 'IPv6 unique local'],
    ['fd12:3456::1', 'IPv6 unique local'],
    ['fe80::1', 'IPv6 link-local'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex form'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
    ['64:ff9b::a00:1', 'NAT64 embedding'],
    ['2002:a00:1::1', '6to4 embedding'],
  ])('refuses %s (%s)', (address) => {
    expect(isPermittedAddress(address, strict)).toBe(false);
  });

  it('lets loopback, and only loopback, through when the testing setting allows it', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(isPermittedAddress(address, loopbackAllowed)).toBe(true);
    for (const address of ['10.0.0.1', '192.168.0.1', '169.254.169.254', 'fd00::1', 'fe80::1', '0.0.0.0', '::ffff:10.0.0.1']) {
      expect(isPermittedAddress(address, loopbackAllowed)).toBe(false);
    }
  });
});

describe('resolving an outbound target', () => {
  it('refuses a host name that resolves to loopback', async () => {
    await expect(resolveOutboundTarget('localhost', strict)).rejects.toBeInstanceOf(OutboundRefused);
  });

  it.each([['127.1'], ['2130706433'], ['[::1]'], ['[::ffff:127.0.0.1]'], ['169.254.169.254']])('refuses the literal %s', async (host) => {
    await expect(resolveOutboundTarget(host, strict)).rejects.toBeInstanceOf(OutboundRefused);
  });

  it('returns the checked address to dial, keeping the given name', async () => {
    const target = await resolveOutboundTarget('localhost', loopbackAllowed);
    expect(target.hostname).toBe('localhost');
    expect(isPermittedAddress(target.address, loopbackAllowed)).toBe(true);
    expect(await resolveOutboundTarget('8.8.8.8', strict)).toEqual({ hostname: '8.8.8.8', address: '8.8.8.8', family: 4 });
    expect(await resolveOutboundTarget('127.1', loopbackAllowed)).toEqual({ hostname: '127.1', address: '127.0.0.1', family: 4 });
  });
});

describe('a guarded HTTP request', () => {
  let server: Server;
  let port: number;
  const seen: { url?: string; host?: string }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push({ url: request.url, host: request.headers.host });
      if (request.url === '/redirect') response.writeHead(302, { location: `http://127.0.0.1:${port}/followed` }).end();
      else response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is refused for a loopback host unless the testing setting allows it', async () => {
    await expect(guardedRequest(`http://localhost:${port}/`, { method: 'GET', timeoutMs: 5000 }, strict)).rejects.toBeInstanceOf(OutboundRefused);
    expect(seen).toEqual([]);
  });

  it('reaches the checked address with the original host name in the Host header', async () => {
    const response = await guardedRequest(`http://localhost:${port}/hello`, { method: 'GET', timeoutMs: 5000 }, loopbackAllowed);
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe('ok');
    expect(seen.at(-1)).toEqual({ url: '/hello', host: `localhost:${port}` });
  });

  it('does not follow redirects', async () => {
    const response = await guardedRequest(`http://localhost:${port}/redirect`, { method: 'GET', timeoutMs: 5000 }, loopbackAllowed);
    expect(response.status).toBe(302);
    expect(seen.map((request) => request.url)).not.toContain('/followed');
  });

  it('refuses schemes other than http and https', async () => {
    await expect(guardedRequest('file:///etc/passwd', { method: 'GET', timeoutMs: 5000 }, loopbackAllowed)).rejects.toBeInstanceOf(OutboundRefused);
  });
});
