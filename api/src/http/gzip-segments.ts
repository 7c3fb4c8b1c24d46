// A gzip body built from segments that are compressed once and shared by many responses: the live stream
// compresses a batch of events once and writes the same bytes to every stream that gets it, instead of
// compressing it per stream. Each segment is raw deflate from a fresh compressor, ended by a sync flush: it refers
// to nothing before it and ends on a byte boundary without closing the stream, so the gzip header followed by any
// segments in any order is one valid deflate stream, and each segment can be read in full as soon as it arrives.
// A response keeps its running CRC-32 and length by combining its segments' own (lib/crc32-combine.ts), and ends
// with a final empty block and the trailer, so the body is a whole gzip file.
import zlib from 'node:zlib';
import { crc32Combine, crc32Shift } from '../lib/crc32-combine';

export interface GzipSegment {
  /** The deflated bytes, sent as they are. */
  bytes: Buffer;
  /** CRC-32 and length of the text it holds, and the operator that shifts a CRC past it. */
  crc: number;
  length: number;
  shift: number;
}

export function gzipSegment(data: string | Buffer): GzipSegment {
  const raw = typeof data === 'string' ? Buffer.from(data) : data;
  return {
    bytes: zlib.deflateRawSync(raw, { finishFlush: zlib.constants.Z_SYNC_FLUSH }),
    crc: zlib.crc32(raw),
    length: raw.length,
    shift: crc32Shift(raw.length),
  };
}

/** Deflate, no name, no time, from Unix (RFC 1952's ten bytes). */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** A final block with nothing in it (fixed Huffman codes, end of block), which closes the deflate stream. */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);

/** One response's gzip body: its header first, then segments, then its trailer. */
export class GzipBody {
  private crc = 0;
  private length = 0;

  /** The bytes that open the body. */
  get header(): Buffer {
    return HEADER;
  }

  /** The bytes to write for this segment (counted into the trailer). */
  add(segment: GzipSegment): Buffer {
    this.crc = crc32Combine(this.crc, segment.crc, segment.shift);
    this.length = (this.length + segment.length) % 2 ** 32;
    return segment.bytes;
  }

  /** The bytes that close the body: the last block, the CRC-32 and the length (mod 2^32), little-endian. */
  trailer(): Buffer {
    const tail = Buffer.alloc(8);
    tail.writeUInt32LE(this.crc, 0);
    tail.writeUInt32LE(this.length, 4);
    return Buffer.concat([LAST_BLOCK, tail]);
  }
}
