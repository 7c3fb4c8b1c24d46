// The capture screen's state: the event, a mirror of this device's captures (IndexedDB is the
// truth), and the actions. Save never waits on the network: it writes the outbox item and the capture to
// IndexedDB, and sending happens behind it.
import { create } from 'zustand';
import { captureInputSchema } from '@contract';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { subscribe } from '../../lib/events';
import { queueThroughOutbox, replayOutbox } from '../../lib/outbox';
import { SCAN_PAYLOAD_MAX_BYTES, clipUtf8 } from './badge-payload';
import { listCaptures, putCapture } from './capture-db';
import { readEvent, writeEvent } from './capture-event';
import { reconcile, recordSent } from './capture-sync';
import type { CaptureFields, CaptureRecord, CaptureScan } from './capture-types';

export const CAPTURE_URL = '/api/capture/leads';
/** While captures wait and the screen is open, a send is tried this often, whatever the backoff says. */
export const RETRY_WHILE_WAITING_MS = 10_000;

interface CaptureStoreState {
  eventName: string | null;
  /** Every capture on this device, newest first. */
  captures: CaptureRecord[];
  loaded: boolean;
  /** Could not read or write IndexedDB: nothing can be saved on this device. */
  storageError: string | null;
  sending: boolean;
  /** Sign-out held up while captures wait: calling it signs out. */
  pendingSignOut: (() => void) | null;
  setEvent: (name: string) => void;
  load: () => Promise<void>;
  save: (fields: CaptureFields, scan?: CaptureScan) => Promise<CaptureRecord>;
  sendNow: () => Promise<void>;
  askBeforeSignOut: (proceed: () => void) => boolean;
  cancelSignOut: () => void;
}

export const useCaptureStore = create<CaptureStoreState>()((set, get) => ({
  eventName: readEvent(),
  captures: [],
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

  load: async () => {
    try {
      await reconcile();
      set({ captures: await listCaptures(), loaded: true, storageError: null });
    } catch (error) {
      set({ loaded: true, storageError: error instanceof Error ? error.message : String(error) });
    }
  },

  save: async (fields, scan) => {
    const eventName = get().eventName;
    if (!eventName) throw new Error('Set the event before capturing');
    const id = newIdempotencyKey();
    const body = withoutEmpty({ eventName, ...fields, ...scanBody(scan) });
    // The outbox item first: a capture on record always has its item until the server has it (capture-sync).
    await queueThroughOutbox({ kind: 'capture', url: CAPTURE_URL, body, idempotencyKey: id, authenticated: true });
    const record: CaptureRecord = { id, eventName, fields: withoutEmpty(fields) as CaptureFields, ...(scan ? { scan } : {}), capturedAt: Date.now(), state: 'waiting' };
    await putCapture(record);
    set((s) => ({ captures: [record, ...s.captures.filter((c) => c.id !== id)] }));
    if (navigator.onLine) void replayOutbox();
    return record;
  },

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
    if (!get().captures.some((c) => c.state !== 'sent')) return false;
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
    const captures = event.items.filter((i) => i.kind === 'capture');
    if (!captures.length) return scheduleLoad();
    void Promise.all(captures.map((i) => recordSent(i.id, i.body))).then(scheduleLoad);
  });
  void useCaptureStore.getState().load();
}

/** Counts for the screen: every capture of the event, and how many wait, were sent or need attention. */
export function countsOf(captures: CaptureRecord[]) {
  let waiting = 0;
  let sent = 0;
  let attention = 0;
  for (const c of captures) {
    if (c.state === 'waiting') waiting++;
    else if (c.state === 'sent') sent++;
    else attention++;
  }
  return { captured: captures.length, waiting, sent, attention };
}
