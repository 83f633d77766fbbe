import path from 'node:path';
import { inArray } from 'drizzle-orm';
import {
  labelOf,
  ORDER_CHANNEL_LABELS,
  ORDER_TYPE_LABELS,
  REPORT_KIND_LABELS,
  type ReportExportFormat,
} from '@cd/core';
import type { Db, DbOrTx } from '../../db/client.js';
import { foodcourts, restaurants, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { findUserByUserid } from '../auth/users.repo.js';
import type { JobContext, JobOutcome } from '../jobs/job-types.js';
import { reportTable, totalsOf } from './report-queries.js';
import { writeReportFile, type ReportFile } from './report-files.js';
import { ReportsService, type RunBody } from './reports.service.js';

export const REPORT_EXPORT_QUEUE = 'report-export';
/** An export holds at most this many rows (an Excel sheet holds 1,048,576). */
export const REPORT_EXPORT_MAX_ROWS = 1_000_000;

export type ReportExportData = { body: RunBody; format: ReportExportFormat; file: string };

const p = (n: number) => String(n).padStart(2, '0');
/** `<report>-<from>-<to>-<yyyyMMdd-HHmm>.<ext>` (UTC stamp). */
export function reportFileName(key: string, body: Pick<RunBody, 'from' | 'to'>, format: ReportExportFormat, at: Date) {
  const stamp = `${at.getUTCFullYear()}${p(at.getUTCMonth() + 1)}${p(at.getUTCDate())}-${p(at.getUTCHours())}${p(at.getUTCMinutes())}`;
  return `${key.replace(/[^A-Za-z0-9_-]/g, '_')}-${body.from}-${body.to}-${stamp}.${format}`;
}

/** The names of the sites a report is filtered to (issue 35: a file names restaurants, not their ids). */
export type FilterNames = { restaurants: Map<string, string>; foodcourts: Map<string, string> };

export async function filterNames(db: DbOrTx, body: Pick<RunBody, 'restaurants' | 'foodcourt'>): Promise<FilterNames> {
  const rests = body.restaurants.length
    ? await db
        .select({ id: restaurants.restaurant, name: restaurants.name })
        .from(restaurants)
        .where(inArray(restaurants.restaurant, body.restaurants))
    : [];
  const courts = body.foodcourt
    ? await db
        .select({ id: foodcourts.foodcourt, name: foodcourts.name })
        .from(foodcourts)
        .where(inArray(foodcourts.foodcourt, [body.foodcourt]))
    : [];
  return {
    restaurants: new Map(rests.map((r) => [r.id, r.name])),
    foodcourts: new Map(courts.map((c) => [c.id, c.name])),
  };
}

/** The filters of a report in words, for the line under a file's title: sites by name, channels by their names. */
export function describeFilters(body: RunBody, names?: FilterNames): string {
  const parts = [`${body.from} to ${body.to}`];
  if (body.restaurants.length)
    parts.push(`restaurants: ${body.restaurants.map((r) => names?.restaurants.get(r) || r).join(', ')}`);
  if (body.foodcourt) parts.push(`food court: ${names?.foodcourts.get(body.foodcourt) || body.foodcourt}`);
  if (body.session) parts.push(`session: ${body.session}`);
  if (body.channel) parts.push(`channel: ${labelOf(ORDER_CHANNEL_LABELS, body.channel)}`);
  if (body.order_type) parts.push(`order type: ${labelOf(ORDER_TYPE_LABELS, body.order_type)}`);
  return parts.join(' · ');
}

/** Builds a report's file for a user as they are now (their reports and sites), in `dir`. */
export async function buildReportFile(
  db: Db,
  user: UserRow,
  body: RunBody,
  format: ReportExportFormat,
  target: string,
  onRows?: (n: number) => Promise<void>,
): Promise<number> {
  const service = new ReportsService(db);
  const report = await service.resolve(user, body.report);
  const scope = await service.scopeOf(user, report, body);
  const table = await reportTable(db, report.kind, scope, REPORT_EXPORT_MAX_ROWS);
  const file: ReportFile = {
    title: report.label || REPORT_KIND_LABELS[report.kind],
    subtitle: describeFilters(body, await filterNames(db, body)),
    columns: table.columns,
    rows: table.rows,
    totals: totalsOf(table.columns, table.rows),
  };
  await writeReportFile(target, format, file, onRows);
  return table.rows.length;
}

/** The export task: the report as the user sees it when it runs. */
export async function runReportExport(ctx: JobContext): Promise<JobOutcome> {
  const data = ctx.data as ReportExportData;
  const fail = (reason: string): JobOutcome => ({ status: 'error', message: `${ctx.job.title}: ${reason}` });
  const user = await findUserByUserid(ctx.db, ctx.job.userid);
  if (!user || user.status !== 'active') return fail('the user who asked for it is no longer active');
  const name = path.basename(data.file);
  let rows: number;
  try {
    await ctx.progress(0, 1);
    rows = await buildReportFile(ctx.db, user, data.body, data.format, path.join(ctx.dir, name), (n) =>
      ctx.progress(n, n + 1),
    );
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) return fail(err.message);
    throw err;
  }
  await ctx.progress(1, 1);
  const outcome: JobOutcome = {
    status: 'done',
    files: [name],
    message: `Exported ${rows === 1 ? '1 row' : `${rows} rows`}`,
  };
  await ctx.db.transaction((tx) => ctx.complete(tx, outcome));
  return outcome;
}
