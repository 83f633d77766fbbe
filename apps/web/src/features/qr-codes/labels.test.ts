import { describe, expect, it } from 'vitest';
import { labelsFromLines, labelsFromRange } from './labels';

describe('QR labels', () => {
  it('takes one label a line, trimmed, without blanks or repeats', () => {
    expect(labelsFromLines(' T1\n\nT2 \r\nT1\n  \nPatio ')).toEqual(['T1', 'T2', 'Patio']);
  });

  it('builds a range with its prefix', () => {
    expect(labelsFromRange({ prefix: ' T', from: '1', to: '5' })).toEqual({ labels: ['T1', 'T2', 'T3', 'T4', 'T5'] });
    expect(labelsFromRange({ prefix: '', from: '9', to: '9' })).toEqual({ labels: ['9'] });
  });

  it('refuses a range that is empty, backwards, not whole or too long', () => {
    expect(labelsFromRange({ prefix: 'T', from: '', to: '3' })).toEqual({ error: 'missing' });
    expect(labelsFromRange({ prefix: 'T', from: '1.5', to: '3' })).toEqual({ error: 'whole' });
    expect(labelsFromRange({ prefix: 'T', from: '-1', to: '3' })).toEqual({ error: 'whole' });
    expect(labelsFromRange({ prefix: 'T', from: '5', to: '1' })).toEqual({ error: 'order' });
    expect(labelsFromRange({ prefix: 'T', from: '1', to: '501' })).toEqual({ error: 'tooMany' });
  });
});
