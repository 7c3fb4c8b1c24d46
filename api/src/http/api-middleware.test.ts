// What the shared middleware in front of every API route must keep answering, whatever is done to make it
// cheaper (the security headers have their own test, security-headers.test.ts): 405 with the union of the path's methods
// in Allow (now from one router for every module), JSON answers with their status, type and length (now
// serialized once), and the public routes without a session while staff routes keep theirs.
import { describe, expect, it } from 'vitest';
import { ENGINES, api, useTestApp } from '../testing/test-app';

describe.each(ENGINES)('middleware in front of the API on %s', (engine) => {
  const app = useTestApp(engine);
  it('a method a path does not have - 405 with every method its routes have in Allow', async () => {
    const res = await api(app.baseUrl, 'DELETE', '/api/admin/pricing/products');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')?.split(', ').sort()).toEqual(['GET', 'HEAD', 'POST']);
    const other = await api(app.baseUrl, 'PATCH', '/api/leads', {});
    expect(other.status).toBe(405);
    expect(other.headers.get('allow')).toBe('POST');
  });

  it('JSON answers - status, JSON type and exact length kept; unknown API paths still 404 JSON', async () => {
    const health = await fetch(`${app.baseUrl}/api/health`);
    const text = await health.text();
    expect(health.status).toBe(200);
    expect(health.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Number(health.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text)).toEqual({ status: 'ok' });
    const missing = await api(app.baseUrl, 'GET', '/api/no-such-thing');
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ message: 'Not found' });
    const created = await api(app.baseUrl, 'POST', '/api/leads', { firstName: 'A', lastName: 'B', email: 'a@example.com', elapsedMs: 10 });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('public routes - no session cookie set or needed; staff routes still see the session', async () => {
    const health = await fetch(`${app.baseUrl}/api/health`, { headers: { cookie: 'dm.sid=forged; dm.sid.sig=forged' } });
    expect(health.status).toBe(200);
    expect(health.headers.get('set-cookie')).toBeNull();
    const user = await api(app.baseUrl, 'GET', '/api/auth/user');
    expect(user.status).toBe(401);
    const admin = await api(app.baseUrl, 'GET', '/api/admin/stats');
    expect(admin.status).toBe(401);
  });
});
