import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedHeaderSheet, workbookParts, writeWorkbookBomb, writeZip } from '../../../test/xlsx-bomb.js';
import { forEachRow, unpackWorkbook, workbookWriter } from './xlsx.js';
import {
  readFirstWorksheet,
  readZipDirectory,
  WORKBOOK_LIMITS,
  WorkbookRefused,
  type SheetCell,
  type WorkbookLimits,
} from './xlsx-reader.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-xlsx-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const file = (name: string) => path.join(dir, name);

async function rowsOf(xlsx: string, limits: WorkbookLimits = WORKBOOK_LIMITS) {
  const rows: [number, SheetCell[]][] = [];
  await readFirstWorksheet(xlsx, (n, cells) => rows.push([n, cells]), { limits });
  return rows;
}

// Building a bomb deflates 300 MB: slow on a busy machine.
describe('the bulk workbook reader', { timeout: 120_000 }, () => {
  it('reads the first sheet of a workbook saved with shared strings, as exceljs did', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Menu');
    sheet.addRow(['foodid', 'foodname', 'price', 'hide_item']);
    sheet.addRow(['', 'Masala <Dosa> & "chutney"', 120.5, true]);
    sheet.addRow([]);
    sheet.getCell('B4').value = { richText: [{ text: 'Idli ' }, { text: 'Vada', font: { bold: true } }] };
    sheet.getCell('C4').value = { formula: 'C2*2', result: 241 };
    sheet.getCell('E4').value = 'far column';
    wb.addWorksheet('Instructions').addRow(['not read']);
    await wb.xlsx.writeFile(file('shared.xlsx'));
    expect(await rowsOf(file('shared.xlsx'))).toEqual([
      [1, ['foodid', 'foodname', 'price', 'hide_item']],
      [2, ['', 'Masala <Dosa> & "chutney"', 120.5, true]],
      [4, [null, 'Idli Vada', 241, null, 'far column']],
    ]);
  });

  it('reads a streamed workbook (inline strings), and writes its rows as NDJSON from a worker thread', async () => {
    const wb = workbookWriter(file('inline.xlsx'));
    const sheet = wb.addWorksheet('Menu');
    sheet.addRow(['foodname', 'price']).commit();
    for (let i = 1; i <= 1500; i++) sheet.addRow([`Item ${i}`, i]).commit();
    sheet.commit();
    await wb.commit();
    const out = file('inline.ndjson');
    expect(await unpackWorkbook(file('inline.xlsx'), out)).toEqual({ rows: 1501 });
    const seen: unknown[] = [];
    await forEachRow(out, (n, cells) => void seen.push([n, cells]));
    expect(seen).toHaveLength(1501);
    expect(seen[1500]).toEqual([1501, ['Item 1500', 1500]]);
  });

  it('refuses a workbook bomb from its central directory, before unpacking anything', async () => {
    await writeWorkbookBomb(file('bomb.xlsx'), 300);
    expect(fs.statSync(file('bomb.xlsx')).size).toBeLessThan(1024 * 1024);
    await expect(readZipDirectory(file('bomb.xlsx'))).rejects.toThrow(
      /The workbook's shared strings unpack to 30\d MB; at most 64 MB are accepted/,
    );
    await expect(unpackWorkbook(file('bomb.xlsx'), file('bomb.ndjson'))).rejects.toBeInstanceOf(WorkbookRefused);
    // Refused from the directory: not a row written.
    expect(fs.statSync(file('bomb.ndjson'), { throwIfNoEntry: false })?.size ?? 0).toBe(0);
  });

  it('stops a part that unpacks to more than it declares (a zip that lies)', async () => {
    await writeWorkbookBomb(file('liar.xlsx'), 300, { lie: true });
    await expect(unpackWorkbook(file('liar.xlsx'), file('liar.ndjson'))).rejects.toThrow(
      'The workbook is damaged: xl/sharedStrings.xml unpacks to more than it declares',
    );
  });

  it('refuses too many parts, rows, columns and characters, naming the limit', async () => {
    const many = workbookParts(sharedHeaderSheet(0));
    for (let i = 0; i < 30; i++) many.push({ name: `xl/media/p${i}.xml`, head: '<x/>' });
    await writeZip(file('parts.xlsx'), many);
    await expect(rowsOf(file('parts.xlsx'), { ...WORKBOOK_LIMITS, entries: 20 })).rejects.toThrow(
      'The workbook has 35 parts; at most 20 are accepted',
    );

    const rows = {
      name: 'xl/worksheets/sheet1.xml',
      head: '<worksheet><sheetData>',
      block: '<row><c t="inlineStr"><is><t>x</t></is></c></row>',
      times: 50,
      tail: '</sheetData></worksheet>',
    };
    await writeZip(file('rows.xlsx'), workbookParts(rows));
    expect(await rowsOf(file('rows.xlsx'))).toHaveLength(50);
    await expect(rowsOf(file('rows.xlsx'), { ...WORKBOOK_LIMITS, rows: 49 })).rejects.toThrow(
      'The sheet has more than 49 rows; split it into smaller files',
    );

    const wide = {
      name: 'xl/worksheets/sheet1.xml',
      head: '<worksheet><sheetData><row r="1"><c r="XFE1"><v>1</v></c></row></sheetData></worksheet>',
    };
    await writeZip(file('wide.xlsx'), workbookParts(wide));
    await expect(rowsOf(file('wide.xlsx'))).rejects.toThrow('Row 1 has more than 16,384 columns');

    const long = {
      name: 'xl/worksheets/sheet1.xml',
      head: '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>',
      block: 'y',
      times: 40_000,
      tail: '</t></is></c></row></sheetData></worksheet>',
    };
    await writeZip(file('long.xlsx'), workbookParts(long));
    await expect(rowsOf(file('long.xlsx'))).rejects.toThrow(
      'Row 1, column 1: a cell holds more than 32,767 characters',
    );
  });

  it('ends a reader that runs out of its heap with a message, and the server goes on', async () => {
    // Within the count limits but far beyond a 24 MB heap: 60 MB of distinct-looking shared strings.
    const text = 'B'.repeat(20_000);
    await writeZip(
      file('heavy.xlsx'),
      workbookParts(sharedHeaderSheet(1), {
        name: 'xl/sharedStrings.xml',
        head: '<sst>',
        block: `<si><t>${text}</t></si>`,
        times: 3000,
        tail: '</sst>',
      }),
    );
    const limits = { ...WORKBOOK_LIMITS, sharedStringChars: 1e9 };
    await expect(unpackWorkbook(file('heavy.xlsx'), file('heavy.ndjson'), { heapMb: 24, limits })).rejects.toThrow(
      'Reading the workbook needs more memory than a task may use (24 MB): split it into smaller files',
    );
    // This process is unharmed, and the same reader with the usual heap reads it.
    expect(await unpackWorkbook(file('heavy.xlsx'), file('heavy.ndjson'), { limits })).toEqual({ rows: 1 });
  });
});
