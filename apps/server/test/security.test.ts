import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig, productionProblems } from '../src/config.js';
import { createDelivery } from '../src/modules/auth/delivery.js';
import { publicReason, safeError } from '../src/lib/safe-error.js';
import { backends, createTestContext, sessionCookie, type TestContext } from './harness.js';

const PASSWORD = 'ControlDesk#2026';
const repoRoot = path.resolve(import.meta.dirname, '../../..');

async function signIn(ctx: TestContext, userid = 'demo.admin'): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/v2/bck/vendor/password_login',
    payload: { userid, password: PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookie(res)!;
}

/** Issue 12 point 2: NUL characters and out-of-range numbers are 400s naming the field, never 500s. */
describe.each(backends)('client input the database cannot hold on %s', (backend) => {
  let ctx: TestContext;
  let cookie: string;
  const log: string[] = [];
  beforeAll(async () => {
    ctx = await createTestContext(backend, { log });
    cookie = await signIn(ctx);
  });
  afterAll(async () => ctx.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method, url: `/v2/bck${url}`, payload, headers: { cookie: `cd_session=${cookie}`, ...headers } });

  it('refuses a NUL character in a body, naming the field, also on anonymous sign-in routes', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/vendor/password_login',
      payload: { userid: 'demo\u0000admin', password: PASSWORD },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({
      message: 'userid: must not contain a NUL character or broken text',
      extras: { code: 'invalidRequest', field: 'userid' },
    });
    const sso = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/vendor/check_sso',
      payload: { userid: 'x\u0000@corp.controldesk.test' },
    });
    expect(sso.statusCode).toBe(400);
    expect(sso.json().extras.field).toBe('userid');
  });

  it('refuses a NUL character in a query string and in a path parameter', async () => {
    const callback = await ctx.app.inject({ method: 'GET', url: '/v2/bck/vendor/sso_callback?state=%00' });
    expect(callback.statusCode).toBe(400);
    expect(callback.json().extras.field).toBe('state');
    const list = await call('GET', '/vendor/location?search=a%00b');
    expect(list.statusCode).toBe(400);
    expect(list.json().extras.field).toBe('search');
    const param = await call('PUT', '/vendor/location/loc%00x', { name: 'x', version: 1 });
    expect(param.statusCode).toBe(400);
    expect(param.json().extras.field).toBe('location');
  });

  it('refuses a NUL character in JSON that would be stored as jsonb, and in a header', async () => {
    const res = await call('POST', '/vendor/location', {
      location: 'loc-nul',
      name: 'Nul test',
      extras: { nested: ['ok', 'not\u0000ok'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().extras.field).toBe('extras.nested.1');
    // Half a surrogate pair is no text either (jsonb refuses its escape).
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/vendor/location',
      payload: '{"location":"loc-broken","name":"x\\ud800y"}',
      headers: { cookie: `cd_session=${cookie}`, 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().extras.field).toBe('name');
    const header = await call('GET', '/vendor/location', undefined, { 'last-event-id': 'x\u0000' });
    expect(header.statusCode).toBe(400);
    expect(header.json().extras.field).toBe('header last-event-id');
  });

  it('refuses prices of 1e9 and more, more than 3 decimals, and integers beyond PostgreSQL’s, naming the field', async () => {
    const base = { restaurant: 'fc-blr-atrium:spice_route', foodname: 'Overflow test' };
    for (const price of [1e9, 5e12, 12.3456]) {
      const res = await call('POST', '/vendor/fooditem', { ...base, price });
      expect(res.statusCode, `${price}: ${res.body}`).toBe(400);
      expect(res.json().extras.field).toBe('price');
    }
    const ok = await call('POST', '/vendor/fooditem', { ...base, price: 999_999_999.999 });
    expect(ok.statusCode, ok.body).toBe(200);
    const version = await call('PUT', '/vendor/location/loc-bengaluru', {
      location: 'loc-bengaluru',
      name: 'x',
      version: 3_000_000_000,
    });
    expect(version.statusCode).toBe(400);
    expect(version.json().extras.field).toBe('version');
    const category = await call('PUT', '/vendor/category/99999999999', { name: 'x', version: 1 });
    expect(category.statusCode).toBe(400);
    expect(category.json().extras.field).toBe('id');
  });

  it('logs a failed query without its SQL or its values', async () => {
    log.length = 0;
    // Break a table, then ask for it with a value the log must not show.
    await ctx.database.db.execute(sql`alter table allergens rename to allergens_hidden`);
    try {
      const res = await call('GET', '/allergens?search=SECRET-VALUE-123');
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.database.db.execute(sql`alter table allergens_hidden rename to allergens`);
    }
    const errors = log.filter((l) => l.includes('unhandled error'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('Failed query (SQL and parameters not logged)');
    expect(errors[0]).toContain('42P01');
    for (const line of log) {
      expect(line).not.toContain('SECRET-VALUE-123');
      expect(line.toLowerCase()).not.toMatch(/select .* from/);
    }
  });

  it('redacts the values a database message quotes, and tells a user no SQL', async () => {
    let err: unknown;
    try {
      await ctx.database.db.execute(sql`select ${'not-a-number-SECRET'}::int`);
    } catch (e) {
      err = e;
    }
    const logged = JSON.stringify(safeError(err));
    expect(logged).not.toContain('SECRET');
    expect(logged).not.toMatch(/select/i);
    expect(logged).toContain('22P02');
    expect(publicReason(err)).toBe('a database error (22P02)');
  });
});

/** Issue 12 point 3: X-Forwarded-For is believed only from TRUST_PROXY's proxies, so no client resets a limit. */
describe.each(backends)('per-IP limits and proxies on %s', (backend) => {
  const attempt = (ctx: TestContext, forwardedFor: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/vendor/password_login',
      payload: { userid: 'nobody', password: 'wrong' },
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('keeps counting a client that sends a new X-Forwarded-For each time (production, no TRUST_PROXY)', async () => {
    const ctx = await createTestContext(backend, {
      env: { NODE_ENV: 'production', LOGIN_RATE_LIMIT_PER_MINUTE: '3' },
      seed: false,
    });
    try {
      const codes = [];
      for (let i = 1; i <= 4; i++) codes.push((await attempt(ctx, `203.0.113.${i}`)).statusCode);
      expect(codes).toEqual([400, 400, 400, 429]);
    } finally {
      await ctx.close();
    }
  }, 180_000);

  it('believes X-Forwarded-For from a configured proxy (an address list or a hop count)', async () => {
    for (const trust of ['127.0.0.1', '10.0.0.0/8, 127.0.0.0/8', '1']) {
      const ctx = await createTestContext(backend, {
        env: { NODE_ENV: 'production', LOGIN_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: trust },
        seed: false,
      });
      try {
        const codes = [];
        for (let i = 1; i <= 4; i++) codes.push((await attempt(ctx, `203.0.113.${i}`)).statusCode);
        expect(codes, trust).toEqual([400, 400, 400, 400]);
      } finally {
        await ctx.close();
      }
    }
  }, 180_000);

  it('refuses a TRUST_PROXY that is neither a count nor addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,fd00::/8' }).TRUST_PROXY).toEqual(['10.0.0.1', 'fd00::/8']);
  });
});

