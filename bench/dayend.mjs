// Day end at volume (issue 15): one restaurant's business day of 10,000 orders on PostgreSQL, then
//   1. the day's view as /dayend opens it (blockers and Z totals);
//   2. closing it (one transaction: blockers, totals, count, log);
//   3. its SAP posting: the preview, then the upload task until done (build, split, CSV and IDoc XML);
// target: close plus posting ≤ 10 s. It creates a scratch database on the local PostgreSQL server (BENCH_PG,
// default postgres://postgres@127.0.0.1:5432), fills it with `npm run seed:orders -- --restaurant …`, starts the
// real server on it (port 4395, 127.0.0.1 only) and drops the database at the end. BENCH_ORDERS changes the volume.
// Run: node bench/dayend.mjs   (about a minute)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { apiClient, assertPortFree, benchServer, buildServer, ROOT } from './lib/server.mjs';

const PORT = 4395;
const API = `http://127.0.0.1:${PORT}/v2/bck`;
const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const RESTAURANT = 'fc-blr-atrium:spice_route';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;

const dbName = `cd_bench_dayend_${process.pid}`;
const admin = new pg.Client({ connectionString: `${PG}/postgres` });
await admin.connect();
await admin.query(`create database ${dbName}`);
const DATABASE_URL = `${PG}/${dbName}`;

await assertPortFree(PORT);
buildServer();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-bench-dayend-'));
const server = benchServer({ port: PORT, dataDir, env: { DATABASE_URL } });
const { call, signIn } = apiClient(API);

try {
  console.log(`seeding ${ORDERS.toLocaleString('en')} orders of ${RESTAURANT} on one day into ${dbName} …`);
  execFileSync(
    'npm',
    ['run', '--silent', 'seed:orders', '--', '--orders', String(ORDERS), '--days', '1', '--restaurant', RESTAURANT],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL, NODE_ENV: 'development', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 10 * 60_000,
    },
  );
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  const { rows } = await db.query(
    `select to_char(business_date, 'YYYY-MM-DD') as day, count(*)::int as n from orders
     where restaurant = $1 group by 1 order by 2 desc limit 1`,
    [RESTAURANT],
  );
  await db.query('analyze');
  await db.end();
  const { day, n } = rows[0];
  server.start();
  await server.waitReady();
  await signIn();

  let started = performance.now();
  const { json: view } = await call('GET', `dayend?restaurant=${encodeURIComponent(RESTAURANT)}&business_date=${day}`);
  const viewMs = performance.now() - started;
  console.log(
    `day ${day} of ${RESTAURANT}: ${n.toLocaleString('en')} orders, ${view.day.blockers.length} blockers; ` +
      `view ${s(viewMs)}; net ${view.day.totals.net} ${view.day.totals.currency}`,
  );
  const counted = view.day.totals.tenders.map((t) => ({ tender: t.tender, amount: t.amount }));
  started = performance.now();
  await call('POST', 'dayend/close', { restaurant: RESTAURANT, business_date: day, counted, note: '' });
  const closeMs = performance.now() - started;

  started = performance.now();
  const { json: preview } = await call(
    'GET',
    `sap-inflow/preview?restaurant=${encodeURIComponent(RESTAURANT)}&business_date=${day}`,
  );
  const previewMs = performance.now() - started;
  started = performance.now();
  const { json: upload } = await call('POST', 'sapupload', { restaurant: RESTAURANT, business_date: day });
  let job;
  for (let i = 0; i < 600; i += 1) {
    job = (await call('GET', 'backgroundjobs')).json.data.find((j) => j.id === upload.job.id);
    if (job && job.status !== 'in_progress') break;
    await sleep(50);
  }
  const uploadMs = performance.now() - started;
  console.log(
    `close ${s(closeMs)}; posting preview ${s(previewMs)} (${preview.lines.length} lines, debit ${preview.debit} = ` +
      `credit ${preview.credit}); upload task ${job?.status} in ${s(uploadMs)} (${job?.message ?? ''})`,
  );
  const total = closeMs + previewMs + uploadMs;
  console.log(`close and posting: ${s(total)} (target 10 s)`);
  if (job?.status !== 'done' || total > 10_000) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
