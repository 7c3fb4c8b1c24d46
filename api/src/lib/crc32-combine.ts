// CRC-32 (the gzip trailer's) of two pieces joined, from each piece's own CRC and the second one's length: zlib's
// crc32_combine_gen / crc32_combine_op, which Node does not expose. A response made of shared pieces
// (http/gzip-segments.ts) keeps its running CRC this way, a few dozen operations a piece instead of a pass over
// its bytes. The arithmetic is on polynomials over GF(2) modulo the CRC's, bits reflected as CRC-32 keeps them.

/** The CRC-32 polynomial, reflected. */
const POLY = 0xedb88320;

/** a(x) · b(x) modulo p(x); a must not be 0 (an operator from crc32Shift never is). */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo p(x), k = 0..31. */
const X2N = (() => {
  const table: number[] = [];
  let p = 0x40000000; // x^1
  for (let k = 0; k < 32; k++) {
    table.push(p);
    p = multModP(p, p);
  }
  return table;
})();

/** The operator that shifts a CRC past `length` bytes (x^(8·length) modulo p(x)): one per piece, reused. */
export function crc32Shift(length: number): number {
  let p = 0x80000000; // x^0
  let k = 3; // a byte is 2^3 bits
  for (let n = length; n > 0; n = Math.floor(n / 2), k++) if (n % 2) p = multModP(X2N[k % 32]!, p);
  return p;
}

/** CRC-32 of A then B, from CRC-32(A), CRC-32(B) and crc32Shift(B's length). */
export function crc32Combine(crcA: number, crcB: number, shiftB: number): number {
  return (multModP(shiftB, crcA) ^ crcB) >>> 0;
}
