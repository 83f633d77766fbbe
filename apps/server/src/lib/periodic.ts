import crypto from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { asSystem } from '../db/tenant-scope.js';

/**
 * How long a claimed round is held without word from its process. A running round renews it every third of this,
 * so only a process that died (or stalled) mid-round holds its task this long before another takes over.
 */
export const ROUND_LEASE_MS = 60_000;

/**
 * A round is due again a little before its interval has passed (a tenth of it, at most a second): the timer of the
 * process that ran it fires at about the same moment the next round becomes due, and the claim must not miss it by
 * a few milliseconds and leave the round to whichever process ticks next.
 */
const dueAfterMs = (everyMs: number) => Math.max(1, Math.round(everyMs - Math.min(everyMs / 10, 1000)));

type Rows<T> = { rows: T[] };

/**
 * Claims the current round of `name` for `holder`: true when it was due (or never ran) and no other process holds
 * it. One statement, so of several processes asking at once exactly one gets it. Times are the database's own
 * (`now()`): they are written and compared by SQL only, so processes on hosts whose clocks differ agree.
 */
export async function claimRound(db: DbOrTx, name: string, everyMs: number, holder: string): Promise<boolean> {
  const dueMs = dueAfterMs(everyMs);
  const result = (await db.execute(sql`
    insert into periodic_rounds as p (name, next_at, lease_until, holder, started_at)
    values (${name}, now() + ${dueMs} * interval '1 millisecond', now() + ${ROUND_LEASE_MS} * interval '1 millisecond',
      ${holder}, now())
    on conflict (name) do update
      set next_at = excluded.next_at, lease_until = excluded.lease_until, holder = excluded.holder,
        started_at = excluded.started_at
      where p.next_at <= now() and (p.lease_until is null or p.lease_until <= now())
    returning p.name`)) as unknown as Rows<{ name: string }>;
  return result.rows.length > 0;
}

/** Keeps a running round's claim (see ROUND_LEASE_MS). */
export async function renewRound(db: DbOrTx, name: string, holder: string): Promise<void> {
  await db.execute(sql`update periodic_rounds set lease_until = now() + ${ROUND_LEASE_MS} * interval '1 millisecond'
    where name = ${name} and holder = ${holder}`);
}

/** Ends a round: the next one may be claimed by any process once it is due. */
export async function releaseRound(db: DbOrTx, name: string, holder: string): Promise<void> {
  await db.execute(sql`update periodic_rounds set lease_until = null, finished_at = now()
    where name = ${name} and holder = ${holder}`);
}

/** Who claims rounds: this host and process, and the timer (two apps in one process are two holders). */
const holderId = () => `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;

/**
 * Runs `task` every `everyMs`, each round once across every process on the database: a process's timer claims the
 * round first (`periodic_rounds`, see claimRound) and runs the task only if it got it. So with several job-running
 * processes (workers, or API processes with jobs on) a round runs in one of them, and the task itself need not know.
 * Never two rounds at once, in this process or across processes (the claim is held while the round runs). A failure
 * is logged and the next round runs as usual. Returns the stop function, which waits for a running round. The timer
 * does not keep the process alive. `name` names the task in the log and in `periodic_rounds`: one name per task.
 */
export function every(
  db: DbOrTx,
  everyMs: number,
  task: () => Promise<unknown>,
  log: { warn: (obj: object, msg: string) => void },
  name: string,
): () => Promise<void> {
  const holder = holderId();
  let running: Promise<unknown> | null = null;
  const round = async () => {
    if (!(await claimRound(db, name, everyMs, holder))) return;
    const renew = setInterval(
      () => void renewRound(db, name, holder).catch((err: unknown) => log.warn({ err }, `${name}: lease not renewed`)),
      ROUND_LEASE_MS / 3,
    );
    renew.unref();
    try {
      await task();
    } finally {
      clearInterval(renew);
      await releaseRound(db, name, holder).catch((err: unknown) => log.warn({ err }, `${name}: round not released`));
    }
  };
  const timer = setInterval(() => {
    // Background work runs as the system, even when the timer was started inside a request.
    running ??= asSystem(round)
      .catch((err: unknown) => log.warn({ err }, `${name} failed`))
      .finally(() => (running = null));
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
