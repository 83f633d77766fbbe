import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import {
  cellText,
  nutritionRowSchema,
  validateFoodItem,
  type BulkCell,
  type BulkCellError,
  type NutritionRow,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { foodItems } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { JobContext, JobOutcome } from '../jobs/job-types.js';
import { touchMenu } from '../menu/menu-cache.js';
import { ERRORS_HEADER } from './bulk-error-file.js';
import { errorOutcome, HEADER_ROW, jobFile, readRows, rowsFileOf, uploadSubject } from './bulk-upload.js';

/** The nutrition workbook's columns (header spellings accepted → field). */
const HEADERS: Record<string, keyof NutritionRow | 'foodid'> = {
  foodid: 'foodid',
  'nutrient name': 'name',
  nutrient: 'name',
  name: 'name',
  quantity: 'quantity',
  calories: 'calories',
  dailyvalue: 'dailyValue',
  'daily value': 'dailyValue',
};
export const NUTRITION_HEADERS = ['foodid', 'nutrient name', 'quantity', 'calories', 'dailyValue'];
const CHUNK = 1000;

/**
 * Job `bulk-nutrition-upload` (data {restaurant, file, filename}): rows of foodid, nutrient name, quantity,
 * calories, dailyValue. The nutrition of every item named is REPLACED by its rows, in their order; the same
 * all-or-nothing as the menu upload (an error workbook and no change when any row is wrong).
 */
export async function bulkNutritionJob(ctx: JobContext): Promise<JobOutcome> {
  try {
    return await nutritionUpload(ctx);
  } finally {
    await fs.promises.rm(rowsFileOf(ctx), { force: true });
  }
}

async function nutritionUpload(ctx: JobContext): Promise<JobOutcome> {
  const subject = await uploadSubject(ctx);
  if ('error' in subject) return { status: 'error', message: subject.error };
  const { user, info } = subject;
  const file = jobFile(ctx);
  const known = new Set(
    (
      await ctx.db.select({ foodid: foodItems.foodid }).from(foodItems).where(eq(foodItems.restaurant, info.restaurant))
    ).map((r) => r.foodid),
  );
  const index = new Map<keyof NutritionRow | 'foodid', number>();
  const byItem = new Map<string, { row: number; value: NutritionRow }[]>();
  const errors = new Map<number, BulkCellError[]>();
  let read = 0;
  const unknownColumns: string[] = [];
  const rowsFile = rowsFileOf(ctx);
  const unreadable = await readRows(
    file,
    rowsFile,
    (cells) => {
      cells.forEach((c, i) => {
        const text = cellText(c);
        if (!text || text === ERRORS_HEADER) return;
        const key = text.toLowerCase();
        const f = Object.hasOwn(HEADERS, key) ? HEADERS[key] : undefined;
        if (!f) unknownColumns.push(text);
        else if (!index.has(f)) index.set(f, i);
      });
    },
    async (rowNumber, cells) => {
      read += 1;
      const get = (f: keyof NutritionRow | 'foodid') => cellText((cells[index.get(f) ?? -1] as BulkCell) ?? null);
      const foodid = get('foodid');
      if (!known.has(foodid)) {
        errors.set(rowNumber, [
          { column: 'foodid', message: foodid ? `No item ${foodid} in this restaurant` : 'Enter the foodid' },
        ]);
        return;
      }
      const parsed = nutritionRowSchema.safeParse({
        name: get('name'),
        quantity: get('quantity'),
        calories: get('calories'),
        dailyValue: get('dailyValue'),
      });
      if (!parsed.success) {
        errors.set(
          rowNumber,
          parsed.error.issues.map((i) => ({
            column: i.path[0] === 'name' ? 'nutrient name' : String(i.path[0] ?? ''),
            message: i.message === 'editMenu.nutritionNameRequired' ? 'Every nutrition row needs a name.' : i.message,
          })),
        );
        return;
      }
      const list = byItem.get(foodid) ?? [];
      list.push({ row: rowNumber, value: parsed.data });
      byItem.set(foodid, list);
      if (read % 500 === 0) await ctx.progress(read, read * 2);
    },
  );
  if (unreadable) return { status: 'error', message: unreadable };
  if (!index.has('foodid') || !index.has('name')) {
    return { status: 'error', message: `The first row must name the columns: ${NUTRITION_HEADERS.join(', ')}` };
  }
  for (const list of byItem.values()) {
    for (const e of validateFoodItem({ nutrition: list.map((l) => l.value) })) {
      const at = Number(e.field?.split('.')[1] ?? -1);
      const row = list[at]?.row;
      if (row !== undefined) errors.set(row, [{ column: 'nutrient name', message: e.message }]);
    }
  }
  if (unknownColumns.length) {
    errors.set(
      HEADER_ROW,
      unknownColumns.map((column) => ({ column, message: 'Not a column of the nutrition sheet' })),
    );
  }
  if (errors.size) {
    return errorOutcome(ctx, rowsFile, info, errors, unknownColumns, `the columns ${NUTRITION_HEADERS.join(', ')}`);
  }

  const items = [...byItem.entries()].map(([foodid, list]) => ({ foodid, nutrition: list.map((l) => l.value) }));
  const total = read + items.length;
  const outcome: JobOutcome = {
    status: 'done',
    message: `Replaced the nutrition of ${items.length} item${items.length === 1 ? '' : 's'}`,
  };
  await (ctx.db as Db).transaction(async (tx) => {
    for (let i = 0; i < items.length; i += CHUNK) {
      const json = JSON.stringify(items.slice(i, i + CHUNK));
      await tx.execute(sql`
        UPDATE food_items f SET details = jsonb_set(f.details, '{nutrition}', x.nutrition),
          updated_by = ${user.userid}, updated_at = now(), version = f.version + 1
        FROM jsonb_to_recordset(${json}::jsonb) AS x(foodid text, nutrition jsonb)
        WHERE f.foodid = x.foodid AND f.restaurant = ${info.restaurant}`);
      await ctx.progress(read + Math.min(items.length, i + CHUNK), total);
    }
    await touchMenu(tx, info.restaurant);
    await audit(tx, {
      actor: user.userid,
      action: 'bulk_nutrition_upload',
      entity: 'menu',
      entityId: info.restaurant,
      after: { job: ctx.job.id, file: ctx.data.filename ?? null, rows: read, items: items.length },
    });
    await ctx.complete(tx, outcome);
  });
  return outcome;
}
