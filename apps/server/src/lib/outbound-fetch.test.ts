import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postOutbound } from './outbound-fetch.js';
import { EMPTY_ALLOW_LIST, parseAllowList, type OutboundPolicy, type Resolver } from './outbound-url.js';

/** A receiver on 127.0.0.1 that answers each path its way and counts the requests. */
let server: http.Server;
let port = 0;
const hits: string[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    req.resume();
    if (req.url === '/slow') return void setTimeout(() => res.end('late'), 2000);
    if (req.url === '/moved') {
      res.writeHead(302, { location: `http://127.0.0.1:${port}/elsewhere` });
      return void res.end('secret internal page');
    }
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('the internal answer');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  hits.length = 0;
});

const post = (url: string, policy: OutboundPolicy, timeoutMs = 5000) =>
  postOutbound(url, { headers: { 'content-type': 'application/json' }, body: '{}', timeoutMs }, policy);
const v4 = (address: string) => ({ address, family: 4 });

describe('postOutbound', () => {
  it('refuses a loopback address before connecting, and reaches it when the allow-list holds it', async () => {
    expect(await post(`http://127.0.0.1:${port}/x`, { allow: EMPTY_ALLOW_LIST })).toEqual({
      kind: 'refused',
      reason: 'refused: loopback address 127.0.0.1',
    });
    expect(hits).toEqual([]);
    const allowed = await post(`http://127.0.0.1:${port}/x`, { allow: parseAllowList('127.0.0.1').list });
    // The status only: the answer's body never leaves postOutbound.
    expect(allowed).toEqual({ kind: 'answer', status: 200 });
    expect(hits).toEqual(['/x']);
  });

  it('checks the address again when connecting: a name that turns to loopback after the check is refused', async () => {
    // DNS rebinding: the check sees a public address, the connection would get 127.0.0.1.
    let lookups = 0;
    const rebinding: Resolver = async () => (++lookups === 1 ? [v4('93.184.216.34')] : [v4('127.0.0.1')]);
    const result = await post(`http://rebind.example:${port}/x`, { allow: EMPTY_ALLOW_LIST, resolve: rebinding });
    expect(result).toEqual({
      kind: 'refused',
      reason: 'refused: loopback address 127.0.0.1',
    });
    expect(lookups).toBe(2);
    expect(hits).toEqual([]);
  });

  it('connects by host name to the address it resolves to when that is allowed', async () => {
    const resolve: Resolver = async () => [v4('127.0.0.1')];
    expect(await post(`http://till.lan:${port}/named`, { allow: parseAllowList('till.lan').list, resolve })).toEqual({
      kind: 'answer',
      status: 200,
    });
    expect(
      await post(`http://till2.lan:${port}/named`, { allow: parseAllowList('127.0.0.0/8').list, resolve }),
    ).toEqual({ kind: 'answer', status: 200 });
    expect(hits).toEqual(['/named', '/named']);
  });

  it('follows no redirect', async () => {
    const allow = parseAllowList('127.0.0.1').list;
    expect(await post(`http://127.0.0.1:${port}/moved`, { allow })).toEqual({ kind: 'answer', status: 302 });
    expect(hits).toEqual(['/moved']);
  });

  it('says in a few words of its own why there was no answer', async () => {
    const allow = parseAllowList('127.0.0.1').list;
    expect(await post(`http://127.0.0.1:${port}/slow`, { allow }, 300)).toEqual({
      kind: 'timeout',
      reason: 'timed out after 0.3 s',
    });
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const gone = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    expect(await post(`http://127.0.0.1:${gone}/`, { allow })).toEqual({
      kind: 'network',
      reason: 'connection refused (ECONNREFUSED)',
    });
    const nowhere: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await post('http://nowhere.example/', { allow, resolve: nowhere })).toEqual({
      kind: 'unresolved',
      reason: 'host not found (ENOTFOUND)',
    });
  });
});
