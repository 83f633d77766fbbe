// What every benchmark shares: the real server started as `npm run serve` starts it (the bundle built by
// apps/server/build.mjs, through the server's start script and its memory settings) on a data directory of its
// own, on 127.0.0.1 only; and a small JSON client for its API.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_DIR = path.join(ROOT, 'apps/server');

/** Builds the server bundle (about a second); exits the benchmark when it fails. */
export function buildServer() {
  if (spawnSync(process.execPath, ['build.mjs'], { cwd: SERVER_DIR, stdio: 'inherit' }).status !== 0) {
    console.error('building the server failed');
    process.exit(1);
  }
}

/** Exits the benchmark when something already answers on the port. */
export async function assertPortFree(port) {
  try {
    await fetch(`http://127.0.0.1:${port}/v2/bck/health`);
  } catch {
    return; // free, as it should be
  }
  console.error(`something already listens on port ${port}: stop it first`);
  process.exit(1);
}

/**
 * A server on `port` with DATA_DIR `dataDir` and demo data; `env` adds or overrides settings. start() may be
 * called again after stop() (a restart on the same database); `nodeArgs` are given to node (e.g. --cpu-prof). `status('VmRSS')` reads the process's memory in MB.
 */
export function benchServer({ port, dataDir, env = {}, nodeArgs = '' }) {
  const base = `http://127.0.0.1:${port}`;
  const startScript = JSON.parse(fs.readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')).scripts.start.replace(
    / node /,
    ` node ${nodeArgs} `,
  );
  let child = null;
  let exited = true;
  const server = {
    base,
    api: `${base}/v2/bck`,
    get pid() {
      return child?.pid;
    },
    start() {
      exited = false;
      // `exec env …` leaves node itself as the child, so its pid is the process measured and signalled.
      child = spawn('sh', ['-c', `exec env ${startScript}`], {
        cwd: SERVER_DIR,
        env: {
          ...process.env,
          NODE_ENV: 'development',
          HOST: '127.0.0.1',
          PORT: String(port),
          PUBLIC_URL: base,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          SEED_DEMO: 'true',
          LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
          ...env,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      child.on('exit', () => (exited = true));
    },
    async waitReady() {
      for (let i = 0; i < 240; i += 1) {
        if (exited) throw new Error('the server exited while starting');
        try {
          if ((await fetch(`${server.api}/health`)).ok) return;
        } catch {
          // not listening yet
        }
        await sleep(500);
      }
      throw new Error('the server did not answer /v2/bck/health within 120 s');
    },
    async stop() {
      if (!child || exited) return;
      child.kill('SIGTERM');
      for (let i = 0; i < 100 && !exited; i += 1) await sleep(100);
      if (!exited) child.kill('SIGKILL');
    },
    /** A field of /proc/<pid>/status in MB (VmRSS, VmHWM); 0 when the process is gone. */
    status(field) {
      try {
        const line = fs
          .readFileSync(`/proc/${child.pid}/status`, 'utf8')
          .split('\n')
          .find((l) => l.startsWith(`${field}:`));
        return line ? Number(line.split(/\s+/)[1]) / 1024 : 0;
      } catch {
        return 0;
      }
    },
  };
  return server;
}

/** Calls the API as the web app does (sender web, lang en); a FormData body goes as multipart. */
export function apiClient(api) {
  let cookie = '';
  const client = {
    get cookie() {
      return cookie;
    },
    async call(method, pathname, body) {
      const form = body instanceof FormData;
      const res = await fetch(`${api}/${pathname}`, {
        method,
        headers: {
          Accept: 'application/json',
          // As a browser's fetch does: the server refuses signed-in writes without a same-origin Origin.
          Origin: new URL(api).origin,
          ...(cookie ? { Cookie: cookie } : {}),
          ...(body && !form ? { 'Content-Type': 'application/json' } : {}),
        },
        body: form ? body : body ? JSON.stringify({ ...body, sender: 'web', lang: 'en' }) : undefined,
      });
      const text = await res.text();
      let json = {};
      try {
        json = JSON.parse(text);
      } catch {
        // not JSON
      }
      if (!res.ok || json.result === 'failure') {
        throw new Error(
          `${method} ${pathname}: ${res.status} ${json.message ?? ''} ${JSON.stringify(json.extras ?? {})}`,
        );
      }
      return { res, json, bytes: text.length };
    },
    async signIn(userid = 'demo.admin', password = 'ControlDesk#2026') {
      const { res } = await client.call('POST', 'vendor/password_login', { userid, password });
      cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    },
  };
  return client;
}
