import type { BulkCell, BulkCellError } from '@cd/core';
import { forEachRow, workbookWriter } from './xlsx.js';

const BAD = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } } as const;
export const ERRORS_HEADER = 'Errors';

/** "price: Enter a number; hide_item: Enter TRUE or FALSE". */
export const errorText = (errors: BulkCellError[]) =>
  errors.map((e) => (e.column ? `${e.column}: ${e.message}` : e.message)).join('; ');

/**
 * The error workbook: the uploaded sheet as it was (every row, so it can be fixed and uploaded again), with an
 * "Errors" column naming each bad cell and its message, and the bad cells shaded; columns the sheet does not
 * know have their header cell shaded (the job's message names them). Streams the rows the job unpacked
 * (`rowsFile`, NDJSON) rather than keeping them in memory. An "Errors" column of an earlier error file is replaced.
 */
export async function writeErrorWorkbook(
  rowsFile: string,
  target: string,
  sheetName: string,
  errors: ReadonlyMap<number, BulkCellError[]>,
  unknownColumns: string[] = [],
): Promise<void> {
  const wb = workbookWriter(target);
  const sheet = wb.addWorksheet(sheetName);
  let columns: string[] = [];
  let dropped = -1;
  const unknown = new Set(unknownColumns.map((c) => c.toLowerCase()));
  await forEachRow(rowsFile, (rowNumber, cells) => {
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
    const header = rowNumber === 1;
    const rowErrors = header ? undefined : errors.get(rowNumber);
    const row = sheet.addRow([...padded, header ? ERRORS_HEADER : rowErrors ? errorText(rowErrors) : null]);
    if (header) {
      row.font = { bold: true };
      columns.forEach((c, i) => {
        if (!unknown.has(c) || i === dropped) return;
        row.getCell(i + 1 - (dropped >= 0 && i > dropped ? 1 : 0)).fill = BAD;
      });
    }
    for (const e of rowErrors ?? []) {
      const at = columns.indexOf(e.column.toLowerCase());
      if (at >= 0) row.getCell(at + 1 - (dropped >= 0 && at > dropped ? 1 : 0)).fill = BAD;
    }
    row.commit();
  });
  sheet.commit();
  await wb.commit();
}
