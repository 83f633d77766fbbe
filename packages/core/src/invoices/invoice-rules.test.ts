import { describe, expect, it } from 'vitest';
import { isNegativeFeedback, feedbackModuleOn } from '../feedback/feedback-rules.js';
import { formatInvoiceNumber, invoiceSeriesCode, invoiceTaxLines } from './invoice-rules.js';

describe('invoice rules', () => {
  it('numbers by series code and sequence', () => {
    expect(formatInvoiceNumber('invoice', invoiceSeriesCode({ sitecode: 's-100' }), 42)).toBe('INV-S100-000042');
    expect(formatInvoiceNumber('credit_note', invoiceSeriesCode({ sitecode: '', restid: 'spice_route' }), 7)).toBe(
      'CN-SPICEROU-000007',
    );
  });
  it('splits GST into CGST and SGST exactly, else one included-tax line', () => {
    const lines = invoiceTaxLines('INR', '29ABCDE1234F1Z5', 22_851);
    expect(lines.map((l) => l.amount_milli)).toEqual([11_425, 11_426]);
    expect(invoiceTaxLines('GBP', '', 2_000).map((l) => l.label)).toEqual(['Tax (included)']);
    expect(invoiceTaxLines('INR', '', 0)).toEqual([]);
  });
  it('calls ratings of 2 or less negative and reads feedback modules as switches', () => {
    expect([1, 2, 3, null].map((r) => isNegativeFeedback(r))).toEqual([true, true, false, false]);
    expect(feedbackModuleOn({ support: false }, 'support')).toBe(false);
    expect(feedbackModuleOn({}, 'feedback')).toBe(true);
  });
});
