// The rollup invariant: after any mix of inserts, status changes and volume changes, lead_rollups equals a
// group-by over leads.
import { describe, expect, it } from 'vitest';
import { ENGINES, useTestDb } from '../../testing/test-app';
import type { LeadData } from '../../contract';
import { changeLead, containsPattern, type LeadChange } from './leads-queries';
import { createLead } from '../../testing/leads';

const lead = (volume?: LeadData['volume']): LeadData => ({ firstName: 'A', lastName: 'B', email: 'a@b.co', source: 'Main Website', volume });

describe('containsPattern', () => {
  it('escapes LIKE wildcards and the escape character, lower-cases', () => {
    expect(containsPattern('A%b_c\\d')).toBe('%a\\%b\\_c\\\\d%');
  });
});

describe.each(ENGINES)('lead rollups on %s', (engine) => {
  const testDb = useTestDb(engine);
  const change = (id: number, patch: LeadChange) =>
    testDb.db.transaction((trx) => changeLead(trx, id, patch, '2026-02-01T00:00:00.000Z'));

  async function rollupsMatchLeads() {
    const fromLeads = await testDb.db('leads').select('status').select(testDb.db.raw("coalesce(volume, '') as volume")).count({ n: '*' }).groupBy('status', 'volume');
    const rollups = await testDb.db('lead_rollups').select('status', 'volume').sum({ n: 'count' }).groupBy('status', 'volume').having(testDb.db.raw('sum(count) > 0'));
    const norm = (rows: Record<string, unknown>[]) =>
      rows.map((r) => `${r.status}|${r.volume}|${Number(r.n)}`).sort();
    expect(norm(rollups)).toEqual(norm(fromLeads));
  }

  it('inserts count into the UTC day of created_at, by status and volume', async () => {
    await createLead(testDb.db, lead('under-1000'), '2026-01-31T23:59:59.999Z');
    await createLead(testDb.db, lead('under-1000'), '2026-01-31T10:00:00.000Z');
    await createLead(testDb.db, lead(undefined), '2026-02-01T00:00:00.000Z');
    const rows = await testDb.db('lead_rollups').select('day', 'status', 'volume', 'count').orderBy('day');
    expect(rows).toEqual([
      { day: '2026-01-31', status: 'new', volume: 'under-1000', count: 2 },
      { day: '2026-02-01', status: 'new', volume: '', count: 1 },
    ]);
    await rollupsMatchLeads();
  });

  it('status changes move the count between rollups; repeating a status changes nothing', async () => {
    const changed = await change(1, { status: 'synced' });
    expect(changed?.status).toBe('synced');
    await change(1, { status: 'synced' });
    await change(3, { status: 'sync_failed' });
    await change(3, { status: 'synced' });
    await rollupsMatchLeads();
    const row = await testDb.db('lead_rollups').where({ day: '2026-01-31', status: 'synced', volume: 'under-1000' }).first();
    expect(row?.count).toBe(1);
  });

  it('a volume filled in later moves the count to the new volume, under the same status', async () => {
    const filled = await change(3, { volume: '5000-25000', company: 'Acme' });
    expect(filled).toMatchObject({ volume: '5000-25000', company: 'Acme', status: 'synced' });
    await rollupsMatchLeads();
    const row = await testDb.db('lead_rollups').where({ day: '2026-02-01', status: 'synced', volume: '5000-25000' }).first();
    expect(row?.count).toBe(1);
  });

  it('unknown lead - nothing changes, answers undefined', async () => {
    expect(await change(999, { status: 'synced' })).toBeUndefined();
    await rollupsMatchLeads();
  });

  it('a change inside a transaction that fails leaves neither the row nor the counts changed', async () => {
    await expect(
      testDb.db.transaction(async (trx) => {
        await changeLead(trx, 2, { status: 'sync_failed', volume: 'over-100000' }, '2026-02-01T00:00:00.000Z');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await testDb.db('leads').where({ id: 2 }).first()).toMatchObject({ status: 'new', volume: 'under-1000' });
    await rollupsMatchLeads();
  });

  it('a failed transaction leaves neither the lead nor its count', async () => {
    const before = Number((await testDb.db('leads').count({ n: '*' }).first())?.n);
    await expect(
      testDb.db.transaction(async (trx) => {
        await createLead(trx, lead('over-100000'), '2026-02-01T00:00:00.000Z');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(Number((await testDb.db('leads').count({ n: '*' }).first())?.n)).toBe(before);
    await rollupsMatchLeads();
  });
});
