import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { excelSheetName } from '@cd/core';
import type { ListPage, ListRange } from '../../lib/list-query.js';
import { workbookWriter } from '../bulk/xlsx.js';

export type ExportCell = string | number | boolean | Date | null;

export type ExportColumn<R> = {
  header: string;
  value: (row: R) => ExportCell;
  /** Characters; default 16. */
  width?: number;
  /** An ISO time shown as a date and time (the cell is a real date). */
  date?: boolean;
};

/**
 * A resource's export (issue 11): its columns and the page fetcher its list uses. The fetcher answers one page
 * of the filtered rows in the query's order, as this user may see them, with the total.
 */
export type ExportSource<Q, R> = {
  /** Sheet name and task title, e.g. "Restaurants". */
  label: string;
  columns: ExportColumn<R>[];
  fetch: (db: Db, user: UserRow, query: Q, range: ListRange) => Promise<ListPage<R>>;
};

/** Rows read per query while writing. */
export const EXPORT_PAGE_ROWS = 500;

/** `<resource>-<yyyyMMdd-HHmm>.xlsx` in UTC (the server cannot know the reader's time zone). */
export function exportFileName(resource: string, at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${at.getUTCFullYear()}${p(at.getUTCMonth() + 1)}${p(at.getUTCDate())}-${p(at.getUTCHours())}${p(at.getUTCMinutes())}`;
  return `${resource}-${stamp}.xlsx`;
}

const cellOf = (column: ExportColumn<never>, value: ExportCell): ExportCell => {
  if (column.date && typeof value === 'string' && value) return new Date(value);
  return value;
};

/**
 * Writes the rows as one sheet (bold header row), reading a page at a time and committing each row as it is
 * written, so memory stays flat whatever the number of rows. `first` is a page already read (offset 0).
 */
export async function writeExportWorkbook<Q, R>(
  target: string | NodeJS.WritableStream,
  source: ExportSource<Q, R>,
  read: (range: ListRange) => Promise<ListPage<R>>,
  onRows: (written: number, total: number) => Promise<void> | void,
  first?: ListPage<R>,
): Promise<number> {
  const wb = workbookWriter(target);
  const sheet = wb.addWorksheet(excelSheetName(source.label));
  sheet.columns = source.columns.map((c, i) => ({
    key: String(i),
    width: c.width ?? 16,
    ...(c.date ? { style: { numFmt: 'yyyy-mm-dd hh:mm' } } : {}),
  }));
  const header = sheet.addRow(source.columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  let written = 0;
  let page = first ?? (await read({ limit: EXPORT_PAGE_ROWS, offset: 0 }));
  for (;;) {
    for (const row of page.rows) {
      sheet.addRow(source.columns.map((c) => cellOf(c as ExportColumn<never>, c.value(row)))).commit();
    }
    written += page.rows.length;
    await onRows(written, page.total);
    if (page.rows.length < EXPORT_PAGE_ROWS) break;
    page = await read({ limit: EXPORT_PAGE_ROWS, offset: written });
  }
  sheet.commit();
  await wb.commit();
  return written;
}
