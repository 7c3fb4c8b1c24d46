// Lead rows and their rollups. Every query compiles to the same meaning on SQLite and PostgreSQL; rows leave
// this file as contract `Lead`s (camelCase, ISO dates).
import type { Db } from '../../db/knex';
import { toIso } from '../../db/types';
import type { Industry, Lead, LeadData, Volume } from '../../contract';

export interface LeadFilters {
  q?: string | undefined;
  status?: string | undefined;
}

export interface LeadPage extends LeadFilters {
  limit: number;
  before?: number | undefined;
}

export function leadFromRow(row: Record<string, unknown>): Lead {
  return {
    id: Number(row.id),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    email: String(row.email),
    company: (row.company as string | null) ?? null,
    phone: (row.phone as string | null) ?? null,
    industry: (row.industry as Industry | null) ?? null,
    volume: (row.volume as Volume | null) ?? null,
    message: (row.message as string | null) ?? null,
    leadSource: String(row.lead_source),
    source: String(row.source),
    status: String(row.status),
    createdAt: toIso(row.created_at),
  };
}

export async function insertLead(
  db: Db,
  data: Omit<LeadData, 'website' | 'elapsedMs' | 'leadSource'> & { leadSource: string },
  status: string,
  nowIso: string,
): Promise<Lead> {
  const [row] = await db('leads')
    .insert({
      first_name: data.firstName,
      last_name: data.lastName,
      email: data.email,
      company: data.company ?? null,
      phone: data.phone ?? null,
      industry: data.industry ?? null,
      volume: data.volume ?? null,
      message: data.message ?? null,
      lead_source: data.leadSource,
      source: data.source,
      status,
      created_at: nowIso,
      updated_at: nowIso,
    })
    .returning('*');
  return leadFromRow(row);
}

export async function findLead(db: Db, id: number): Promise<Lead | undefined> {
  const row = await db('leads').where({ id }).first();
  return row ? leadFromRow(row) : undefined;
}

/** Changes the status only if it is still `from`, so two concurrent changes cannot both adjust the rollups. */
export async function updateLeadStatus(db: Db, id: number, from: string, to: string, nowIso: string): Promise<boolean> {
  const n = await db('leads').where({ id, status: from }).update({ status: to, updated_at: nowIso });
  return n === 1;
}

/**
 * Adds `delta` to the count of leads created on `day` (UTC YYYY-MM-DD) with this status and volume ('' for
 * none). Called in the transaction of every lead insert and status change, so the sums always match the rows.
 */
export async function bumpLeadRollup(db: Db, day: string, status: string, volume: string | null, delta: number): Promise<void> {
  await db('lead_rollups')
    .insert({ day, status, volume: volume ?? '', count: delta })
    .onConflict(['day', 'status', 'volume'])
    .merge({ count: db.raw('?? + ?', ['lead_rollups.count', delta]) });
}

/** Newest first, by the (created_at, id) index; `before` continues after that lead (keyset paging). */
export async function listLeads(db: Db, page: LeadPage): Promise<Lead[]> {
  const query = db('leads')
    .select('*')
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(page.limit);
  applyFilters(query, page);
  if (page.before !== undefined) {
    // A row-value comparison walks the same index in both engines; an unknown id yields an empty page.
    query.whereRaw('(created_at, id) < (select b.created_at, b.id from leads b where b.id = ?)', [page.before]);
  }
  return (await query).map(leadFromRow);
}

function applyFilters(query: ReturnType<Db>, { q, status }: LeadFilters): void {
  if (status !== undefined) query.where('status', status);
  if (q !== undefined) {
    const pattern = containsPattern(q);
    // lower() on both sides makes the match case-insensitive on both engines (SQLite folds ASCII letters only).
    query.where((w) =>
      w
        .whereRaw(`lower(first_name || ' ' || last_name) like ? escape '\\'`, [pattern])
        .orWhereRaw(`lower(email) like ? escape '\\'`, [pattern])
        .orWhereRaw(`lower(company) like ? escape '\\'`, [pattern]),
    );
  }
}

/** The search text as a LIKE pattern matching it literally anywhere: %, _ and the escape itself are escaped. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
