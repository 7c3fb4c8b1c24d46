// IndexedDB is the outbox's source of truth (conventions: stores only mirror it). Works in pages and in the
// service worker alike.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OutboxItem } from './outbox-types';

interface OutboxDb extends DBSchema {
  items: { key: string; value: OutboxItem; indexes: { createdAt: number } };
}

const DB_NAME = 'dm-outbox';
let dbPromise: Promise<IDBPDatabase<OutboxDb>> | undefined;

function db() {
  dbPromise ??= openDB<OutboxDb>(DB_NAME, 1, {
    upgrade(database) {
      const store = database.createObjectStore('items', { keyPath: 'id' });
      store.createIndex('createdAt', 'createdAt');
    },
    // Another context upgraded the schema: drop our handle so the next call reopens it.
    blocking() {
      void dbPromise?.then((d) => d.close());
      dbPromise = undefined;
    },
  });
  return dbPromise;
}

export async function putItem(item: OutboxItem): Promise<void> {
  await (await db()).put('items', item);
}

export async function getItem(id: string): Promise<OutboxItem | undefined> {
  return (await db()).get('items', id);
}

export async function deleteItem(id: string): Promise<void> {
  await (await db()).delete('items', id);
}

/** Oldest first: replays keep the order people submitted in. */
export async function listItems(): Promise<OutboxItem[]> {
  return (await db()).getAllFromIndex('items', 'createdAt');
}
