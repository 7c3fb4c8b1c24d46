import { describe, expect, it } from 'vitest';
import { ENGINES, api, useTestApp } from '../../testing/test-app';

describe.each(ENGINES)('health on %s', (engine) => {
  const app = useTestApp(engine);

  it('GET /api/health - answers ok once the database answers', async () => {
    const res = await api(app.baseUrl, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('unknown API path - 404 with a JSON message', async () => {
    const res = await api(app.baseUrl, 'GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: 'Not found' });
  });

  it('malformed JSON, wrong content type, oversized body - 4xx with a message, never 500', async () => {
    const bad = await api(app.baseUrl, 'POST', '/api/leads', '{"firstName":');
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/JSON/);
    const form = await fetch(app.baseUrl + '/api/leads', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hi' });
    expect(form.status).toBe(415);
    expect((await form.json()).message).toBe('Request body must be JSON');
    const huge = await api(app.baseUrl, 'POST', '/api/leads', { message: 'x'.repeat(40_000) });
    expect(huge.status).toBe(413);
    expect(huge.json.message).toMatch(/too large/);
  });

  it('cross-site POST - 403', async () => {
    const res = await api(app.baseUrl, 'POST', '/api/leads', {}, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe('Cross-site request refused');
  });
});
