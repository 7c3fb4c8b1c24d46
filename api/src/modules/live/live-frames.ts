// The bytes of the live stream (live-routes.ts), made once however many streams they go to. An event's frame is
// written once per record form (whole, or without null fields: `records=compact`), a batch's bytes once per form,
// and its gzip segment once: a stream whose browser accepts gzip gets a gzip body built from shared segments
// (http/gzip-segments.ts), so a batch is compressed once for every stream, not once per stream. With 1,000
// streams open, the bytes written were a large part of what the stream cost the server (docs/performance.md);
// a batch of leads compresses to a fraction of its text, as its events repeat the same keys and values.
import type { ServerResponse } from 'node:http';
import { withoutNulls, type LiveEvent } from '../../contract';
import { GzipBody, gzipSegment, type GzipSegment } from '../../http/gzip-segments';

/** Whole records, or without their null fields (`records=compact`, what the app asks for). */
export type RecordForm = 'whole' | 'compact';

/** A piece of a stream's text, as bytes and (made when first asked for) as a gzip segment. */
export class Piece {
  private segment: GzipSegment | undefined;

  constructor(readonly plain: Buffer) {}

  get gzip(): GzipSegment {
    return (this.segment ??= gzipSegment(this.plain));
  }
}

export function textPiece(text: string): Piece {
  return new Piece(Buffer.from(text));
}

/** The frames of these events, oldest first (a stream's replay, or a batch). */
export function eventsText(events: readonly LiveEvent[], form: RecordForm): string {
  return events.map((event) => encoded(event, form)).join('');
}

/** A batch sent to every stream that sees all of it (one array for all): made once per form. */
export function batchPiece(events: readonly LiveEvent[], form: RecordForm): Piece {
  let forms = batches.get(events);
  if (!forms) batches.set(events, (forms = {}));
  return (forms[form] ??= textPiece(eventsText(events, form)));
}

export const HEARTBEAT = textPiece(': heartbeat\n\n');

/** One stream's body on the wire: its pieces as they are, or a gzip body of their segments. */
export class StreamBody {
  private readonly gzip: GzipBody | null;

  constructor(gzip: boolean) {
    this.gzip = gzip ? new GzipBody() : null;
  }

  get encoding(): 'gzip' | 'identity' {
    return this.gzip ? 'gzip' : 'identity';
  }

  /** Written once, right after the head. */
  open(res: ServerResponse): void {
    if (this.gzip) res.write(this.gzip.header);
  }

  write(res: ServerResponse, piece: Piece): void {
    res.write(this.gzip ? this.gzip.add(piece.gzip) : piece.plain);
  }

  /** Ends the response: a gzip body with its trailer, so the browser reads a whole file. */
  end(res: ServerResponse): void {
    if (this.gzip) res.end(this.gzip.trailer());
    else res.end();
  }
}

const batches = new WeakMap<readonly LiveEvent[], Partial<Record<RecordForm, Piece>>>();

/** Each event is turned into its frame once per form, however many streams and batches it goes to. */
const frames = { whole: new WeakMap<LiveEvent, string>(), compact: new WeakMap<LiveEvent, string>() };
function encoded(event: LiveEvent, form: RecordForm): string {
  let text = frames[form].get(event);
  if (text === undefined) frames[form].set(event, (text = frame('live', event.id, form === 'compact' ? { ...event, record: withoutNulls(event.record) } : event)));
  return text;
}

export function frame(type: 'live' | 'reset' | 'ready', id: string, data: LiveEvent | Record<string, unknown>): string {
  return `event: ${type}\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`;
}
