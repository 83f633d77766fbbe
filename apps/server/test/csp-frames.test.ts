import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { reportEmbeds } from '../src/db/schema/index.js';
import { FrameSources } from '../src/modules/reports/frame-sources.js';
import { backends, createTestContext, sessionCookie, type TestContext } from './harness.js';

const V2 = 'https://v2.controldesk.test';

/** The page's frame-src: /power_bi_reports frames the dashboards configured per client, /submenu_management-v2 v2. */
describe.each(backends)('Content-Security-Policy frame-src on %s', (backend) => {
  let t: TestContext;
  let admin = '';
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-web-'));

  const page = () => t.app.inject({ method: 'GET', url: '/power_bi_reports' });
  const frameSrc = async () => {
    const res = await page();
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    return csp
      .split(';')
      .find((d) => d.startsWith('frame-src '))
      ?.split(' ')
      .slice(1);
  };
  const api = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/v2/bck${url}`, payload, headers: { cookie: `cd_session=${admin}` } });
  const addEmbed = (name: string, site_url: string) =>
    api('POST', '/reports/embeds/config', { client: 'acme', name, provider: 'url', site_url });

  beforeAll(async () => {
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><head></head><div id="root"></div>');
    // What the web build writes from VITE_CONTROL_DESK_V2_BASE (vite.config.ts, frameOrigins).
    fs.writeFileSync(path.join(web, 'frame-origins.json'), JSON.stringify({ origins: [V2] }));
    t = await createTestContext(backend, { env: { WEB_DIST: web } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/bck/vendor/password_login',
      payload: { userid: 'demo.admin', password: 'ControlDesk#2026' },
    });
    admin = sessionCookie(res)!;
  }, 180_000);
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it('lets the page frame itself and the configured v2 origin, and nothing else yet', async () => {
    expect(await frameSrc()).toEqual(["'self'", V2]);
    // The other directives stay as they were.
    const csp = String((await page()).headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
  });

  it('adds a newly saved dashboard origin without a restart (origin only) and drops it when removed', async () => {
    const saved = await addEmbed('Ops', 'https://BI.Example.test:8443/public/dashboard/abc?theme=night#x');
    expect(saved.statusCode, saved.body).toBe(200);
    const metabase = await api('POST', '/reports/embeds/config', {
      client: 'globex',
      name: 'Sales',
      provider: 'metabase',
      site_url: 'https://metabase.example.test/',
      resource: '7',
      secret: 'an-embedding-secret-0123456789',
    });
    expect(metabase.statusCode, metabase.body).toBe(200);
    expect(await frameSrc()).toEqual(["'self'", 'https://bi.example.test:8443', 'https://metabase.example.test', V2]);
    const csp = String((await page()).headers['content-security-policy']);
    expect(csp).not.toContain('/public/dashboard');
    expect(csp).not.toContain('*');

    // The address the page frames is of an allowed origin.
    const listed = (
      await t.app.inject({ method: 'GET', url: '/v2/bck/reports/embeds', headers: { cookie: `cd_session=${admin}` } })
    ).json().embeds as { name: string; url: string }[];
    for (const embed of listed) expect(await frameSrc()).toContain(new URL(embed.url).origin);

    const removed = await api('DELETE', `/reports/embeds/config/${saved.json().embeds[0].id}`);
    expect(removed.statusCode).toBe(200);
    expect(await frameSrc()).toEqual(["'self'", 'https://metabase.example.test', V2]);
  });

  it('refuses a dashboard address CSP could not name (a wildcard, a comma, a quote), naming the field', async () => {
    for (const site_url of ['https://*.example.test/x', 'https://a.example,evil/x', "https://a'b.example/"]) {
      const res = await addEmbed('Odd', site_url);
      expect(res.statusCode, site_url).toBe(400);
      expect(res.json().extras.field, site_url).toBe('site_url');
    }
    expect((await frameSrc())?.join(' ')).not.toMatch(/\*|,|'b/);
  });

  it("picks up another process's change within the refresh time, and never names an unusable stored address", async () => {
    await t.database.db.insert(reportEmbeds).values([
      { client: 'acme', name: 'Elsewhere', provider: 'url', site_url: 'https://other.example.test/d', created_by: 'x' },
      { client: 'acme', name: 'Old odd', provider: 'url', site_url: 'https://a.example,evil/x', created_by: 'x' },
    ]);
    expect(await frameSrc()).not.toContain('https://other.example.test');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    // The first answer after the refresh time starts a refresh; the answers after it carry the new origin.
    await expect.poll(frameSrc, { timeout: 5_000 }).toContain('https://other.example.test');
    expect((await frameSrc())?.join(' ')).not.toMatch(/,|evil/);
    vi.useRealTimers();
    await t.database.db.delete(reportEmbeds).where(eq(reportEmbeds.created_by, 'x'));
  });

  it('keeps the order of reads: a slower, older read does not undo a newer one', async () => {
    let release: () => void = () => {};
    const slow = new Promise<void>((resolve) => (release = resolve));
    const rows: { site_url: string }[][] = [[{ site_url: 'https://old.example.test' }], []];
    const db = {
      selectDistinct: () => ({
        from: async () => {
          const mine = rows.shift()!;
          if (mine.length) await slow;
          return mine;
        },
      }),
    } as unknown as ConstructorParameters<typeof FrameSources>[0];
    const sources = new FrameSources(db, [V2], { warn: () => {} });
    const older = sources.refresh();
    await sources.refresh();
    release();
    await older;
    expect(sources.directive()).toBe(`'self' ${V2}`);
  });
});
