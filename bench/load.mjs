// Load (issue 34): the product against a bare Fastify + pg reference on the same PostgreSQL database, measured side
// by side in one run, on 127.0.0.1 only. For each of the calls the ordering apps and the back-office make all day —
// the restaurant list (page of 25, signed in), the profile call, the menu read of a small restaurant, order history
// (page of 25), the loyalty balance and the quote (API key) — it prints req/s and p99 of the product and of the
// reference route that runs one query of the same data, and their ratio; then ingest orders/s from 20 clients (with
// rollups, loyalty earning and stock; an Idempotency-Key each), with the reference's single insert, and checks that
// retries of already-answered orders neither lose nor duplicate one.
// It creates a scratch database on the local PostgreSQL (BENCH_PG, default postgres://postgres@127.0.0.1:5432), starts
// the built server on it with the demo data (port 4395) and the reference (port 4396), and drops the database at the
// end. BENCH_SECONDS (per measurement, default 10), BENCH_CONNECTIONS (default 50) tune it;
// BENCH_CPU_PROF=<dir> writes the product's CPU profile there.
// Run: npm run bench:load   (about 5 minutes; BENCH_SOAK_SECONDS sets the memory phase, default 120)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { Pool } from 'undici';
import { apiClient, assertPortFree, benchServer, buildServer, ROOT } from './lib/server.mjs';

const PORT = 4395;
const REF_PORT = 4396;
const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const INGEST_CLIENTS = 20;
/** The mixed load under which memory is watched (BENCH_SOAK_SECONDS, default 120). */
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 120);
const RESTAURANT = 'fc-blr-atrium:spice_route';
const DEADLINE = Date.now() + 20 * 60_000;

/** BENCH_ONLY stops after the calls it names (no ingest). */
class Skip extends Error {}

const row = (name, p, r) =>
  `${name.padEnd(22)} ${p.rps.toFixed(0).padStart(7)} ${p.p99.toFixed(1).padStart(8)} ${r.rps.toFixed(0).padStart(9)} ` +
  `${r.p99.toFixed(1).padStart(8)} ${((p.rps / r.rps) * 100).toFixed(1).padStart(6)} %${p.failed ? `  (${p.failed} failed)` : ''}`;
const printHeader = () => {
  console.log(
    `\nLoad on PostgreSQL, ${CONNECTIONS} connections (ingest: ${INGEST_CLIENTS} clients), ${SECONDS} s each, ${os.cpus().length} cores`,
  );
  console.log(
    `${'call'.padEnd(22)} ${'req/s'.padStart(7)} ${'p99 ms'.padStart(8)} ${'ref req/s'.padStart(9)} ${'ref p99'.padStart(8)}  share`,
  );
};

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/**
 * Keeps `connections` requests in flight for `seconds` (bounded), each worker sending the next when its last is
 * answered; answers req/s, p50/p99 in ms and the failed count (status ≥ 400 or a network error).
 */
async function load(
  base,
  { method = 'GET', path: p, headers = {}, body, connections = CONNECTIONS, seconds = SECONDS },
) {
  if (Date.now() > DEADLINE) throw new Error('time limit reached');
  const pool = new Pool(base, { connections, pipelining: 1 });
  const times = [];
  let failed = 0;
  let firstFailure = '';
  let n = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const i = n++;
      const t = performance.now();
      try {
        const res = await pool.request({
          method,
          path: typeof p === 'function' ? p(i) : p,
          headers: typeof headers === 'function' ? headers(i) : headers,
          body: typeof body === 'function' ? body(i) : body,
        });
        const text = await res.body.text();
        if (res.statusCode >= 400) {
          failed += 1;
          firstFailure ||= `${res.statusCode} ${text.slice(0, 200)}`;
        }
      } catch (err) {
        failed += 1;
        firstFailure ||= String(err);
      }
      times.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const took = (performance.now() - started) / 1000;
  await pool.close();
  times.sort((a, b) => a - b);
  return {
    rps: times.length / took,
    p50: pct(times, 50),
    p99: pct(times, 99),
    failed,
    firstFailure,
    count: times.length,
  };
}

async function measure(base, spec) {
  await load(base, { ...spec, seconds: WARMUP_SECONDS });
  return load(base, spec);
}

const dbName = `cd_bench_load_${process.pid}`;
const admin = new pg.Client({ connectionString: `${PG}/postgres` });
await admin.connect();
await admin.query(`create database ${dbName}`);
const DATABASE_URL = `${PG}/${dbName}`;

