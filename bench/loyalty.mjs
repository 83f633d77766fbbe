// Loyalty at volume (issue 18): a points program of 200,000 members on PostgreSQL, each with an earn entry in the
// ledger and a balance; then
//   1. the member list's first page as /loyalty_points opens it (by customer, and by balance, highest first),
//      200 reads each, p95 (target ≤ 50 ms; Odoo needed a fix to load 40,000 cards in 55 ms);
//   2. a member's balance read by an ordering app (GET /loyalty/balance with an API key), 500 reads of random
//      members, p95 (target ≤ 5 ms).
// It creates a scratch database on the local PostgreSQL server (BENCH_PG, default postgres://postgres@127.0.0.1:5432),
// starts the real server on it (port 4398, 127.0.0.1 only), fills the members with one SQL statement each for the
// accounts and the ledger, and drops the database at the end. BENCH_MEMBERS changes the volume.
// Run: node bench/loyalty.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { apiClient, assertPortFree, benchServer, buildServer } from './lib/server.mjs';

const PORT = 4398;
const API = `http://127.0.0.1:${PORT}/v2/bck`;
const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200_000);
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (n) => `${n.toFixed(1)} ms`;

const dbName = `cd_bench_loyalty_${process.pid}`;
const admin = new pg.Client({ connectionString: `${PG}/postgres` });
await admin.connect();
await admin.query(`create database ${dbName}`);
const DATABASE_URL = `${PG}/${dbName}`;

await assertPortFree(PORT);
buildServer();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-bench-loyalty-'));
const server = benchServer({ port: PORT, dataDir, env: { DATABASE_URL } });

async function timed(n, fn) {
  const times = [];
  for (let i = 0; i < n; i += 1) {
    const started = performance.now();
    await fn(i);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

try {
  server.start();
  await server.waitReady();
  const client = apiClient(API);
  await client.signIn();
  const { json: made } = await client.call('POST', 'loyalty/programs', {
    name: 'Bench points',
    kind: 'points',
    status: 'active',
    restaurants: ['fc-blr-atrium:spice_route'],
    points: { per_amount: { points: 1, per: 10 }, per_visit: 0 },
    expiry_days: 365,
  });
  const programId = made.program.id;
  const { json: keyAnswer } = await client.call('POST', 'api_keys', { api_client: 'bench-loyalty' });

  console.log(`filling ${MEMBERS.toLocaleString('en')} members …`);
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  await db.query(
    `insert into loyalty_accounts (program_id, customer_ref, balance, earned, last_activity)
     select $1, 'M-' || lpad(g::text, 7, '0'), (g * 7919) % 5000, (g * 7919) % 5000, now() - (g % 400) * interval '1 hour'
     from generate_series(1, $2::int) g`,
    [programId, MEMBERS],
  );
  await db.query(
    `insert into loyalty_ledger (account_id, program_id, entry_type, points, remaining, expires_at, actor)
     select id, program_id, 'earn', balance, balance, now() + interval '300 days', 'bench' from loyalty_accounts where program_id = $1`,
    [programId],
  );
  await db.query('analyze');
  await db.end();

  const byCustomer = await timed(200, () =>
    client.call('GET', `loyalty/programs/${programId}/members?page=1&page_size=50`),
  );
  const byBalance = await timed(200, () =>
    client.call('GET', `loyalty/programs/${programId}/members?page=1&page_size=50&sort=balance&order=desc`),
  );
  const balances = await timed(500, async () => {
    const ref = `M-${String(1 + Math.floor(Math.random() * MEMBERS)).padStart(7, '0')}`;
    const res = await fetch(`${API}/loyalty/balance?customer_ref=${ref}`, {
      headers: { authorization: `Bearer ${keyAnswer.key}` },
    });
    const json = await res.json();
    if (!res.ok || json.balances.length !== 1) throw new Error(`balance of ${ref}: ${res.status}`);
  });
  console.log(
    `members list of ${MEMBERS.toLocaleString('en')}, first page of 50 with its total: by customer p50 ${ms(pct(byCustomer, 50))}, ` +
      `p95 ${ms(pct(byCustomer, 95))}; by balance p50 ${ms(pct(byBalance, 50))}, p95 ${ms(pct(byBalance, 95))} (target 50 ms)`,
  );
  console.log(
    `balance read (API key, random member): p50 ${ms(pct(balances, 50))}, p95 ${ms(pct(balances, 95))}, max ${ms(balances[balances.length - 1])} (target 5 ms); ` +
      `server memory ${server.status('VmRSS').toFixed(0)} MB`,
  );
  if (pct(byCustomer, 95) > 50 || pct(byBalance, 95) > 50 || pct(balances, 95) > 5) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
