import { and, eq, sql } from 'drizzle-orm';
import { addDays } from '@cd/core';
import type { Db } from '../../db/client.js';
import { every } from '../../lib/periodic.js';
import { dayEndLogs, dayEnds, restaurants } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { DayEndService, optionsOf, SYSTEM } from './dayend.service.js';

/** How far back the automatic day end looks for days left open. */
const LOOK_BACK_DAYS = 7;

/**
 * The automatic day end (restaurant option autodayend, issue 15): a business day closes by itself once
 * `auto_cutoff_time` minutes have passed after it ended (UTC). Orders still open are first completed (auto_status
 * collect) or cancelled (noshow), as that option says; when orders still keep the day open (auto_status default or
 * disabled, or unpaid orders), the day is left for a person and the log says why, once. Nothing is counted: the
 * payments are taken as counted. Answers how many days it closed.
 */
export async function autoCloseDays(db: Db, now: Date): Promise<number> {
  const service = new DayEndService(db);
  const auto = await db
    .select({ restaurant: restaurants.restaurant, settings: restaurants.settings })
    .from(restaurants)
    .where(sql`${restaurants.settings}->>'rest_autodayend' = 'true'`);
  const today = now.toISOString().slice(0, 10);
  let closed = 0;
  for (const r of auto) {
    const options = optionsOf(r.settings);
    const open = (await db.execute(sql`
      select distinct s.business_date::text as day from sales_daily s
      where s.restaurant = ${r.restaurant} and s.business_date between ${addDays(today, -LOOK_BACK_DAYS)} and ${addDays(today, -1)}
        and not exists (select 1 from day_ends d where d.restaurant = s.restaurant and d.business_date = s.business_date
          and d.state = 'closed')
      order by 1`)) as unknown as { rows: { day: string }[] };
    for (const { day } of open.rows) {
      const due = Date.parse(`${addDays(day, 1)}T00:00:00Z`) + options.auto_cutoff_time * 60_000;
      if (now.getTime() < due) continue;
      let blockers = await service.blockers(db, r.restaurant, day);
      const openOnes = blockers.filter((b) => b.problem === 'open').map((b) => b.order_id);
      const action =
        options.auto_status === 'collect' ? 'complete' : options.auto_status === 'noshow' ? 'cancel' : null;
      if (openOnes.length > 0 && action) {
        await service.resolve(SYSTEM, { restaurant: r.restaurant, business_date: day, order_ids: openOnes, action });
        blockers = await service.blockers(db, r.restaurant, day);
      }
      if (blockers.length > 0) {
        const [said] = await db
          .select({ id: dayEndLogs.id })
          .from(dayEndLogs)
          .where(
            and(
              eq(dayEndLogs.restaurant, r.restaurant),
              eq(dayEndLogs.business_date, day),
              eq(dayEndLogs.action, 'auto_close_blocked'),
            ),
          );
        if (!said) {
          await service.log(db, r.restaurant, day, 'auto_close_blocked', SYSTEM.user.userid, {
            detail: `${blockers.length} order(s) keep the day open: ${blockers.map((b) => b.order_number).join(', ')}`,
          });
        }
        continue;
      }
      const [existing] = await db
        .select({ version: dayEnds.version })
        .from(dayEnds)
        .where(and(eq(dayEnds.restaurant, r.restaurant), eq(dayEnds.business_date, day)));
      try {
        await service.close(
          SYSTEM,
          { restaurant: r.restaurant, business_date: day, version: existing?.version ?? 0, counted: [], note: '' },
          'auto_close',
        );
        closed++;
      } catch (err) {
        // Someone closed it (or an order arrived) meanwhile: the next round sees how things are.
        if (!(err instanceof AppError)) throw err;
      }
    }
  }
  return closed;
}

/** Runs the automatic day end every `everyMs`, each round in one of the job-running processes; returns the stop function. */
export function startAutoDayEnd(db: Db, everyMs: number, log: { warn: (obj: object, msg: string) => void }) {
  return every(db, everyMs, () => autoCloseDays(db, new Date()), log, 'automatic day end');
}
