// How the live bench's streams are opened and read: as the app's screens do, unless told otherwise. Records
// without their null fields (`BENCH_LIVE_RECORDS=whole` for whole ones, as an earlier app version's screens get
// them) and gzip, which every browser accepts (`BENCH_LIVE_ENCODING=identity` for plain text).
import http from 'node:http';
import zlib from 'node:zlib';
import type { Readable } from 'node:stream';

export const RECORDS = process.env.BENCH_LIVE_RECORDS === 'whole' ? 'whole' : 'compact';
export const ENCODING = process.env.BENCH_LIVE_ENCODING === 'identity' ? 'identity' : 'gzip';
export const STREAM_PATH = RECORDS === 'whole' ? '/api/admin/live' : '/api/admin/live?records=compact';

export function streamHeaders(cookie: string): http.OutgoingHttpHeaders {
  return { Cookie: cookie, Accept: 'text/event-stream', 'Accept-Encoding': ENCODING };
}

/** What each piece of text carries of the one before: more than any marker the bench looks for (an e-mail). */
const CARRY = 256;

/**
 * Calls `onText` with each piece of the stream's text as it arrives (inflated when it came gzipped), joined to
 * the end of the piece before: a read may end in the middle of a frame, and a marker split across two pieces is
 * still found whole. A marker may so be seen twice; the callers count it once.
 */
export function readStream(res: http.IncomingMessage, onText: (text: string) => void): void {
  const text: Readable = res.headers['content-encoding'] === 'gzip' ? res.pipe(zlib.createGunzip()) : res;
  text.setEncoding('utf8');
  text.on('error', () => {});
  let carry = '';
  text.on('data', (chunk: string) => {
    const joined = carry + chunk;
    carry = joined.slice(-CARRY);
    onText(joined);
  });
}
