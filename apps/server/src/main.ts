import { loadConfig, productionProblems } from './config.js';
import { buildApp } from './app.js';
import { DataDirLockedError, openDatabase } from './db/client.js';
import { DEMO_USERS, seedDemo } from './db/seed/demo.js';
import { ensureSecret } from './lib/app-state.js';
import { every } from './lib/periodic.js';
import { pruneRateLimits } from './lib/rate-limit-store.js';
import { pruneApiKeyUsage } from './modules/api-keys/api-keys.service.js';
import { pruneSignInFailures, throttleLimits } from './modules/auth/sign-in-throttle.js';

async function main() {
  const config = loadConfig();
  const problems = productionProblems(config);
  if (problems.length) {
    console.error(
      `\nControl Desk will not start in production like this:\n${problems.map((p) => `  - ${p}`).join('\n')}\n`,
    );
    process.exit(2);
  }
  let database;
  let seeded = false;
  try {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.dataDir,
      sharedBuffers: config.PGLITE_SHARED_BUFFERS,
      poolMax: config.PG_POOL_MAX,
      // With PostgreSQL, servers started together on an empty database seed it once: the first seeds while the
      // others wait (db/client.ts, START_LOCK), then find it seeded.
      prepare: config.seedDemo
        ? async (db) => {
            seeded = await seedDemo(db);
          }
        : undefined,
    });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`\n${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  // `--prepare` (npm start, scripts/start.mjs): only the first-start work on the database — migrations and, on an
  // empty database, the demo data — while the web app builds beside it; the server itself starts after.
  if (process.argv.includes('--prepare')) {
    await database.close();
    console.log(seeded ? 'Database ready: demo data created.' : 'Database ready.');
    process.exit(0);
  }
  const { db } = database;
  const secret = await ensureSecret(db, config.APP_SECRET);

  const app = await buildApp({ config, db, secret });
  if (!config.jobsWorker && database.kind === 'pglite') {
    app.log.warn(
      'JOBS_WORKER=off with the embedded database: no process will run background jobs (a separate worker ' +
        'cannot share the embedded database; use DATABASE_URL for that)',
    );
  }
  // Ended sessions, failed sign-ins that no longer count for the per-account throttle, ended rate-limit windows and
  // API-key call counts older than two days:
  // each round in one of the API processes (lib/periodic.ts).
  const stopSweep = every(
    db,
    10 * 60_000,
    () =>
      Promise.all([
        app.sessions.sweep(),
        pruneSignInFailures(db, throttleLimits(config)),
        pruneRateLimits(db),
        pruneApiKeyUsage(db),
      ]),
    app.log,
    'sign-in sweep',
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await stopSweep();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}/db` : 'PostgreSQL (DATABASE_URL)';
  const lines = [
    '',
    `Control Desk is running at ${config.publicUrl}  (${where})`,
    `API docs: ${config.publicUrl}/docs`,
  ];
  if (config.seedDemo) {
    lines.push(seeded ? 'Demo data created. Demo sign-ins:' : 'Demo sign-ins:');
    for (const u of DEMO_USERS) lines.push(`  ${u.userid.padEnd(32)} ${u.how}`);
    lines.push(`One-time codes go to the dev outbox: ${config.dataDir}/outbox.log (and this log)`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
