// The staff's live stream, one hub per server process. Every event is stored in the replay window (live_events),
// which numbers it, and announced to every process on the database: a submission's in its records' own
// transaction (live-follower.ts), any other a service publishes on this process's bus by this hub, just after
// the service's commit (live-journal.ts); announced through db/notify (PostgreSQL LISTEN/NOTIFY, or in-process on
// SQLite). Each process's hub reads the event once and writes it, in batches, to those of its open streams whose
// user may see it. A stream that comes back with
// Last-Event-ID gets what it missed from the window, or a reset (reload your data once) when the window no
// longer reaches back that far. The hub listens only while it has streams open. Each stream keeps its user's
// role and session as checked last: at every heartbeat, and at once when the channel says the account's access
// changed (a sign-out on any device, a reset, a deactivation, a new role: live-channel.ts), on every process.
import { mayBeTold, type CurrentUser, type LiveEvent, type LiveEventDraft } from '../../contract';
import type { AppDeps } from '../../deps';
import { listen, type Listening } from '../../db/notify';
import { readerOf } from '../../db/knex';
import { usersOfSessions, isActive, publicUser } from '../auth';
import { LIVE_CHANNEL, liveSignalOf } from '../../pipeline/live-channel';
import { findLiveEvents, liveEventsAfter, liveEventsSince, liveWindow } from './live-queries';
import { journalEvents, ownEventsOf, WINDOW_MS } from './live-journal';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'logger' | 'live' | 'config'>;

/** A screen that missed more than this reloads instead of replaying them one by one. */
const MAX_REPLAY = 500;
/**
 * Events heard within this long go to each stream in one write: with many streams open, a burst of leads
 * costs a write per stream per batch rather than per lead (what 1,000 streams cost intake: docs/performance.md).
 */
const BATCH_MS = 20;
/**
 * A write per stream is the fan-out's whole cost, so with many streams open batches are spaced further apart:
 * one at most every 0.5 ms per stream (500 ms from 1,000 streams on), measured from the last one. A lead after a
 * quiet spell still goes out after BATCH_MS; only a steady flow waits for the spacing, well within its second.
 */
const SPACING_MS_PER_STREAM = 0.5;
const SPACING_MAX_MS = 500;

/**
 * Where a stream starts: after the last event it heard (Last-Event-ID), or, for a screen's first stream, at a
 * moment (`since`): the screen read its data before the stream opened, and what was stored in between is
 * replayed rather than lost. Neither: from now on.
 */
export type StartFrom = { lastEventId: string } | { since: string } | Record<string, never>;

/** One open stream, as the hub sees it. */
export interface LiveStream {
  user: CurrentUser;
  /** The session it was opened with (sessions.id): re-checked on every heartbeat and every access change. */
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
  /** Until its replay (or reset) is written. */
  replaying: boolean;
  /**
   * The checks of its access under way (its account changed): until they are done it is sent nothing, so no
   * event goes out under a role or a session it may no longer have.
   */
  reviews: Promise<void>[];
  /** Events heard while it was replaying or being checked, written (to whoever it turned out to be) after. */
  queued: LiveEvent[];
  /** The number of the newest check applied to it: an older read finishing later must not undo a newer one. */
  checked: number;
}

export class LiveHub {
  private readonly attached = new Set<Attached>();
  private listening: Promise<Listening> | null = null;
  private lastHeard = 0;
  private heartbeat: NodeJS.Timeout | null = null;
  private closed = false;
  private batch: LiveEvent[] = [];
  private batchTimer: NodeJS.Timeout | null = null;
  private lastBatchAt = 0;
  private checks = 0;

  constructor(private readonly deps: Deps) {
    // Events a service published after its own commit; a submission's are written in its transaction instead.
    deps.live.journal((drafts) => void this.store(drafts));
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
    const entry: Attached = { stream, replayedUpTo: 0, replaying: true, reviews: [], queued: [], checked: 0 };
    this.attached.add(entry);
    const detach = () => this.detach(entry);
    try {
      await this.startListening();
      const resume = await this.resumeFrom(stream.user, from);
      entry.replayedUpTo = resume.lastId;
      // Read with the role the stream opened with: an access change heard meanwhile is waited for, and the
      // replay is filtered again for whoever the account now is (an ended stream writes nothing).
      while (entry.reviews.length) await Promise.all(entry.reviews);
      if (resume.kind === 'replay') resume.events = resume.events.filter((e) => mayBeTold(stream.user, e));
      return { resume, detach };
    } catch (err) {
      detach();
      throw err;
    }
  }

