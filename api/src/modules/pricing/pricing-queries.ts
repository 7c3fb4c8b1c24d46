// Pricing products and their audit trail. Money is integer cents in the table and decimal dollars in the
// contract; features are a JSON array in a text column on both engines.
import type { Db } from '../../db/knex';
import { centsToDollars, dollarsToCents, parseJson, toBool, toIso } from '../../db/types';
import type { PricingAuditEntry, PricingProduct, ProductCategory, ProductData } from '../../contract';

export const AUDIT_PAGE = 200;

export function productFromRow(row: Record<string, unknown>): PricingProduct {
  return {
    id: Number(row.id),
    name: String(row.name),
    category: row.category as ProductCategory,
    startingPrice: centsToDollars(Number(row.starting_price_cents)),
    description: (row.description as string | null) ?? null,
    features: parseJson<string[]>(row.features, []),
    isVisible: toBool(row.is_visible),
    sortOrder: Number(row.sort_order),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

function columns(data: ProductData) {
  return {
    name: data.name,
    category: data.category,
    starting_price_cents: dollarsToCents(data.startingPrice),
    description: data.description ?? null,
    features: JSON.stringify(data.features),
    is_visible: data.isVisible,
    sort_order: data.sortOrder,
  };
}

/**
 * By sort order, then name. lower(name) keeps "apple" and "Banana" in the same order on both engines whatever
 * the PostgreSQL collation; id breaks ties so the order never changes between two reads.
 */
export async function listProducts(db: Db, { visibleOnly }: { visibleOnly: boolean }): Promise<PricingProduct[]> {
  const query = db('pricing_products').select('*').orderBy('sort_order', 'asc').orderByRaw('lower(name) asc').orderBy('id', 'asc');
  if (visibleOnly) query.where('is_visible', true);
  return (await query).map(productFromRow);
}

export async function findProduct(db: Db, id: number): Promise<PricingProduct | undefined> {
  const row = await db('pricing_products').where({ id }).first();
  return row ? productFromRow(row) : undefined;
}

export async function insertProduct(db: Db, data: ProductData, nowIso: string): Promise<PricingProduct> {
  const [row] = await db('pricing_products').insert({ ...columns(data), created_at: nowIso, updated_at: nowIso }).returning('*');
  return productFromRow(row);
}

/** PUT replaces every field, as the edit dialog sends the whole product. */
export async function replaceProduct(db: Db, id: number, data: ProductData, nowIso: string): Promise<PricingProduct | undefined> {
  const [row] = await db('pricing_products').where({ id }).update({ ...columns(data), updated_at: nowIso }).returning('*');
  return row ? productFromRow(row) : undefined;
}

export async function updateVisibility(db: Db, id: number, isVisible: boolean, nowIso: string): Promise<PricingProduct | undefined> {
  const [row] = await db('pricing_products').where({ id }).update({ is_visible: isVisible, updated_at: nowIso }).returning('*');
  return row ? productFromRow(row) : undefined;
}

export interface NewAuditRow {
  action: 'create' | 'update' | 'visibility';
  productId: number;
  productName: string;
  userId: number | null;
  userName: string | null;
  changes: PricingAuditEntry['changes'];
  createdAt: string;
}

export async function insertAudit(db: Db, entry: NewAuditRow): Promise<void> {
  await db('pricing_audit').insert({
    action: entry.action,
    product_id: entry.productId,
    product_name: entry.productName,
    user_id: entry.userId,
    user_name: entry.userName,
    changes: JSON.stringify(entry.changes),
    created_at: entry.createdAt,
  });
}

export function auditFromRow(row: Record<string, unknown>): PricingAuditEntry {
  return {
    id: Number(row.id),
    action: String(row.action),
    productId: row.product_id == null ? null : Number(row.product_id),
    productName: (row.product_name as string | null) ?? null,
    userName: (row.user_name as string | null) ?? null,
    changes: parseJson<PricingAuditEntry['changes']>(row.changes, { before: null, after: null }),
    createdAt: toIso(row.created_at),
  };
}

export async function listAudit(db: Db, limit = AUDIT_PAGE): Promise<PricingAuditEntry[]> {
  const rows = await db('pricing_audit')
    .select('*')
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit);
  return rows.map(auditFromRow);
}
