// The idempotency service against real databases: replay, mismatch, in-flight, crash takeover, failure
// release, replays of any age, and races between several connection pools (several server processes).
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { ENGINES, useTestDb } from '../testing/test-app';
import type { Db } from '../db/knex';
import { AppError } from '../http/errors';
import { canonicalJson, requestHash } from '../lib/request-hash';
import { parseIdempotencyKey, runIdempotent } from './idempotency';

describe('idempotency helpers', () => {
  it('canonical JSON sorts keys at every level and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[1,{"y":2,"z":1}]},"b":1}');
    expect(requestHash({ a: 1, b: 2 })).toBe(requestHash({ b: 2, a: 1 }));
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: 2 }));
  });

  it('key header: absent is fine, a UUID passes, empty / too long / control characters are 400', () => {
    expect(parseIdempotencyKey(undefined)).toBeUndefined();
    const uuid = crypto.randomUUID();
    expect(parseIdempotencyKey(uuid)).toBe(uuid);
    expect(parseIdempotencyKey('x'.repeat(200))).toHaveLength(200);
    for (const bad of ['', ' ', 'x'.repeat(201), 'a\u0001b', 'ключ']) {
      expect(() => parseIdempotencyKey(bad)).toThrow(AppError);
    }
  });
});

describe.each(ENGINES)('runIdempotent on %s', (engine) => {
  const testDb = useTestDb(engine);
  let now = new Date('2026-05-01T12:00:00Z');
  const deps = (db: Db = testDb.db) => ({ db, clock: () => now, logger: pino({ level: 'silent' }) });
  const store = (label: string) => async (trx: Db) => {
    const [row] = await trx('sample_templates')
      .insert({ name: label, type: 'postcard', active: true, created_at: now.toISOString(), updated_at: now.toISOString() })
      .returning('id');
    return { status: 201, body: { id: Number(row.id ?? row), label } };
  };
  const countTemplates = async (name: string) => Number((await testDb.db('sample_templates').where({ name }).count({ n: '*' }).first())?.n);

  it('replays the stored answer for the same request, refuses another request under the key', async () => {
    const key = crypto.randomUUID();
    const first = await runIdempotent(deps(), { scope: 't', key, request: { a: 1 } }, store('replay'));
    const again = await runIdempotent(deps(), { scope: 't', key, request: { a: 1 } }, store('replay'));
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ ...first, replayed: true });
    expect(await countTemplates('replay')).toBe(1);
    await expect(runIdempotent(deps(), { scope: 't', key, request: { a: 2 } }, store('replay'))).rejects.toMatchObject({
      code: 'idempotency_mismatch',
    });
  });

  it('a failed request frees its key, so the retry is processed', async () => {
    const key = crypto.randomUUID();
    await expect(
      runIdempotent(deps(), { scope: 't', key, request: {} }, async () => {
        throw new Error('database hiccup');
      }),
    ).rejects.toThrow('database hiccup');
    expect(await testDb.db('idempotency_keys').where({ key }).first()).toBeUndefined();
    const retry = await runIdempotent(deps(), { scope: 't', key, request: {} }, store('retry'));
    expect(retry.replayed).toBe(false);
    expect(await countTemplates('retry')).toBe(1);
  });

  it('a claim exists only inside its storing transaction: another connection never sees it, a failed store leaves none', async () => {
    const other = testDb.connectAgain();
    const key = crypto.randomUUID();
    let seenWhileStoring: unknown = 'not read';
    const peek = async (trx: Db) => {
      seenWhileStoring = await other('idempotency_keys').where({ key }).first();
      return store('claim')(trx);
    };
    await runIdempotent(deps(), { scope: 't', key, request: {} }, peek);
    expect(seenWhileStoring).toBeUndefined();
    expect((await testDb.db('idempotency_keys').where({ key }).first())?.state).toBe('done');

    const failing = crypto.randomUUID();
    await expect(
      runIdempotent(deps(), { scope: 't', key: failing, request: {} }, async (trx) => {
        await store('claim-failed')(trx);
        throw new Error('killed mid-write');
      }),
    ).rejects.toThrow('killed mid-write');
    expect(await testDb.db('idempotency_keys').where({ key: failing }).first()).toBeUndefined();
    expect(await countTemplates('claim-failed')).toBe(0);
  });

  it('requests sharing a transaction: the one that fails gets its error, the others are stored and answered', async () => {
    const keys = Array.from({ length: 8 }, () => crypto.randomUUID());
    const results = await Promise.allSettled(
      keys.map((key, i) =>
        runIdempotent(deps(), { scope: 'shared', key, request: { i } }, async (trx) => {
          if (i === 3) throw new Error('bad item');
          return store(`shared-${i}`)(trx);
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    for (const i of [0, 1, 2, 4, 5, 6, 7]) expect(await countTemplates(`shared-${i}`)).toBe(1);
    expect(await testDb.db('idempotency_keys').where({ key: keys[3] }).first()).toBeUndefined();
    const again = await runIdempotent(deps(), { scope: 'shared', key: keys[0], request: { i: 0 } }, store('shared-0'));
    expect(again.replayed).toBe(true);
  });

  it('without a key the work simply runs, every time', async () => {
    await runIdempotent(deps(), { scope: 't', key: undefined, request: {} }, store('nokey'));
    await runIdempotent(deps(), { scope: 't', key: undefined, request: {} }, store('nokey'));
    expect(await countTemplates('nokey')).toBe(2);
  });

  it('a replay of a key older than 30 days is still recognised: stored once, answered with the record id, the old body dropped', async () => {
    const key = crypto.randomUUID();
    const first = await runIdempotent(deps(), { scope: 't', key, request: { r: 'old' } }, store('aged'));
    expect(first.status).toBe(201);
    const id = (first.body as { id: number }).id;
    // 31 days later: the next keyed request drops the bodies of answers older than 30 days.
    const then = now;
    now = new Date(then.getTime() + 31 * 86_400_000);
    try {
      await runIdempotent(deps(), { scope: 't', key: crypto.randomUUID(), request: { r: 'today' } }, store('today'));
      await expect.poll(async () => (await testDb.db('idempotency_keys').where({ key }).first())?.response_body ?? null).toBeNull();
      const replay = await runIdempotent(deps(), { scope: 't', key, request: { r: 'old' } }, store('aged'));
      expect(replay).toEqual({ status: 201, body: { id }, replayed: true });
      expect(await countTemplates('aged')).toBe(1);
      // A different body under the old key is still refused.
      await expect(runIdempotent(deps(), { scope: 't', key, request: { r: 'other' } }, store('aged'))).rejects.toThrow(AppError);
    } finally {
      now = then;
    }
  });

  it('ten concurrent requests over three connection pools - exactly one stored, the others wait and get its answer', async () => {
    const pools = [testDb.db, testDb.connectAgain(), testDb.connectAgain()];
    const key = crypto.randomUUID();
    // A slow first request keeps the key in flight while the others arrive.
    const slowStore = async (trx: Db) => {
      await new Promise((r) => setTimeout(r, 50));
      return store('race')(trx);
    };
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => runIdempotent(deps(pools[i % pools.length]), { scope: 't', key, request: { r: 1 } }, slowStore)),
    );
    expect(await countTemplates('race')).toBe(1);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const outcomes = results.map((r) => (r as PromiseFulfilledResult<Awaited<ReturnType<typeof runIdempotent>>>).value);
    const fresh = outcomes.filter((o) => !o.replayed);
    expect(fresh).toHaveLength(1);
    for (const o of outcomes) expect(o.body).toEqual(fresh[0]!.body);
  });
});
