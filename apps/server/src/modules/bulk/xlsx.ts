import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { BulkCell } from '@cd/core';

/** exceljs streaming reader and writer, with the options every bulk file uses. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A streaming workbook writer on a file or a stream; no shared strings (rows are flushed as they are written). */
export function workbookWriter(target: string | NodeJS.WritableStream) {
  return new ExcelJS.stream.xlsx.WorkbookWriter({
    ...(typeof target === 'string' ? { filename: target } : { stream: target as never }),
    useStyles: true,
    useSharedStrings: false,
  });
}

/** An exceljs cell value as a bulk cell: rich text, hyperlinks and formulas become their text or result. */
export function toBulkCell(v: unknown): BulkCell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: string };
    if (o.richText) return o.richText.map((r) => r.text).join('');
    if ('result' in o) return toBulkCell(o.result);
    if (o.text !== undefined) return toBulkCell(o.text);
    if (o.error) return o.error;
  }
  return String(v);
}

/** Cells of a row as a 0-based array (exceljs rows are 1-based, sparse). */
export function rowCells(values: unknown): BulkCell[] {
  const list = Array.isArray(values) ? values : [];
  const out: BulkCell[] = [];
  for (let i = 1; i < list.length; i += 1) out.push(toBulkCell(list[i]));
  return out;
}

/**
 * Streams the rows of the workbook's first worksheet (rowNumber 1-based, cells 0-based). Shared strings are
 * cached (the sheet refers to them by index); nothing else of the file is held in memory.
 */
export async function readFirstSheet(
  file: string,
  onRow: (rowNumber: number, cells: BulkCell[]) => void | Promise<void>,
): Promise<void> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(fs.createReadStream(file), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      await onRow(row.number, rowCells(row.values));
    }
    return;
  }
}

/** True when the file starts like a zip archive (every .xlsx does). */
export async function looksLikeXlsx(file: string): Promise<boolean> {
  const fd = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    await fd.read(head, 0, 4, 0);
    return head.equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  } finally {
    await fd.close();
  }
}
