// The staff's live stream, one hub per server process. Every event a service publishes on this process's bus
// is stored in the replay window (live_events), which numbers it, and announced to every process on the
// database (db/notify: PostgreSQL LISTEN/NOTIFY, or in-process on SQLite); each process's hub reads the event
// once and writes it to those of its open streams whose user may see it. A stream that comes back with
// Last-Event-ID gets what it missed from the window, or a reset (reload your data once) when the window no
// longer reaches back that far. The hub listens only while it has streams open.
import type { CurrentUser, LiveEvent, LiveEventDraft } from '../../contract';
import type { AppDeps } from '../../deps';
import { listen, notify, type Listening } from '../../db/notify';
import { readerOf } from '../../db/knex';
import { usersOfSessions } from '../auth/sessions-queries';
import { isActive, publicUser } from '../auth/users-queries';
import { findLiveEvents, insertLiveEvents, liveEventsAfter, liveEventsSince, liveWindow, pruneLiveEvents } from './live-queries';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'logger' | 'live' | 'config'>;

const CHANNEL = 'dm_live';
/** How long events stay replayable: a screen away for longer reloads its data instead. */
export const WINDOW_MS = 60 * 60 * 1000;
/** A screen that missed more than this reloads instead of replaying them one by one. */
const MAX_REPLAY = 500;
const PRUNE_EVERY = 100;
/**
 * Events heard within this long go to each stream in one write: with many streams open, a burst of leads
 * costs a write per stream per batch rather than per lead (what 1,000 streams cost intake: docs/performance.md).
 */
const BATCH_MS = 20;

/** Who may see an event: admins every one; a rep only the events that name them. */
export function canSee(user: Pick<CurrentUser, 'id' | 'role'>, event: Pick<LiveEvent, 'repUserId'>): boolean {
  return user.role === 'admin' || (event.repUserId !== null && event.repUserId === user.id);
}

/**
 * Where a stream starts: after the last event it heard (Last-Event-ID), or, for a screen's first stream, at a
 * moment (`since`): the screen read its data before the stream opened, and what was stored in between is
 * replayed rather than lost. Neither: from now on.
 */
export type StartFrom = { lastEventId: string } | { since: string } | Record<string, never>;

/** One open stream, as the hub sees it. */
export interface LiveStream {
  user: CurrentUser;
  /** The session it was opened with (sessions.id): re-checked on every heartbeat. */
  sessionId: string | null;
  /** Writes these events (oldest first) in one write. The same array may go to many streams; never changed. */
  send(events: readonly LiveEvent[]): void;
  heartbeat(): void;
  /**
   * Closes the stream: its session ended (signed out, expired, deactivated), or the server is shutting down
   * (`shutdown`: the connection goes too, so the browser reconnects to a process that is staying).
   */
  end(shutdown?: boolean): void;
}

export type Resume = { kind: 'replay'; events: LiveEvent[]; lastId: number } | { kind: 'reset'; lastId: number };

interface Attached {
  stream: LiveStream;
  /** The last id its replay covered: live events up to it were sent with the replay (or the reset). */
  replayedUpTo: number;
  /** Events heard while its replay was being read, written once the replay is out. */
  queued: LiveEvent[] | null;
}

