// Lead rows and their rollups. This file is the one owner of the rule "a lead's count in lead_rollups moves
// with the lead": every write to a lead's row goes through insertLeads, changeLead, releaseLead or deleteLeads, which move the count in
// the caller's transaction, so the dashboard's sums always equal a count of the rows. Every query compiles to the same meaning on SQLite and PostgreSQL; rows leave this file as
// contract `Lead`s (camelCase, ISO dates).
import type { Knex } from 'knex';
import type { Db } from '../../db/knex';
import { writeInTransaction } from '../../db/held-writes';
import { lockedForUpdate } from '../../db/dialect';
import { toIso } from '../../db/types';
import { chunksOf } from '../../lib/chunks';
import type { SpamSignals } from '../../lib/spam-guard';
import { normaliseEmail, type Industry, type Lead, type LeadData, type Volume } from '../../contract';
import { attributionColumns, attributionFromRow } from '../attribution';
import { isShortTerm, RECENT_WINDOW, whereIndexCandidates, whereMatches, whereShortTermCandidates } from './lead-search';

export { containsPattern } from './lead-search';
import { captureDetailsFromRow, interestPattern, LATEST_PHOTO_KEY_SQL } from '../capture-details';
import type { FollowUp, Interest, LeadRating, LeadStage, SpamReason } from '../../contract';

export interface LeadFilters {
  q?: string | undefined;
  status?: string | undefined;
  /** Leads captured at this event (exact name). */
  event?: string | undefined;
  rating?: LeadRating | undefined;
  followUp?: FollowUp | undefined;
  interest?: Interest | undefined;
  /** '1': only the suspected spam; otherwise only the real leads. */
  spam?: '0' | '1' | undefined;
  /** Only the leads this user owns; null: only the unassigned ones (index leads_owner_created). */
  ownerId?: number | null | undefined;
  stage?: LeadStage | undefined;
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
    spamReason: (row.spam_reason as SpamReason | null) ?? null,
    createdAt: toIso(row.created_at),
    ...captureDetailsFromRow(row),
    ...leadWorkFromRow(row),
  };
}

/** The lead-work columns (migration 073); a row read before the owner's name was joined shows the id alone. */
function leadWorkFromRow(row: Record<string, unknown>): Pick<Lead, 'owner' | 'stage' | 'stageReason' | 'firstResponseAt' | 'overdueAt'> {
  return {
    owner: row.owner_user_id == null ? null : { id: Number(row.owner_user_id), name: String(row.owner_name ?? '') },
    stage: ((row.stage as LeadStage | undefined) ?? 'new'),
    stageReason: (row.stage_reason as string | null | undefined) ?? null,
    firstResponseAt: row.first_response_at == null ? null : toIso(row.first_response_at),
    overdueAt: row.overdue_notified_at == null ? null : toIso(row.overdue_notified_at),
  };
}

/**
 * Who captured each lead and who owns it are names on `users`; the left joins keep leads with nobody. Both are
 * joins by primary key on the page's rows only.
 */
export function leadsWithCapturer(db: Db) {
  return db('leads')
    .leftJoin('users as capturer', 'capturer.id', 'leads.captured_by')
    .leftJoin('users as lead_owner', 'lead_owner.id', 'leads.owner_user_id')
    .select('leads.*', 'capturer.name as captured_by_name', 'lead_owner.name as owner_name', db.raw(LATEST_PHOTO_KEY_SQL));
}

/** Who captured a lead at an event (a rep's account and the event's name), stored beside the lead. */
export interface CaptureColumns {
  eventName: string;
  capturedBy: { id: number; name: string };
  /** Qualification, consent and scan columns (capture-details-columns). */
  details?: Record<string, unknown>;
}

/** The UTC calendar day a timestamp falls on: the rollups' and the chart's unit. */
export const utcDay = (iso: string) => iso.slice(0, 10);

/** What insertLeads stores for one lead. */
export interface NewLeadRow {
  data: Omit<LeadData, keyof SpamSignals | 'leadSource' | 'source'> & { leadSource: string; source: string };
  status: string;
  nowIso: string;
  capture?: CaptureColumns | undefined;
  /** Suspected spam: stored in quarantine, not counted in the rollups until released. */
  spamReason?: SpamReason | null | undefined;
}

/**
 * Stores several leads with one multi-row insert and moves their rollup counts with one upsert, in the
 * caller's transaction. Answers the stored leads in the order given: the ids of one insert statement are
 * handed out in the order of its rows on both engines, so the rows sorted by id line up with the input.
 */
