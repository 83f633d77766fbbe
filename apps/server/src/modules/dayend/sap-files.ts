import { create } from 'xmlbuilder2';
import type { SapDocument } from '@cd/core';
import { toCsv } from '../../lib/csv.js';

export type PostingHeader = {
  /** The log's id: the reference SAP finds the document by. */
  id: number;
  kind: 'posting' | 'reversal';
  restaurant: string;
  business_date: string;
  currency: string;
  created_at: Date;
};

const ymd = (date: string) => date.replaceAll('-', '');
const itemNo = (n: number) => String(n).padStart(10, '0');
const reference = (h: PostingHeader) => `CD${String(h.id).padStart(8, '0')}`;

/** The file names of a posting: `sap-<restaurant>-<date>-<id>-<kind>.csv|.xml`. */
export function postingFileName(h: PostingHeader, ext: 'csv' | 'xml'): string {
  const rest = h.restaurant.replace(/[^A-Za-z0-9_-]/g, '_');
  return `sap-${rest}-${h.business_date}-${h.id}-${h.kind}.${ext}`;
}

/**
 * The posting as CSV, one row per line: document number, line number, dates, GL account, S (debit) or H (credit)
 * as SAP marks them, amount, currency, cost centre, profit centre, tax code and text.
 */
export function postingCsv(h: PostingHeader, docs: readonly SapDocument[]): string {
  const rows = docs.flatMap((d) =>
    d.lines.map((l, i) => ({
      reference: reference(h),
      document: d.number,
      line: i + 1,
      document_date: h.business_date,
      posting_date: h.business_date,
      gl_account: l.gl_account,
      debit_credit: l.side === 'debit' ? 'S' : 'H',
      amount: l.amount.toFixed(3),
      currency: h.currency,
      cost_center: l.cost_center,
      profit_center: l.profit_center,
      tax_code: l.tax_code,
      text: l.text,
      restaurant: h.restaurant,
      kind: h.kind,
    })),
  );
  return toCsv(rows, {
    header: true,
    columns: [
      'reference',
      'document',
      'line',
      'document_date',
      'posting_date',
      'gl_account',
      'debit_credit',
      'amount',
      'currency',
      'cost_center',
      'profit_center',
      'tax_code',
      'text',
      'restaurant',
      'kind',
    ],
  });
}

/**
 * The posting as an IDoc-style ACC_DOCUMENT XML: one IDOC per document with its control record, header
 * (E1BPACHE09), one G/L item (E1BPACGL09) and one currency amount (E1BPACCR09, credits negative) per line.
 */
export function postingXml(h: PostingHeader, docs: readonly SapDocument[]): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('ACC_DOCUMENT03');
  for (const d of docs) {
    const idoc = root.ele('IDOC', { BEGIN: '1' });
    idoc
      .ele('EDI_DC40', { SEGMENT: '1' })
      .ele('IDOCTYP')
      .txt('ACC_DOCUMENT03')
      .up()
      .ele('MESTYP')
      .txt('ACC_DOCUMENT')
      .up()
      .ele('SNDPRN')
      .txt('CONTROLDESK')
      .up()
      .ele('CREDAT')
      .txt(ymd(h.created_at.toISOString().slice(0, 10)))
      .up();
    idoc
      .ele('E1BPACHE09', { SEGMENT: '1' })
      .ele('OBJ_TYPE')
      .txt('BKPFF')
      .up()
      .ele('OBJ_KEY')
      .txt(`${reference(h)}-${d.number}`)
      .up()
      .ele('HEADER_TXT')
      .txt(
        `${h.kind === 'reversal' ? 'Reversal' : 'Day end'} ${h.business_date} ${d.number}/${docs.length}`.slice(0, 25),
      )
      .up()
      .ele('DOC_DATE')
      .txt(ymd(h.business_date))
      .up()
      .ele('PSTNG_DATE')
      .txt(ymd(h.business_date))
      .up()
      .ele('DOC_TYPE')
      .txt('SA')
      .up()
      .ele('REF_DOC_NO')
      .txt(reference(h))
      .up();
    d.lines.forEach((l, i) => {
      const gl = idoc.ele('E1BPACGL09', { SEGMENT: '1' });
      gl.ele('ITEMNO_ACC').txt(itemNo(i + 1));
      gl.ele('GL_ACCOUNT').txt(l.gl_account);
      gl.ele('ITEM_TEXT').txt(l.text.slice(0, 50));
      if (l.cost_center) gl.ele('COSTCENTER').txt(l.cost_center);
      if (l.profit_center) gl.ele('PROFIT_CTR').txt(l.profit_center);
      if (l.tax_code) gl.ele('TAX_CODE').txt(l.tax_code);
    });
    d.lines.forEach((l, i) => {
      const cr = idoc.ele('E1BPACCR09', { SEGMENT: '1' });
      cr.ele('ITEMNO_ACC').txt(itemNo(i + 1));
      cr.ele('CURRENCY').txt(h.currency);
      cr.ele('AMT_DOCCUR').txt((l.side === 'debit' ? l.amount : -l.amount).toFixed(3));
    });
  }
  return root.end({ prettyPrint: true });
}
