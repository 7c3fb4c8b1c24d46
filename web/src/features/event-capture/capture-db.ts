// This device's captures, in IndexedDB beside the outbox: the outbox delivers and forgets, this
// remembers, so the list can show sent captures and the CSV backup can hold everything ever captured here.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CaptureRecord } from './capture-types';
import { CAPTURES_DB_NAME } from '../../lib/cache-names';

interface CapturesDb extends DBSchema {
  captures: { key: string; value: CaptureRecord; indexes: { capturedAt: number } };
}

let dbPromise: Promise<IDBPDatabase<CapturesDb>> | undefined;

function db() {
  dbPromise ??= openDB<CapturesDb>(CAPTURES_DB_NAME, 1, {
    upgrade(database) {
      const store = database.createObjectStore('captures', { keyPath: 'id' });
      store.createIndex('capturedAt', 'capturedAt');
    },
    blocking() {
      void dbPromise?.then((d) => d.close());
      dbPromise = undefined;
    },
  });
  return dbPromise;
}

export async function putCapture(record: CaptureRecord): Promise<void> {
  await (await db()).put('captures', record);
}

/** Newest first. */
export async function listCaptures(): Promise<CaptureRecord[]> {
  return (await (await db()).getAllFromIndex('captures', 'capturedAt')).reverse();
}

/**
 * Rewrites the given captures in one read-write transaction: each is read again inside it, so two updates
 * racing (a "sent" message and a reconciliation) can never undo each other. `change` returns the new
 * record, or undefined to leave it as it is.
 */
export async function updateCaptures(ids: string[], change: (current: CaptureRecord) => CaptureRecord | undefined): Promise<boolean> {
  const tx = (await db()).transaction('captures', 'readwrite');
  let changed = false;
  for (const id of ids) {
    const current = await tx.store.get(id);
    if (!current) continue;
    const next = change(current);
    if (next) {
      await tx.store.put(next);
      changed = true;
    }
  }
  await tx.done;
  return changed;
}

export async function deleteCaptures(ids: string[]): Promise<void> {
  const tx = (await db()).transaction('captures', 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}
