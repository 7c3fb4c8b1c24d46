// The web app's one event stream. Broadcast events reach this page's listeners and every other tab of the
// site (and come from the service worker's replays too) over one BroadcastChannel; each happening is one
// message. Page requests stay in this page: a screen may take one over (hold sign-out up while captures
// wait, show deliveries in its own list instead of a toast). Features never import each other; they meet here.
import { EVENTS_CHANNEL } from './cache-names';
import type { LiveEvent } from '@contract';
import type { OutboxKind } from './outbox-kind';

/** A submission the server stored, with its answer. `queued`: it had waited on this device first. */
export interface Delivery {
  id: string;
  kind: OutboxKind;
  body?: unknown;
  queued: boolean;
}

export type AppEvent =
  /** The outbox's contents changed (queued, failed, resent, discarded, delivered). */
  | { type: 'outbox-changed' }
  /** Submissions delivered, a batch at a time (a direct submit is a batch of one). */
  | { type: 'delivered'; items: Delivery[] }
  /**
   * A change the server announced on the staff's live stream (heard by one tab, published to all). `catchUp`:
   * replayed to the app's first stream, from around the page's start (screens apply it; nobody is notified).
   */
  | { type: 'live'; event: LiveEvent; catchUp?: boolean }
  /** The live stream missed more than it could replay (a long gap, another database): reload your data once. */
  | { type: 'live-reset' }
  /** The live stream's state, as the tab holding it sees it: `open` means events arrive as they happen. */
  | { type: 'live-status'; status: LiveStatus };

export type LiveStatus = 'connecting' | 'open' | 'offline';

export type PageRequest =
  /** The person pressed sign out; `proceed` signs out. */
  | { type: 'sign-out'; proceed: () => void }
  /** The outbox is about to toast a delivery of this kind. */
  | { type: 'announce-delivery'; kind: OutboxKind };

type EventOf<K extends AppEvent['type']> = Extract<AppEvent, { type: K }>;
type RequestOf<K extends PageRequest['type']> = Extract<PageRequest, { type: K }>;

const listeners = new Set<(event: AppEvent) => void>();
let channel: BroadcastChannel | null | undefined;

// One channel object per context, for posting and hearing: a BroadcastChannel never hears its own posts,
// so this context's listeners are called directly and each event reaches every listener exactly once.
function getChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(EVENTS_CHANNEL);
  channel?.addEventListener('message', (e: MessageEvent<AppEvent>) => dispatch(e.data));
  return channel;
}

function dispatch(event: AppEvent): void {
  for (const listener of [...listeners]) listener(event);
}

/** Tells this page and every other tab. */
export function publish(event: AppEvent): void {
  getChannel()?.postMessage(event);
  dispatch(event);
}

/** Runs `listener` for each event of the given types, from any tab; returns the unsubscribe. */
export function subscribe<K extends AppEvent['type']>(types: K | K[], listener: (event: EventOf<K>) => void): () => void {
  getChannel();
  const wanted = new Set<AppEvent['type']>(Array.isArray(types) ? types : [types]);
  const wrapped = (event: AppEvent) => {
    if (wanted.has(event.type)) listener(event as EventOf<K>);
  };
  listeners.add(wrapped);
  return () => void listeners.delete(wrapped);
}

const handlers = new Set<(request: PageRequest) => boolean>();

/** Asks this page; true when a screen took the request over (the caller then does nothing itself). */
export function ask(request: PageRequest): boolean {
  for (const handler of [...handlers]) if (handler(request)) return true;
  return false;
}

/** While mounted, a screen may take requests of a type over by returning true; returns the removal. */
export function takeOver<K extends PageRequest['type']>(type: K, handler: (request: RequestOf<K>) => boolean): () => void {
  const wrapped = (request: PageRequest) => request.type === type && handler(request as RequestOf<K>);
  handlers.add(wrapped);
  return () => void handlers.delete(wrapped);
}