await assertPortFree(PORT);
await assertPortFree(REF_PORT);
buildServer();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-bench-load-'));
const server = benchServer({
  port: PORT,
  dataDir,
  env: {
    DATABASE_URL,
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
  },
  // BENCH_CPU_PROF=<dir>: the product writes a CPU profile there when it stops (open it in Chrome's DevTools).
  nodeArgs: process.env.BENCH_CPU_PROF ? `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}` : '',
});
let reference;
const results = [];
try {
  server.start();
  await server.waitReady();
  reference = spawn(process.execPath, [path.join(ROOT, 'bench/lib/reference-server.mjs')], {
    env: { ...process.env, DATABASE_URL, PORT: String(REF_PORT) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 100; i += 1) {
    try {
      await fetch(`http://127.0.0.1:${REF_PORT}/profile?userid=demo.admin`);
      break;
    } catch {
      await sleep(100);
    }
  }

  const client = apiClient(server.api);
  const { call } = client;
  await client.signIn();
  const session = { cookie: { cookie: client.cookie } };
  const { json: keyAnswer } = await call('POST', 'api_keys', { api_client: 'bench-load' });
  const bearer = { authorization: `Bearer ${keyAnswer.key}` };

  const db = new pg.Client({ connectionString: DATABASE_URL });
  db.on('error', () => undefined); // the scratch database is dropped at the end
  await db.connect();
  const { rows: foods } = await db.query(
    'select foodid, foodname as name, price::float8 as price from food_items where restaurant = $1 order by foodid limit 5',
    [RESTAURANT],
  );
  const { rows: members } = await db.query('select customer_ref from loyalty_accounts order by customer_ref limit 1');
  const customer = members[0]?.customer_ref ?? 'C-1001';

  const product = `http://127.0.0.1:${PORT}`;
  const ref = `http://127.0.0.1:${REF_PORT}`;
  const cart = {
    restaurant: RESTAURANT,
    channel: 'app',
    order_type: 'takeaway',
    customer_ref: customer,
    lines: foods.slice(0, 3).map((f) => ({ foodid: f.foodid, quantity: 1, unit_price: f.price })),
  };
  const cases = [
    {
      name: 'restaurant list (25)',
      product: { path: '/v2/bck/vendor/restaurant?page=1&page_size=25', headers: session.cookie },
      ref: { path: '/restaurants' },
    },
    {
      name: 'profile',
      product: {
        method: 'POST',
        path: '/v2/bck/vendor/details',
        headers: { ...session.cookie, origin: product, 'content-type': 'application/json' },
        body: '{}',
      },
      ref: { path: '/profile?userid=demo.admin' },
    },
    {
      name: 'menu read',
      product: {
        path: `/v2/bck/vendor/fooditem?restaurant=${encodeURIComponent(RESTAURANT)}`,
        headers: session.cookie,
      },
      ref: { path: `/menu?restaurant=${encodeURIComponent(RESTAURANT)}` },
    },
    {
      name: 'order history (25)',
      product: { path: '/v2/bck/orders?page=1&page_size=25', headers: session.cookie },
      ref: { path: '/orders' },
    },
    {
      name: 'loyalty balance',
      product: { path: `/v2/bck/loyalty/balance?customer_ref=${customer}`, headers: bearer },
      ref: { path: `/balance?customer_ref=${customer}` },
    },
    {
      name: 'quote',
      product: {
        method: 'POST',
        path: '/v2/bck/marketing/quote',
        headers: { ...bearer, 'content-type': 'application/json' },
        body: JSON.stringify({ cart }),
      },
      ref: {
        method: 'POST',
        path: '/quote',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cart }),
      },
    },
  ];
  const only = process.env.BENCH_ONLY?.split(',');
  const picked = (name) => !only || only.some((o) => name.includes(o));
  for (const c of cases.filter((x) => picked(x.name))) {
    const p = await measure(product, c.product);
    const r = await measure(ref, c.ref);
    results.push({ name: c.name, p, r });
    if (p.failed) console.error(`${c.name}: ${p.failed} failed, e.g. ${p.firstFailure}`);
  }

  if (!picked('ingest')) throw new Skip();
  // Ingest: 20 clients, each order with its own Idempotency-Key; then every 20th answered order sent again.
  const today = new Date().toISOString().slice(0, 10);
  const orderBody = (i) =>
    JSON.stringify({
      order_number: `LOAD-${i}`,
      restaurant: RESTAURANT,
      channel: 'kiosk',
      order_type: 'takeaway',
      status: 'completed',
      business_date: today,
      ...(i % 2 === 0 ? { customer_ref: `LOAD-CUST-${i % 500}` } : {}),
      lines: foods.slice(0, 2).map((f) => ({
        foodid: f.foodid,
        name: f.name,
        quantity: 1,
        unit_price: f.price,
        tax: Math.round(((f.price * 5) / 105) * 100) / 100,
        tax_rate: 5,
      })),
      payments: [{ tender: 'upi', amount: foods.slice(0, 2).reduce((a, f) => a + f.price, 0) }],
    });
  const ingestHeaders = (i) => ({ ...bearer, 'content-type': 'application/json', 'idempotency-key': `load-${i}` });
  const warm = 1_000_000;
  await load(product, {
    method: 'POST',
    path: '/v2/bck/ingest/orders',
    headers: (i) => ingestHeaders(warm + i),
    body: (i) => orderBody(warm + i),
    connections: INGEST_CLIENTS,
    seconds: WARMUP_SECONDS,
  });
  const ingest = await load(product, {
    method: 'POST',
    path: '/v2/bck/ingest/orders',
    headers: ingestHeaders,
    body: orderBody,
    connections: INGEST_CLIENTS,
  });
  const refIngest = await measure(ref, {
    method: 'POST',
    path: '/ingest',
    headers: { 'content-type': 'application/json', 'x-client': 'load' },
    body: orderBody,
    connections: INGEST_CLIENTS,
  });
  const retries = await load(product, {
    method: 'POST',
    path: '/v2/bck/ingest/orders',
    headers: (i) => ingestHeaders((i * 20) % ingest.count),
    body: (i) => orderBody((i * 20) % ingest.count),
    connections: INGEST_CLIENTS,
    seconds: 2,
  });
  const { rows: counted } = await db.query(
    `select count(*)::int as n, count(distinct order_number)::int as distinct_n from orders
     where order_number like 'LOAD-%' and order_number not like 'LOAD-1______'`,
  );
  await db.end();
  const answered = ingest.count - ingest.failed;

  // Memory: a mixed load (list, menu, balance, quote, ingest) for SOAK_SECONDS, the server's resident memory read
  // every 5 s. Flat: the last half's average within 10 % of the first half's (after the warm-up of the calls above).
  const rss = [];
  const sampler = setInterval(() => rss.push(server.status('VmRSS')), 5000);
  rss.push(server.status('VmRSS'));
  const soak = await Promise.all([
    ...cases
      .filter((c) => !c.name.startsWith('profile') && !c.name.startsWith('order history'))
      .map((c) => load(product, { ...c.product, connections: 8, seconds: SOAK_SECONDS })),
    load(product, {
      method: 'POST',
      path: '/v2/bck/ingest/orders',
      headers: (i) => ingestHeaders(2_000_000 + i),
      body: (i) => orderBody(2_000_000 + i),
      connections: 8,
      seconds: SOAK_SECONDS,
    }),
  ]);
  clearInterval(sampler);
  rss.push(server.status('VmRSS'));
  const minute = Math.max(1, Math.floor(rss.length / 2));
  const avg = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const firstAvg = avg(rss.slice(0, minute));
  const lastAvg = avg(rss.slice(-minute));
  const soakFailed = soak.reduce((n, x) => n + x.failed, 0);
  const soakCount = soak.reduce((n, x) => n + x.count, 0);

  printHeader();
  for (const x of results) console.log(row(x.name, x.p, x.r));
  console.log(row('ingest (orders)', ingest, refIngest));
  console.log(
    `ingest: ${answered} orders answered, ${ingest.failed} failed; ${retries.count} retries answered again ` +
      `(${retries.failed} failed); orders kept ${counted[0].n}, distinct ${counted[0].distinct_n}: ` +
      `${counted[0].n === answered && counted[0].distinct_n === answered ? '0 lost, 0 duplicated' : 'MISMATCH'}`,
  );
  console.log(
    `memory over ${SOAK_SECONDS} s of mixed load (${soakCount} requests, ${soakFailed} failed): resident ` +
      `${rss.map((x) => x.toFixed(0)).join(' ')} MB; first half ${firstAvg.toFixed(0)} MB, last half ` +
      `${lastAvg.toFixed(0)} MB (${(((lastAvg - firstAvg) / firstAvg) * 100).toFixed(1)} %): ` +
      `${lastAvg <= firstAvg * 1.1 ? 'flat' : 'GROWING'}`,
  );
} catch (err) {
  if (err instanceof Skip) {
    printHeader();
    for (const x of results) console.log(row(x.name, x.p, x.r));
  } else {
    console.error(err);
    process.exitCode = 1;
  }
} finally {
  reference?.kill('SIGTERM');
  await server.stop();
  await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