/** Issue 12 point 6: a request carrying our cookie must prove it is same-origin. */
describe.each(backends)('cross-site requests on %s', (backend) => {
  let ctx: TestContext;
  let cookie: string;
  beforeAll(async () => {
    ctx = await createTestContext(backend);
    cookie = await signIn(ctx);
  });
  afterAll(async () => ctx.close());

  const details = (headers: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: '/v2/bck/vendor/details', payload: {}, headers });

  it('refuses a signed-in write without Origin or Sec-Fetch-Site, and one from another origin', async () => {
    const noOrigin = await details({ cookie: `cd_session=${cookie}`, origin: '' });
    expect(noOrigin.statusCode).toBe(403);
    expect(noOrigin.json().message).toMatch(/Cross-site request refused/);
    const crossSite = await details({ cookie: `cd_session=${cookie}`, origin: '', 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    const evil = await details({ cookie: `cd_session=${cookie}`, origin: 'http://evil.example' });
    expect(evil.statusCode).toBe(403);
  });

  it('accepts a same-origin Origin or Sec-Fetch-Site: same-origin', async () => {
    expect((await details({ cookie: `cd_session=${cookie}`, origin: 'http://127.0.0.1:3999' })).statusCode).toBe(200);
    expect(
      (await details({ cookie: `cd_session=${cookie}`, origin: '', 'sec-fetch-site': 'same-origin' })).statusCode,
    ).toBe(200);
  });

  it('judges a request without our cookies by its own authentication', async () => {
    const anonymous = await details({ origin: '' });
    expect(anonymous.statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/vendor/password_login',
      payload: { userid: 'demo.admin', password: PASSWORD },
      headers: { origin: '' },
    });
    expect(login.statusCode).toBe(200);
  });
});

