// The claim in isolation: two pools (two server processes) racing for the same due jobs never share one.
import { describe, expect, it } from 'vitest';
import { ENGINES, useTestDb } from '../../testing/test-app';
import type { Db } from '../../db/knex';
import { claimDueJobs, enqueueCrmSync } from './crm-queries';

describe.each(ENGINES)('crm_sync_jobs claims on %s', (engine) => {
  const testDb = useTestDb(engine);

  it('two processes draining 40 due jobs - each job claimed exactly once, attempts counted once', async () => {
    const past = new Date(Date.now() - 1000).toISOString();
    for (let id = 1; id <= 40; id++) await enqueueCrmSync(testDb.db, { kind: 'lead', id }, past);
    const drain = async (db: Db, workerId: string) => {
      const got: number[] = [];
      for (;;) {
        const jobs = await claimDueJobs(db, workerId, new Date(), 60_000, 3);
        got.push(...jobs.map((j) => j.id));
        if (jobs.length) continue;
        const [{ n }] = (await db('crm_sync_jobs').where({ state: 'pending' }).count({ n: '*' })) as [{ n: number | string }];
        if (Number(n) === 0) return got;
      }
    };
    const [a, b, c] = await Promise.all([
      drain(testDb.db, 'a'),
      drain(testDb.connectAgain(), 'b'),
      drain(testDb.connectAgain(), 'c'),
    ]);
    const all = [...a!, ...b!, ...c!];
    expect(all).toHaveLength(40);
    expect(new Set(all).size).toBe(40);
    const rows = await testDb.db('crm_sync_jobs').select('state', 'attempts', 'locked_by');
    expect(rows.every((r: { state: string; attempts: number }) => r.state === 'running' && r.attempts === 1)).toBe(true);
  });

  it('a job is not due before its time, and a fresh claim is not stale', async () => {
    const future = new Date(Date.now() + 60_000).toISOString();
    await enqueueCrmSync(testDb.db, { kind: 'sample_request', id: 1 }, future);
    expect(await claimDueJobs(testDb.db, 'x', new Date(), 60_000, 10)).toEqual([]);
    // The 40 running claims above are younger than the lease: nobody may take them over yet...
    expect(await claimDueJobs(testDb.db, 'y', new Date(), 60_000, 50)).toEqual([]);
    // ...but once the lease has run out they are due again.
    const later = await claimDueJobs(testDb.db, 'z', new Date(Date.now() + 61_000), 60_000, 50);
    expect(later.length).toBe(41);
  });
});
