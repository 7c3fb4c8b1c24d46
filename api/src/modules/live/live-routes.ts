// GET /api/admin/live: the staff's live stream (Server-Sent Events). Each event carries its number as `id:`,
// so the browser's EventSource sends it back as Last-Event-ID when it reconnects; `event: reset` tells the
// screen to reload its data once (the gap could not be replayed); `event: ready` opens every stream and
// names the position it starts from. Comments (`: heartbeat`) keep idle connections open through proxies.
// `records=compact` (what the app asks for) leaves each record's null fields out (contract/live.ts). A browser
// that accepts gzip gets a gzip body of segments each flushed whole, a batch compressed once for every stream
// (live-frames.ts); the compression middleware (http/compression.ts) lets the stream through as it is, and a
// proxy must not buffer it.
import Router from '@koa/router';
import { LIVE_COMPACT_RECORDS } from '../../contract';
import type { AppDeps } from '../../deps';
import { requireUser, currentSessionId } from '../auth';
import { AppError } from '../../http/errors';
import { liveHubOf, type LiveStream, type StartFrom } from './live-stream';
import { HEARTBEAT, StreamBody, batchPiece, eventsText, frame, textPiece, type Piece, type RecordForm } from './live-frames';

/** How long the browser waits before reconnecting after a drop. */
const RETRY_MS = 2000;

export function liveRoutes(deps: AppDeps, router = new Router()) {
  const hub = liveHubOf(deps);

  router.get('/api/admin/live', requireUser(deps, ['admin', 'rep']), async (ctx) => {
    // The browser's own reconnect sends the header; a stream opened anew (another tab took over) the query; a
    // screen's first stream names the moment its data was read (`since`, an ISO date).
    const query = typeof ctx.query.lastEventId === 'string' ? ctx.query.lastEventId : '';
    const lastEventId = ctx.get('Last-Event-ID') || query || undefined;
    const since = typeof ctx.query.since === 'string' ? ctx.query.since : undefined;
    if (since !== undefined && Number.isNaN(Date.parse(since))) throw new AppError('validation', 'since must be a date and time (ISO 8601)');
    const records = ctx.query[LIVE_COMPACT_RECORDS.name];
    if (records !== undefined && records !== LIVE_COMPACT_RECORDS.value) throw new AppError('validation', `${LIVE_COMPACT_RECORDS.name} must be ${LIVE_COMPACT_RECORDS.value}, or left out for whole records`);
    const form: RecordForm = records === undefined ? 'whole' : 'compact';
    const from: StartFrom = lastEventId !== undefined ? { lastEventId } : since !== undefined ? { since: new Date(since).toISOString() } : {};
    if (hub.isClosed) {
      // Shutting down: the browser is told to come back in a moment, on a new connection (to another process,
      // or this one restarted), rather than refused, which would make EventSource give up.
      ctx.set('Connection', 'close');
      ctx.type = 'text/event-stream';
      ctx.body = `retry: ${RETRY_MS}\n\n`;
      return;
    }
    // Written to the response itself, not through a stream Koa pipes: with 1,000 streams open a batch is 1,000
    // writes, and each one through a PassThrough and its pipe cost as much again as the write (the fan-out's
    // profile, docs/performance.md). Nothing is written before the head (a heartbeat during the replay's read).
    const res = ctx.res;
    const body = new StreamBody(ctx.acceptsEncodings('gzip', 'identity') === 'gzip');
    let open = false;
    /** Ended before its head went (its session ended, or the server is closing, during the replay's read). */
    let endedEarly = null as { shutdown: boolean } | null;
    let lastWriteAt = 0;
    const write = (piece: Piece) => {
      if (!open || res.writableEnded || res.destroyed) return;
      lastWriteAt = performance.now();
      body.write(res, piece);
    };
    const finish = (shutdown = false) => {
      if (!open || res.writableEnded) return;
      if (shutdown) res.once('finish', () => ctx.req.socket.destroy());
      body.end(res);
    };
    const stream: LiveStream = {
      user: ctx.state.user,
      sessionId: currentSessionId(ctx),
      send: (events) => write(batchPiece(events, form)),
      // A stream that carried events within the last heartbeat's time needs no heartbeat (on a busy desk, with
      // 1,000 streams open, a write each saved every heartbeat); it stays silent two heartbeats at most, and its
      // session is checked at every heartbeat either way.
      heartbeat: () => {
        if (performance.now() - lastWriteAt >= deps.config.live.heartbeatMs) write(HEARTBEAT);
      },
      end: (shutdown) => {
        if (!open) endedEarly = { shutdown: shutdown ?? false };
        finish(shutdown);
      },
    };
    const { resume, detach } = await hub.attach(stream, from);
    // The connection stays open for as long as the screen does: no socket timeout, each event sent at once.
    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    ctx.req.socket.setKeepAlive(true);
    ctx.status = 200;
    ctx.type = 'text/event-stream';
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Accel-Buffering', 'no');
    ctx.vary('Accept-Encoding');
    if (body.encoding === 'gzip') ctx.set('Content-Encoding', 'gzip');
    // Koa answers nothing more: the head goes now (with the headers set so far), the frames as they come.
    ctx.respond = false;
    res.writeHead(200);
    body.open(res);
    open = true;
    // A browser closing its stream (a tab closed, the network gone) is how every stream ends, not an error.
    res.on('error', () => detach());
    res.on('close', () => detach());
    ctx.req.on('close', () => detach());

    if (endedEarly) {
      // Answered empty, as the browser's next try (to sign in again, or to another process) should start at once.
      detach();
      finish(endedEarly.shutdown);
      return;
    }
    // The opening in one write (one gzip segment): the reconnect delay, the replay or the reset, then ready.
    write(
      textPiece(
        `retry: ${RETRY_MS}\n\n` +
          (resume.kind === 'reset' ? frame('reset', String(resume.lastId), { reason: 'gap' }) : eventsText(resume.events, form)) +
          frame('ready', String(resume.lastId), { resumed: lastEventId !== undefined && resume.kind === 'replay' }),
      ),
    );
    hub.flush(stream);
  });

  return router;
}
