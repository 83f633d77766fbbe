import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { Backend } from './harness.js';
import { createScratchPostgres } from './jobs-fixtures.js';

/** The real server as its own process, for tests that kill it (crash tests). */
const repoRoot = path.resolve(import.meta.dirname, '../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

export type ChildServer = { child: ChildProcess; base: string; output: () => string; exited: Promise<number | null> };

/**
 * Starts `node --import tsx apps/server/src/main.ts`; the server's stdout and stderr are kept for messages.
 * 'locked' when it stopped because another server holds the embedded database.
 */
export async function startServerOnce(env: Record<string, string>): Promise<ChildServer | 'locked'> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve((exitCode = code))));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (exitCode !== undefined) {
      // Another live server holds the embedded database (a killed one's lock is taken over at once).
      if (exitCode === 2 && out.includes('already in use')) return 'locked';
      throw new Error(`server exited with ${exitCode}:\n${out}`);
    }
    try {
      if ((await fetch(`${base}/v2/bck/health`)).ok) return { child, base, output: () => out, exited };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${out}`);
}

/**
 * Starts the real server and resolves when /health answers. A killed server's lock is taken over at once, so a
 * refusal means another server still runs: that fails the test.
 */
export async function startServer(env: Record<string, string>): Promise<ChildServer> {
  const server = await startServerOnce(env);
  if (server === 'locked') throw new Error('the embedded database is held by another running server');
  return server;
}

/**
 * What a crash test shares: a data directory, a scratch PostgreSQL database on that backend, and the servers it
 * starts (any still running are killed, and everything removed, after the describe block).
 */
export function crashHarness(backend: Backend, name: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cd-${name}-`));
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>> | null = null;
  const servers: ChildServer[] = [];
  afterAll(async () => {
    for (const s of servers) {
      if (s.child.exitCode === null && s.child.signalCode === null) {
        s.child.kill('SIGKILL');
        await s.exited;
      }
    }
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    dataDir,
    /** The servers' settings (creates the scratch database on PostgreSQL), plus `extra`. */
    async env(extra: Record<string, string> = {}): Promise<Record<string, string>> {
      if (backend === 'postgres') scratch ??= await createScratchPostgres();
      return {
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DEMO_IDP: 'false',
        JOBS_POLL_SECONDS: '0.5',
        JOBS_STALE_SECONDS: '3',
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
        ...extra,
      };
    },
    /** The scratch database's URL (PostgreSQL only, after env()). */
    get databaseUrl() {
      return scratch?.url;
    },
    async start(env: Record<string, string>): Promise<ChildServer> {
      const server = await startServer(env);
      servers.push(server);
      return server;
    },
    /** One start; 'locked' when another live server holds the embedded database. */
    async startOnce(env: Record<string, string>): Promise<ChildServer | 'locked'> {
      const server = await startServerOnce(env);
      if (server !== 'locked') servers.push(server);
      return server;
    },
  };
}

/** Signs demo.admin in on a running server; returns the `cd_session=…` cookie. */
export async function signInAdmin(base: string): Promise<string> {
  const login = await fetch(`${base}/v2/bck/vendor/password_login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ userid: 'demo.admin', password: 'ControlDesk#2026' }),
  });
  return login.headers
    .getSetCookie()
    .find((c) => c.startsWith('cd_session='))!
    .split(';')[0]!;
}
