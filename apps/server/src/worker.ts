import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { ensureSecret } from './lib/app-state.js';

/**
 * `npm run worker`: a process that only runs background jobs (DESIGN.md §1), for PostgreSQL deployments
 * that run the API processes with JOBS_WORKER=off. It builds the same app (so it has the same handlers),
 * serves no HTTP and streams no events. pg-boss hands each job to one worker (SKIP LOCKED), so any number of
 * these may run. The embedded database belongs to one process, so this refuses to start on it.
 */
async function main() {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    console.error(
      '\nThe worker runs only with PostgreSQL (DATABASE_URL). The embedded database cannot be shared between ' +
        'processes: with it the server runs background jobs itself (JOBS_WORKER=on, the default).\n',
    );
    process.exit(2);
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    sharedBuffers: config.PGLITE_SHARED_BUFFERS,
    poolMax: config.PG_POOL_MAX,
  });
  const secret = await ensureSecret(database.db, config.APP_SECRET);
  const app = await buildApp({ config, db: database.db, secret, role: 'worker' });
  await app.ready();
  app.log.info({ queues: app.jobs.queues }, 'job worker running');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'worker shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
