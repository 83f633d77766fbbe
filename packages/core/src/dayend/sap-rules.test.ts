import { describe, expect, it } from 'vitest';
import { countDifferences } from '../contracts/dayend.js';
import {
  matchRule,
  reverseLines,
  sides,
  splitDocuments,
  type SapPostingLine,
  type SapRule,
  type SapSourceLine,
} from './sap-rules.js';

const source = (over: Partial<SapSourceLine> = {}): SapSourceLine => ({
  kind: 'sales',
  text: 'Sales',
  amount: 10,
  client: 'acme',
  foodcourt: 'fc-1',
  restaurant: 'fc-1:r',
  category: 'Mains',
  tax_rate: null,
  tender: '',
  channel: 'app',
  ...over,
});
const rule = (over: Partial<SapRule>): SapRule => ({
  id: 1,
  priority: 100,
  active: true,
  kind: 'sales',
  client: '',
  foodcourt: '',
  restaurant: '',
  category: '',
  tax_rate: null,
  tender: '',
  channel: '',
  gl_account: 'GL',
  cost_center: '',
  profit_center: '',
  tax_code: '',
  ...over,
});
const posted = (side: 'debit' | 'credit', amount: number): SapPostingLine => ({
  ...source({ amount }),
  side,
  rule_id: 1,
  gl_account: 'GL',
  cost_center: '',
  profit_center: '',
  tax_code: '',
});

describe('SAP posting rules', () => {
  it('takes the lowest priority, then the most specific, then the oldest rule; inactive ones never', () => {
    const rules = [
      rule({ id: 1, gl_account: 'any' }),
      rule({ id: 2, category: 'mains', gl_account: 'mains' }),
      rule({ id: 3, priority: 50, channel: 'kiosk', gl_account: 'kiosk' }),
      rule({ id: 4, priority: 10, active: false, gl_account: 'off' }),
      rule({ id: 5, kind: 'tax', tax_rate: 5, gl_account: 'tax5' }),
    ];
    expect(matchRule(rules, source())?.gl_account).toBe('mains');
    expect(matchRule(rules, source({ channel: 'kiosk' }))?.gl_account).toBe('kiosk');
    expect(matchRule(rules, source({ category: 'Drinks' }))?.gl_account).toBe('any');
    expect(matchRule(rules, source({ kind: 'tax', tax_rate: 5 }))?.gl_account).toBe('tax5');
    expect(matchRule(rules, source({ kind: 'tax', tax_rate: 12 }))).toBeNull();
  });

  it('splits a long posting into balanced documents of at most 999 lines, carried by clearing lines', () => {
    const lines: SapPostingLine[] = [];
    for (let i = 0; i < 1500; i++) lines.push(posted('debit', 1.001));
    lines.push(posted('credit', 1501.5));
    const clearing = { ...posted('debit', 0), kind: 'clearing' as const, text: 'Clearing', gl_account: 'CLR' };
    const docs = splitDocuments(lines, clearing);
    expect(docs).toHaveLength(2);
    for (const d of docs) {
      expect(d.lines.length).toBeLessThanOrEqual(999);
      expect(d.debit).toBe(d.credit);
    }
    expect(docs[0]!.lines.at(-1)).toMatchObject({ gl_account: 'CLR', side: 'credit', amount: 997.997 });
    expect(docs[1]!.lines[0]).toMatchObject({ gl_account: 'CLR', side: 'debit', amount: 997.997 });
    expect(splitDocuments(lines.slice(0, 10), clearing)).toHaveLength(1);
  });

  it('reverses a posting side for side', () => {
    const lines = [posted('debit', 5), posted('credit', 5)];
    expect(sides(reverseLines(lines))).toEqual({ debit: 5, credit: 5 });
    expect(reverseLines(lines).map((l) => l.side)).toEqual(['credit', 'debit']);
  });

  it('counts against the payments per tender; an uncounted tender is taken as counted', () => {
    expect(
      countDifferences(
        [
          { tender: 'card', amount: 100 },
          { tender: 'cash', amount: 50.5 },
        ],
        [{ tender: 'cash', amount: 50 }],
      ),
    ).toEqual([
      { tender: 'card', expected: 100, counted: 100, difference: 0 },
      { tender: 'cash', expected: 50.5, counted: 50, difference: -0.5 },
    ]);
  });
});
