import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Combine, crc32Shift } from './crc32-combine';

describe('crc32Combine', () => {
  it('the CRC-32 of pieces joined, from their own CRCs - as zlib computes it over the whole, at every length', () => {
    for (const lengths of [[0, 0], [0, 5], [5, 0], [1, 1], [13, 700], [70_000, 3], [4096, 65_537], [1, 2, 3, 100_000]]) {
      const pieces = lengths.map((n) => crypto.randomBytes(n));
      let crc = 0;
      for (const piece of pieces) crc = crc32Combine(crc, zlib.crc32(piece), crc32Shift(piece.length));
      expect(crc).toBe(zlib.crc32(Buffer.concat(pieces)));
    }
  });

  it('a length past 2^32 bytes - the same operator as zlib would use (shifts compose)', () => {
    // Shifting past 2^32 + 7 bytes equals shifting past 2^32 bytes, then 7.
    const crc = zlib.crc32(Buffer.from('directmailers'));
    expect(crc32Combine(crc32Combine(crc, 0, crc32Shift(2 ** 32)), 0, crc32Shift(7))).toBe(crc32Combine(crc, 0, crc32Shift(2 ** 32 + 7)));
  });
});
