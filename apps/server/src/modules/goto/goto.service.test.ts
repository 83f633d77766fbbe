import { describe, expect, it } from 'vitest';
import { wordsQuery } from './goto.service.js';

describe('go to: what is typed, as queries', () => {
  it('keeps only letters and digits of the words, each the start of a word', () => {
    expect(wordsQuery('Masala do')).toBe("'masala':* & 'do':*");
    expect(wordsQuery("a'b :* & | !")).toBe("'a':* & 'b':*");
    expect(wordsQuery('--')).toBeUndefined();
  });
});
