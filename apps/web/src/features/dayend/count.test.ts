import { describe, expect, it } from 'vitest';
import { checkCount } from './count';
import { openDay } from './testing/fixtures';

const totals = openDay().totals;

describe('checkCount', () => {
  it('counts cash always and the tenders the day took; an empty amount is not counted and needs no note', () => {
    const check = checkCount(
      { ...totals, tenders: [{ tender: 'card', payments: 2, amount: 30 }] },
      { amounts: {}, note: '' },
    );
    expect(check.tenders).toEqual(['cash', 'card']);
    expect(check.lines).toEqual([
      { tender: 'cash', expected: 0, counted: null, difference: null },
      { tender: 'card', expected: 30, counted: null, difference: null },
    ]);
    expect(check.counted).toEqual([]);
    expect(check.noteRequired).toBe(false);
  });

  it('gives exact differences and asks for a note when any is not zero', () => {
    const check = checkCount(totals, { amounts: { cash: '120.49', card: '300' }, note: ' ' });
    expect(check.lines.find((l) => l.tender === 'cash')?.difference).toBe(-0.01);
    expect(check.lines.find((l) => l.tender === 'card')?.difference).toBe(0);
    expect(check.noteMissing).toBe(true);
    expect(checkCount(totals, { amounts: { cash: '120.49' }, note: 'Coin short' }).noteMissing).toBe(false);
  });

  it('refuses amounts that are not amounts, and sends none of them', () => {
    const check = checkCount(totals, { amounts: { cash: '1.2345', card: '-3' }, note: '' });
    expect(check.invalid).toEqual(['cash', 'card']);
    expect(check.counted).toEqual([]);
  });
});