  /** Writes what was heard while the replay was read; call once the replay (or reset) is written. */
  flush(detachOrStream: LiveStream): void {
    for (const entry of this.attached) {
      if (entry.stream !== detachOrStream) continue;
      entry.replaying = false;
      this.release(entry);
    }
  }

  /** Writes what a stream was held back from, once nothing holds it any more. */
  private release(entry: Attached): void {
    if (entry.replaying || entry.reviews.length || !this.attached.has(entry)) return;
    const queued = entry.queued;
    entry.queued = [];
    if (queued.length) this.deliver(entry, queued.sort((a, b) => Number(a.id) - Number(b.id)));
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
      return { kind: 'replay', events: events.filter((e) => mayBeTold(user, e)), lastId };
    }
    if (!('lastEventId' in from)) return { kind: 'replay', events: [], lastId: window.last };
    const { lastEventId } = from;
    const after = /^\d{1,15}$/.test(lastEventId) ? Number(lastEventId) : NaN;
    // Unknown (a number this database never gave: another database, or one restored from a backup) or older
    // than the window: what happened in between cannot be told, so the screen reloads.
    if (!Number.isFinite(after) || after > window.last || (window.first > 0 && after < window.first - 1)) return { kind: 'reset', lastId: window.last };
    const events = await liveEventsAfter(db, after, MAX_REPLAY + 1);
    if (events.length > MAX_REPLAY) return { kind: 'reset', lastId: window.last };
    return { kind: 'replay', events: events.filter((e) => mayBeTold(user, e)), lastId: events.length ? Number(events.at(-1)!.id) : after };
  }

  private detach(entry: Attached): void {
    if (!this.attached.delete(entry)) return;
    if (this.attached.size === 0) void this.stopListening();
  }

  /** Published events (the bus hands over a batch at a time) are stored by one statement and one announcement. */
  private async store(drafts: readonly LiveEventDraft[]): Promise<void> {
    try {
      for (let i = 0; i < drafts.length; i += 500) await journalEvents(this.deps.db, drafts.slice(i, i + 500), ownEventsOf(this.deps.live));
    } catch (err) {
      this.deps.logger.error({ err, events: drafts.length }, 'live events not stored');
    }
  }

  /** Announced events: this process's own are taken from memory (live-journal.ts), any other's read. */
  private async heard(ids: number[], writer: string | undefined): Promise<void> {
    if (!ids.length) return;
    const own = ownEventsOf(this.deps.live);
    const { found, missing } = writer === own.writer ? own.take(ids) : { found: [], missing: ids };
    const events = missing.length ? [...found, ...(await findLiveEvents(readerOf(this.deps.db), missing))] : found;
    for (const event of events) this.lastHeard = Math.max(this.lastHeard, Number(event.id));
    this.batch.push(...events);
    if (!this.batchTimer) {
      const spacing = Math.min(SPACING_MAX_MS, this.attached.size * SPACING_MS_PER_STREAM);
      this.batchTimer = setTimeout(() => this.sendBatch(), Math.max(BATCH_MS, this.lastBatchAt + spacing - performance.now()));
    }
  }

  private sendBatch(): void {
    this.batchTimer = null;
    this.lastBatchAt = performance.now();
    const events = this.batch.sort((a, b) => Number(a.id) - Number(b.id));
    this.batch = [];
    this.deliverToAll(events);
  }

  /** One batch to every stream: what a user may see is worked out once per user, and looked up per stream. */
  private deliverToAll(events: LiveEvent[]): void {
    if (!events.length) return;
    const seen = new Map<string, LiveEvent[]>();
    const visibleTo = (user: CurrentUser): LiveEvent[] => {
      const key = `${user.role}:${user.id}`;
      let visible = seen.get(key);
      if (!visible) {
        visible = events.filter((event) => mayBeTold(user, event));
        // A user who sees the whole batch gets the batch itself, whose text the route makes once.
        seen.set(key, (visible = visible.length === events.length ? events : visible));
      }
      return visible;
    };
    for (const entry of this.attached) this.deliver(entry, events, visibleTo);
  }

  /** After the listening connection was lost and opened again: what was sent meanwhile, from the window. */
  private async catchUp(): Promise<void> {
    const events = await liveEventsAfter(readerOf(this.deps.db), this.lastHeard, MAX_REPLAY);
    for (const event of events) this.lastHeard = Math.max(this.lastHeard, Number(event.id));
    this.deliverToAll(events);
  }

  /** `events` oldest first; `visibleTo` answers the part of them a user may see (the same array for all). */
  private deliver(entry: Attached, events: LiveEvent[], visibleTo: (user: CurrentUser) => LiveEvent[] = (user) => events.filter((e) => mayBeTold(user, e))): void {
    if (entry.replaying || entry.reviews.length) {
      entry.queued.push(...events);
      return;
    }
    const visible = visibleTo(entry.stream.user);
    if (!visible.length) return;
    // Not "only ids above the last one sent": two processes may commit 5 after 6, and 5 must still go out. Only
    // what its replay already covered is left out; a batch wholly after it (the usual case) goes as it is.
    const fresh = Number(visible[0]!.id) > entry.replayedUpTo ? visible : visible.filter((event) => Number(event.id) > entry.replayedUpTo);
    if (fresh.length) entry.stream.send(fresh);
  }


  private startListening(): Promise<Listening> {
    if (!this.listening) {
      const { db, logger } = this.deps;
      const onError = (err: unknown) => logger.warn({ err }, 'live stream listener');
      ownEventsOf(this.deps.live).setListening(true);
      this.listening = liveWindow(readerOf(db))
        .then(({ last }) => {
          this.lastHeard = last;
          return listen(
            db,
            LIVE_CHANNEL,
            (payload) => {
              const signal = liveSignalOf(payload);
              if (signal.kind === 'access') this.accessChanged(signal.userId);
              else void this.heard(signal.ids, signal.writer).catch(onError);
            },
            () => void this.catchUp().catch(onError),
            onError,
          );
        })
        .catch((err: unknown) => {
          this.listening = null;
          ownEventsOf(this.deps.live).setListening(false);
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
    ownEventsOf(this.deps.live).setListening(false);
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    await listening?.then((l) => l.close()).catch(() => {});
  }

  /** Keeps every stream's connection (and the proxies on the way) open, and ends those whose session ended. */
  private async beat(): Promise<void> {
    for (const entry of await this.recheck([...this.attached])) entry.stream.heartbeat();
  }

  /**
   * The account's sessions or rights changed: its streams here are held (sent nothing) from this moment until
   * they are checked again, then ended or sent what they may now see. The signal comes after the change
   * committed, so the check reads it. A check that fails ends them: the browser reconnects through sign-in.
   */
  private accessChanged(userId: number): void {
    const entries = [...this.attached].filter((e) => e.stream.user.id === userId);
    if (!entries.length) return;
    const review = this.recheck(entries)
      .then(() => {}, (err: unknown) => {
        this.deps.logger.warn({ err, userId }, 'live stream access check failed; streams ended');
        for (const entry of entries) this.endStream(entry);
      })
      .finally(() => {
        for (const entry of entries) {
          entry.reviews = entry.reviews.filter((r) => r !== review);
          this.release(entry);
        }
      });
    for (const entry of entries) entry.reviews.push(review);
  }

  /**
   * Reads the streams' sessions and accounts as they stand now (one statement): ends those whose session ended
   * or whose account is no longer active; the others take the account's current role (a rep made admin sees
   * every event from now on; an admin made rep, only theirs). Answers the streams still open.
   */
  private async recheck(entries: Attached[]): Promise<Attached[]> {
    const check = ++this.checks;
    const sessionIds = [...new Set(entries.flatMap((e) => (e.stream.sessionId ? [e.stream.sessionId] : [])))];
    const users = await usersOfSessions(readerOf(this.deps.db), sessionIds, this.deps.clock().getTime());
    const open: Attached[] = [];
    for (const entry of entries) {
      if (!this.attached.has(entry)) continue;
      const user = entry.stream.sessionId ? users.get(entry.stream.sessionId) : undefined;
      if (!user || !isActive(user) || user.id !== entry.stream.user.id) {
        // A session never comes back once ended: whichever read saw it gone, the stream ends.
        this.endStream(entry);
        continue;
      }
      // Reads started later see at least as much: one finishing after a newer one leaves the newer one's role.
      if (check > entry.checked) {
        entry.checked = check;
        entry.stream.user = publicUser(user);
      }
      open.push(entry);
    }
    return open;
  }

  private endStream(entry: Attached): void {
    if (!this.attached.has(entry)) return;
    this.detach(entry);
    entry.stream.end();
  }
}

const hubs = new WeakMap<object, LiveHub>();

/** This app's hub (one per set of dependencies, i.e. per process in production). */
export function liveHubOf(deps: Deps): LiveHub {
  let hub = hubs.get(deps);
  if (!hub) hubs.set(deps, (hub = new LiveHub(deps)));
  return hub;
}