export async function insertLeads(db: Db, leads: NewLeadRow[]): Promise<Lead[]> {
  if (leads.length === 0) return [];
  const rows: Record<string, unknown>[] = await db('leads')
    .insert(
      leads.map(({ data, status, nowIso, capture, spamReason }) => ({
        first_name: data.firstName,
        last_name: data.lastName,
        email: data.email,
        // The form every "same address" rule compares (normaliseEmail); the database refuses a lead without it.
        email_normalised: normaliseEmail(data.email),
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
        // Only when set: a lead stored before the column existed (a migration's test) needs no mention of it.
        ...(spamReason ? { spam_reason: spamReason } : {}),
        created_at: nowIso,
        updated_at: nowIso,
      })),
    )
    .returning('*');
  rows.sort((a, b) => Number(a.id) - Number(b.id));
  const stored = rows.map((row, i): Lead => ({ ...leadFromRow(row), capturedBy: leads[i]!.capture?.capturedBy.name ?? null }));
  const counted = stored.filter((lead) => lead.spamReason === null);
  if (counted.length) await bumpLeadRollups(db, counted.map((lead) => ({ day: utcDay(lead.createdAt), status: lead.status, volume: lead.volume, delta: 1 })));
  return stored;
}

/**
 * Takes a lead out of quarantine and counts it in its rollup, in the caller's transaction. Answers the
 * released lead, or undefined when there is no such lead in quarantine (already released, or never there).
 */
export async function releaseLead(trx: Knex.Transaction, id: number, nowIso: string): Promise<Lead | undefined> {
  const n = await trx('leads').where({ id }).whereNotNull('spam_reason').update({ spam_reason: null, updated_at: nowIso });
  if (n !== 1) return undefined;
  const lead = (await findLead(trx, id))!;
  await bumpLeadRollup(trx, utcDay(lead.createdAt), lead.status, lead.volume, 1);
  return lead;
}

/** Deletes suspected spam older than `beforeIso` that nobody released (it was never counted or synced). */
export async function deleteQuarantinedLeads(db: Db, beforeIso: string): Promise<number> {
  return db('leads').whereNotNull('spam_reason').andWhere('created_at', '<', beforeIso).delete();
}

export async function findLead(db: Db, id: number): Promise<Lead | undefined> {
  const row = await leadsWithCapturer(db).where('leads.id', id).first();
  return row ? leadFromRow(row) : undefined;
}

/** Every lead (suspected spam too) with this e-mail address in any case or Unicode form (index leads_email_normalised). */
export async function findLeadsByEmail(db: Db, email: string): Promise<Lead[]> {
  const rows = await leadsWithCapturer(db)
    .where('leads.email_normalised', normaliseEmail(email))
    .orderBy([
      { column: 'leads.created_at', order: 'desc' },
      { column: 'leads.id', order: 'desc' },
    ]);
  return rows.map(leadFromRow);
}

/**
 * Deletes these leads for good and takes their counts out of the rollups, in the caller's transaction, so the
 * dashboard's sums still equal a count of the rows. The rows are locked first (PostgreSQL), so a concurrent
 * changeLead cannot move a count of a lead being deleted. Their captures and photos must be deleted first by
 * their owners (the foreign keys would cascade, but the owners count what they remove). Answers how many went.
 */
export async function deleteLeads(trx: Knex.Transaction, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  let deleted = 0;
  for (const chunk of chunksOf(ids)) {
    const rows: { id: number; created_at: unknown; status: string; volume: string | null; spam_reason: string | null }[] = await lockedForUpdate(
      trx,
      trx('leads').select('id', 'created_at', 'status', 'volume', 'spam_reason').whereIn('id', chunk),
      'leads',
    );
    if (rows.length === 0) continue;
    deleted += await trx('leads').whereIn('id', rows.map((r) => r.id)).delete();
    // A lead in quarantine was never counted.
    const counted = rows.filter((r) => r.spam_reason === null);
    if (counted.length) await bumpLeadRollups(trx, counted.map((r) => ({ day: utcDay(toIso(r.created_at)), status: r.status, volume: r.volume, delta: -1 })));
  }
  return deleted;
}

/** What may change on a stored lead: its CRM status and error (the sync), and fields a later capture fills. */
export type LeadChange = Partial<Pick<Lead, 'status' | 'syncError' | 'company' | 'phone' | 'industry' | 'volume' | 'message'>>;

const CHANGE_COLUMNS = {
  status: 'status',
  syncError: 'sync_error',
  company: 'company',
  phone: 'phone',
  industry: 'industry',
  volume: 'volume',
  message: 'message',
} as const satisfies Record<keyof LeadChange, string>;

/**
 * Changes a lead's row and, when its status or volume changes, moves its count from the old rollup row to the
 * new one, in the caller's transaction. The row is locked first on PostgreSQL, and on both engines the update
 * only applies while status and volume are still those read, so two writers can never move the same count.
 * Answers the lead as changed, or undefined (nothing written) when it does not exist or changed underneath.
 */
