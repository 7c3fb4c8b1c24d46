// IndexedDB is the outbox's source of truth (stores in the UI only mirror it). Works in pages and in the
// service worker alike.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { OUTBOX_DB_NAME } from '../cache-names';
import { fromLegacyErrorText } from '../server-error';
import type { OutboxItem } from './outbox-types';

/** An item as stored: the previous version kept its error as one `STATUS: body` string and its field errors beside it. */
type StoredItem = OutboxItem & { lastError?: string; fieldErrors?: Record<string, string> };

interface OutboxDb extends DBSchema {
  items: { key: string; value: StoredItem; indexes: { createdAt: number } };
}

let dbPromise: Promise<IDBPDatabase<OutboxDb>> | undefined;

function db() {
  dbPromise ??= openDB<OutboxDb>(OUTBOX_DB_NAME, 1, {
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

/**
 * Items saved by the previous version are read into today's shape (a structured error) rather than migrated
 * in place, so a tab or worker still running that version keeps working on the same database meanwhile.
 */
function current(stored: StoredItem | undefined): OutboxItem | undefined {
  if (!stored) return undefined;
  const { lastError, fieldErrors, ...item } = stored;
  if (item.error || lastError === undefined) return item;
  const error = fromLegacyErrorText(lastError);
  return { ...item, error: { ...error, fieldErrors: fieldErrors ?? error.fieldErrors } };
}

export async function putItem(item: OutboxItem): Promise<void> {
  await (await db()).put('items', item);
}

export async function getItem(id: string): Promise<OutboxItem | undefined> {
  return current(await (await db()).get('items', id));
}

export async function deleteItem(id: string): Promise<void> {
  await (await db()).delete('items', id);
}

/** Oldest first: replays keep the order people submitted in. */
export async function listItems(): Promise<OutboxItem[]> {
  return (await (await db()).getAllFromIndex('items', 'createdAt')).map((s) => current(s)!);
}
