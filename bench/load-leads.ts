// Fills the leads table fast: multi-row inserts of 1,000 in one transaction, then the rollups counted while
// the rows are made and written in batches, exactly what the per-lead upserts would have produced.
import type { Db } from '../api/src/db/knex';
import { LEAD_SOURCE_LABEL, LEAD_STATUSES, SOURCE_LABELS, VOLUME_VALUES, INDUSTRY_VALUES, normaliseEmail } from '../api/src/contract';

const FIRST = ['James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'William', 'Elizabeth', 'David', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen'];
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin'];
const KINDS = ['Mortgage', 'Motors', 'Dental', 'Roofing', 'Retail'];
const BATCH = 1000;

/** Most people write from a mailbox provider; the rest from their company's own domain (a few hundred leads each). */
function emailDomain(r: number, company: string | null): string {
  if (r < 0.35) return 'gmail.com';
  if (r < 0.5) return 'yahoo.com';
  if (r < 0.6) return 'outlook.com';
  return company ? `${company.replace(/ /g, '')}.com` : 'example.com';
}

/** A small deterministic generator, so every run loads the same data. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const COLUMNS = ['first_name', 'last_name', 'email', 'email_normalised', 'company', 'phone', 'industry', 'volume', 'message', 'lead_source', 'source', 'status', 'created_at', 'updated_at'] as const;

/** One multi-row VALUES insert (Knex compiles SQLite batches to a UNION ALL capped at 500 terms). */
async function insertRows(db: Db, rows: Record<(typeof COLUMNS)[number], string | null>[]) {
  const tuple = `(${COLUMNS.map(() => '?').join(',')})`;
  const sql = `insert into leads (${COLUMNS.join(',')}) values ${rows.map(() => tuple).join(',')}`;
  await db.raw(sql, rows.flatMap((r) => COLUMNS.map((c) => r[c])));
}

export async function loadLeads(db: Db, total: number, now: Date, spanDays = 730): Promise<void> {
  const random = rng(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const start = now.getTime() - spanDays * 86_400_000;
  const step = (now.getTime() - start) / total;
  /** Leads per UTC day, status and volume ('' for none), as the lead_rollups table counts them. */
  const rollups = new Map<string, { day: string; status: string; volume: string; count: number }>();
  await db.transaction(async (trx) => {
    for (let offset = 0; offset < total; offset += BATCH) {
      const rows = [];
      for (let i = offset; i < Math.min(total, offset + BATCH); i++) {
        const first = pick(FIRST);
        const last = pick(LAST);
        const created = new Date(start + i * step).toISOString();
        const r = random();
        const company = random() < 0.8 ? `${last} ${pick(KINDS)} ${i % 5000}` : null;
        const email = `${first}.${last}.${i}@${emailDomain(random(), company)}`.toLowerCase();
        rows.push({
          first_name: first,
          last_name: last,
          email,
          // As the leads' own insert stores it (leads-queries); the database refuses a lead without it.
          email_normalised: normaliseEmail(email),
          company,
          phone: random() < 0.5 ? `555-${String(i % 10000).padStart(4, '0')}` : null,
          industry: random() < 0.9 ? pick(INDUSTRY_VALUES) : null,
          volume: random() < 0.85 ? pick(VOLUME_VALUES) : null,
          message: null,
          lead_source: LEAD_SOURCE_LABEL,
          source: pick(SOURCE_LABELS),
          status: r < 0.7 ? LEAD_STATUSES[0] : r < 0.9 ? LEAD_STATUSES[1] : LEAD_STATUSES[2],
          created_at: created,
          updated_at: created,
        });
      }
      await insertRows(trx, rows);
      for (const row of rows) {
        const day = row.created_at.slice(0, 10);
        const volume = row.volume ?? '';
        const id = `${day}\u0000${row.status}\u0000${volume}`;
        const sum = rollups.get(id) ?? rollups.set(id, { day, status: row.status, volume, count: 0 }).get(id)!;
        sum.count += 1;
      }
    }
    const counts = [...rollups.values()];
    // 500 rows a statement: Knex writes a SQLite multi-row insert as a UNION ALL, capped at 500 terms.
    for (let i = 0; i < counts.length; i += 500) {
      await trx('lead_rollups')
        .insert(counts.slice(i, i + 500))
        .onConflict(['day', 'status', 'volume'])
        .merge({ count: trx.raw('?? + ??', ['lead_rollups.count', 'excluded.count']) });
    }
  });
  // Fresh statistics, as a long-running database would have, so both planners choose as they would in use.
  await db.raw('analyze');
}
