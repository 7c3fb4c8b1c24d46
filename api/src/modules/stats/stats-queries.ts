// Stats are sums over lead_rollups (a row per day, status and volume), never over leads: the work stays the
// same at ten leads or ten million. Both queries are plain aggregates, identical on SQLite and PostgreSQL.
import type { Db } from '../../db/knex';

export interface VolumeStatusCount {
  volume: string;
  status: string;
  count: number;
}

export interface DayCount {
  day: string;
  count: number;
}

/** All leads ever, split by volume bucket ('' for none) and status: at most a few dozen rows. */
export async function countsByVolumeAndStatus(db: Db): Promise<VolumeStatusCount[]> {
  const rows: Record<string, unknown>[] = await db('lead_rollups').select('volume', 'status').sum({ n: 'count' }).groupBy('volume', 'status');
  return rows.map((r) => ({ volume: String(r.volume), status: String(r.status), count: Number(r.n ?? 0) }));
}

/** Leads per UTC day from `fromDay` (YYYY-MM-DD, inclusive); days without leads are absent. */
export async function countsByDaySince(db: Db, fromDay: string): Promise<DayCount[]> {
  const rows: Record<string, unknown>[] = await db('lead_rollups').select('day').sum({ n: 'count' }).where('day', '>=', fromDay).groupBy('day');
  return rows.map((r) => ({ day: String(r.day), count: Number(r.n ?? 0) }));
}
