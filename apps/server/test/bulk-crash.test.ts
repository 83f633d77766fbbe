import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { BackgroundJob } from '@cd/core';
import { backends } from './harness.js';
import { createScratchPostgres } from './jobs-fixtures.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const SPICE = 'fc-blr-atrium:spice_route';
const ROWS = 6000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

type Server = { child: ChildProcess; base: string; exited: Promise<number | null> };

/** Starts the real server; retries while the killed server's lock on the embedded database is not yet stale. */
async function startServer(env: Record<string, string>): Promise<Server> {
  for (;;) {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    let code: number | null | undefined;
    const exited = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve((code = c))));
    const base = `http://127.0.0.1:${port}`;
    const until = Date.now() + 120_000;
    let locked = false;
    while (Date.now() < until) {
      if (code !== undefined) {
        if (out.includes('already in use')) {
          locked = true;
          break;
        }
        throw new Error(`server exited with ${code}:\n${out}`);
      }
      try {
        if ((await fetch(`${base}/v2/bck/health`)).ok) return { child, base, exited };
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    if (!locked) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
}

/** A workbook of many new items plus a new price for Paneer Tikka: big enough to kill the job mid-way. */
async function bigWorkbook(file: string) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
  const sheet = wb.addWorksheet('Menu');
  sheet.addRow(['foodid', 'foodname', 'price', 'listofcategories', 'servingtime']).commit();
  sheet.addRow(['spice_route_paneer_tikka', 'Paneer Tikka', 999, 'Starters', '11:30-15:00']).commit();
  for (let i = 0; i < ROWS; i++) sheet.addRow(['', `Crash dish ${i}`, 10 + (i % 90), 'Mains', '']).commit();
  sheet.commit();
  await wb.commit();
}

describe.each(backends)('a bulk upload interrupted by a crash on %s', (backend) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-bulk-crash-'));
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>> | null = null;
  const servers: Server[] = [];

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

  it('leaves the menu unchanged and ends the job as error after the restart', async () => {
    if (backend === 'postgres') scratch = await createScratchPostgres();
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_IDP: 'false',
      JOBS_POLL_SECONDS: '0.5',
      JOBS_STALE_SECONDS: '3',
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    };
    const first = await startServer(env);
    servers.push(first);
    const login = await fetch(`${first.base}/v2/bck/vendor/password_login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userid: 'demo.admin', password: 'ControlDesk#2026' }),
    });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('cd_session='))!
      .split(';')[0]!;
    type Answer = { data: BackgroundJob[]; fooditems: { foodid: string; price: number }[] };
    const get = async (base: string, url: string) =>
      (await fetch(`${base}/v2/bck${url}`, { headers: { cookie } })).json() as Promise<Answer>;
    const jobOf = async (base: string, id: string): Promise<BackgroundJob | undefined> =>
      (await get(base, '/backgroundjobs')).data.find((j) => j.id === id);
    const menu = async (base: string) =>
      (await get(base, `/vendor/fooditem?restaurant=${encodeURIComponent(SPICE)}`)).fooditems;
    const before = await menu(first.base);

    const file = path.join(dataDir, 'big.xlsx');
    await bigWorkbook(file);
    const form = new FormData();
    form.append('restaurant', SPICE);
    form.append('file', await fs.openAsBlob(file), 'big.xlsx');
    const res = await fetch(`${first.base}/v2/bck/bulkupload/upload_bulkitems`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const job = ((await res.json()) as { job: BackgroundJob }).job;
    expect(job.title).toBe('Menu upload for Spice Route');

    // Mid-upload: it has read rows and not finished.
    for (let i = 0; ; i++) {
      const now = await jobOf(first.base, job.id);
      if (now?.status !== 'in_progress') throw new Error(`the job ended before the kill: ${JSON.stringify(now)}`);
      if (now.progress.done >= 500) break;
      if (i > 600) throw new Error(`the upload did not start: ${JSON.stringify(now)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await startServer(env);
    servers.push(second);
    let ended: BackgroundJob | undefined;
    for (let i = 0; i < 200; i++) {
      ended = await jobOf(second.base, job.id);
      if (ended?.status !== 'in_progress') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(ended).toMatchObject({ status: 'error', title: 'Menu upload for Spice Route' });
    expect(ended!.message).toContain('Menu upload for Spice Route');
    expect(await menu(second.base)).toEqual(before);
    second.child.kill('SIGTERM');
    await second.exited;
  }, 300_000);
});
