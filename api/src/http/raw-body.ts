// Binary request bodies (card photos) for the few routes that take them instead of JSON: read from the stream
// with a hard cap, so a client that lies about its length, or sends none, still costs at most the cap in
// memory. The JSON parser (json-body.ts) leaves these paths alone.
import type { Context } from 'koa';
import { AppError } from './errors';

/** Paths whose bodies are raw bytes, not JSON. Case-insensitive, as the router matches. */
const RAW_BODY_PATHS = [/^\/api\/capture\/photos\/[^/]+\/?$/i];

export function takesRawBody(path: string): boolean {
  return RAW_BODY_PATHS.some((p) => p.test(path));
}

/** Past the cap, the rest of an over-long body is read and dropped (up to this much) so the client hears the 413. */
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

export function tooLarge(maxBytes: number): AppError {
  return new AppError('payload_too_large', `The file is too large (${Math.round(maxBytes / 1024 / 1024)} MB at most)`);
}

/**
 * The whole body, at most `maxBytes`; 413 beyond. A declared Content-Length over the cap is refused before a
 * byte is read. Bytes past the cap are never kept: they are drained (so the 413 reaches the client instead of a
 * reset connection) up to a bound, then the connection is cut.
 */
export async function readRawBody(ctx: Context, maxBytes: number): Promise<Buffer> {
  const declared = ctx.request.length;
  if (declared !== undefined && declared > maxBytes) {
    discardRest(ctx);
    throw tooLarge(maxBytes);
  }
  const req = ctx.req;
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (over) {
        if (size > DRAIN_LIMIT_BYTES) req.destroy();
        return;
      }
      if (size > maxBytes) {
        over = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    };
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('aborted', onAborted);
      req.off('close', onClose);
    };
    const onEnd = () => {
      cleanup();
      if (over) reject(tooLarge(maxBytes));
      else resolve(Buffer.concat(chunks, size));
    };
    const onError = (err: Error) => {
      cleanup();
      reject(new AppError('validation', `The upload did not complete (${err.message})`));
    };
    const onAborted = () => onError(new Error('aborted'));
    // A body cut off past the drain bound (or a client gone) ends with 'close' and no 'end': settle anyway.
    const onClose = () => {
      cleanup();
      reject(over ? tooLarge(maxBytes) : new AppError('validation', 'The upload did not complete'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('aborted', onAborted);
    req.on('close', onClose);
  });
}

/** Reads and drops what the client still sends after an early refusal, up to the drain bound. */
const draining = new WeakSet<object>();

export function discardRest(ctx: Context): void {
  const req = ctx.req;
  if (req.readableEnded || draining.has(req)) return;
  draining.add(req);
  let seen = 0;
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > DRAIN_LIMIT_BYTES) req.destroy();
  });
  req.on('error', () => undefined);
  req.resume();
}
