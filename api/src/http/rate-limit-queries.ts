// Fixed-window request counters in `rate_limits`, shared by every API process through the database.
import type { Db } from '../db/knex';

/**
 * Counts one request in (bucket, window) with a single upsert and answers the window's count so far.
 * `insert … on conflict do update` is atomic on both SQLite and PostgreSQL, so parallel requests never lose
 * a count; RETURNING hands back the row as this statement left it.
 */
export async function hitWindow(db: Db, bucket: string, windowStart: number): Promise<number> {
  const rows: { count: number | string }[] = await db('rate_limits')
    .insert({ bucket, window_start: windowStart, count: 1 })
    .onConflict(['bucket', 'window_start'])
    .merge({ count: db.raw('?? + 1', ['rate_limits.count']) })
    .returning('count');
  return Number(rows[0]?.count ?? 1);
}

export async function deleteWindowsBefore(db: Db, windowStart: number): Promise<number> {
  return db('rate_limits').where('window_start', '<', windowStart).delete();
}
