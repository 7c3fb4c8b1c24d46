// What a load balancer and a scraper ask: /healthz, /readyz and /metrics, on the real app over real HTTP.
import { describe, expect, it } from 'vitest';
import { ENGINES, api, useTestApp } from '../../testing/test-app';
import { leadBody } from '../../testing/leads';
import { parsePrometheusText, sampleValue } from '../../testing/prometheus-text';
import { Lifecycle, notReadyReason } from '../../lib/lifecycle';
import { startFakePipedrive } from '../../testing/fake-pipedrive';
import { CrmSyncWorker } from '../crm';

const TOKEN = 'metrics-token-0123456789abcdef';

describe.each(ENGINES)('health, readiness and metrics on %s', (engine) => {
  const app = useTestApp(engine, { config: { metrics: { token: TOKEN, port: undefined } } });
  const scrape = async () => {
    const res = await api(app.baseUrl, 'GET', '/metrics', undefined, { Authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheusText(res.text);
  };

  it('GET /healthz and /readyz - 200 JSON, never cached, no session cookie', async () => {
    const health = await api(app.baseUrl, 'GET', '/healthz');
    expect(health.status).toBe(200);
    expect(health.json).toEqual({ status: 'ok', pid: process.pid });
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect(health.headers.get('set-cookie')).toBeNull();
    const ready = await api(app.baseUrl, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({ status: 'ready', pid: process.pid });
    expect(ready.headers.get('set-cookie')).toBeNull();
  });

  it('GET /metrics without the token, or with another - 401 JSON, nothing of the metrics', async () => {
    for (const headers of [{} as Record<string, string>, { Authorization: 'Bearer wrong-token-0123456789abcdef' }, { Authorization: TOKEN }, { Authorization: `Basic ${TOKEN}` }]) {
      const res = await api(app.baseUrl, 'GET', '/metrics', undefined, headers);
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ message: 'Unauthorized' });
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(res.text).not.toContain('dm_');
    }
  });

  it('GET /metrics - Prometheus text that counts a stored lead and a quarantined one, by route pattern, with no e-mail, id or query in a label', async () => {
    const before = await scrape();
    const email = `metrics-${engine}-4711@example.com`;
    expect((await api(app.baseUrl, 'POST', '/api/leads', leadBody({ email }))).status).toBe(201);
    expect((await api(app.baseUrl, 'POST', '/api/leads', leadBody({ email: `spam-${email}`, elapsedMs: 50 }))).status).toBe(201);
    // A path with an id and a query with an e-mail address: only their route patterns may show.
    expect((await api(app.baseUrl, 'GET', '/api/admin/leads/4711')).status).toBe(401);
    expect((await api(app.baseUrl, 'GET', `/api/admin/leads?q=${encodeURIComponent(email)}`)).status).toBe(401);
    expect((await api(app.baseUrl, 'GET', '/no-such-page-4711')).status).toBe(404);

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) => sampleValue(after, name, labels) - sampleValue(before, name, labels);
    expect(delta('dm_submissions_stored_total', { kind: 'lead', how: 'submitted' })).toBe(1);
    expect(delta('dm_submissions_quarantined_total', { kind: 'lead', reason: 'fill_time' })).toBe(1);
    expect(delta('dm_http_requests_total', { route: '/api/leads', method: 'POST', status: '201' })).toBe(2);
    expect(delta('dm_http_requests_total', { route: '/api/admin/leads/:id', method: 'GET', status: '401' })).toBe(1);
    expect(delta('dm_http_requests_total', { route: '/api/admin/leads', method: 'GET', status: '401' })).toBe(1);
    expect(delta('dm_http_requests_total', { route: 'unmatched', method: 'GET', status: '404' })).toBe(1);
    expect(delta('dm_http_request_duration_seconds_count', { route: '/api/leads', method: 'POST', status: '201' })).toBe(2);
    expect(delta('dm_group_commit_batch_size_count', { scope: 'leads' })).toBeGreaterThanOrEqual(1);
    // The queue gauges read the tables: the stored lead's CRM job waits (no Pipedrive token in tests).
    expect(sampleValue(after, 'dm_queue_depth', { queue: 'crm' })).toBeGreaterThanOrEqual(1);
    expect(after.some((s) => s.name === 'dm_queue_oldest_age_seconds' && s.labels.queue === 'mail')).toBe(true);
    expect(after.some((s) => s.name === 'dm_live_streams_open')).toBe(true);
    // prom-client's process metrics are there too.
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(after.some((s) => s.name === name), name).toBe(true);
    }

    for (const sample of after) {
      for (const [label, value] of Object.entries(sample.labels)) {
        expect(value, `${sample.name} ${label}`).not.toMatch(/@|\?|4711/);
        if (label === 'route') expect(value, sample.name).toMatch(/^(unmatched|\/[a-z0-9/:_.-]*)$/);
        if (label === 'route') expect(value, sample.name).not.toMatch(/\/\d+(\/|$)/);
      }
    }
  });
});

describe('CRM sync failures in /metrics', () => {
  const app = useTestApp('sqlite', { config: { metrics: { token: TOKEN, port: undefined } } });

  it('a sync Pipedrive refuses for a while, then for good - counted as retry, then gave_up', async () => {
    const fake = await startFakePipedrive();
    try {
      const scrape = async () => parsePrometheusText((await api(app.baseUrl, 'GET', '/metrics', undefined, { Authorization: `Bearer ${TOKEN}` })).text);
      const crm = { ...app.deps.config.crm, pipedriveApiToken: fake.token, pipedriveBaseUrl: fake.url, maxAttempts: 2, backoffMs: 0 };
      const worker = new CrmSyncWorker({ db: app.deps.db, config: { crm }, logger: app.deps.logger });
      const before = await scrape();
      expect((await api(app.baseUrl, 'POST', '/api/leads', leadBody({ email: 'refused@example.com' }))).status).toBe(201);
      fake.failNext(Infinity, { status: 503 });
      expect(await worker.runOnce()).toBe(1);
      expect(await worker.runOnce()).toBe(1);
      const after = await scrape();
      const delta = (outcome: string) => sampleValue(after, 'dm_crm_sync_failures_total', { outcome }) - sampleValue(before, 'dm_crm_sync_failures_total', { outcome });
      expect(delta('retry')).toBe(1);
      expect(delta('gave_up')).toBe(1);
    } finally {
      await fake.close();
    }
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  const app = useTestApp('sqlite');
  it('not served on the main port - 404', async () => {
    expect((await api(app.baseUrl, 'GET', '/metrics')).status).toBe(404);
  });
});

describe('readiness of a process', () => {
  it('starting - migrations pending; serving - ready; draining - for good', () => {
    const lifecycle = new Lifecycle();
    expect(notReadyReason(lifecycle)).toBe('migrations pending');
    lifecycle.serving();
    expect(notReadyReason(lifecycle)).toBeNull();
    lifecycle.drain();
    lifecycle.serving();
    expect(notReadyReason(lifecycle)).toBe('draining');
  });
});
