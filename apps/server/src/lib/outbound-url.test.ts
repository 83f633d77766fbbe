import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { AppError } from './errors.js';
import {
  assertOutboundUrl,
  checkOutboundUrl,
  EMPTY_ALLOW_LIST,
  parseAllowList,
  refusedRange,
  type OutboundPolicy,
  type Resolver,
} from './outbound-url.js';

/** A resolver of fixed answers (no DNS), counting its calls. */
function fakeResolver(answers: Record<string, string[]>) {
  const calls: string[] = [];
  const resolve: Resolver = async (host) => {
    calls.push(host);
    const found = answers[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, calls };
}
const allow = (text: string) => parseAllowList(text).list;
const policy = (text = '', answers: Record<string, string[]> = {}): OutboundPolicy => ({
  allow: allow(text),
  resolve: fakeResolver(answers).resolve,
});

describe('refusedRange', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['::ffff:192.168.1.1', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.127.255.254', 'shared (CGNAT)'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    // IPv4-compatible, NAT64, 6to4 and Teredo forms can carry an inner IPv4 address: none is public here.
    ['::7f00:1', 'reserved'],
    ['64:ff9b::7f00:1', 'reserved'],
    ['2002:7f00:1::', 'reserved'],
    ['2001::1', 'reserved'],
  ])('refuses %s (%s)', (address, range) => {
    expect(refusedRange(address)).toBe(range);
  });

  it.each(['8.8.8.8', '172.32.0.1', '100.128.0.1', '93.184.216.34', '2606:4700::1111', '::ffff:8.8.8.8'])(
    'takes the public address %s',
    (address) => {
      expect(refusedRange(address)).toBeNull();
    },
  );
});

describe('checkOutboundUrl', () => {
  // Odd spellings of an address are normalised by the WHATWG URL parser before they are judged.
  it.each([
    ['http://127.0.0.1:8080/menu', 'refused: loopback address 127.0.0.1'],
    ['http://0x7f000001/', 'refused: loopback address 127.0.0.1'],
    ['http://2130706433/', 'refused: loopback address 127.0.0.1'],
    ['http://0177.0.0.1/', 'refused: loopback address 127.0.0.1'],
    ['http://127.1/', 'refused: loopback address 127.0.0.1'],
    ['http://%31%32%37.0.0.1/', 'refused: loopback address 127.0.0.1'],
    ['http://[::1]:9000/', 'refused: loopback address ::1'],
    ['http://[::ffff:127.0.0.1]/', 'refused: loopback address ::ffff:7f00:1'],
    ['http://0/', 'refused: unspecified address 0.0.0.0'],
    ['http://0.0.0.0:3000/', 'refused: unspecified address 0.0.0.0'],
    ['http://[::]/', 'refused: unspecified address ::'],
    ['http://169.254.169.254/latest/meta-data/', 'refused: link-local address 169.254.169.254'],
    ['http://[fe80::1]/', 'refused: link-local address fe80::1'],
    ['https://10.1.2.3/', 'refused: private address 10.1.2.3'],
    ['https://[fd00::5]/', 'refused: private address fd00::5'],
    ['http://100.64.1.1/', 'refused: shared (CGNAT) address 100.64.1.1'],
    ['http://224.0.0.251/', 'refused: multicast address 224.0.0.251'],
  ])('refuses %s before any lookup', async (url, reason) => {
    const dns = fakeResolver({});
    const check = await checkOutboundUrl(url, { allow: EMPTY_ALLOW_LIST, resolve: dns.resolve });
    expect(check).toMatchObject({ ok: false, kind: 'refused', reason });
    expect(dns.calls).toEqual([]);
  });

  it('says where a refused address points, in a sentence for the person who typed it', async () => {
    const check = await checkOutboundUrl('http://192.168.1.5/', policy());
    expect(check.ok || check.message).toBe(
      'This address points into a private network (192.168.1.5); ask an administrator to allow it',
    );
    const named = await checkOutboundUrl('http://till.example/', policy('', { 'till.example': ['127.0.0.1'] }));
    expect(named.ok || named.message).toBe(
      'This address points to the server itself (till.example resolves to 127.0.0.1); ask an administrator to allow it',
    );
  });

  it('takes only http(s) without credentials', async () => {
    for (const url of ['ftp://8.8.8.8/', 'file:///etc/passwd', 'gopher://8.8.8.8/', 'not a url']) {
      expect(await checkOutboundUrl(url, policy())).toMatchObject({ ok: false, kind: 'invalid' });
    }
    expect(await checkOutboundUrl('https://user:pw@8.8.8.8/', policy())).toMatchObject({
      ok: false,
      reason: 'refused: credentials in the address',
    });
    expect(await checkOutboundUrl('https://8.8.8.8/menu', policy())).toMatchObject({ ok: true });
  });

  it('resolves a host name and refuses it when ANY of its addresses is not public', async () => {
    const answers = {
      'pos.example.in': ['93.184.216.34', '2606:2800:220:1::1'],
      'mixed.example.in': ['93.184.216.34', '10.0.0.7'],
      'metadata.example.in': ['169.254.169.254'],
      'v6local.example.in': ['2606:2800:220:1::1', '::1'],
    };
    expect(await checkOutboundUrl('https://pos.example.in/menu', policy('', answers))).toMatchObject({ ok: true });
    expect(await checkOutboundUrl('https://mixed.example.in/', policy('', answers))).toMatchObject({
      ok: false,
      reason: 'refused: private address 10.0.0.7',
    });
    expect(await checkOutboundUrl('https://metadata.example.in/', policy('', answers))).toMatchObject({
      reason: 'refused: link-local address 169.254.169.254',
    });
    expect(await checkOutboundUrl('https://v6local.example.in/', policy('', answers))).toMatchObject({
      reason: 'refused: loopback address ::1',
    });
    expect(await checkOutboundUrl('https://nowhere.example.in/', policy('', answers))).toMatchObject({
      ok: false,
      kind: 'unresolved',
      reason: 'host not found (ENOTFOUND)',
    });
    const none: Resolver = async () => [];
    expect(
      await checkOutboundUrl('https://empty.example.in/', { allow: EMPTY_ALLOW_LIST, resolve: none }),
    ).toMatchObject({ ok: false, kind: 'unresolved' });
  });

  it('resolves localhost with the system resolver and refuses it', async () => {
    expect(await checkOutboundUrl('http://localhost:3000/', { allow: EMPTY_ALLOW_LIST })).toMatchObject({
      ok: false,
      kind: 'refused',
    });
  });
});

