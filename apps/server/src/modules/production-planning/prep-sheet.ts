import ExcelJS from 'exceljs';
import pdfmake from 'pdfmake';
import type { TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { ALL_DAY, excelSheetName, type ProductionPlan } from '@cd/core';
// Sets pdfmake's fonts (the built-in Helvetica) and its no-files, no-network policies once for the process.
import '../invoices/invoice-pdf.js';

/**
 * The prep sheet of a plan (issue 20 point 5): one row per item with its same-weekday history, what was proposed,
 * what is planned, the note, and an empty Checked column for the kitchen to tick; totals; and signatures.
 */
type Plan = ProductionPlan & { lines: NonNullable<ProductionPlan['lines']> };

const sessionName = (s: string) => (s === ALL_DAY ? 'All day' : s);
const short = (date: string) => date.slice(5); // MM-DD

export const prepSheetTitle = (p: Plan) => `Prep sheet: ${p.restaurant_name}`;
export const prepSheetSubtitle = (p: Plan) =>
  `${p.weekday} ${p.plan_date}, ${sessionName(p.session)} · ${p.status === 'approved' ? 'Approved' : 'Draft'} · ` +
  `${p.method.method === 'peak' ? `${p.method.peak_pct}% of the highest` : 'average'} of the last ${p.lookback_weeks} ` +
  `${p.weekday}s${p.method.buffer_pct ? ` + ${p.method.buffer_pct}% buffer` : ''}`;

/** The file name: restaurant, date and session, without characters file systems refuse. */
export function prepSheetName(p: Plan, ext: 'pdf' | 'xlsx'): string {
  const safe = (s: string) =>
    s
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return `Prep sheet ${safe(p.restaurant_name)} ${p.plan_date} ${safe(sessionName(p.session))}.${ext}`;
}

/** The column headers: item, one per same weekday (oldest first), proposed, planned, note, checked. */
export const prepSheetHeaders = (p: Plan) => ['Item', ...p.history_dates, 'Proposed', 'Planned', 'Note', 'Checked'];

export async function prepSheetXlsx(p: Plan): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Control Desk';
  const sheet = wb.addWorksheet(excelSheetName(`Prep ${p.plan_date} ${sessionName(p.session)}`));
  sheet.columns = [
    { width: 32 },
    ...p.history_dates.map(() => ({ width: 11 })),
    { width: 11 },
    { width: 11 },
    { width: 30 },
    { width: 10 },
  ];
  sheet.addRow([prepSheetTitle(p)]).font = { bold: true, size: 14 };
  sheet.addRow([prepSheetSubtitle(p)]);
  const header = sheet.addRow(prepSheetHeaders(p));
  header.font = { bold: true };
  for (const l of p.lines) sheet.addRow([l.foodname, ...l.history, l.proposed, l.planned, l.note, '']);
  const total = sheet.addRow([
    'Total',
    ...p.history_dates.map((_, i) => p.lines.reduce((n, l) => n + (l.history[i] ?? 0), 0)),
    p.total_proposed,
    p.total_planned,
    '',
    '',
  ]);
  total.font = { bold: true };
  sheet.addRow([]);
  sheet.addRow(['Prepared by', '', '', 'Checked by']);
  sheet.views = [{ state: 'frozen', ySplit: 3 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function prepSheetPdf(p: Plan): Promise<Buffer> {
  const num = (n: number) => ({ text: String(n), alignment: 'right' as const });
  const body: TableCell[][] = [
    [
      { text: 'Item', bold: true },
      { text: `Last ${p.weekday}s (${p.history_dates.map(short).join(', ')})`, bold: true },
      { text: 'Proposed', bold: true, alignment: 'right' },
      { text: 'Planned', bold: true, alignment: 'right' },
      { text: 'Note', bold: true },
      { text: 'Checked', bold: true },
    ],
    ...p.lines.map((l) => [
      { text: l.foodname },
      { text: l.history.join(' · '), color: '#555555' },
      num(l.proposed),
      { ...num(l.planned), bold: true },
      { text: l.note },
      { text: '' },
    ]),
    [
      { text: 'Total', bold: true },
      { text: '' },
      { ...num(p.total_proposed), bold: true },
      { ...num(p.total_planned), bold: true },
      { text: '' },
      { text: '' },
    ],
  ];
  const definition: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [32, 32, 32, 40],
    info: { title: prepSheetTitle(p), creator: 'Control Desk' },
    defaultStyle: { font: 'Helvetica', fontSize: 9 },
    footer: (page, pages) => ({
      text: `${prepSheetTitle(p)} · ${p.plan_date} · page ${page} of ${pages}`,
      fontSize: 7,
      margin: [32, 12, 32, 0],
      color: '#777777',
    }),
    content: [
      { text: prepSheetTitle(p), fontSize: 14, bold: true, margin: [0, 0, 0, 4] },
      { text: prepSheetSubtitle(p), margin: [0, 0, 0, 4] },
      ...(p.notes ? [{ text: p.notes, italics: true, margin: [0, 0, 0, 8] as [number, number, number, number] }] : []),
      {
        table: { headerRows: 1, widths: ['*', 'auto', 'auto', 'auto', '*', 50], body },
        layout: {
          hLineWidth: () => 0.5,
          vLineWidth: () => 0.5,
          hLineColor: () => '#999999',
          vLineColor: () => '#999999',
          paddingTop: () => 4,
          paddingBottom: () => 4,
        },
      },
      {
        margin: [0, 24, 0, 0],
        columns: [
          { text: 'Prepared by: ______________________', width: '*' },
          { text: 'Checked by: ______________________', width: '*' },
          { text: 'Time: __________', width: 'auto' },
        ],
      },
    ],
  };
  return Buffer.from(await pdfmake.createPdf(definition).getBuffer());
}
