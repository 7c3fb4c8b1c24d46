// One staff list that the server pages and the live stream keeps current: the dashboard's leads and Sample
// Management's requests are each one of these, and differ only in the options they pass (how a page is read,
// how a failed read is reported, which live records belong in the list).
//
// What every such list does:
// - `load` reads the first page again (a newer load supersedes an older one still on its way: its answer is
//   dropped, so the list always matches what was asked last); `loadMore` follows the last answer's next page.
// - A live record the list shows is replaced where it is (or dropped, when the options say it no longer belongs).
//   One it does not show goes in, in its place newest first (a new one at the top), when the list is loaded and
//   the options say it belongs there, marked new until seen, with what the person reads kept in place; a record
//   older than every one shown was on a later page when the list was read, and stays there.
// - Live events heard while a load is on its way are applied again once it is in: the answer may have been
//   read before they were stored, so it cannot be trusted to hold them (a record it already has is replaced in
//   place, not added twice).
// - After a gap the live stream could not replay, a list that was loaded loads again, once.
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import type { LiveEvent } from '@contract';
import { subscribe } from './events';
import { keepScrollPosition } from './keep-scroll';

export type ListStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface ListPage<T> {
  items: T[];
  /** Query string of the next page, or null on the last page. */
  next: string | null;
  /** How many records there are in all, loaded or not, for a list the server counts. */
  total?: number;
}

export interface PagedLiveList<T> {
  items: T[];
  /** Query string of the next page, or null when every record is loaded. */
  next: string | null;
  /** How many records there are in all (counting live additions); null for a list the server does not count. */
  total: number | null;
  status: ListStatus;
  error: string | null;
  loadingMore: boolean;
  loadMoreError: string | null;
  /** Records the live stream added that the person has not seen yet (marked "New"). */
  newIds: Set<number>;
  load: () => Promise<void>;
  loadMore: () => Promise<void>;
  markSeen: (id: number) => void;
  /** Empties the list before a load that shows other records (the suspected spam instead of the list). */
  clear: () => void;
  /** A record this screen changed itself (the server's answer): replaces the one shown, where it is. */
  replace: (record: T) => void;
}

export interface PagedLiveListOptions<T> {
  /** The first page; `shown` is how many records the list shows now, for a reload that keeps them all. */
  firstPage: (shown: number) => Promise<ListPage<T>>;
  nextPage: (next: string) => Promise<ListPage<T>>;
  /** The message a failed read shows (after handling a lost session as the screen words it). */
  failed: (error: unknown) => string;
  /** The record a live event carries for this list, or null when the event is about another kind of record. */
  recordOf: (event: LiveEvent) => T | null;
  /** Whether a record the list does not show yet belongs in it, as the list is filtered now. */
  addsNew: (event: LiveEvent, record: T) => boolean;
  /**
   * Whether a record the list shows still belongs in it after this change; absent, it always does (a change that
   * moves a record out of the filters shown leaves it in place while the person reads). A rep's desk drops a lead
   * handed to someone else: they may no longer work it.
   */
  stillShows?: (event: LiveEvent, record: T) => boolean;
}

export type PagedLiveListStore<T> = UseBoundStore<StoreApi<PagedLiveList<T>>>;

export function createPagedLiveList<T extends { id: number }>(options: PagedLiveListOptions<T>): PagedLiveListStore<T> {
  // Each load gets a number; an answer (or a next page) that arrives after a newer load started is dropped.
  let loads = 0;
  let held: LiveEvent[] = [];

  const store = create<PagedLiveList<T>>()((set, get) => ({
    items: [],
    next: null,
    total: null,
    status: 'idle',
    error: null,
    loadingMore: false,
    loadMoreError: null,
    newIds: new Set(),

    load: async () => {
      const load = ++loads;
      const shown = get().items.length;
      set({ status: 'loading', error: null, loadingMore: false, loadMoreError: null });
      try {
        const page = await options.firstPage(shown);
        if (load !== loads) return;
        set({ items: page.items, next: page.next, total: page.total ?? null, status: 'ready' });
        const heard = held;
        held = [];
        for (const event of heard) applyLive(event);
      } catch (error) {
        if (load === loads) set({ status: 'error', error: options.failed(error) });
      }
    },

    loadMore: async () => {
      const { next, loadingMore } = get();
      if (!next || loadingMore) return;
      const load = loads;
      set({ loadingMore: true, loadMoreError: null });
      try {
        const page = await options.nextPage(next);
        if (load === loads) set((s) => ({ items: [...s.items, ...page.items], next: page.next, total: page.total ?? s.total, loadingMore: false }));
      } catch (error) {
        if (load === loads) set({ loadingMore: false, loadMoreError: options.failed(error) });
      }
    },

    markSeen: (id) => {
      if (!get().newIds.has(id)) return;
      const newIds = new Set(get().newIds);
      newIds.delete(id);
      set({ newIds });
    },

    clear: () => set({ items: [] }),

    replace: (record) => set((s) => ({ items: s.items.map((item) => (item.id === record.id ? record : item)) })),
  }));

  function applyLive(event: LiveEvent): void {
    const record = options.recordOf(event);
    const state = store.getState();
    if (!record || state.status === 'idle') return;
    // A load on its way may have been read before this event: it is applied again once the answer is in.
    if (state.status === 'loading') held.push(event);
    const shown = state.items.findIndex((item) => item.id === record.id);
    if (shown >= 0) {
      if (options.stillShows && !options.stillShows(event, record)) {
        keepScrollPosition(() => store.setState((s) => ({ items: s.items.filter((item) => item.id !== record.id), total: s.total === null ? null : s.total - 1 })));
        return;
      }
      const items = [...state.items];
      items[shown] = record;
      store.setState({ items });
      return;
    }
    if (state.status !== 'ready' || olderThanShown(record.id, state.items) || !options.addsNew(event, record)) return;
    // Newest first: a new record at the top; an older one that now belongs (a lead handed to this rep) in its place.
    keepScrollPosition(() =>
      store.setState((s) => {
        const at = s.items.findIndex((item) => item.id < record.id);
        const items = at < 0 ? [...s.items, record] : [...s.items.slice(0, at), record, ...s.items.slice(at)];
        return { items, total: s.total === null ? null : s.total + 1, newIds: new Set(s.newIds).add(record.id) };
      }),
    );
  }

  // What the live stream tells every tab (lib/live-stream.ts): a record in, a record changed, or a gap to reload.
  subscribe('live', ({ event }) => applyLive(event));
  subscribe('live-reset', () => {
    if (store.getState().status !== 'idle') void store.getState().load();
  });

  return store;
}

/**
 * A record older than every record the list shows was there when the list was read, on a later page (a first
 * stream's replay reaches back before the read): it is not new, and stays where paging finds it (and in the
 * counts already).
 */
function olderThanShown(id: number, shown: readonly { id: number }[]): boolean {
  return shown.length > 0 && shown.every((record) => record.id > id);
}
