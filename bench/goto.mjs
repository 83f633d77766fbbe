// Go to anywhere (issue 36 point 4): GET /v2/bck/goto?q= on PostgreSQL with 10,000 menu items and 100,000 orders,
// p50/p95/max over a bounded number of varied queries (item and restaurant words, whole and partial order numbers,
// customer references, users), as the administrator (system scope) and as a user limited to one food court (row-level
// security), one request after another (target p95 ≤ 150 ms); and the order history's search by the same numbers and
// references, as both users (the list's page of 50 with its total; same target).
// It creates a scratch database on the local PostgreSQL server (BENCH_PG, default postgres://postgres@127.0.0.1:5432),
// fills it with `npm run seed:orders` and 10,000 items spread over the demo restaurants, starts the real server on it
// (port 4396, 127.0.0.1 only) and drops the database at the end. BENCH_ORDERS, BENCH_ITEMS and BENCH_REQUESTS change
// the volume (defaults 100000, 10000, 300 per user); BENCH_KEEP_DB=1 keeps the database.
// Run: npm run bench:goto   (about 1 minute for the seed, then under a minute)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { apiClient, assertPortFree, benchServer, buildServer, ROOT } from './lib/server.mjs';

const PORT = 4396;
const API = `http://127.0.0.1:${PORT}/v2/bck`;
const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const DEADLINE = Date.now() + 15 * 60_000;
const SCOPED_USER = 'bench.goto.atrium';
const SCOPED_PASSWORD = 'BenchGoto#2026';

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (n) => `${n.toFixed(1)} ms`;
const check = (what) => {
  if (Date.now() > DEADLINE) throw new Error(`time limit reached while ${what}`);
};

const WORDS = ['Masala', 'Paneer', 'Chicken', 'Tikka', 'Spicy', 'Garlic', 'Butter', 'Smoky', 'Crispy', 'Green'];
const DISHES = ['Dosa', 'Wrap', 'Bowl', 'Curry', 'Noodles', 'Burger', 'Salad', 'Roll', 'Rice', 'Soup', 'Tea', 'Fries'];

/** 10,000 items over the demo restaurants, named from a small vocabulary (so words match many items). */
async function seedItems(db) {
  const { rows: rests } = await db.query('select restaurant from restaurants order by restaurant');
  const foodid = [];
  const restaurant = [];
  const foodname = [];
  for (let i = 0; i < ITEMS; i += 1) {
    foodid.push(`bench_goto_${i}`);
    restaurant.push(rests[i % rests.length].restaurant);
    foodname.push(`${WORDS[i % WORDS.length]} ${DISHES[(i * 7) % DISHES.length]} ${i}`);
  }
  await db.query(
    `insert into food_items (foodid, restaurant, foodname, price, sequence)
     select f, r, n, 100, 1000 + ord from unnest($1::text[], $2::text[], $3::text[]) with ordinality as u(f, r, n, ord)`,
    [foodid, restaurant, foodname],
  );
}

/** Varied queries: words of items and restaurants, order numbers whole and in part, customers, users, misses. */
async function queries(db) {
  const { rows: numbers } = await db.query(
    "select order_number, customer_ref from orders tablesample system (1) where customer_ref <> '' limit 200",
  );
  const { rows: rests } = await db.query('select name from restaurants');
  const out = [];
  for (let i = 0; out.length < REQUESTS; i += 1) {
    const o = numbers[i % numbers.length];
    const choices = [
      ['item word', WORDS[i % WORDS.length].toLowerCase()],
      ['two item words', `${WORDS[i % WORDS.length]} ${DISHES[i % DISHES.length].slice(0, 3)}`.toLowerCase()],
      ['item word start', DISHES[i % DISHES.length].slice(0, 4)],
      ['restaurant word', rests[i % rests.length].name.split(' ')[0]],
      ['order number', o.order_number],
      ['order number start', o.order_number.slice(0, Math.max(4, o.order_number.length - 5))],
      ['customer', o.customer_ref],
      ['user', 'demo'],
      ['nothing', `nothing${i}`],
    ];
    const [kind, q] = choices[i % choices.length];
    out.push({ kind, q });
  }
  return out;
}

