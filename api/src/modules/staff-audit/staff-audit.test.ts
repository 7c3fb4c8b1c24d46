import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, ENGINES, type TestDb } from '../../testing/test-app';
import { listStaffActions, recordStaffAction } from './staff-audit-service';

const clock = () => new Date('2026-11-25T10:00:00.000Z');

describe.each(ENGINES)('staff audit log on %s', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(engine);
  });
  afterAll(async () => t.drop());

  it('a line written in a transaction - read back newest first, with its details', async () => {
    await t.db.transaction((trx) =>
      recordStaffAction(trx, clock, { actor: { id: 1, name: 'Ann' }, action: 'user.invite', subject: 'user:2', details: { role: 'rep' } }),
    );
    await recordStaffAction(t.db, clock, { actor: null, action: 'retention.run', subject: null, details: { leads: 3 } });
    const rows = await listStaffActions(t.db, { limit: 10 });
    expect(rows.map((r) => [r.action, r.actorName, r.subject, r.details])).toEqual([
      ['retention.run', null, null, { leads: 3 }],
      ['user.invite', 'Ann', 'user:2', { role: 'rep' }],
    ]);
    expect(rows[0]!.createdAt).toBe('2026-11-25T10:00:00.000Z');
    expect(await listStaffActions(t.db, { limit: 10, actions: ['user.invite'] })).toHaveLength(1);
  });

  it('a line rolled back with its change - not in the log', async () => {
    const before = (await listStaffActions(t.db, { limit: 100 })).length;
    await expect(
      t.db.transaction(async (trx) => {
        await recordStaffAction(trx, clock, { actor: null, action: 'person.erase', subject: 'person:x', details: {} });
        throw new Error('the erasure failed');
      }),
    ).rejects.toThrow('the erasure failed');
    expect(await listStaffActions(t.db, { limit: 100 })).toHaveLength(before);
  });

  it('editing or deleting a line - refused by the database', async () => {
    await expect(t.db('staff_audit').update({ action: 'user.setup' })).rejects.toThrow(/append-only/);
    await expect(t.db('staff_audit').delete()).rejects.toThrow(/append-only/);
    expect((await listStaffActions(t.db, { limit: 100 })).length).toBeGreaterThan(0);
  });

  it('emptying the table at once (TRUNCATE; on SQLite a DELETE without WHERE) - refused by the database, every line kept', async () => {
    const before = (await listStaffActions(t.db, { limit: 100 })).length;
    expect(before).toBeGreaterThan(0);
    await expect(t.db('staff_audit').truncate()).rejects.toThrow(/append-only/);
    await expect(t.db.raw('delete from staff_audit')).rejects.toThrow(/append-only/);
    expect(await listStaffActions(t.db, { limit: 100 })).toHaveLength(before);
  });
});
