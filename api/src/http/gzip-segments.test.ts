import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GzipBody, gzipSegment } from './gzip-segments';

describe('gzip segments', () => {
  it('a header, shared segments in any order and a trailer - one gzip file whose text is the segments joined', () => {
    const a = gzipSegment('event: live\nid: 1\ndata: {"a":1}\n\n'.repeat(50));
    const b = gzipSegment(': heartbeat\n\n');
    const c = gzipSegment(Buffer.from('x'.repeat(100_000)));
    for (const order of [[a, b, c], [c, a, b, a], [b], []]) {
      const body = new GzipBody();
      const bytes = Buffer.concat([body.header, ...order.map((s) => body.add(s)), body.trailer()]);
      const text = order.map((s) => (s === a ? 'event: live\nid: 1\ndata: {"a":1}\n\n'.repeat(50) : s === b ? ': heartbeat\n\n' : 'x'.repeat(100_000))).join('');
      // gunzipSync checks the trailer's CRC-32 and length.
      expect(zlib.gunzipSync(bytes).toString()).toBe(text);
    }
  });

  it('each segment reads in full as soon as it arrives - nothing waits for the next one', () => {
    const segment = gzipSegment('event: live\ndata: {"id":7}\n\n');
    const body = new GzipBody();
    const inflate = zlib.createGunzip();
    const read = new Promise<string>((resolve) => inflate.once('data', (chunk: Buffer) => resolve(chunk.toString())));
    inflate.write(Buffer.concat([body.header, body.add(segment)]));
    return expect(read).resolves.toBe('event: live\ndata: {"id":7}\n\n');
  });

  it('a repeated batch compresses to a fraction of its text', () => {
    const batch = Array.from({ length: 100 }, (_, i) => `event: live\nid: ${i}\ndata: {"type":"lead.created","record":{"id":${i},"firstName":"Ada","email":"ada${i}@example.com"}}\n\n`).join('');
    expect(gzipSegment(batch).bytes.length).toBeLessThan(batch.length / 4);
  });
});
