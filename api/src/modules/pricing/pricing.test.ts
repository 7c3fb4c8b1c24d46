// Pricing products: public list, admin CRUD and visibility with an audit row per write, money in cents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { ENGINES, api, createTestDb, startTestApp, type TestApp, type TestDb } from '../../testing/test-app';
import { signInAs, type SignedIn } from '../../testing/sign-in';
import type { PricingProduct } from '../../contract';
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
  let testDb: TestDb;
  let app: TestApp;
  let admin: SignedIn;
  const call = (method: string, path: string, body?: unknown) => api(app.baseUrl, method, path, body, { Cookie: admin.cookie });
  let created: PricingProduct;

  beforeAll(async () => {
    testDb = await createTestDb(engine);
    app = await startTestApp(testDb.db);
    admin = await signInAs(app, 'admin', 'Paula Pricing');
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
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
    expect((await testDb.db('pricing_products').where({ id: created.id }).first())?.starting_price_cents).toBe(76);
    const [entry] = (await call('GET', '/api/admin/pricing/audit')).json;
    expect(entry).toEqual({
      id: expect.any(Number), action: 'create', productId: created.id, productName: 'Jumbo Postcard', userName: 'Paula Pricing',
      changes: { before: null, after: { name: 'Jumbo Postcard', category: 'postcard', startingPrice: 0.76, description: 'Big', features: ['Fast', 'Glossy'], isVisible: true, sortOrder: 5 } },
      createdAt: expect.stringMatching(/Z$/),
    });
    expect((await testDb.db('pricing_audit').where({ id: entry.id }).first())?.user_id).toBe(admin.user.id);
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

  it('audit - newest first, at most 200', async () => {
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

  it('services write the product and its audit row together, or neither', async () => {
    const deps = { db: testDb.db, clock: () => new Date('2026-06-01T00:00:00Z'), logger: pino({ level: 'silent' }) };
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
});
