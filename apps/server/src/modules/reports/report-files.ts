import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import pdfmake from 'pdfmake';
import type { TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { excelSheetName, type ReportColumn, type ReportExportFormat, type ReportRow } from '@cd/core';
import { csvStream } from '../../lib/csv.js';
import { workbookWriter } from '../bulk/xlsx.js';
// Sets pdfmake's fonts (the built-in Helvetica) and its no-files, no-network policies once for the process.
import '../invoices/invoice-pdf.js';

/** What a report file holds: its title, the period and filters in words, the columns, rows and totals. */
export type ReportFile = {
  title: string;
  subtitle: string;
  columns: ReportColumn[];
  rows: ReportRow[];
  totals: ReportRow[];
};

/** A PDF is for reading: past this many rows it says so and the spreadsheet formats carry the rest. */
export const PDF_MAX_ROWS = 2000;

export const REPORT_CONTENT_TYPES: Record<ReportExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
};

const cellValue = (c: ReportColumn, v: ReportRow[string] | undefined) =>
  v === undefined ? null : c.type === 'percent' && typeof v === 'number' ? v / 100 : v;

async function writeXlsx(file: string, report: ReportFile, onRows: (n: number) => Promise<void>): Promise<void> {
  const wb = workbookWriter(file);
  const sheet = wb.addWorksheet(excelSheetName(report.title));
  sheet.columns = report.columns.map((c) => ({
    key: c.key,
    width: c.type === 'text' ? 28 : 14,
    style: c.type === 'money' ? { numFmt: '#,##0.00' } : c.type === 'percent' ? { numFmt: '0.0%' } : {},
  }));
  sheet.addRow([report.title]).commit();
  sheet.addRow([report.subtitle]).commit();
  const header = sheet.addRow(report.columns.map((c) => c.label));
  header.font = { bold: true };
  header.commit();
  let n = 0;
  for (const row of report.rows) {
    sheet.addRow(report.columns.map((c) => cellValue(c, row[c.key]))).commit();
    if (++n % 1000 === 0) await onRows(n);
  }
  for (const t of report.totals) {
    const r = sheet.addRow(
      report.columns.map((c, i) =>
        i === 0 ? 'Total' : c.key === 'currency' ? t.currency : (cellValue(c, t[c.key]) ?? null),
      ),
    );
    r.font = { bold: true };
    r.commit();
  }
  sheet.commit();
  await wb.commit();
}

async function writeCsv(file: string, report: ReportFile): Promise<void> {
  const csv = csvStream({
    header: true,
    columns: report.columns.map((c) => ({ key: c.key, header: c.label })),
    bom: true,
  });
  const done = pipeline(csv, fs.createWriteStream(file));
  for (const row of report.rows) {
    if (!csv.write(row)) await new Promise((resolve) => csv.once('drain', resolve));
  }
  for (const t of report.totals) {
    const first = report.columns[0]!.key;
    csv.write({ ...t, [first]: 'Total' });
  }
  csv.end();
  await done;
}

async function writePdf(file: string, report: ReportFile): Promise<void> {
  const fmt = (c: ReportColumn, v: ReportRow[string] | undefined) =>
    v === null || v === undefined
      ? ''
      : c.type === 'money' && typeof v === 'number'
        ? v.toFixed(2)
        : c.type === 'percent'
          ? `${v}%`
          : String(v);
  const shown = report.rows.slice(0, PDF_MAX_ROWS);
  const body: TableCell[][] = [
    report.columns.map((c) => ({ text: c.label, bold: true })),
    ...shown.map((r) =>
      report.columns.map(
        (c) =>
          ({
            text: fmt(c, r[c.key]),
            alignment: c.type === 'text' || c.type === 'date' ? 'left' : 'right',
          }) as TableCell,
      ),
    ),
    ...report.totals.map((t) =>
      report.columns.map(
        (c, i) =>
          ({
            text: i === 0 ? 'Total' : fmt(c, t[c.key]),
            bold: true,
            alignment: i === 0 || c.type === 'text' ? 'left' : 'right',
          }) as TableCell,
      ),
    ),
  ];
  const definition: TDocumentDefinitions = {
    pageOrientation: report.columns.length > 7 ? 'landscape' : 'portrait',
    defaultStyle: { font: 'Helvetica', fontSize: report.columns.length > 9 ? 6.5 : 8 },
    content: [
      { text: report.title, fontSize: 14, bold: true, margin: [0, 0, 0, 4] },
      { text: report.subtitle, margin: [0, 0, 0, 8] },
      ...(report.rows.length > PDF_MAX_ROWS
        ? [
            {
              text: `The first ${PDF_MAX_ROWS} of ${report.rows.length} rows; export to Excel or CSV for all of them.`,
              italics: true,
              margin: [0, 0, 0, 6] as [number, number, number, number],
            },
          ]
        : []),
      { table: { headerRows: 1, body }, layout: 'lightHorizontalLines' },
    ],
  };
  const buffer = await pdfmake.createPdf(definition).getBuffer();
  await fs.promises.writeFile(file, buffer);
}

/** Writes a report as .xlsx (streamed row by row), .csv (streamed, with a BOM so Excel reads UTF-8) or .pdf. */
export async function writeReportFile(
  file: string,
  format: ReportExportFormat,
  report: ReportFile,
  onRows: (n: number) => Promise<void> = async () => undefined,
): Promise<void> {
  if (format === 'xlsx') return writeXlsx(file, report, onRows);
  if (format === 'csv') return writeCsv(file, report);
  return writePdf(file, report);
}
