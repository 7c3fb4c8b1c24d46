// IndexedDB is the outbox's source of truth (stores in the UI only mirror it). Works in pages and in the
// service worker alike. The browser's API directly, not the idb library: four one-request transactions need
// a dozen lines, and this module is part of every public page's first load.
import { OUTBOX_DB_NAME } from '../cache-names';
import type { OutboxItem } from './outbox-types';

/** One object store, `items` (key `id`), with an index on `createdAt`. */
const STORE = 'items';

let dbPromise: Promise<IDBDatabase> | undefined;

function db(): Promise<IDBDatabase> {
  dbPromise ??= new Promise((resolve, reject) => {
    const open = indexedDB.open(OUTBOX_DB_NAME, 1);
    open.onupgradeneeded = () => {
      const store = open.result.createObjectStore(STORE, { keyPath: 'id' });
      store.createIndex('createdAt', 'createdAt');
    };
    open.onsuccess = () => {
      const database = open.result;
      // Another context upgrades the schema: drop our handle so the next call reopens it.
      database.onversionchange = () => {
        database.close();
        dbPromise = undefined;
      };
      resolve(database);
    };
    open.onerror = () => reject(open.error);
  });
  return dbPromise;
}

/** One request in a transaction of its own; settles once the transaction has committed (or failed). */
async function inStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const tx = (await db()).transaction(STORE, mode);
  const req = run(tx.objectStore(STORE));
  const result = new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const committed = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error ?? new DOMException('The transaction was aborted', 'AbortError'));
  });
  return (await Promise.all([result, committed]))[0];
}

export async function putItem(item: OutboxItem): Promise<void> {
  await inStore('readwrite', (store) => store.put(item));
}

export async function getItem(id: string): Promise<OutboxItem | undefined> {
  return inStore<OutboxItem | undefined>('readonly', (store) => store.get(id));
}

export async function deleteItem(id: string): Promise<void> {
  await inStore('readwrite', (store) => store.delete(id));
}

/** Oldest first: replays keep the order people submitted in. */
export async function listItems(): Promise<OutboxItem[]> {
  return inStore<OutboxItem[]>('readonly', (store) => store.index('createdAt').getAll());
}
