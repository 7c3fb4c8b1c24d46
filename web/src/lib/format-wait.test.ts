import { describe, expect, it } from 'vitest';
import { formatWait } from './format-number';

describe('formatWait - a lead\'s wait or response time, to the minute', () => {
  it.each([
    [0, '<1 min'],
    [59, '<1 min'],
    [-5, '<1 min'],
    [60, '1 min'],
    [12 * 60 + 59, '12 min'],
    [60 * 60, '1 h'],
    [2 * 3600 + 5 * 60, '2 h 5 min'],
    [24 * 3600, '1 d'],
    [3 * 86_400 + 4 * 3600 + 59 * 60, '3 d 4 h'],
  ])('%i s - %s', (seconds, shown) => {
    expect(formatWait(seconds)).toBe(shown);
  });
});