export class LiveHub {
  private readonly attached = new Set<Attached>();
  private listening: Promise<Listening> | null = null;
  private lastHeard = 0;
  private heartbeat: NodeJS.Timeout | null = null;
  private stored = 0;
  private closed = false;
  private batch: LiveEvent[] = [];
  private toStore: LiveEventDraft[] = [];
  private batchTimer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: Deps) {
    deps.live.subscribe((draft) => this.queueForStore(draft));
  }

  /** The server is shutting down: no stream is taken any more. */
  get isClosed(): boolean {
    return this.closed;
  }

  get streamCount(): number {
    return this.attached.size;
  }

  /**
   * Adds a stream that starts where `from` says. Answers what to write first; from then on the hub writes each
   * event the user may see. Returns the detach function too.
   */
  async attach(stream: LiveStream, from: StartFrom): Promise<{ resume: Resume; detach: () => void }> {
    const entry: Attached = { stream, replayedUpTo: 0, queued: [] };
    this.attached.add(entry);
    const detach = () => this.detach(entry);
    try {
      await this.startListening();
      const resume = await this.resumeFrom(stream.user, from);
      entry.replayedUpTo = resume.lastId;
      return { resume, detach };
    } catch (err) {
      detach();
      throw err;
    }
  }

  /** Writes what was heard while the replay was read; call once the replay (or reset) is written. */
  flush(detachOrStream: LiveStream): void {
    for (const entry of this.attached) {
      if (entry.stream !== detachOrStream || !entry.queued) continue;
      const queued = entry.queued;
      entry.queued = null;
      this.deliver(entry, queued.sort((a, b) => Number(a.id) - Number(b.id)));
    }
  }

  /** Ends every stream (the server is shutting down) and stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.batchTimer) clearTimeout(this.batchTimer);
    for (const entry of [...this.attached]) entry.stream.end(true);
    this.attached.clear();
    await this.stopListening();
  }

  private async resumeFrom(user: CurrentUser, from: StartFrom): Promise<Resume> {
    const db = readerOf(this.deps.db);
    const window = await liveWindow(db);
    if ('since' in from) {
      // Older than the window keeps, or more than a screen would replay one by one: it reloads instead.
      if (Date.parse(from.since) < this.deps.clock().getTime() - WINDOW_MS) return { kind: 'reset', lastId: window.last };
      const events = await liveEventsSince(db, from.since, MAX_REPLAY + 1);
      if (events.length > MAX_REPLAY) return { kind: 'reset', lastId: window.last };
      const lastId = events.length ? Math.max(window.last, Number(events.at(-1)!.id)) : window.last;
      return { kind: 'replay', events: events.filter((e) => canSee(user, e)), lastId };
    }
    if (!('lastEventId' in from)) return { kind: 'replay', events: [], lastId: window.last };
    const { lastEventId } = from;
    const after = /^\d{1,15}$/.test(lastEventId) ? Number(lastEventId) : NaN;
    // Unknown (a number this database never gave: another database, or one restored from a backup) or older
    // than the window: what happened in between cannot be told, so the screen reloads.
    if (!Number.isFinite(after) || after > window.last || (window.first > 0 && after < window.first - 1)) return { kind: 'reset', lastId: window.last };
    const events = await liveEventsAfter(db, after, MAX_REPLAY + 1);
    if (events.length > MAX_REPLAY) return { kind: 'reset', lastId: window.last };
    return { kind: 'replay', events: events.filter((e) => canSee(user, e)), lastId: events.length ? Number(events.at(-1)!.id) : after };
  }

  private detach(entry: Attached): void {
    if (!this.attached.delete(entry)) return;
    if (this.attached.size === 0) void this.stopListening();
  }

  /**
   * The events a group commit published together (a burst of leads) are stored by one statement and announced
   * by one notification, so the stream adds one write per batch, not per lead, to the database's work.
   */
  private queueForStore(draft: LiveEventDraft): void {
    this.toStore.push(draft);
    if (this.toStore.length === 1) setImmediate(() => void this.store());
  }

  private async store(): Promise<void> {
    const drafts = this.toStore.splice(0, 500);
    if (this.toStore.length) setImmediate(() => void this.store());
    const { db, logger } = this.deps;
    try {
      const ids = await insertLiveEvents(db, drafts);
      await notify(db, CHANNEL, ids.join(','));
      this.stored += drafts.length;
      if (this.stored >= PRUNE_EVERY) {
        this.stored = 0;
        await pruneLiveEvents(db, new Date(this.deps.clock().getTime() - WINDOW_MS).toISOString());
      }
    } catch (err) {
      logger.error({ err, events: drafts.length }, 'live events not stored');
    }
  }

  private async heard(payload: string): Promise<void> {
    const ids = payload.split(',').map(Number).filter(Number.isSafeInteger);
    if (!ids.length) return;
    const events = await findLiveEvents(readerOf(this.deps.db), ids);
    for (const event of events) this.lastHeard = Math.max(this.lastHeard, Number(event.id));
    this.batch.push(...events);
    this.batchTimer ??= setTimeout(() => this.sendBatch(), BATCH_MS);
  }

  private sendBatch(): void {
    this.batchTimer = null;
    const events = this.batch.sort((a, b) => Number(a.id) - Number(b.id));
    this.batch = [];
    for (const entry of this.attached) this.deliver(entry, events);
  }

  /** After the listening connection was lost and opened again: what was sent meanwhile, from the window. */
  private async catchUp(): Promise<void> {
    const events = await liveEventsAfter(readerOf(this.deps.db), this.lastHeard, MAX_REPLAY);
    for (const event of events) this.lastHeard = Math.max(this.lastHeard, Number(event.id));
    for (const entry of this.attached) this.deliver(entry, events);
  }

  private deliver(entry: Attached, events: LiveEvent[]): void {
    if (entry.queued) {
      entry.queued.push(...events);
      return;
    }
    // Not "only ids above the last one sent": two processes may commit 5 after 6, and 5 must still go out.
    const visible = events.filter((event) => Number(event.id) > entry.replayedUpTo && canSee(entry.stream.user, event));
    // Every stream that sees the whole batch gets the same array, which the route turns into text once.
    if (visible.length) entry.stream.send(visible.length === events.length ? events : visible);
  }


  private startListening(): Promise<Listening> {
    if (!this.listening) {
      const { db, logger } = this.deps;
      const onError = (err: unknown) => logger.warn({ err }, 'live stream listener');
      this.listening = liveWindow(readerOf(db))
        .then(({ last }) => {
          this.lastHeard = last;
          return listen(
            db,
            CHANNEL,
            (payload) => void this.heard(payload).catch(onError),
            () => void this.catchUp().catch(onError),
            onError,
          );
        })
        .catch((err: unknown) => {
          this.listening = null;
          throw err;
        });
      this.heartbeat = setInterval(() => void this.beat().catch(onError), this.deps.config.live.heartbeatMs);
      this.heartbeat.unref();
    }
    return this.listening;
  }

  private async stopListening(): Promise<void> {
    const listening = this.listening;
    this.listening = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    await listening?.then((l) => l.close()).catch(() => {});
  }

  /** Keeps every stream's connection (and the proxies on the way) open, and ends those whose session ended. */
  private async beat(): Promise<void> {
    const entries = [...this.attached];
    const sessionIds = [...new Set(entries.flatMap((e) => (e.stream.sessionId ? [e.stream.sessionId] : [])))];
    const users = await usersOfSessions(readerOf(this.deps.db), sessionIds, this.deps.clock().getTime());
    for (const entry of entries) {
      const user = entry.stream.sessionId ? users.get(entry.stream.sessionId) : undefined;
      if (!user || !isActive(user) || user.id !== entry.stream.user.id) {
        this.detach(entry);
        entry.stream.end();
        continue;
      }
      // A changed role counts from now on (a rep made admin sees every event; an admin made rep, only theirs).
      entry.stream.user = publicUser(user);
      entry.stream.heartbeat();
    }
  }
}

const hubs = new WeakMap<object, LiveHub>();

/** This app's hub (one per set of dependencies, i.e. per process in production). */
export function liveHubOf(deps: Deps): LiveHub {
  let hub = hubs.get(deps);
  if (!hub) hubs.set(deps, (hub = new LiveHub(deps)));
  return hub;
}