export async function changeLead(
  trx: Knex.Transaction,
  id: number,
  change: LeadChange,
  nowIso: string,
  /** Columns another module owns on the lead's row (a capture's qualification and consent), written as given. */
  ownedColumns: Record<string, unknown> = {},
): Promise<Lead | undefined> {
  // Only the lead's row: PostgreSQL refuses FOR UPDATE on the nullable side of the outer join.
  const row = await lockedForUpdate(trx, leadsWithCapturer(trx).where('leads.id', id), 'leads').first();
  if (!row) return undefined;
  const before = leadFromRow(row);
  const columns: Record<string, unknown> = { ...ownedColumns, updated_at: nowIso };
  for (const [key, column] of Object.entries(CHANGE_COLUMNS)) {
    const value = change[key as keyof LeadChange];
    if (value !== undefined) columns[column] = value;
  }
  const n = await trx('leads').where({ id, status: before.status, volume: before.volume }).update(columns);
  if (n !== 1) return undefined;
  const after: Lead = { ...before, ...definedOnly(change) };
  // A lead in quarantine has no count to move.
  if (before.spamReason === null && (after.status !== before.status || after.volume !== before.volume)) {
    const day = utcDay(before.createdAt);
    await bumpLeadRollup(trx, day, before.status, before.volume, -1);
    await bumpLeadRollup(trx, day, after.status, after.volume, 1);
  }
  return after;
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Adds `delta` to the count of leads created on `day` (UTC YYYY-MM-DD) with this status and volume ('' for
 * none). Private to this file: insertLeads, changeLead, releaseLead and deleteLeads are its only callers.
 */
async function bumpLeadRollup(db: Db, day: string, status: string, volume: string | null, delta: number): Promise<void> {
  await bumpLeadRollups(db, [{ day, status, volume, delta }]);
}

/**
 * Several counts in one upsert. Equal rows are summed first (PostgreSQL refuses to update one row twice in a
 * statement) and written in a fixed order, so two transactions lock the rows they share in the same order.
 */
async function bumpLeadRollups(db: Db, bumps: { day: string; status: string; volume: string | null; delta: number }[]): Promise<void> {
  const sums = new Map<string, { day: string; status: string; volume: string; count: number }>();
  for (const b of bumps) {
    const volume = b.volume ?? '';
    const id = `${b.day}\u0000${b.status}\u0000${volume}`;
    const row = sums.get(id);
    if (row) row.count += b.delta;
    else sums.set(id, { day: b.day, status: b.status, volume, count: b.delta });
  }
  const rows = [...sums.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
  await writeInTransaction(
    db,
    db('lead_rollups')
      .insert(rows)
      .onConflict(['day', 'status', 'volume'])
      .merge({ count: db.raw('?? + ??', ['lead_rollups.count', 'excluded.count']) }),
  );
}

/** Newest first, by the (created_at, id) index; `before` continues after that lead (keyset paging). */
export async function listLeads(db: Db, page: LeadPage): Promise<Lead[]> {
  if (page.q !== undefined) {
    // A common term fills the page from the newest leads alone (see lead-search.ts); a rarer one asks an index.
    const recent = newestFirst(db.from(newestFirst(filtered(db('leads').select('leads.*'), page), page).limit(RECENT_WINDOW).as('leads')), {})
      .leftJoin('users as capturer', 'capturer.id', 'leads.captured_by')
      .leftJoin('users as lead_owner', 'lead_owner.id', 'leads.owner_user_id')
      .select('leads.*', 'capturer.name as captured_by_name', 'lead_owner.name as owner_name', db.raw(LATEST_PHOTO_KEY_SQL))
      .limit(page.limit);
    whereMatches(db, recent, page.q);
    const rows = await recent;
    if (rows.length === page.limit) return rows.map(leadFromRow);
  }
  // Columns are qualified: the join brings in users' own id, email and created_at.
  const query = newestFirst(filtered(leadsWithCapturer(db), page), page).limit(page.limit);
  if (page.q !== undefined) {
    whereMatches(db, query, page.q);
    if (isShortTerm(page.q)) whereShortTermCandidates(db, query, page.q, page.limit, (leads) => newestFirst(filtered(leads, page), page));
    else whereIndexCandidates(db, query, page.q);
  }
  return (await query).map(leadFromRow);
}

function newestFirst(query: Knex.QueryBuilder, { before }: { before?: number | undefined }): Knex.QueryBuilder {
  query.orderBy([
    { column: 'leads.created_at', order: 'desc' },
    { column: 'leads.id', order: 'desc' },
  ]);
  if (before !== undefined) {
    // A row-value comparison walks the same index in both engines; an unknown id yields an empty page.
    query.whereRaw('(leads.created_at, leads.id) < (select b.created_at, b.id from leads b where b.id = ?)', [before]);
  }
  return query;
}

function filtered(query: Knex.QueryBuilder, { status, event, rating, followUp, interest, spam, ownerId, stage }: LeadFilters): Knex.QueryBuilder {
  if (spam === '1') query.whereNotNull('leads.spam_reason');
  else query.whereNull('leads.spam_reason');
  if (status !== undefined) query.where('leads.status', status);
  if (event !== undefined) query.where('leads.event_name', event);
  if (rating !== undefined) query.where('leads.rating', rating);
  if (followUp !== undefined) query.where('leads.follow_up', followUp);
  if (interest !== undefined) query.whereRaw('leads.interests like ?', [interestPattern(interest)]);
  if (ownerId === null) query.whereNull('leads.owner_user_id');
  else if (ownerId !== undefined) query.where('leads.owner_user_id', ownerId);
  if (stage !== undefined) query.where('leads.stage', stage);
  return query;
}
