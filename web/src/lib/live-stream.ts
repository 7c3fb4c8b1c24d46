// The staff's live stream (GET /api/admin/live, Server-Sent Events), held open by one tab of the app for all of
// them: a browser allows six HTTP/1.1 connections per site, and a stream per tab would soon hold the other
// admin requests up. The tabs take turns through a Web Lock: the holder opens the stream and publishes what
// it hears on the app's event bus (lib/events.ts), which reaches every tab; when it closes, the next tab in
// the lock's queue takes over, resuming after the last event any tab heard. The browser's EventSource
// reconnects after a drop by itself and sends Last-Event-ID; the server replays what was missed, or says
// `reset` (reload your data once) when it cannot.
import { useEffect } from 'react';
import { LIVE_COMPACT_RECORDS, withWholeRecord, type LiveEvent } from '@contract';
import { LIVE_STREAM_PATH } from './admin-read-cache';
import { LIVE_STREAM_LOCK_NAME } from './cache-names';
import { publish, subscribe, type LiveStatus } from './events';

/** After the server refused the stream (the session ended, a deploy in progress), the next try. */
const REOPEN_AFTER_MS = 10_000;

/**
 * How far before the page's start a first stream asks to be told of (a clock on the device a little ahead of
 * the server's would otherwise skip the events of that moment).
 */
const CLOCK_MARGIN_MS = 2 * 60_000;

function pageStart(): string {
  return new Date(performance.timeOrigin - CLOCK_MARGIN_MS).toISOString();
}

/** The stream's state as last heard from the tab holding it (this one or another). */
let status: LiveStatus | null = null;
subscribe('live-status', (e) => (status = e.status));

/** Whether changes reach this tab as they happen: then a screen need not reload on news of its own. */
export function isLiveOpen(): boolean {
  return status === 'open';
}

/** The newest event any tab heard: where a tab that takes the stream over resumes. */
let lastEventId: string | null = null;
subscribe('live', ({ event }) => noteId(event.id));

function noteId(id: string | undefined): void {
  if (id && /^\d+$/.test(id) && (lastEventId === null || Number(id) > Number(lastEventId))) lastEventId = id;
}

/** While `active` (a signed-in staff member's admin is open), this tab holds or waits for the app's stream. */
export function useLiveStream(active: boolean): void {
  useEffect(() => (active ? holdLiveStream() : undefined), [active]);
}

function holdLiveStream(): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  if (!('locks' in navigator)) return openStream();
  const stop = new AbortController();
  navigator.locks
    .request(LIVE_STREAM_LOCK_NAME, { signal: stop.signal }, () => {
      if (stop.signal.aborted) return undefined;
      const close = openStream();
      return new Promise<void>((release) =>
        stop.signal.addEventListener('abort', () => {
          close();
          release();
        }),
      );
    })
    .catch(() => {}); // aborted while waiting for its turn
  return () => stop.abort();
}

function openStream(): () => void {
  let source: EventSource | null = null;
  let reopen: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const setStatus = (status: LiveStatus) => publish({ type: 'live-status', status });
  const open = () => {
    // A new EventSource starts without Last-Event-ID; the query names where to resume instead. The app's first
    // stream names the moment the page started: its screens read their data before the stream was open, and
    // what was stored in between is replayed (what they already show is replaced in place, not doubled).
    const firstStream = !lastEventId;
    const from = firstStream ? `since=${encodeURIComponent(pageStart())}` : `lastEventId=${lastEventId}`;
    // Records come without their null fields (about 40 % fewer bytes to every open desk); put back as they are read.
    const url = `${LIVE_STREAM_PATH}?${from}&${LIVE_COMPACT_RECORDS.name}=${LIVE_COMPACT_RECORDS.value}`;
    const s = new EventSource(url);
    source = s;
    let ready = false;
    s.addEventListener('live', (e) => {
      noteId(e.lastEventId);
      // Replayed to a first stream: news from around the page's start, already on screen, not worth a notification.
      publish({ type: 'live', event: withWholeRecord(JSON.parse(e.data as string) as LiveEvent), catchUp: firstStream && !ready });
    });
    s.addEventListener('reset', (e) => {
      lastEventId = null;
      noteId(e.lastEventId);
      publish({ type: 'live-reset' });
    });
    s.addEventListener('ready', (e) => {
      ready = true;
      noteId(e.lastEventId);
      setStatus('open');
    });
    s.addEventListener('error', () => {
      if (s.readyState !== EventSource.CLOSED) {
        setStatus(navigator.onLine ? 'connecting' : 'offline');
        return;
      }
      // Refused rather than dropped (401 after sign-out, a proxy's error page): EventSource gives up; so do
      // we, for a while.
      setStatus('offline');
      if (!closed) reopen = setTimeout(open, REOPEN_AFTER_MS);
    });
  };
  setStatus('connecting');
  open();
  return () => {
    closed = true;
    clearTimeout(reopen);
    source?.close();
  };
}
