// Settings staff change from the admin (app_settings, migration 055): one JSON value per key, read by every
// server process from the database, so a change takes effect everywhere without a restart. Each module owns its
// keys (privacy: the retention rule; mail: the visitor's confirmation); the table and its queries are here, below them.
import type { Db } from './knex';
import { preparedRead } from './prepared-read';
import { parseJson, toIso } from './types';

export interface StoredSetting<T> {
  value: T;
  updatedAt: string;
  /** The account that changed it, with its name as it is now (null when the account is gone). */
  updatedBy: { id: number; name: string | null } | null;
}

export async function readSetting<T>(db: Db, key: string): Promise<StoredSetting<T> | undefined> {
  const read = db('app_settings as s').leftJoin('users as u', 'u.id', 's.updated_by').select('s.value', 's.updated_at', 's.updated_by', 'u.name as updated_by_name').where('s.key', key).first();
  const row = await preparedRead(db, read);
  if (!row) return undefined;
  return {
    value: parseJson<T>(row.value, undefined as T),
    updatedAt: toIso(row.updated_at),
    updatedBy: row.updated_by == null ? null : { id: Number(row.updated_by), name: (row.updated_by_name as string | null) ?? null },
  };
}

export async function writeSetting<T>(db: Db, key: string, value: T, updatedBy: number | null, nowIso: string): Promise<void> {
  await db('app_settings')
    .insert({ key, value: JSON.stringify(value), updated_by: updatedBy, updated_at: nowIso })
    .onConflict('key')
    .merge(['value', 'updated_by', 'updated_at']);
}
