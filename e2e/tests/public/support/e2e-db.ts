// Test-only, read-only look into the SQLite file the e2e server writes (playwright.config.ts E2E_DB), to
// check that a submission really arrived. Tests never write here: data goes in through the product.
import { createDb, type Db } from '../../../../api/src/db/knex';
import { E2E_DB } from '../../../../playwright.config';

let db: Db | undefined;

function open(): Db {
  db ??= createDb(E2E_DB);
  return db;
}

export async function closeE2eDb(): Promise<void> {
  await db?.destroy();
  db = undefined;
}

export interface LeadRow {
  first_name: string;
  last_name: string;
  email: string;
  company: string | null;
  phone: string | null;
  industry: string | null;
  volume: string | null;
  message: string | null;
  lead_source: string;
  source: string;
  status: string;
  /** Attribution of the visit (migration 011). */
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  referrer: string | null;
  landing_page: string | null;
  sync_error: string | null;
}

export async function findLeadByEmail(email: string): Promise<LeadRow | undefined> {
  return open()('leads').where({ email }).first();
}

export async function countLeadsByEmail(email: string): Promise<number> {
  const row = await open()('leads').where({ email }).count<{ n: number }[]>({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

export async function findSampleRequestByEmail(email: string): Promise<Record<string, unknown> | undefined> {
  return open()('sample_requests').where({ email }).first();
}

/** Visible pricing products in the order the public page must show them. */
export async function visiblePricingProductNames(): Promise<string[]> {
  const rows: { name: string }[] = await open()('pricing_products').where({ is_visible: true }).orderBy([{ column: 'sort_order' }, { column: 'name' }]).select('name');
  return rows.map((r) => r.name);
}
