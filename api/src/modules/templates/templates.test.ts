// /api/admin/sample-templates: create, list newest first, replace, delete, validation, 401 and 404.
import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, api, useTestApp } from '../../testing/test-app';
import { signInAs } from '../../testing/sign-in';
import { LIMITS } from '../../contract';

const BASE = '/api/admin/sample-templates';
const template = { name: 'Spring postcard', type: 'postcard', frontImageUrl: 'https://cdn.example/f.png', backImageUrl: '', description: 'Bright', active: false };

describe.each(ENGINES)('sample templates on %s', (engine) => {
  const app = useTestApp(engine);
  let cookie: string;
  const call = (method: string, path: string, body?: unknown) => api(app.baseUrl, method, path, body, { Cookie: cookie });

  beforeAll(async () => {
    cookie = (await signInAs(app)).cookie;
  });

  it.each([['GET', BASE], ['POST', BASE], ['PUT', `${BASE}/1`], ['DELETE', `${BASE}/1`]])('%s %s without a session - 401', async (method, path) => {
    const res = await api(app.baseUrl, method, path, method === 'POST' || method === 'PUT' ? template : undefined);
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'Unauthorized' });
  });

  it('create - 201 with the template; blank URL becomes null; active as sent', async () => {
    const res = await call('POST', BASE, { ...template, name: '  Spring postcard ' });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(Number), name: 'Spring postcard', type: 'postcard', frontImageUrl: 'https://cdn.example/f.png',
      backImageUrl: null, description: 'Bright', active: false, createdAt: expect.stringMatching(/Z$/),
    });
  });

  it('create without active - active by default', async () => {
    const res = await call('POST', BASE, { name: 'Letter', type: 'letter' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ active: true, frontImageUrl: null, description: null });
  });

  it('list - newest first', async () => {
    const res = await call('GET', BASE);
    expect(res.status).toBe(200);
    expect(res.json.map((t: { name: string }) => t.name)).toEqual(['Letter', 'Spring postcard']);
  });

  it('validation - every message, nothing stored', async () => {
    const res = await call('POST', BASE, { name: ' ', type: 'flyer', frontImageUrl: 'javascript:alert(1)', backImageUrl: 5, active: 'yes' });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({
      name: 'Template name is required',
      type: 'Type must be postcard or letter',
      frontImageUrl: 'Please enter a valid URL (http:// or https://)',
      backImageUrl: 'Must be a URL',
      active: 'Active must be true or false',
    });
    const long = await call('POST', BASE, {
      name: 'x'.repeat(LIMITS.name + 1), type: 'letter', frontImageUrl: `https://e.co/${'x'.repeat(LIMITS.url)}`, description: 'x'.repeat(LIMITS.longText + 1),
    });
    expect(long.status).toBe(400);
    expect(Object.keys(long.json.errors).sort()).toEqual(['description', 'frontImageUrl', 'name']);
    for (const raw of ['null', '[]', '"x"']) expect((await call('POST', BASE, raw)).status).toBe(400);
    expect((await call('GET', BASE)).json).toHaveLength(2);
  });

  it('update - 200 with every field replaced', async () => {
    const [latest] = (await call('GET', BASE)).json;
    const res = await call('PUT', `${BASE}/${latest.id}`, { name: 'Letter v2', type: 'letter', backImageUrl: 'http://cdn.example/b.png', active: false });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ...latest, name: 'Letter v2', backImageUrl: 'http://cdn.example/b.png', active: false });
  });

  it('update and delete unknown or bad ids - 404 Template not found', async () => {
    const put = await call('PUT', `${BASE}/99999`, template);
    expect(put.status).toBe(404);
    expect(put.json).toEqual({ message: 'Template not found' });
    expect((await call('DELETE', `${BASE}/99999`)).json).toEqual({ message: 'Template not found' });
    expect((await call('DELETE', `${BASE}/1.5`)).status).toBe(404);
    expect((await call('PUT', `${BASE}/abc`, template)).status).toBe(404);
  });

  it('delete - 204 with no body, then gone', async () => {
    const [latest] = (await call('GET', BASE)).json;
    const res = await call('DELETE', `${BASE}/${latest.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await call('GET', BASE)).json.map((t: { id: number }) => t.id)).not.toContain(latest.id);
    expect((await call('DELETE', `${BASE}/${latest.id}`)).status).toBe(404);
  });
});