/** Issue 12 point 7: the API description is for signed-in users in production unless DOCS_PUBLIC=true. */
describe.each(backends)('the API description on %s', (backend) => {
  it('is served only to signed-in users in production', async () => {
    const ctx = await createTestContext(backend, { env: { NODE_ENV: 'production' } });
    try {
      for (const url of ['/docs', '/docs/json', '/docs/yaml']) {
        const res = await ctx.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(401);
        expect(res.body).not.toContain('/v2/bck/vendor/users');
      }
      const cookie = await signIn(ctx);
      const json = await ctx.app.inject({
        method: 'GET',
        url: '/docs/json',
        headers: { cookie: `cd_session=${cookie}` },
      });
      expect(json.statusCode).toBe(200);
      expect(json.json().paths['/v2/bck/vendor/users']).toBeDefined();
    } finally {
      await ctx.close();
    }
  }, 180_000);

  it('is public with DOCS_PUBLIC=true, and outside production', async () => {
    const envs: Record<string, string>[] = [
      { NODE_ENV: 'production', DOCS_PUBLIC: 'true' },
      { NODE_ENV: 'development' },
    ];
    for (const env of envs) {
      const ctx = await createTestContext(backend, { env, seed: false });
      try {
        expect((await ctx.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
      } finally {
        await ctx.close();
      }
    }
  }, 180_000);
});

/** Issue 12 point 5: production needs a delivery channel for each code sign-in it offers; codes never logged. */
describe('code delivery in production', () => {
  it('names the missing setting for each code sign-in method offered', () => {
    expect(productionProblems(loadConfig({ NODE_ENV: 'development' }))).toEqual([]);
    const both = productionProblems(loadConfig({ NODE_ENV: 'production' }));
    expect(both.join('\n')).toMatch(/SMS_WEBHOOK_URL/);
    expect(both.join('\n')).toMatch(/SMTP_URL/);
    expect(productionProblems(loadConfig({ NODE_ENV: 'production', SIGN_IN_METHODS: 'password,sso' }))).toEqual([]);
    expect(
      productionProblems(
        loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://x', SMS_WEBHOOK_URL: 'https://sms.example/send' }),
      ),
    ).toEqual([]);
  });

  it('refuses to start, with the message naming the setting', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-prod-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: repoRoot,
        env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, SMTP_URL: 'smtp://127.0.0.1:1', PORT: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(2);
      expect(out).toContain('SMS_WEBHOOK_URL');
      expect(out).not.toContain('SMTP_URL is');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('sends by the webhook and never writes a code to the log or the outbox', async () => {
    const received: string[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        received.push(body);
        res.end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-prod-'));
    const lines: string[] = [];
    const log = {
      info: (...a: unknown[]) => lines.push(JSON.stringify(a)),
      error: (...a: unknown[]) => lines.push(JSON.stringify(a, (_k, v) => (v instanceof Error ? v.message : v))),
    } as never;
    try {
      const config = loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        SMS_WEBHOOK_URL: `http://127.0.0.1:${port}/send`,
      });
      const delivery = createDelivery(config, log);
      expect(delivery.inline?.('phone')).toBe(false);
      await delivery.send({ channel: 'phone', to: '9000000001', subject: 's', text: 'code 135790', code: '135790' });
      expect(received.join()).toContain('135790');
      // No SMTP: the e-mail fails rather than falling back to the outbox.
      await expect(
        delivery.send({ channel: 'email', to: 'a@b.test', subject: 's', text: 'code 246801', code: '246801' }),
      ).rejects.toThrow();
      expect(lines.join('\n')).not.toMatch(/135790|246801/);
      expect(lines.join('\n')).toContain('SMTP_URL');
      expect(fs.existsSync(path.join(dataDir, 'outbox.log'))).toBe(false);
    } finally {
      server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