describe('the allow-list (OUTBOUND_ALLOW_HOSTS)', () => {
  it('takes host names, addresses and CIDR blocks, and names what is neither', () => {
    const { list, bad } = parseAllowList(' 127.0.0.1, 10.0.0.0/8 ,POS.lan., ::1, fd00::/8,,');
    expect([...list.hosts]).toEqual(['pos.lan']);
    expect(list.blocks.map(([a, bits]) => `${a.toString()}/${bits}`)).toEqual([
      '127.0.0.1/32',
      '10.0.0.0/8',
      '::1/128',
      'fd00::/8',
    ]);
    expect(bad).toEqual([]);
    expect(parseAllowList('foo/8, 300.1.1.1, http://x, 10.0.0.0/33, ::1/129, a b, 0x7f000001').bad).toEqual([
      'foo/8',
      '300.1.1.1',
      'http://x',
      '10.0.0.0/33',
      '::1/129',
      'a b',
      '0x7f000001',
    ]);
    expect(() => loadConfig({ OUTBOUND_ALLOW_HOSTS: '10.0.0.0/33' })).toThrow(/OUTBOUND_ALLOW_HOSTS.*10\.0\.0\.0\/33/);
    expect(loadConfig({}).OUTBOUND_ALLOW_HOSTS).toEqual(EMPTY_ALLOW_LIST);
    expect([...loadConfig({ OUTBOUND_ALLOW_HOSTS: 'till.lan' }).OUTBOUND_ALLOW_HOSTS.hosts]).toEqual(['till.lan']);
  });

  it('lets the listed addresses, blocks and host names through, and nothing else', async () => {
    const dns = fakeResolver({ 'other.lan': ['192.168.1.5'], 'office.lan': ['10.9.8.7'] });
    const p: OutboundPolicy = { allow: allow('127.0.0.1, 10.0.0.0/8, pos.lan'), resolve: dns.resolve };
    for (const url of [
      'http://127.0.0.1:8080/',
      'http://0x7f000001/',
      'http://[::ffff:127.0.0.1]/',
      'http://10.2.3.4/',
      'http://pos.lan/',
      'http://POS.LAN./menu',
      'http://office.lan/',
    ]) {
      expect(await checkOutboundUrl(url, p), url).toMatchObject({ ok: true });
    }
    // An allowed host name is not looked up at all; other names are, and their addresses judged.
    expect(dns.calls).toEqual(['office.lan']);
    expect(await checkOutboundUrl('http://[::1]/', p)).toMatchObject({ reason: 'refused: loopback address ::1' });
    expect(await checkOutboundUrl('http://192.168.1.1/', p)).toMatchObject({ kind: 'refused' });
    expect(await checkOutboundUrl('http://other.lan/', p)).toMatchObject({
      reason: 'refused: private address 192.168.1.5',
    });
  });
});

describe('assertOutboundUrl', () => {
  it('answers a refusal as a 400 naming the field', async () => {
    const err = await assertOutboundUrl('http://10.0.0.5/', policy()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      statusCode: 400,
      code: 'addressNotAllowed',
      message: 'url: This address points into a private network (10.0.0.5); ask an administrator to allow it',
      extras: { field: 'url' },
    });
    expect(await assertOutboundUrl('https://8.8.8.8/x', policy())).toBeInstanceOf(URL);
  });
});
