// A notification to 100,000 customers (issue 19): the job process sends it to the outbox sender at ≥ 2,000
// recipients per second, with its progress readable in the panel while it runs.
// It creates a scratch database on the local PostgreSQL server (BENCH_PG, default postgres://postgres@127.0.0.1:5432),
// starts the real server on it (port 4399, 127.0.0.1 only, NOTIFICATION_SEND_SECONDS=1, the UK region so "everyone"
// is allowed at any hour), fills the customers with one SQL statement, schedules the notification for now through
// the API and reads GET /notifications/:id/runs every 200 ms as the panel does until the run ends. The rate is the
// run's recipients over its own start and finish; the outbox (<DATA_DIR>/outbox.log) must hold one push line per
// recipient. BENCH_RECIPIENTS changes the volume. Run: node bench/notifications.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { apiClient, assertPortFree, benchServer, buildServer } from './lib/server.mjs';

const PORT = 4399;
const API = `http://127.0.0.1:${PORT}/v2/bck`;
const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const TARGET = 2000;
const DEADLINE = Date.now() + 10 * 60_000;

const dbName = `cd_bench_notifications_${process.pid}`;
const admin = new pg.Client({ connectionString: `${PG}/postgres` });
await admin.connect();
await admin.query(`create database ${dbName}`);
const DATABASE_URL = `${PG}/${dbName}`;

await assertPortFree(PORT);
buildServer();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-bench-notifications-'));
const server = benchServer({
  port: PORT,
  dataDir,
  env: { DATABASE_URL, NOTIFICATION_SEND_SECONDS: '1', REGION_HOSTS: JSON.stringify({ '127.0.0.1': 'uk-live' }) },
});

try {
  server.start();
  await server.waitReady();
  const client = apiClient(API);
  await client.signIn();

  console.log(`filling ${RECIPIENTS.toLocaleString('en')} customers …`);
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  await db.query('delete from customers');
  await db.query(
    `insert into customers (customer_ref, name, email, phone, marketing_opt_in)
     select 'B-' || lpad(g::text, 7, '0'), 'Customer ' || g, '', '', true from generate_series(1, $1::int) g`,
    [RECIPIENTS],
  );
  await db.query('analyze customers');
  await db.end();

  const { json } = await client.call('POST', 'notifications', {
    title: 'Lunch is on',
    body: 'Two for one until 2pm',
    channels: ['push'],
    audience: 'everyone',
    status: 'scheduled',
  });
  const id = json.notification.id;
  const samples = [];
  let run;
  for (;;) {
    if (Date.now() > DEADLINE) throw new Error('the run did not finish in 10 minutes');
    const { json: runs } = await client.call('GET', `notifications/${id}/runs`);
    run = runs.runs[0];
    if (run) samples.push(run.progress);
    if (run?.finished_at) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const seconds = (Date.parse(run.finished_at) - Date.parse(run.started_at)) / 1000;
  const rate = run.sent / seconds;
  const outbox = fs.readFileSync(path.join(dataDir, 'outbox.log'), 'utf8');
  const lines = outbox.split('\n').filter((l) => l.includes(' NOTIFICATION PUSH ')).length;
  const progress = [...new Set(samples)];
  console.log(
    `notification to ${run.targeted.toLocaleString('en')} customers: ${run.sent.toLocaleString('en')} sent, ${run.failed} failed ` +
      `in ${seconds.toFixed(2)} s = ${Math.round(rate).toLocaleString('en')} per second (target ${TARGET.toLocaleString('en')}); ` +
      `outbox ${lines.toLocaleString('en')} push lines; progress read in the panel: ${progress.join(' → ')} %; ` +
      `server memory ${server.status('VmRSS').toFixed(0)} MB`,
  );
  if (rate < TARGET || run.sent !== RECIPIENTS || lines !== RECIPIENTS || progress.length < 3) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
