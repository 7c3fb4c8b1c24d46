// The capture screen's state: the event, a mirror of this device's captures (IndexedDB is the
// truth), and the actions. Save never waits on the network: it writes the outbox item and the capture to
// IndexedDB, and sending happens behind it.
import { create } from 'zustand';
import { captureInputSchema } from '@contract';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { subscribe } from '../../lib/events';
import { queueThroughOutbox, replayOutbox } from '../../lib/outbox';
import { SCAN_PAYLOAD_MAX_BYTES, clipUtf8 } from './badge-payload';
import { deleteCaptures, listCaptures, putCapture } from './capture-db';
import { readEvent, writeEvent } from './capture-event';
import { isFullySent, isPastRetention, isVisibleTo, othersWaiting } from './capture-retention';
import { reconcile, recordPhotoSent, recordSent } from './capture-sync';
import type { CaptureFields, CaptureOwner, CaptureRecord, CaptureScan } from './capture-types';

export const CAPTURE_URL = '/api/capture/leads';
export const photoUrl = (captureKey: string) => `/api/capture/photos/${encodeURIComponent(captureKey)}`;
/** The CSV backup is offered each time this many captures wait unsent (25, 50, ...). */
export const BACKUP_EVERY = 25;
/** While captures wait and the screen is open, a send is tried this often, whatever the backoff says. */
export const RETRY_WHILE_WAITING_MS = 10_000;

interface CaptureStoreState {
  eventName: string | null;
  /** The account captures are made and shown for: the signed-in user, or offline the last one known here. */
  user: CaptureOwner | null;
  /** That account's captures on this device, newest first; empty without a known user. */
  captures: CaptureRecord[];
  /** Other accounts' unsent captures on this device: they wait for their own account's sign-in. */
  others: { name: string; count: number }[];
  /** The unsent count at which the CSV backup is being offered, until the rep answers. */
  backupDue: number | null;
  loaded: boolean;
  /** Could not read or write IndexedDB: nothing can be saved on this device. */
  storageError: string | null;
  sending: boolean;
  /** Sign-out held up while captures wait: calling it signs out. */
  pendingSignOut: (() => void) | null;
  setEvent: (name: string) => void;
  setUser: (user: CaptureOwner | null) => void;
  load: () => Promise<void>;
  save: (fields: CaptureFields, scan?: CaptureScan, photo?: Blob | null) => Promise<CaptureRecord>;
  /** Removes this account's captures that the server has (with their photos), now. */
  clearSent: () => Promise<number>;
  dismissBackup: () => void;
  sendNow: () => Promise<void>;
  askBeforeSignOut: (proceed: () => void) => boolean;
  cancelSignOut: () => void;
}

