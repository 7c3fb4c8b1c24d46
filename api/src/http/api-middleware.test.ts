// What the shared middleware in front of every API route must keep answering, whatever is done to make it
// cheaper: the security headers helmet chooses (now computed once), 405 with the union of the path's methods
// in Allow (now from one router for every module), JSON answers with their status, type and length (now
// serialized once), and the public routes without a session while staff routes keep theirs.
import http from 'node:http';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST_DIR } from '../config';
import { readInlineScriptHashes } from './inline-scripts';
import { securityHeaderOptions } from './security-headers';
import { ENGINES, api, useTestApp } from '../testing/test-app';

/** The headers helmet itself sets, on a real node:http answer, with the product's options (the CSP with the
 * boot script's hash when the web app is built, as the app reads it at start). */
async function helmetOnItsOwn(): Promise<Headers> {
  const middleware = helmet(securityHeaderOptions(readInlineScriptHashes(WEB_DIST_DIR)));
  const server = http.createServer((req, res) => middleware(req, res, () => res.end('ok')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as { port: number };
    return (await fetch(`http://127.0.0.1:${port}/`)).headers;
  } finally {
    server.close();
  }
}

describe.each(ENGINES)('middleware in front of the API on %s', (engine) => {
  const app = useTestApp(engine);
  let expected: Headers;
  beforeAll(async () => {
    expected = await helmetOnItsOwn();
  });
  afterAll(() => undefined);

  it('security headers - exactly what helmet sets, on API answers and pages alike', async () => {
    const names = [...expected.keys()].filter((n) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(n));
    expect(names).toContain('content-security-policy');
    for (const path of ['/api/health', '/no-such-page']) {
      const res = await fetch(app.baseUrl + path);
      for (const name of names) expect([path, name, res.headers.get(name)]).toEqual([path, name, expected.get(name)]);
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });

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
