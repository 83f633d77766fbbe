import { describe, expect, it } from 'vitest';
import { caseVariants, prefixRange, wordsQuery } from './goto.service.js';

describe('go to: what is typed, as queries', () => {
  it('makes a prefix a range in code-point order', () => {
    expect(prefixRange('SR-2026')).toEqual(['SR-2026', 'SR-2027']);
    expect(prefixRange('ab-')).toEqual(['ab-', 'ab.']);
    expect(prefixRange('é')).toEqual(['é', 'ê']);
    // Past the surrogates, and the last code point.
    expect(prefixRange('a\u{d7ff}')).toEqual(['a\u{d7ff}', 'a\u{e000}']);
    expect(prefixRange('a\u{10ffff}')[1] > 'a\u{10ffff}').toBe(true);
  });

  it('tries the text as typed, in capitals and in small letters', () => {
    expect(caseVariants('Sr-1')).toEqual(['Sr-1', 'SR-1', 'sr-1']);
    expect(caseVariants('123')).toEqual(['123']);
  });

  it('keeps only letters and digits of the words, each the start of a word', () => {
    expect(wordsQuery('Masala do')).toBe("'masala':* & 'do':*");
    expect(wordsQuery("a'b :* & | !")).toBe("'a':* & 'b':*");
    expect(wordsQuery('--')).toBeUndefined();
  });
});
