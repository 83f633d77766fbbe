import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { BULK_COLUMNS, BULK_HEADERS, bulkRowOf, excelSheetName } from '@cd/core';
import type { DbOrTx } from '../../db/client.js';
import { foodItems, restaurants } from '../../db/schema/index.js';
import type { JobContext, JobOutcome } from '../jobs/job-types.js';
import { itemPages } from './item-rows.js';
import { workbookWriter } from './xlsx.js';

type Sheet = ReturnType<ReturnType<typeof workbookWriter>['addWorksheet']>;

/** The header row (bold) and the column widths of a bulk-edit sheet. */
function startSheet(sheet: Sheet) {
  sheet.columns = BULK_HEADERS.map((h) => ({ key: h, width: Math.max(12, Math.min(40, h.length + 4)) }));
  const header = sheet.addRow(BULK_HEADERS);
  header.font = { bold: true };
  header.commit();
}

/** The template: the headers, and a second sheet saying how to fill each column. */
export async function writeTemplate(target: NodeJS.WritableStream): Promise<void> {
  const wb = workbookWriter(target);
  const sheet = wb.addWorksheet('Menu');
  startSheet(sheet);
  sheet.commit();
  const help = wb.addWorksheet('Instructions');
  help.columns = [{ width: 24 }, { width: 90 }];
  help.addRow(['column', 'how to fill it']).commit();
  for (const c of BULK_COLUMNS) help.addRow([c.header, c.hint]).commit();
  help.commit();
  await wb.commit();
}

export type RestaurantInfo = { restaurant: string; restid: string; name: string };

export async function restaurantInfo(db: DbOrTx, id: string): Promise<RestaurantInfo | null> {
  const [row] = await db
    .select({ restaurant: restaurants.restaurant, restid: restaurants.restid, name: restaurants.name })
    .from(restaurants)
    .where(eq(restaurants.restaurant, id));
  return row ?? null;
}

/** The file name of a restaurant's menu workbook. */
export const menuFileName = (r: RestaurantInfo) =>
  `menu_${(r.restid || r.restaurant.slice(r.restaurant.indexOf(':') + 1)).replace(/[^\w-]+/g, '_')}.xlsx`;

/**
 * Writes a restaurant's menu as a bulk-edit workbook, reading the items a page at a time (keyset on the menu
 * order) and committing each row as it is written, so memory stays flat whatever the menu's size.
 */
export async function writeMenuWorkbook(
  db: DbOrTx,
  r: RestaurantInfo,
  file: string,
  onRows: (written: number) => Promise<void>,
): Promise<number> {
  const wb = workbookWriter(file);
  const sheet = wb.addWorksheet(excelSheetName(r.name));
  startSheet(sheet);
  let written = 0;
  for await (const page of itemPages(db, r.restaurant)) {
    for (const { row, fields } of page) sheet.addRow(bulkRowOf(row.foodid, fields)).commit();
    written += page.length;
    await onRows(written);
  }
  sheet.commit();
  await wb.commit();
  return written;
}

/** Job `bulk-download` (data {restaurants}): one workbook per restaurant in the job's directory. */
export async function bulkDownloadJob(ctx: JobContext): Promise<JobOutcome> {
  const ids = (ctx.data.restaurants as string[] | undefined) ?? [];
  const infos: RestaurantInfo[] = [];
  for (const id of ids) {
    const info = await restaurantInfo(ctx.db, id);
    if (!info) return { status: 'error', message: `Restaurant ${id} does not exist` };
    infos.push(info);
  }
  const counts = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(foodItems)
    .where(inArray(foodItems.restaurant, ids.length ? ids : ['']));
  const total = Math.max(1, counts[0]?.n ?? 0);
  await ctx.progress(0, total);
  const files: string[] = [];
  const used = new Set<string>();
  let before = 0;
  for (const info of infos) {
    let name = menuFileName(info);
    for (let k = 2; used.has(name); k += 1) name = menuFileName(info).replace(/\.xlsx$/, `_${k}.xlsx`);
    used.add(name);
    const n = await writeMenuWorkbook(ctx.db, info, path.join(ctx.dir, name), (w) =>
      ctx.progress(Math.min(total, before + w), total),
    );
    before += n;
    files.push(name);
  }
  await ctx.progress(total, total);
  const items = before === 1 ? '1 item' : `${before} items`;
  return {
    status: 'done',
    files,
    message: `Downloaded ${items} of ${infos.length === 1 ? infos[0]!.name : `${infos.length} restaurants`}`,
  };
}
