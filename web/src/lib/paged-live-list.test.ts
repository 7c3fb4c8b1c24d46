// The paged live list every staff list is made of: a newer load wins, pages follow the last answer, live records
// are replaced in place or added at the top only where they belong, and events heard during a load are kept.
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '@contract';
import { publish } from './events';
import { createPagedLiveList, type ListPage } from './paged-live-list';

interface Row {
  id: number;
  name: string;
}

/** A page answer the test resolves when it wants, so it can order answers as a slow network would. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function live(type: LiveEvent['type'], record: Row, recordKind: LiveEvent['recordKind'] = 'sample'): LiveEvent {
  return { id: String(record.id), type, at: new Date().toISOString(), recordId: record.id, title: record.name, repUserId: null, recordKind, record };
}

function listOf(answers: Promise<ListPage<Row>>[], options: { accepts?: boolean } = {}) {
  const asked: string[] = [];
  const store = createPagedLiveList<Row>({
    firstPage: (shown) => {
      asked.push(`first:${shown}`);
      return answers.shift() ?? Promise.resolve({ items: [], next: null });
    },
    nextPage: (next) => {
      asked.push(`next:${next}`);
      return answers.shift() ?? Promise.resolve({ items: [], next: null });
    },
    failed: (error) => `failed: ${String(error)}`,
    recordOf: (event) => (event.recordKind === 'sample' ? (event.record as Row) : null),
    addsNew: (event) => event.type === 'sample.created' && options.accepts !== false,
  });
  return { store, asked };
}

describe('createPagedLiveList', () => {
  it('keeps the answer of the newest load when an older one arrives after it', async () => {
    const older = deferred<ListPage<Row>>();
    const newer = deferred<ListPage<Row>>();
    const { store } = listOf([older.promise, newer.promise]);
    const first = store.getState().load();
    const second = store.getState().load();
    newer.resolve({ items: [{ id: 2, name: 'new' }], next: null, total: 1 });
    await second;
    older.resolve({ items: [{ id: 1, name: 'old' }], next: 'before=1', total: 9 });
    await first;
    expect(store.getState()).toMatchObject({ items: [{ id: 2, name: 'new' }], next: null, total: 1, status: 'ready' });
  });

  it('follows the next page and appends it; a reload asks for as many as are shown', async () => {
    const { store, asked } = listOf([
      Promise.resolve({ items: [{ id: 5, name: 'e' }, { id: 4, name: 'd' }], next: 'before=4' }),
      Promise.resolve({ items: [{ id: 3, name: 'c' }], next: null }),
    ]);
    await store.getState().load();
    await store.getState().loadMore();
    expect(store.getState().items.map((r) => r.id)).toEqual([5, 4, 3]);
    expect(store.getState().total).toBeNull();
    await store.getState().load();
    expect(asked).toEqual(['first:0', 'next:before=4', 'first:3']);
  });

  it('replaces a live record where it is shown, adds a new one at the top marked new and counted, leaves an older one to paging', async () => {
    const { store } = listOf([Promise.resolve({ items: [{ id: 10, name: 'ten' }, { id: 9, name: 'nine' }], next: 'before=9', total: 30 })]);
    // Before the first load nothing is applied.
    publish({ type: 'live', event: live('sample.created', { id: 11, name: 'early' }) });
    await store.getState().load();
    expect(store.getState().items.map((r) => r.id)).toEqual([10, 9]);

    publish({ type: 'live', event: live('sample.updated', { id: 9, name: 'nine, processed' }) });
    publish({ type: 'live', event: live('sample.created', { id: 12, name: 'twelve' }) });
    publish({ type: 'live', event: live('sample.created', { id: 3, name: 'three' }) });
    publish({ type: 'live', event: live('lead.created', { id: 13, name: 'a lead' }, 'lead') });
    expect(store.getState().items).toEqual([
      { id: 12, name: 'twelve' },
      { id: 10, name: 'ten' },
      { id: 9, name: 'nine, processed' },
    ]);
    expect(store.getState().total).toBe(31);
    expect([...store.getState().newIds]).toEqual([12]);
    store.getState().markSeen(12);
    expect(store.getState().newIds.size).toBe(0);
  });

  it('applies events heard during a load once its answer is in, without adding a record twice', async () => {
    const answer = deferred<ListPage<Row>>();
    const { store } = listOf([Promise.resolve({ items: [{ id: 20, name: 'twenty' }], next: null, total: 1 }), answer.promise]);
    await store.getState().load();
    const reload = store.getState().load();
    publish({ type: 'live', event: live('sample.created', { id: 21, name: 'during' }) });
    publish({ type: 'live', event: live('sample.created', { id: 22, name: 'also during' }) });
    // The answer was read after the first of them was stored: it holds 21 but not 22.
    answer.resolve({ items: [{ id: 21, name: 'during' }, { id: 20, name: 'twenty' }], next: null, total: 2 });
    await reload;
    expect(store.getState().items.map((r) => r.id)).toEqual([22, 21, 20]);
    expect(store.getState().total).toBe(3);
  });

  it('replace - the screen\'s own change of a record shown takes its place; a record not shown is not added', async () => {
    const { store } = listOf([Promise.resolve({ items: [{ id: 2, name: 'two' }, { id: 1, name: 'one' }], next: null })]);
    await store.getState().load();
    store.getState().replace({ id: 1, name: 'one, taken' });
    store.getState().replace({ id: 7, name: 'not shown' });
    expect(store.getState().items).toEqual([{ id: 2, name: 'two' }, { id: 1, name: 'one, taken' }]);
  });

  it('adds nothing new the options refuse (a filtered list), but still replaces what it shows', async () => {
    const { store } = listOf([Promise.resolve({ items: [{ id: 30, name: 'thirty' }], next: null })], { accepts: false });
    await store.getState().load();
    publish({ type: 'live', event: live('sample.created', { id: 31, name: 'filtered out' }) });
    publish({ type: 'live', event: live('sample.updated', { id: 30, name: 'thirty, changed' }) });
    expect(store.getState().items).toEqual([{ id: 30, name: 'thirty, changed' }]);
  });

  it('reloads once after a gap the stream could not replay, only when it was loaded', async () => {
    const { store, asked } = listOf([Promise.resolve({ items: [], next: null })]);
    publish({ type: 'live-reset' });
    expect(asked).toEqual([]);
    await store.getState().load();
    publish({ type: 'live-reset' });
    expect(asked).toEqual(['first:0', 'first:0']);
  });

  it('shows what a failed read says', async () => {
    const { store } = listOf([Promise.reject(new Error('503'))]);
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'error', error: 'failed: Error: 503' });
  });
});
