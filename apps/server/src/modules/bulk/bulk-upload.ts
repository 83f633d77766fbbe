import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { excelSheetName, type BulkCell, type BulkCellError } from '@cd/core';
import type { Db } from '../../db/client.js';
import { foodItems, users, type UserRow } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { publicReason } from '../../lib/safe-error.js';
import type { JobContext, JobOutcome } from '../jobs/job-types.js';
import { touchMenu } from '../menu/menu-cache.js';
import { applyPlan, newFoodids, PlanFile, planRow } from './bulk-apply.js';
import { checkRow, loadItems, loadUploadContext, readHeader } from './bulk-check.js';
import { restaurantInfo, type RestaurantInfo } from './bulk-download.js';
import { writeErrorWorkbook } from './bulk-error-file.js';
import { forEachRow, unpackWorkbook, WorkbookRefused } from './xlsx.js';

const blank = (c: BulkCell) => c === null || (typeof c === 'string' && c.trim() === '');
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The file a job was given: relative to the job's directory, or absolute. */
export const jobFile = (ctx: JobContext) => {
  const file = String(ctx.data.file ?? 'upload.xlsx');
  return path.isAbsolute(file) ? file : path.join(ctx.dir, file);
};

/** What every upload job starts with: the user (for field permissions) and the restaurant. */
export async function uploadSubject(
  ctx: JobContext,
): Promise<{ user: UserRow; info: RestaurantInfo } | { error: string }> {
  const [user] = await ctx.db.select().from(users).where(eq(users.userid, ctx.job.userid));
  if (!user) return { error: `User ${ctx.job.userid} no longer exists` };
  const info = await restaurantInfo(ctx.db, String(ctx.data.restaurant ?? ''));
  if (!info) return { error: `Restaurant ${String(ctx.data.restaurant)} does not exist` };
  return { user, info };
}

/** Where a job keeps the rows of its workbook while it runs (NDJSON, see xlsx.ts). */
export const rowsFileOf = (ctx: JobContext) => path.join(ctx.dir, 'rows.ndjson');

/**
 * Unpacks the first sheet of the job's workbook to `rowsFile` (in a worker thread, within the workbook limits)
 * and streams its rows: the first to `onHeader`, the others unless blank to `onRow`. Answers null, or the message
 * for the user when the file is refused (not a workbook, over a limit, or more memory than a task may use).
 */
export async function readRows(
  file: string,
  rowsFile: string,
  onHeader: (cells: BulkCell[]) => void,
  onRow: (rowNumber: number, cells: BulkCell[]) => Promise<void>,
): Promise<string | null> {
  try {
    await unpackWorkbook(file, rowsFile);
  } catch (err) {
    if (err instanceof WorkbookRefused) return err.message;
    return `The file could not be read as an Excel workbook (.xlsx): ${publicReason(err)}`;
  }
  let first = true;
  await forEachRow(rowsFile, async (n, cells) => {
    if (first) {
      first = false;
      onHeader(cells);
    } else if (!cells.every(blank)) await onRow(n, cells);
  });
  return null;
}

/** Ends an upload whose rows have errors: the error workbook, and nothing changed. */
export async function errorOutcome(
  ctx: JobContext,
  rowsFile: string,
  info: RestaurantInfo,
  errors: Map<number, BulkCellError[]>,
  unknownColumns: string[] = [],
  expected = "the template's headers",
): Promise<JobOutcome> {
  const errorFile = `errors_${path.basename(String(ctx.data.filename ?? 'upload.xlsx')).replace(/[^\w.-]+/g, '_')}`;
  await writeErrorWorkbook(rowsFile, path.join(ctx.dir, errorFile), excelSheetName(info.name), errors, unknownColumns);
  const rowErrors = [...errors.keys()].filter((n) => n !== HEADER_ROW).length;
  const parts = [
    unknownColumns.length ? unknownColumnsText(unknownColumns, expected) : '',
    rowErrors ? `${plural(rowErrors, 'row')} ${rowErrors === 1 ? 'has' : 'have'} errors` : '',
  ].filter(Boolean);
  return { status: 'done', errorFile, message: `${parts.join('; ')}; nothing was changed` };
}

/** The sheet's first row, which names the columns. */
export const HEADER_ROW = 1;

/** "Columns not recognised: colour, prcie (use the template's headers)". */
export function unknownColumnsText(columns: string[], expected: string): string {
  return `${columns.length === 1 ? 'Column' : 'Columns'} not recognised: ${columns.join(', ')} (use ${expected})`;
}

/** Rows checked together: their existing items are loaded with one query. */
const CHECK_CHUNK = 500;

