// Lead rows and their rollups. Every query compiles to the same meaning on SQLite and PostgreSQL; rows leave
// this file as contract `Lead`s (camelCase, ISO dates).
import type { Db } from '../../db/knex';
import { toIso } from '../../db/types';
import type { Industry, Lead, LeadData, Volume } from '../../contract';
import { attributionColumns, attributionFromRow } from '../crm/attribution-columns';
import { captureDetailsFromRow, interestPattern, LATEST_PHOTO_KEY_SQL } from '../capture-details/capture-details-columns';
import type { FollowUp, Interest, LeadRating } from '../../contract';

export interface LeadFilters {
  q?: string | undefined;
  status?: string | undefined;
  /** Leads captured at this event (exact name). */
  event?: string | undefined;
  rating?: LeadRating | undefined;
  followUp?: FollowUp | undefined;
  interest?: Interest | undefined;
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
    syncError: (row.sync_error as string | null) ?? null,
    attribution: attributionFromRow(row),
    eventName: (row.event_name as string | null) ?? null,
    capturedBy: (row.captured_by_name as string | null) ?? null,
    createdAt: toIso(row.created_at),
    ...captureDetailsFromRow(row),
  };
}

/** Who captured each lead is a name on `users`; the left join keeps website leads, which have nobody. */
export function leadsWithCapturer(db: Db) {
  return db('leads')
    .leftJoin('users as capturer', 'capturer.id', 'leads.captured_by')
    .select('leads.*', 'capturer.name as captured_by_name', db.raw(LATEST_PHOTO_KEY_SQL));
}

/** Who captured a lead at an event, stored beside it (issue 6). */
export interface CaptureColumns {
  eventName: string;
  capturedBy: { id: number; name: string };
  /** Qualification, consent and scan columns (capture-details-columns). */
  details?: Record<string, unknown>;
}

export async function insertLead(
  db: Db,
  data: Omit<LeadData, 'website' | 'elapsedMs' | 'leadSource' | 'source'> & { leadSource: string; source: string },
  status: string,
  nowIso: string,
  capture?: CaptureColumns,
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
      ...attributionColumns(data.attribution),
      event_name: capture?.eventName ?? null,
      captured_by: capture?.capturedBy.id ?? null,
      ...capture?.details,
      created_at: nowIso,
      updated_at: nowIso,
    })
    .returning('*');
  return { ...leadFromRow(row), capturedBy: capture?.capturedBy.name ?? null };
}

export async function findLead(db: Db, id: number): Promise<Lead | undefined> {
  const row = await leadsWithCapturer(db).where('leads.id', id).first();
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
  // Columns are qualified: the join brings in users' own id, email and created_at.
  const query = leadsWithCapturer(db)
    .orderBy([
      { column: 'leads.created_at', order: 'desc' },
      { column: 'leads.id', order: 'desc' },
    ])
    .limit(page.limit);
  applyFilters(query, page);
  if (page.before !== undefined) {
    // A row-value comparison walks the same index in both engines; an unknown id yields an empty page.
    query.whereRaw('(leads.created_at, leads.id) < (select b.created_at, b.id from leads b where b.id = ?)', [page.before]);
  }
  return (await query).map(leadFromRow);
}

function applyFilters(query: ReturnType<Db>, { q, status, event, rating, followUp, interest }: LeadFilters): void {
  if (status !== undefined) query.where('leads.status', status);
  if (event !== undefined) query.where('leads.event_name', event);
  if (rating !== undefined) query.where('leads.rating', rating);
  if (followUp !== undefined) query.where('leads.follow_up', followUp);
  if (interest !== undefined) query.whereRaw('leads.interests like ?', [interestPattern(interest)]);
  if (q !== undefined) {
    const pattern = containsPattern(q);
    // lower() on both sides makes the match case-insensitive on both engines (SQLite folds ASCII letters only).
    query.where((w) =>
      w
        .whereRaw(`lower(leads.first_name || ' ' || leads.last_name) like ? escape '\\'`, [pattern])
        .orWhereRaw(`lower(leads.email) like ? escape '\\'`, [pattern])
        .orWhereRaw(`lower(leads.company) like ? escape '\\'`, [pattern]),
    );
  }
}

/** The search text as a LIKE pattern matching it literally anywhere: %, _ and the escape itself are escaped. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
