// Which records an erasure or a retention run takes. Reads only: the records themselves are deleted by their
// owners (leads-queries keeps the rollups right, capture-details and capture-photos their rows). Every query
// compiles to the same meaning on SQLite and PostgreSQL and is served by an index: email_normalised (migration
// 071) for addresses, (created_at, id) for age.
import type { Knex } from 'knex';
import type { Db } from '../../db/knex';
import { chunksOf } from '../../lib/chunks';
import { normaliseEmail } from '../../contract';

export interface RecordRef {
  id: number;
  email: string;
}

/** Every lead and sample request whose address is one of these, in any case or Unicode form (normaliseEmail). */
export async function recordsOfAddresses(db: Db, emails: readonly string[]): Promise<{ leads: RecordRef[]; sampleRequests: RecordRef[] }> {
  const leads: RecordRef[] = [];
  const sampleRequests: RecordRef[] = [];
  for (const chunk of chunksOf([...new Set(emails.map(normaliseEmail))])) {
    leads.push(...(await db('leads').select('id', 'email').whereIn('email_normalised', chunk)).map(ref));
    sampleRequests.push(...(await db('sample_requests').select('id', 'email').whereIn('email_normalised', chunk)).map(ref));
  }
  return { leads, sampleRequests };
}

const ref = (row: { id: unknown; email: unknown }): RecordRef => ({ id: Number(row.id), email: String(row.email) });

/**
 * Leads whose data is older than the cutoff: stored before it, and not captured again since (a second capture
 * at an event merges into the lead and brings it up to date). Oldest first.
 */
function staleLeads(db: Db, cutoffIso: string): Knex.QueryBuilder {
  return db('leads')
    .where('leads.created_at', '<', cutoffIso)
    .whereNotExists(db('lead_captures as c').select(db.raw('1')).whereRaw('c.lead_id = leads.id').andWhere('c.created_at', '>=', cutoffIso));
}

function staleSampleRequests(db: Db, cutoffIso: string): Knex.QueryBuilder {
  return db('sample_requests').where('created_at', '<', cutoffIso);
}

/** Up to `limit` of each, oldest first: one retention run's batch. */
export async function staleRecords(db: Db, cutoffIso: string, limit: number): Promise<{ leads: RecordRef[]; sampleRequests: RecordRef[] }> {
  const oldestFirst = [{ column: 'created_at' }, { column: 'id' }];
  const [leads, sampleRequests] = await Promise.all([
    staleLeads(db, cutoffIso).select('leads.id', 'leads.email').orderBy(oldestFirst.map((o) => ({ column: `leads.${o.column}` }))).limit(limit),
    staleSampleRequests(db, cutoffIso).select('id', 'email').orderBy(oldestFirst).limit(limit),
  ]);
  return { leads: leads.map(ref), sampleRequests: sampleRequests.map(ref) };
}

/** How many records, captures and photos a retention run with this cutoff would erase now. */
export async function staleCounts(db: Db, cutoffIso: string): Promise<{ leads: number; captures: number; sampleRequests: number; photos: number }> {
  const count = async (query: Knex.QueryBuilder) => Number((await query.count({ n: '*' }).first())?.n ?? 0);
  const ids = () => staleLeads(db, cutoffIso).select('leads.id');
  const [leads, captures, sampleRequests, photos] = await Promise.all([
    count(staleLeads(db, cutoffIso)),
    count(db('lead_captures').whereIn('lead_id', ids())),
    count(staleSampleRequests(db, cutoffIso)),
    count(db('capture_photos').whereIn('lead_id', ids())),
  ]);
  return { leads, captures, sampleRequests, photos };
}