async function measure(label, client, qs) {
  const times = [];
  const byKind = new Map();
  let found = 0;
  for (const { kind, q } of qs) {
    check(`measuring ${label}`);
    const started = performance.now();
    const { json } = await client.call('GET', `goto?${new URLSearchParams({ q })}`);
    const took = performance.now() - started;
    times.push(took);
    byKind.set(kind, [...(byKind.get(kind) ?? []), took]);
    found += ['restaurants', 'items', 'orders', 'users', 'customers'].reduce((n, k) => n + (json[k]?.length ?? 0), 0);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  console.log(
    `goto as ${label} (${qs.length} requests, ${found} records found): p50 ${ms(percentile(times, 50))}, ` +
      `p95 ${ms(p95)}, max ${ms(times.at(-1))} — ${p95 <= 150 ? 'within' : 'OVER'} the 150 ms target`,
  );
  for (const [kind, list] of byKind) {
    list.sort((a, b) => a - b);
    console.log(`  ${kind}: p50 ${ms(percentile(list, 50))}, p95 ${ms(percentile(list, 95))}`);
  }
  return p95;
}

/**
 * The order history's search (GET /orders?search=, the page's first page of 50 with its total) with the same order
 * numbers, their starts and customer references: the list's search had the cost go to anywhere's first version had
 * (`lower(x) LIKE`, read in full under row-level security) until migration 0031.
 */
async function measureHistory(label, client, qs) {
  const times = [];
  let found = 0;
  const searches = qs.filter((x) => ['order number', 'order number start', 'customer'].includes(x.kind));
  for (const { q } of searches) {
    check(`measuring the order history as ${label}`);
    const started = performance.now();
    const { json } = await client.call('GET', `orders?${new URLSearchParams({ search: q, page_size: '50' })}`);
    times.push(performance.now() - started);
    found += json.total ?? 0;
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  console.log(
    `order history search as ${label} (${searches.length} requests, ${found} orders matched): ` +
      `p50 ${ms(percentile(times, 50))}, p95 ${ms(p95)}, max ${ms(times.at(-1))} — ` +
      `${p95 <= 150 ? 'within' : 'OVER'} 150 ms`,
  );
  return p95;
}

const dbName = `cd_bench_goto_${process.pid}`;
const admin = new pg.Client({ connectionString: `${PG}/postgres` });
await admin.connect();
await admin.query(`create database ${dbName}`);
const DATABASE_URL = `${PG}/${dbName}`;

await assertPortFree(PORT);
buildServer();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-bench-goto-'));
const server = benchServer({ port: PORT, dataDir, env: { DATABASE_URL, LOGIN_RATE_LIMIT_PER_MINUTE: '10000' } });
let failed = false;

try {
  console.log(`seeding ${ORDERS.toLocaleString('en')} orders and ${ITEMS.toLocaleString('en')} items into ${dbName} …`);
  const seedStarted = Date.now();
  execFileSync('npm', ['run', '--silent', 'seed:orders', '--', '--orders', String(ORDERS)], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL, NODE_ENV: 'development', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 10 * 60_000,
  });
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  await seedItems(db);
  await db.query('analyze');
  const { rows: counts } = await db.query(
    'select (select count(*) from orders)::int as orders, (select count(*) from food_items)::int as items',
  );
  console.log(
    `seeded in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s: ${counts[0].orders.toLocaleString('en')} orders, ` +
      `${counts[0].items.toLocaleString('en')} items`,
  );
  const qs = await queries(db);
  await db.end();

  server.start();
  await server.waitReady();
  const asAdmin = apiClient(API);
  await asAdmin.signIn();
  await asAdmin.call('POST', 'vendor/users', {
    userid: SCOPED_USER,
    name: 'Bench Goto',
    phone: '',
    email: '',
    password: SCOPED_PASSWORD,
    login_types: ['password'],
    only_sso_login: false,
    mfa_enabled: false,
    status: 'active',
    sites: { locations: [], foodcourts: ['fc-blr-atrium'], restaurants: [] },
    admin: false,
    pagepermissionaccess: ['restaurant', 'editMenu', 'preorderhistory', 'vendor'],
    permissions: [],
    read_only_access: [],
  });
  const scoped = apiClient(API);
  await scoped.signIn(SCOPED_USER, SCOPED_PASSWORD);
  // Warm-up: a few calls each, so connections are open and statements planned once.
  for (const { q } of qs.slice(0, 9)) {
    await asAdmin.call('GET', `goto?${new URLSearchParams({ q })}`);
    await scoped.call('GET', `goto?${new URLSearchParams({ q })}`);
  }
  const p95s = [
    await measure('the administrator (every site)', asAdmin, qs),
    await measure('a user of one food court (row-level security)', scoped, qs),
    await measureHistory('the administrator', asAdmin, qs),
    await measureHistory('a user of one food court', scoped, qs),
  ];
  failed = p95s.some((p) => p > 150);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (!process.env.BENCH_KEEP_DB) await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
if (failed) process.exitCode = 1;
