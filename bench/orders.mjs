// Orders at volume (issue 13): 1,000,000 orders on PostgreSQL, then
//   1. the /orderhistory list as the page asks for it — one food court, one week, first page of 50, newest first,
//      with its total — p50/p95/max over 200 requests spread over the food courts and the weeks of the history
//      (target p95 ≤ 100 ms);
//   2. ingest from 20 concurrent clients on loopback, each posting orders one after another with its own API
//      key's header and an idempotency key, half of them naming a customer who earns loyalty points, for 20 s
//      (target ≥ 500 orders per second sustained);
//   3. the reports on it (bench/lib/reports-bench.mjs, issue 14): a month's reports for all restaurants (target
//      p95 ≤ 1 s) and a month's item-wise export (server memory < 400 MB). Ingest runs last, so the reports read
//      exactly the seeded history.
// It creates a scratch database on the local PostgreSQL server (BENCH_PG, default postgres://postgres@127.0.0.1:5432),
// fills it with `npm run seed:orders`, starts the real server on it (port 4394, 127.0.0.1 only) and drops the
// database at the end. BENCH_ORDERS changes the volume (default 1000000); BENCH_KEEP_DB=1 keeps the database.
// Run: node bench/orders.mjs   (about 4 minutes for the seed of 1,000,000 orders, then 1 minute)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { reportsBench } from './lib/reports-bench.mjs';
import { apiClient, assertPortFree, benchServer, buildServer, ROOT } from './lib/server.mjs';

const PORT = 4394;
const API = `http://127.0.0.1:${PORT}/v2/bck`;
const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const LIST_REQUESTS = 200;
const CLIENTS = 20;
const INGEST_SECONDS = 20;
const DEADLINE = Date.now() + 30 * 60_000;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (n) => `${n.toFixed(1)} ms`;
const check = (what) => {
  if (Date.now() > DEADLINE) throw new Error(`time limit reached while ${what}`);
};

const dbName = `cd_bench_orders_${process.pid}`;
const admin = new pg.Client({ connectionString: `${PG}/postgres` });
await admin.connect();
await admin.query(`create database ${dbName}`);
const DATABASE_URL = `${PG}/${dbName}`;

await assertPortFree(PORT);
buildServer();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-bench-orders-'));
const server = benchServer({ port: PORT, dataDir, env: { DATABASE_URL, LOGIN_RATE_LIMIT_PER_MINUTE: '10000' } });
const { call, signIn } = apiClient(API);

let spanSeen;

async function listBench() {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  const { rows: courts } = await db.query('select distinct foodcourt from orders');
  const { rows: span } = await db.query(
    "select to_char(min(business_date), 'YYYY-MM-DD') as first, to_char(max(business_date), 'YYYY-MM-DD') as last, count(*)::int as n from orders",
  );
  await db.end();
  spanSeen = span[0];
  const first = new Date(`${span[0].first}T00:00:00Z`);
  const weeks = Math.max(1, Math.floor((new Date(`${span[0].last}T00:00:00Z`) - first) / (7 * 86_400_000)));
  const day = (d) => d.toISOString().slice(0, 10);
  const times = [];
  let rowsSeen = 0;
  for (let i = 0; i < LIST_REQUESTS; i += 1) {
    check('measuring the order list');
    const court = courts[i % courts.length].foodcourt;
    const from = new Date(first.getTime() + ((i * 7) % weeks) * 7 * 86_400_000);
    const to = new Date(from.getTime() + 6 * 86_400_000);
    const query = new URLSearchParams({ foodcourt: court, from: day(from), to: day(to), page: '1', page_size: '50' });
    const started = performance.now();
    const { json } = await call('GET', `orders?${query}`);
    times.push(performance.now() - started);
    rowsSeen += json.orders?.length ?? 0;
  }
  times.sort((a, b) => a - b);
  console.log(
    `order list, one food court and one week, page of 50 with total (${span[0].n.toLocaleString('en')} orders, ` +
      `${courts.length} food courts, ${LIST_REQUESTS} requests, ${rowsSeen} rows): ` +
      `p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, max ${ms(times[times.length - 1])}`,
  );
}

async function ingestBench() {
  const { json } = await call('POST', 'api_keys', { api_client: 'bench-kiosks' });
  const key = json.key;
  if (!key) throw new Error(`no key in the api_keys answer: ${JSON.stringify(json).slice(0, 200)}`);
  const menu = (await call('GET', `vendor/fooditem?restaurant=${encodeURIComponent('fc-blr-atrium:spice_route')}`))
    .json;
  const items = menu.fooditems.slice(0, 5);
  const stopAt = Date.now() + INGEST_SECONDS * 1000;
  let made = 0;
  let failed = 0;
  const latencies = [];
  const run = `${process.pid}`;
  const client = async (c) => {
    for (let n = 0; Date.now() < stopAt; n += 1) {
      const item = items[n % items.length];
      const body = {
        order_number: `B${run}-${c}-${n}`,
        restaurant: 'fc-blr-atrium:spice_route',
        channel: 'kiosk',
        order_type: 'dine_in',
        // Half the orders name a customer, as app orders do: they earn in the demo's loyalty programs (issue 18).
        ...(n % 2 === 0 ? { customer_ref: `EMP-${10000 + ((c * 997 + n) % 4000)}` } : {}),
        lines: [{ foodid: item.foodid, name: item.foodname, quantity: 1 + (n % 3), unit_price: item.price }],
        payments: [{ tender: 'card', amount: item.price * (1 + (n % 3)) }],
      };
      const started = performance.now();
      const res = await fetch(`${API}/ingest/orders`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${key}`,
          'Idempotency-Key': `bench-${run}-${c}-${n}`,
        },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      if (res.ok) made += 1;
      else failed += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `ingest, ${CLIENTS} concurrent clients for ${INGEST_SECONDS} s: ${Math.round(made / seconds)} orders/s ` +
      `(${made} made, ${failed} failed; per call p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))})`,
  );
  if (failed > 0) process.exitCode = 1;
}

try {
  console.log(`seeding ${ORDERS.toLocaleString('en')} orders into ${dbName} …`);
  const seedStarted = Date.now();
  execFileSync('npm', ['run', '--silent', 'seed:orders', '--', '--orders', String(ORDERS)], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL, NODE_ENV: 'development', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 20 * 60_000,
  });
  console.log(`seeded in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s; ANALYZE …`);
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  await db.query('analyze');
  await db.end();
  server.start();
  await server.waitReady();
  await signIn();
  await listBench();
  await reportsBench({ call, server, span: spanSeen });
  await ingestBench();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (!process.env.BENCH_KEEP_DB) await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
