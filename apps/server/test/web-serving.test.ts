import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.js';

// The server serves the built web app: every page address gets the app (its router decides), files and the API
// keep their own 404s. One backend is enough: nothing here touches the database.
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

  it('keeps a missing asset and an unknown API path a 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-old.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/v2/bck/no_such_call' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ result: 'failure' });
  });
});