/**
 * Job `bulk-upload` (data {restaurant, file, filename}): every row is checked like an item editor save; if any
 * fails, the job ends with an error workbook and the menu is untouched; otherwise every row is written in ONE
 * transaction (changed items get a new version, new items their ids), with the menu stamp and one audit row.
 * Memory stays flat whatever the file's size: rows are checked a chunk at a time against the items they name,
 * and the changes wait in a plan file of the job's directory until the transaction streams them in.
 */
export async function bulkUploadJob(ctx: JobContext): Promise<JobOutcome> {
  const plan = new PlanFile(path.join(ctx.dir, 'plan.ndjson'));
  await fs.promises.rm(plan.file, { force: true });
  try {
    return await checkAndApply(ctx, plan);
  } finally {
    await fs.promises.rm(plan.file, { force: true });
    await fs.promises.rm(rowsFileOf(ctx), { force: true });
  }
}

async function checkAndApply(ctx: JobContext, plan: PlanFile): Promise<JobOutcome> {
  const subject = await uploadSubject(ctx);
  if ('error' in subject) return { status: 'error', message: subject.error };
  const { user, info } = subject;
  const file = jobFile(ctx);
  const menu = await loadUploadContext(ctx.db, info.restaurant);
  const [counted] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(foodItems)
    .where(eq(foodItems.restaurant, info.restaurant));
  let index = new Map<string, number>();
  let unknownColumns: string[] = [];
  const rowsFile = rowsFileOf(ctx);
  const errors = new Map<number, BulkCellError[]>();
  const seen = new Set<string>();
  let pending: { rowNumber: number; cells: Map<string, BulkCell> }[] = [];
  let read = 0;
  const estimate = () => 2 * Math.max(read, counted?.n ?? 0, 1);

  const checkPending = async () => {
    const batch = pending;
    pending = [];
    const ids = [...new Set(batch.map((r) => String(r.cells.get('foodid') ?? '').trim()).filter(Boolean))];
    menu.items = await loadItems(ctx.db, info.restaurant, ids);
    const entries = [];
    for (const { rowNumber, cells } of batch) {
      const checked = checkRow(cells, menu, user, seen);
      if (!checked.row) errors.set(rowNumber, checked.errors);
      // Once a row is wrong nothing will be written: the rest are only checked, for the error workbook.
      else if (!errors.size) entries.push(planRow(checked.row));
    }
    if (!errors.size) await plan.add(entries);
    read += batch.length;
    await ctx.progress(read, estimate());
  };

  const unreadable = await readRows(
    file,
    rowsFile,
    (cells) => {
      const header = readHeader(cells);
      index = header.index;
      unknownColumns = header.unknown;
    },
    async (rowNumber, cells) => {
      if (!index.has('foodname')) return;
      const byHeader = new Map<string, BulkCell>();
      for (const [h, i] of index) byHeader.set(h, cells[i] ?? null);
      pending.push({ rowNumber, cells: byHeader });
      if (pending.length >= CHECK_CHUNK) await checkPending();
    },
  );
  if (unreadable) return { status: 'error', message: unreadable };
  if (!index.has('foodname')) {
    return {
      status: 'error',
      message: 'The first row must name the columns (foodid, foodname, price, …): start from the template',
    };
  }
  if (pending.length) await checkPending();
  menu.items.clear();
  // A column the sheet names but the bulk sheet does not have (a typo, a column of another system) would be
  // ignored silently: the upload is refused instead, naming it, with its header cell marked in the error file.
  if (unknownColumns.length) {
    errors.set(
      HEADER_ROW,
      unknownColumns.map((column) => ({ column, message: 'Not a column of the bulk sheet' })),
    );
  }
  if (errors.size) return errorOutcome(ctx, rowsFile, info, errors, unknownColumns);

  const total = read + plan.updates + plan.created.length;
  await ctx.progress(read, total);
  const outcome: JobOutcome = {
    status: 'done',
    message: `Updated ${plural(plan.updates, 'item')}, added ${plan.created.length}, ${plan.unchanged} unchanged`,
  };
  try {
    await (ctx.db as Db).transaction(async (tx) => {
      const ids = await newFoodids(
        tx,
        info.restid || info.restaurant.slice(info.restaurant.indexOf(':') + 1),
        plan.created,
      );
      await applyPlan(tx, info.restaurant, user.userid, plan, ids, (done) => ctx.progress(read + done, total));
      await touchMenu(tx, info.restaurant);
      await audit(tx, {
        actor: user.userid,
        action: 'bulk_upload',
        entity: 'menu',
        entityId: info.restaurant,
        after: {
          job: ctx.job.id,
          file: ctx.data.filename ?? null,
          rows: read,
          updated: plan.updates,
          created: plan.created.length,
          unchanged: plan.unchanged,
        },
      });
      await ctx.complete(tx, outcome);
    });
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 409) return { status: 'error', message: err.message };
    throw err;
  }
  return outcome;
}
