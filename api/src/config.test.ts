// The settings of running at scale, read at start like every other: defaults, what is accepted, and what stops
// the start naming the variable.
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('WEB_CONCURRENCY, DRAIN_GRACE_MS, METRICS_TOKEN, METRICS_PORT', () => {
  it('defaults - one process, a 2 s grace, no metrics', () => {
    const config = loadConfig({});
    expect(config.webConcurrency).toBe(1);
    expect(config.drainGraceMs).toBe(2000);
    expect(config.metrics).toEqual({ token: undefined, port: undefined });
  });

  it('WEB_CONCURRENCY - a positive number, or auto for the cores this process may use; anything else stops the start', () => {
    expect(loadConfig({ WEB_CONCURRENCY: '4' }).webConcurrency).toBe(4);
    expect(loadConfig({ WEB_CONCURRENCY: 'auto' }).webConcurrency).toBe(os.availableParallelism());
    expect(loadConfig({ WEB_CONCURRENCY: 'AUTO' }).webConcurrency).toBe(os.availableParallelism());
    for (const bad of ['0', '-1', 'two', '1.5', '', ' 2', 'max']) {
      expect(() => loadConfig({ WEB_CONCURRENCY: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ WEB_CONCURRENCY: bad }), bad).toThrow(/WEB_CONCURRENCY: must be a number of worker processes \(1 or more\), or auto/);
    }
  });

  it('DRAIN_GRACE_MS - whole milliseconds up to 8 s (the drain must end within 10 s)', () => {
    expect(loadConfig({ DRAIN_GRACE_MS: '0' }).drainGraceMs).toBe(0);
    expect(loadConfig({ DRAIN_GRACE_MS: '5000' }).drainGraceMs).toBe(5000);
    for (const bad of ['-1', '9000', 'soon', '1.5']) expect(() => loadConfig({ DRAIN_GRACE_MS: bad }), bad).toThrow(/DRAIN_GRACE_MS/);
  });

  it('METRICS_TOKEN and METRICS_PORT - a token of 16 characters or more, a port number; empty means unset', () => {
    expect(loadConfig({ METRICS_TOKEN: ' 0123456789abcdefXYZ ', METRICS_PORT: '9464' }).metrics).toEqual({ token: '0123456789abcdefXYZ', port: 9464 });
    expect(loadConfig({ METRICS_TOKEN: '', METRICS_PORT: '' }).metrics).toEqual({ token: undefined, port: undefined });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    for (const bad of ['0', '65536', 'http', '-5']) expect(() => loadConfig({ METRICS_PORT: bad }), bad).toThrow(/METRICS_PORT: must be a port number/);
  });
});