export const useCaptureStore = create<CaptureStoreState>()((set, get) => ({
  eventName: readEvent(),
  user: null,
  captures: [],
  others: [],
  backupDue: null,
  loaded: false,
  storageError: null,
  sending: false,
  pendingSignOut: null,

  setEvent: (name) => {
    const parsed = captureInputSchema.shape.eventName.safeParse(name);
    if (!parsed.success) return;
    writeEvent(parsed.data);
    set({ eventName: parsed.data });
  },

  setUser: (user) => {
    const current = get().user;
    if (current?.id === user?.id && current?.name === user?.name) return;
    set({ user, captures: [], others: [], backupDue: null, loaded: false });
    void get().load();
  },

  load: async () => {
    try {
      await reconcile();
      const now = Date.now();
      const stored = await listCaptures();
      const expired = stored.filter((c) => isPastRetention(c, now));
      if (expired.length) await deleteCaptures(expired.map((c) => c.id));
      const kept = stored.filter((c) => !expired.includes(c));
      const { user } = get();
      set({ captures: kept.filter((c) => isVisibleTo(c, user)), others: othersWaiting(kept, user), loaded: true, storageError: null });
    } catch (error) {
      set({ loaded: true, storageError: error instanceof Error ? error.message : String(error) });
    }
  },

  save: async (fields, scan, photo) => {
    const { eventName, user } = get();
    if (!eventName) throw new Error('Set the event before capturing');
    // Bound to its account from the start: it is sent only under that account's session (lib/outbox).
    if (!user) throw new Error('Sign in on this device before capturing');
    const owner = { id: user.id, name: user.name };
    const id = newIdempotencyKey();
    const body = withoutEmpty({ eventName, ...fields, ...scanBody(scan) });
    // The outbox items first: a capture on record always has its items until the server has them (capture-sync).
    await queueThroughOutbox({ kind: 'capture', url: CAPTURE_URL, body, idempotencyKey: id, authenticated: true, owner });
    let photoRecord: CaptureRecord['photo'];
    if (photo) {
      const itemId = newIdempotencyKey();
      await queueThroughOutbox({
        kind: 'capture-photo',
        url: photoUrl(id),
        method: 'PUT',
        upload: { blob: photo, contentType: photo.type },
        body: { captureKey: id },
        idempotencyKey: itemId,
        authenticated: true,
        owner,
        after: id,
      });
      photoRecord = { blob: photo, itemId, state: 'waiting' };
    }
    const record: CaptureRecord = { id, eventName, fields: withoutEmpty(fields) as CaptureFields, ...(scan ? { scan } : {}), capturedAt: Date.now(), state: 'waiting', owner, photo: photoRecord };
    await putCapture(record);
    set((s) => {
      const captures = [record, ...s.captures.filter((c) => c.id !== id)];
      const unsent = captures.filter((c) => !isFullySent(c)).length;
      return { captures, backupDue: unsent > 0 && unsent % BACKUP_EVERY === 0 ? unsent : s.backupDue };
    });
    if (navigator.onLine) void replayOutbox();
    return record;
  },

  clearSent: async () => {
    const sent = get().captures.filter(isFullySent).map((c) => c.id);
    if (sent.length) await deleteCaptures(sent);
    await get().load();
    return sent.length;
  },

  dismissBackup: () => set({ backupDue: null }),

  sendNow: async () => {
    set({ sending: true });
    try {
      await replayOutbox();
    } finally {
      await get().load();
      set({ sending: false });
    }
  },

  askBeforeSignOut: (proceed) => {
    if (!get().captures.some((c) => !isFullySent(c))) return false;
    set({ pendingSignOut: proceed });
    return true;
  },

  cancelSignOut: () => set({ pendingSignOut: null }),
}));

/** The scan as the capture endpoint takes it (`scanPayload`, `scanFormat`), cut to what the server keeps. */
function scanBody(scan: CaptureScan | undefined): Record<string, string> {
  if (!scan) return {};
  return { scanPayload: clipUtf8(scan.rawPayload, SCAN_PAYLOAD_MAX_BYTES), scanFormat: scan.scanFormat };
}

function withoutEmpty<T extends Record<string, unknown>>(value: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== ''));
}

let started = false;
let pendingLoad: ReturnType<typeof setTimeout> | undefined;

/** Re-reads after the outbox changes; a burst of messages (twenty sends in a row) costs one read. */
function scheduleLoad(): void {
  clearTimeout(pendingLoad);
  pendingLoad = setTimeout(() => void useCaptureStore.getState().load(), 100);
}

/**
 * Follows the outbox's events to keep this device's capture list current. Once per page; the capture
 * screen calls it when it mounts. The outbox's own replay triggers are started on every page by the app
 * (the waiting indicator), so the capture screen does not start them itself.
 */
export function startCaptureSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  subscribe(['outbox-changed', 'delivered'], (event) => {
    if (event.type !== 'delivered') return scheduleLoad();
    const captures = event.items.filter((i) => i.kind === 'capture' || i.kind === 'capture-photo');
    if (!captures.length) return scheduleLoad();
    void Promise.all(captures.map((i) => (i.kind === 'capture' ? recordSent(i.id, i.body) : recordPhotoSent(i.id, i.body)))).then(scheduleLoad);
  });
  void useCaptureStore.getState().load();
}

/** Counts for the screen: every capture of the event, and how many wait, were sent or need attention. */
export function countsOf(captures: CaptureRecord[]) {
  let waiting = 0;
  let sent = 0;
  let attention = 0;
  let photosWaiting = 0;
  for (const c of captures) {
    if (c.state === 'waiting') waiting++;
    else if (c.state === 'sent') sent++;
    else attention++;
    if (c.photo && c.photo.state !== 'sent') photosWaiting++;
  }
  return { captured: captures.length, waiting, sent, attention, photosWaiting };
}
