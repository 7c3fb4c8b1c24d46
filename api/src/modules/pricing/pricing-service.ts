// Pricing products. Every change writes its audit row in the same transaction (Ghost's actions table): the
// trail can never claim a change that did not happen, nor miss one that did.
import type { Knex } from 'knex';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import type { CurrentUser, PricingAuditEntry, PricingProduct, ProductData } from '../../contract';
import {
  findProduct, insertAudit, insertProduct, listAudit, listProducts, replaceProduct, updateVisibility, type NewAuditRow,
} from './pricing-queries';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
/** Who made the change, as the audit log names them. */
export type Actor = Pick<CurrentUser, 'id' | 'email' | 'name'>;

/** The fields staff edit; timestamps change on every write and would only be noise in the audit. */
const AUDITED = ['name', 'category', 'startingPrice', 'description', 'features', 'isVisible', 'sortOrder'] as const;
type Audited = Partial<Pick<PricingProduct, (typeof AUDITED)[number]>>;

export function getVisibleProducts({ db }: Pick<AppDeps, 'db'>): Promise<PricingProduct[]> {
  return listProducts(db, { visibleOnly: true });
}

export function getAllProducts({ db }: Pick<AppDeps, 'db'>): Promise<PricingProduct[]> {
  return listProducts(db, { visibleOnly: false });
}

export function getAudit({ db }: Pick<AppDeps, 'db'>): Promise<PricingAuditEntry[]> {
  return listAudit(db);
}

export function createProduct(deps: Deps, actor: Actor, data: ProductData): Promise<PricingProduct> {
  return deps.db.transaction(async (trx) => {
    const now = deps.clock().toISOString();
    const product = await insertProduct(trx, data, now);
    await audit(trx, actor, 'create', product, { before: null, after: pick(product, AUDITED) }, now);
    return product;
  });
}

export function updateProduct(deps: Deps, actor: Actor, id: number, data: ProductData): Promise<PricingProduct> {
  return deps.db.transaction(async (trx) => {
    const now = deps.clock().toISOString();
    const before = await findProduct(trx, id);
    if (!before) throw notFound('Product');
    const after = await replaceProduct(trx, id, data, now);
    if (!after) throw notFound('Product');
    await audit(trx, actor, 'update', after, diff(before, after), now);
    return after;
  });
}

export function setProductVisibility(deps: Deps, actor: Actor, id: number, isVisible: boolean): Promise<PricingProduct> {
  return deps.db.transaction(async (trx) => {
    const now = deps.clock().toISOString();
    const before = await findProduct(trx, id);
    if (!before) throw notFound('Product');
    const after = await updateVisibility(trx, id, isVisible, now);
    if (!after) throw notFound('Product');
    await audit(trx, actor, 'visibility', after, { before: { isVisible: before.isVisible }, after: { isVisible } }, now);
    return after;
  });
}

function audit(trx: Knex.Transaction, actor: Actor, action: NewAuditRow['action'], product: PricingProduct, changes: NewAuditRow['changes'], now: string) {
  return insertAudit(trx, {
    action,
    productId: product.id,
    productName: product.name,
    userId: actor.id,
    userName: actor.name || actor.email,
    changes,
    createdAt: now,
  });
}

function pick(product: PricingProduct, keys: readonly (keyof Audited)[]): Audited {
  return Object.fromEntries(keys.map((k) => [k, product[k]])) as Audited;
}

/** Only the fields that changed, before and after; a save that changed nothing records two empty objects. */
export function diff(before: PricingProduct, after: PricingProduct): { before: Audited; after: Audited } {
  const changed = AUDITED.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return { before: pick(before, changed), after: pick(after, changed) };
}
