import type { BulkCell, BulkCellError } from '@cd/core';
import { readFirstSheet, workbookWriter } from './xlsx.js';

const BAD = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } } as const;
export const ERRORS_HEADER = 'Errors';

/** "price: Enter a number; hide_item: Enter TRUE or FALSE". */
export const errorText = (errors: BulkCellError[]) =>
  errors.map((e) => (e.column ? `${e.column}: ${e.message}` : e.message)).join('; ');

/**
 * The error workbook: the uploaded sheet as it was (every row, so it can be fixed and uploaded again), with an
 * "Errors" column naming each bad cell and its message, and the bad cells shaded. Streams the upload a second
 * time rather than keeping it in memory. An "Errors" column of an earlier error file is replaced.
 */
export async function writeErrorWorkbook(
  source: string,
  target: string,
  sheetName: string,
  errors: ReadonlyMap<number, BulkCellError[]>,
): Promise<void> {
  const wb = workbookWriter(target);
  const sheet = wb.addWorksheet(sheetName);
  let columns: string[] = [];
  let dropped = -1;
  await readFirstSheet(source, (rowNumber, cells) => {
    let values: BulkCell[] = cells;
    if (columns.length === 0) {
      dropped = cells.findIndex((c) => String(c ?? '').trim() === ERRORS_HEADER);
      columns = cells.map((c) =>
        String(c ?? '')
          .trim()
          .toLowerCase(),
      );
    }
    if (dropped >= 0) values = cells.filter((_, i) => i !== dropped);
    const width = Math.max(columns.length - (dropped >= 0 ? 1 : 0), values.length);
    const padded = Array.from({ length: width }, (_, i) => values[i] ?? null);
    const rowErrors = errors.get(rowNumber);
    const row = sheet.addRow([...padded, rowNumber === 1 ? ERRORS_HEADER : rowErrors ? errorText(rowErrors) : null]);
    if (rowNumber === 1) row.font = { bold: true };
    for (const e of rowErrors ?? []) {
      const at = columns.indexOf(e.column.toLowerCase());
      if (at >= 0) row.getCell(at + 1 - (dropped >= 0 && at > dropped ? 1 : 0)).fill = BAD;
    }
    row.commit();
  });
  sheet.commit();
  await wb.commit();
}
