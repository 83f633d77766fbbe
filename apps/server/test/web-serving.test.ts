import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.js';

// The server serves the built web app: every page address gets the app (its router decides), files and the API
// keep their own 404s. One backend is enough: nothing here touches the database.
const APP_JS = `export const greeting = ${JSON.stringify('hello '.repeat(300))};\n`;

describe('serving the web app', () => {
  let t: TestContext;
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-web-'));

  beforeAll(async () => {
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><head></head><div id="root"></div>');
    fs.writeFileSync(
      path.join(web, 'page-preloads.json'),
      JSON.stringify({ base: ['assets/shell-1.js'], pages: { '/allergens': ['assets/allergens-page-2.js'] } }),
    );
    fs.writeFileSync(path.join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(path.join(web, 'assets', 'app-1.js'), APP_JS);
    fs.writeFileSync(path.join(web, 'assets', 'app-1.js.br'), zlib.brotliCompressSync(APP_JS));
    fs.writeFileSync(path.join(web, 'assets', 'app-1.js.gz'), zlib.gzipSync(APP_JS));
    fs.writeFileSync(path.join(web, 'assets', 'font-1.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
    t = await createTestContext('pglite', { env: { WEB_DIST: web }, seed: false });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it('answers a page address with the app, also one ending in .html (/vdashboard/index.html reloaded)', async () => {
    for (const url of ['/allergens', '/vdashboard/index.html', '/menu?restaurant=x']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('names the chunks of a signed-in start up front, and nothing more to the sign-in screens', async () => {
    const signedIn = await t.app.inject({ method: 'GET', url: '/allergens', cookies: { cd_session: 'any' } });
    expect(signedIn.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/shell-1.js"><link rel="modulepreload" crossorigin href="/assets/allergens-page-2.js"></head>',
    );
    const other = await t.app.inject({ method: 'GET', url: '/menu', cookies: { cd_session: 'any' } });
    expect(other.body).toContain('href="/assets/shell-1.js"');
    expect(other.body).not.toContain('allergens-page');
    const anonymous = await t.app.inject({ method: 'GET', url: '/login' });
    expect(anonymous.body).not.toContain('modulepreload');
  });

  it('answers /favicon.ico with the app icon', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('sends a built file in the best encoding the browser takes, kept for a year', async () => {
    const get = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/app-1.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const br = await get('gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS);
    // Asked again: the same answer (from memory).
    expect((await get('br')).rawPayload.equals(br.rawPayload)).toBe(true);

    const gzip = await get('gzip, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(APP_JS);

    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);

    // A file without compressed copies comes as it is, whatever the browser takes.
    const font = await t.app.inject({
      method: 'GET',
      url: '/assets/font-1.woff2',
      headers: { 'accept-encoding': 'br' },
    });
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.rawPayload).toEqual(Buffer.from([0x77, 0x4f, 0x46, 0x32]));
  });

  it('sends nothing outside the built files', async () => {
    for (const url of [
      '/assets/..%2Findex.html',
      '/assets/%2e%2e%2fpage-preloads.json',
      '/assets/',
      '/assets/.hidden',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<div id="root">');
    }
  });

  it('keeps a missing asset and an unknown API path a 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-old.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/v2/bck/no_such_call' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ result: 'failure' });
  });
});
