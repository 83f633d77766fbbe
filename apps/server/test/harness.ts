import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { buildApp, type App } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { seedDemo } from '../src/db/seed/demo.js';
import type { Delivery } from '../src/modules/auth/delivery.js';

export type Backend = 'pglite' | 'postgres';

/** API tests run on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set (CI). */
export const backends: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export type TestContext = {
  app: App;
  config: Config;
  database: Database;
  dataDir: string;
  /** The last code the dev outbox holds for a recipient (phone or e-mail). */
  lastCode: (recipient: string) => string | undefined;
  close: () => Promise<void>;
};

/** A fresh PostgreSQL database under TEST_DATABASE_URL, dropped by `drop` (API tests and server processes). */
export async function createScratchPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `cd_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function createTestContext(
  backend: Backend,
  options: {
    env?: Record<string, string>;
    delivery?: Delivery;
    seed?: boolean;
    /** Collect the server's log lines (JSON) here; LOG_LEVEL becomes `info` unless env names one. */
    log?: string[];
  } = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-test-'));
  const pgDb = backend === 'postgres' ? await createScratchPostgres() : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DEMO_IDP: 'false',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1:3999',
    ...(options.log ? { LOG_LEVEL: 'info' } : {}),
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...options.env,
  });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: null });
  if (options.seed !== false) await seedDemo(database.db);
  const app = await buildApp({
    config,
    db: database.db,
    secret: 'test-secret-0123456789',
    delivery: options.delivery,
    logger: false,
    ...(options.log ? { logStream: collectLines(options.log) } : {}),
  });
  await app.ready();
  withBrowserOrigin(app, config.publicUrl);

  const outbox = path.join(dataDir, 'outbox.log');
  return {
    app,
    config,
    database,
    dataDir,
    lastCode: (recipient) => {
      if (!fs.existsSync(outbox)) return undefined;
      const lines = fs.readFileSync(outbox, 'utf8').trim().split('\n');
      const match = lines.reverse().find((l) => l.includes(` to=${recipient} `));
      return match?.match(/ code=(\d{6}) /)?.[1];
    },
    close: async () => {
      await app.close();
      await database.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A writable stream that keeps each line written to it. */
export function collectLines(lines: string[]): NodeJS.WritableStream {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
}

/**
 * API tests call the app as a browser does (DESIGN.md §6): every injected request carries a same-origin
 * `Origin`, unless the test names its own (`origin: 'http://evil.example'`) or sends none (`origin: ''`).
 */
export function withBrowserOrigin(app: App, origin: string): App {
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  const patched = (opts?: unknown, callback?: unknown) => {
    if (!opts || typeof opts !== 'object' || callback)
      return inject(...[opts, callback].filter((a) => a !== undefined));
    const o = opts as { headers?: Record<string, unknown> };
    const headers = { ...(o.headers ?? {}) };
    const named = Object.keys(headers).find((h) => h.toLowerCase() === 'origin');
    if (named === undefined) headers.origin = origin;
    else if (headers[named] === '') delete headers[named];
    return inject({ ...o, headers });
  };
  app.inject = patched as App['inject'];
  return app;
}

/** Extracts the session cookie from a response's set-cookie header. */
export function sessionCookie(res: { cookies: { name: string; value: string }[] }): string | undefined {
  return res.cookies.find((c) => c.name === 'cd_session')?.value;
}

/**
 * Two API instances on one demo database of `backend`, as two processes behind a proxy (issue 34): on PostgreSQL
 * each has its own connections; on the embedded database they share it. `env` is the instances' configuration.
 */
export async function createTwoInstances(
  backend: Backend,
  env: Record<string, string>,
): Promise<{ apps: [App, App]; databases: Database[]; close: () => Promise<void> }> {
  const scratch = backend === 'postgres' ? await createScratchPostgres() : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    DEMO_IDP: 'false',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1:3999',
    JOBS_WORKER: 'off',
    ...env,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  const first = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: null,
    prepare: async (db) => void (await seedDemo(db)),
  });
  const databases = scratch ? [first, await openDatabase({ databaseUrl: scratch.url, dataDir: null })] : [first];
  const apps: App[] = [];
  for (const database of [databases[0]!, databases.at(-1)!]) {
    const app = await buildApp({ config, db: database.db, secret: 'test-secret-0123456789', logger: false });
    await app.ready();
    apps.push(withBrowserOrigin(app, config.publicUrl));
  }
  return {
    apps: apps as [App, App],
    databases,
    close: async () => {
      for (const app of apps) await app.close();
      for (const database of databases) await database.close();
      await scratch?.drop();
    },
  };
}
