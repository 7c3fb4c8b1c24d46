// A crash mid-burst: the real server process is killed with SIGKILL while 40 leads are in flight, started
// again on the same database, and every request is sent again with its key and body, as the visitors'
// outboxes do. Nothing acknowledged may be lost, nothing may be stored twice, and no resend may be told to
// wait (409) for a request that died with the old process.
import crypto from 'node:crypto';
import knexFactory from 'knex';
import { describe, expect, it } from 'vitest';
import { knexConfig } from '../../db/knex';
import { ENGINES } from '../../testing/test-app';
import { createChildDatabase, startServerChild } from '../../testing/server-child';

/** Leads sent in all, by CONCURRENT senders at a time; the process is killed after KILL_AFTER answers. */
const BURST = 120;
const CONCURRENT = 40;
const KILL_AFTER = 10;

const leadBody = (i: number) => ({
  firstName: 'Crash',
  lastName: `Test ${i}`,
  email: `crash-${i}@example.com`,
  volume: '1000-5000',
  source: 'Main Website',
  elapsedMs: 6000,
});

async function postLead(baseUrl: string, i: number, key: string) {
  const res = await fetch(`${baseUrl}/api/leads`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify(leadBody(i)),
  });
  return { status: res.status, json: (await res.json()) as { id: number; email: string } };
}

describe.each(ENGINES)('a server killed mid-burst on %s', (engine) => {
  it('SIGKILL under 40 concurrent leads: every acknowledged lead kept, every resend answered 201 (no 409), every lead stored exactly once with its live event', { timeout: 120_000 }, async () => {
    const database = await createChildDatabase(engine);
    try {
      const keys = Array.from({ length: BURST }, () => crypto.randomUUID());
      const first = await startServerChild(database.url);
      const acknowledged = new Map<number, { id: number; email: string }>();
      let killed: Promise<void> | undefined;
      // The burst: 40 senders at a time; the process dies as soon as the first ten are answered.
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENT }, async () => {
          while (next < BURST && !killed) {
            const i = next++;
            const res = await postLead(first.baseUrl, i, keys[i]!).catch(() => undefined);
            if (res?.status === 201) acknowledged.set(i, res.json);
            if (acknowledged.size >= KILL_AFTER) killed ??= first.kill();
          }
        }),
      );
      await (killed ?? first.kill());
      expect(acknowledged.size).toBeGreaterThan(0);
      expect(acknowledged.size).toBeLessThan(BURST);

      const second = await startServerChild(database.url);
      try {
        const resent = await Promise.all(keys.map((key, i) => postLead(second.baseUrl, i, key)));
        expect(resent.map((r) => r.status)).toEqual(Array(BURST).fill(201));
        for (const [i, lead] of acknowledged) expect(resent[i]!.json).toEqual(lead);
      } finally {
        await second.kill();
      }

      const db = knexFactory(knexConfig(database.url));
      try {
        const rows: { email: string; n: number | string }[] = await db('leads').select('email').count({ n: '*' }).groupBy('email');
        expect(rows).toHaveLength(BURST);
        expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
        const rollups = await db('lead_rollups').sum({ n: 'count' }).first();
        expect(Number(rollups?.n)).toBe(BURST);
        expect(Number((await db('crm_sync_jobs').count({ n: '*' }).first())?.n)).toBe(BURST);
        // The live desk's event is written in the lead's own transaction: one per lead, none lost to the kill.
        const events: { record_id: number; n: number | string }[] = await db('live_events').where({ type: 'lead.created' }).select('record_id').count({ n: '*' }).groupBy('record_id');
        expect(events).toHaveLength(BURST);
        expect(events.every((e) => Number(e.n) === 1)).toBe(true);
        expect(await db('idempotency_keys').whereNot('state', 'done').select('key')).toEqual([]);
      } finally {
        await db.destroy();
      }
    } finally {
      await database.drop();
    }
  });
});
