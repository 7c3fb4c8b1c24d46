// The upper end of a prefix's range: the first text after every text starting with the prefix, in code-point
// order, including at the ends of Unicode (the surrogates no text holds, the last code point).
import { describe, expect, it } from 'vitest';
import { prefixUpperBound } from './prefix-range';

describe('prefixUpperBound', () => {
  it.each([
    ['a', 'b'],
    ['qz', 'q{'],
    ['%', '&'],
    ['_', '`'],
    ['é', 'ê'],
    ['a\u{d7ff}', 'a\u{e000}'],
    ['😀', '😁'],
    ['a\u{10ffff}', 'b'],
  ])('%s - %s', (prefix, upper) => {
    expect(prefixUpperBound(prefix)).toBe(upper);
  });

  it('a prefix of the last code point only - no upper end', () => {
    expect(prefixUpperBound('\u{10ffff}\u{10ffff}')).toBeNull();
  });
});
