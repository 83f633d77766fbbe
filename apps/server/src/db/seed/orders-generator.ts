/**
 * `npm run seed:orders -- --orders 1000000 [--days 90] [--batch 5000] [--seed 1] [--restaurant id]`: adds order history in volume
 * for the benchmarks (issue 13 point 3), on the database the server uses (DATABASE_URL, else the embedded one in
 * DATA_DIR; stop the server first when it is the embedded one). Creates the demo data first on an empty
 * database. Orders are spread over the demo restaurants and the last `--days` days like the demo history, with
 * order numbers of their own (`G<run>-…`), so it can run again, and ending yesterday so that exactly `--orders`
 * are made. Each batch is one transaction of multi-row `INSERT … SELECT FROM unnest(…)` statements.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { addDays } from '@cd/core';
import { loadConfig } from '../../config.js';
import { rebuildRollups } from '../../modules/reports/rollups.js';
import { openDatabase } from '../client.js';
import { seedDemo } from './demo.js';
import { allocateIds, insertOrderBatch, orderHistory, type OrderDraft } from './order-history.js';
import { seedRestaurants } from './orders-demo.js';

async function main() {
  const { values } = parseArgs({
    options: {
      orders: { type: 'string', default: '100000' },
      days: { type: 'string', default: '90' },
      batch: { type: 'string', default: '5000' },
      seed: { type: 'string' },
      restaurant: { type: 'string' },
    },
  });
  const count = (name: string, value: string, max: number) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > max) {
      console.error(`--${name} must be a whole number from 1 to ${max.toLocaleString('en')}`);
      process.exit(2);
    }
    return n;
  };
  const total = count('orders', values.orders, 50_000_000);
  const days = count('days', values.days, 3650);
  const batchSize = count('batch', values.batch, 100_000);

  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    sharedBuffers: config.PGLITE_SHARED_BUFFERS,
  });
  const { db } = database;
  try {
    if (await seedDemo(db)) console.log('Empty database: demo data created first.');
    const all = await seedRestaurants(db);
    // --restaurant: every order in one restaurant (the day-end benchmark closes a day of one busy restaurant).
    const restaurants = values.restaurant ? all.filter((r) => r.restaurant === values.restaurant) : all;
    if (restaurants.length === 0) {
      console.error(`--restaurant ${values.restaurant}: no such demo restaurant`);
      process.exit(2);
    }
    const run = Date.now().toString(36).toUpperCase();
    const started = Date.now();
    let written = 0;
    let pending: OrderDraft[] = [];
    const flush = async () => {
      if (pending.length === 0) return;
      const batch = pending;
      pending = [];
      await db.transaction((tx) => insertOrderBatch(tx, batch, 'generator'));
      written += batch.length;
      const seconds = (Date.now() - started) / 1000;
      console.log(
        `${written.toLocaleString('en')} / ${total.toLocaleString('en')} orders ` +
          `(${Math.round(written / seconds).toLocaleString('en')} a second)`,
      );
    };
    for await (const day of orderHistory({
      restaurants,
      days,
      wholeDays: true,
      orders: total,
      seed: values.seed === undefined ? Date.now() : Number(values.seed),
      numberPrefix: `G${run}-`,
      ids: (o, l) => allocateIds(db, o, l),
    })) {
      pending.push(...day);
      if (pending.length >= batchSize) await flush();
    }
    await flush();
    // The reports' daily rollups of the dates written, a week per transaction.
    const today = new Date().toISOString().slice(0, 10);
    for (let from = addDays(today, -days - 1); from <= today; from = addDays(from, 7)) {
      const to = addDays(from, 6);
      await db.transaction((tx) => rebuildRollups(tx, { from, to }));
    }
    console.log(`Rollups rebuilt (${((Date.now() - started) / 1000).toFixed(1)} s).`);
    await db.execute(sql`analyze sales_daily, sales_daily_items, sales_daily_options, sales_daily_tenders`);
    await db.execute(sql`analyze orders, order_lines, order_payments, order_status_history, refunds, refund_lines`);
    console.log(`Done: ${written.toLocaleString('en')} orders in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
