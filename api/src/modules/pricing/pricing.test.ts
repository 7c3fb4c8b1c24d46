// Pricing products: public list, admin CRUD and visibility with an audit row per write, money in cents.
import { beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { ENGINES, api, useTestApp } from '../../testing/test-app';
import { signInAs, type SignedIn } from '../../testing/sign-in';
import type { PricingProduct } from '../../contract';
import { AUDIT_PAGE, insertAudit } from './pricing-queries';
import { createProduct, setProductVisibility, updateProduct, getAudit } from './pricing-service';

const ADMIN = '/api/admin/pricing/products';
const product = {
  name: 'Jumbo Postcard',
  category: 'postcard',
  startingPrice: 0.755,
  description: 'Big',
  features: [' Fast ', '', 'Glossy'],
  isVisible: true,
  sortOrder: 5,
};

describe.each(ENGINES)('pricing on %s', (engine) => {
  const app = useTestApp(engine);
  let admin: SignedIn;
  const call = (method: string, path: string, body?: unknown) => api(app.baseUrl, method, path, body, { Cookie: admin.cookie });
  let created: PricingProduct;

  beforeAll(async () => {
    admin = await signInAs(app, 'admin', 'Paula Pricing');
  });

  it.each([
    ['GET', ADMIN], ['POST', ADMIN], ['PUT', `${ADMIN}/1`], ['PUT', `${ADMIN}/1/visibility`], ['GET', '/api/admin/pricing/audit'],
  ])('%s %s without a session - 401', async (method, path) => {
    const res = await api(app.baseUrl, method, path, method === 'GET' ? undefined : { ...product, isVisible: false });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'Unauthorized' });
  });

  it('public list - the seeded products, visible only, by sort order, no-cache', async () => {
    const res = await api(app.baseUrl, 'GET', '/api/pricing/products');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.json.map((p: PricingProduct) => p.sortOrder)).toEqual([10, 20, 30, 40, 50]);
    expect(res.json[0]).toEqual({
      id: expect.any(Number), name: 'First Class 4x6 Postcard', category: 'postcard', startingPrice: 0.59,
      description: expect.any(String), features: expect.arrayContaining(['Duplex printing free']), isVisible: true,
      sortOrder: 10, createdAt: expect.stringMatching(/Z$/), updatedAt: expect.stringMatching(/Z$/),
    });
  });

  it('create - 201, price rounded to cents, blank features dropped, audit row with the signed-in user', async () => {
    const res = await call('POST', ADMIN, product);
    expect(res.status).toBe(201);
    created = res.json;
    expect(created).toMatchObject({ name: 'Jumbo Postcard', startingPrice: 0.76, features: ['Fast', 'Glossy'], isVisible: true, sortOrder: 5 });
    expect((await app.db('pricing_products').where({ id: created.id }).first())?.starting_price_cents).toBe(76);
    const [entry] = (await call('GET', '/api/admin/pricing/audit')).json;
    expect(entry).toEqual({
      id: expect.any(Number), action: 'create', productId: created.id, productName: 'Jumbo Postcard', userName: 'Paula Pricing',
      changes: { before: null, after: { name: 'Jumbo Postcard', category: 'postcard', startingPrice: 0.76, description: 'Big', features: ['Fast', 'Glossy'], isVisible: true, sortOrder: 5 } },
      createdAt: expect.stringMatching(/Z$/),
    });
    expect((await app.db('pricing_audit').where({ id: entry.id }).first())?.user_id).toBe(admin.user.id);
  });

  it('defaults - category postcard, visible, sort order 0, no features', async () => {
    const res = await call('POST', ADMIN, { name: 'Bare', startingPrice: 1 });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ category: 'postcard', isVisible: true, sortOrder: 0, features: [], description: null, startingPrice: 1 });
  });

  it('admin list - every product by sort order then name, hidden ones too', async () => {
    const res = await call('GET', ADMIN);
    expect(res.json.slice(0, 2).map((p: PricingProduct) => p.name)).toEqual(['Bare', 'Jumbo Postcard']);
  });

  it('update - 200, audit holds only the changed fields before and after', async () => {
    const res = await call('PUT', `${ADMIN}/${created.id}`, { ...product, startingPrice: 0.8, features: ['Fast'], description: '' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: created.id, startingPrice: 0.8, features: ['Fast'], description: null });
    const [entry] = (await call('GET', '/api/admin/pricing/audit')).json;
    expect(entry).toMatchObject({
      action: 'update',
      productId: created.id,
      changes: {
        before: { startingPrice: 0.76, description: 'Big', features: ['Fast', 'Glossy'] },
        after: { startingPrice: 0.8, description: null, features: ['Fast'] },
      },
    });
  });

  it('visibility - 200, hidden from the public list, audited', async () => {
    const res = await call('PUT', `${ADMIN}/${created.id}/visibility`, { isVisible: false });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: created.id, isVisible: false });
    const publicNames = (await api(app.baseUrl, 'GET', '/api/pricing/products')).json.map((p: PricingProduct) => p.name);
    expect(publicNames).not.toContain('Jumbo Postcard');
    expect(publicNames).toContain('Bare');
    const [entry] = (await call('GET', '/api/admin/pricing/audit')).json;
    expect(entry).toMatchObject({ action: 'visibility', productId: created.id, changes: { before: { isVisible: true }, after: { isVisible: false } } });
  });

  it('audit - newest first', async () => {
    const actions = (await call('GET', '/api/admin/pricing/audit')).json.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['visibility', 'update', 'create', 'create']);
  });

  it('validation - every message; unknown ids 404; nothing audited', async () => {
    const auditBefore = (await call('GET', '/api/admin/pricing/audit')).json.length;
    const res = await call('POST', ADMIN, { name: '', category: 'flyer', startingPrice: -1, features: 'a\nb', isVisible: 'no', sortOrder: 1.5 });
    expect(res.status).toBe(400);
    expect(res.json.errors).toMatchObject({
      name: 'Product name is required',
      category: 'Category must be postcard, letter or package',
      startingPrice: 'Starting price must be 0 or more',
      isVisible: 'isVisible must be true or false',
      sortOrder: 'Sort order must be a whole number',
    });
    expect(res.json.errors.features).toEqual(expect.any(String));
    expect((await call('POST', ADMIN, { name: 'x' })).json.errors).toEqual({ startingPrice: 'Starting price is required' });
    expect((await call('POST', ADMIN, { name: 'x', startingPrice: '1.00' })).status).toBe(400);
    expect((await call('POST', ADMIN, { name: 'x', startingPrice: 2_000_000 })).json.errors).toEqual({ startingPrice: 'Starting price is too large' });
    expect((await call('POST', ADMIN, { name: 'x'.repeat(101), startingPrice: 1, features: Array(51).fill('f') })).json.errors).toEqual({
      name: 'Must be at most 100 characters',
      features: 'At most 50 features',
    });
    expect((await call('POST', ADMIN, { name: 'x', startingPrice: 1, features: ['x'.repeat(501)] })).json.errors).toEqual({
      'features.0': 'A feature must be at most 500 characters',
    });
    for (const raw of ['null', '[]', '7']) expect((await call('POST', ADMIN, raw)).status).toBe(400);
    const bad = await call('PUT', `${ADMIN}/${created.id}/visibility`, { isVisible: 'false' });
    expect(bad.json.errors).toEqual({ isVisible: 'isVisible must be true or false' });
    expect((await call('PUT', `${ADMIN}/99999`, product)).json).toEqual({ message: 'Product not found' });
    expect((await call('PUT', `${ADMIN}/99999/visibility`, { isVisible: true })).json).toEqual({ message: 'Product not found' });
    expect((await call('PUT', `${ADMIN}/zero/visibility`, { isVisible: true })).status).toBe(404);
    expect((await call('GET', '/api/admin/pricing/audit')).json.length).toBe(auditBefore);
  });

  it('services write the product and its audit row together', async () => {
    const deps = { db: app.db, clock: () => new Date('2026-06-01T00:00:00Z'), logger: pino({ level: 'silent' }) };
    const actor = { id: 7, email: 'noname@example.com', name: '' };
    const p = await createProduct(deps, actor, { name: 'Svc', category: 'letter', startingPrice: 2.5, features: [], isVisible: true, sortOrder: 1 });
    await updateProduct(deps, actor, p.id, { name: 'Svc', category: 'letter', startingPrice: 2.5, features: [], isVisible: true, sortOrder: 1 });
    await setProductVisibility(deps, actor, p.id, false);
    const mine = (await getAudit(deps)).filter((e) => e.productId === p.id);
    expect(mine.map((e) => [e.action, e.userName])).toEqual([
      ['visibility', 'noname@example.com'],
      ['update', 'noname@example.com'],
      ['create', 'noname@example.com'],
    ]);
    expect(mine[1]!.changes).toEqual({ before: {}, after: {} });
    await expect(updateProduct(deps, actor, 424242, { name: 'Nope', category: 'letter', startingPrice: 1, features: [], isVisible: true, sortOrder: 0 })).rejects.toMatchObject({ code: 'not_found' });
    expect((await getAudit(deps)).some((e) => e.productId === 424242)).toBe(false);
  });

  it('services whose audit row fails to insert - neither the product change nor the audit row is stored', async () => {
    // A trigger makes the database refuse every audit row of this one actor: a real failure in the very
    // insert that follows the product write, on both engines.
    const REFUSED = 'audit-refused@example.com';
    if (engine === 'postgres') {
      await app.db.raw(`create function refuse_audit() returns trigger language plpgsql as $$
        begin if new.user_name = '${REFUSED}' then raise exception 'audit refused'; end if; return new; end $$`);
      await app.db.raw('create trigger refuse_audit before insert on pricing_audit for each row execute function refuse_audit()');
    } else {
      await app.db.raw(`create trigger refuse_audit before insert on pricing_audit when new.user_name = '${REFUSED}'
        begin select raise(abort, 'audit refused'); end`);
    }
    const deps = { db: app.db, clock: () => new Date('2026-06-02T00:00:00Z'), logger: pino({ level: 'silent' }) };
    const refused = { id: 8, email: REFUSED, name: '' };
    const data = { name: 'Kept', category: 'letter' as const, startingPrice: 3, features: ['One'], isVisible: true, sortOrder: 2 };
    const kept = await createProduct(deps, { id: 7, email: 'noname@example.com', name: '' }, data);
    const productRows = async () => app.db('pricing_products').orderBy('id').select('*');
    const auditRows = async () => app.db('pricing_audit').orderBy('id').select('*');
    const [productsBefore, auditBefore] = [await productRows(), await auditRows()];

    await expect(createProduct(deps, refused, { ...data, name: 'Never stored' })).rejects.toThrow(/audit refused/);
    await expect(updateProduct(deps, refused, kept.id, { ...data, name: 'Renamed', startingPrice: 9 })).rejects.toThrow(/audit refused/);
    await expect(setProductVisibility(deps, refused, kept.id, false)).rejects.toThrow(/audit refused/);

    expect(await productRows()).toEqual(productsBefore);
    expect(await auditRows()).toEqual(auditBefore);
  });

  it('audit - at most the 200 newest entries, newest first', async () => {
    const total = AUDIT_PAGE + 50;
    const existing = Number((await app.db('pricing_audit').count({ n: '*' }).first())?.n);
    await app.db.transaction(async (trx) => {
      for (let i = existing; i < total; i++) {
        const createdAt = new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString();
        await insertAudit(trx, { action: 'update', productId: 1, productName: `Old ${i}`, userId: null, userName: 'seed', changes: { before: {}, after: {} }, createdAt });
      }
    });
    const newest = await app.db('pricing_audit').orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(AUDIT_PAGE).pluck('id');
    const res = await call('GET', '/api/admin/pricing/audit');
    expect(res.status).toBe(200);
    expect(Number((await app.db('pricing_audit').count({ n: '*' }).first())?.n)).toBe(total);
    expect(res.json).toHaveLength(200);
    expect(res.json.map((e: { id: number }) => e.id)).toEqual(newest.map(Number));
  });
});
