// Stats for a known data set, computed from rollups, checked number by number; and the route over HTTP.
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { ENGINES, api, useTestApp } from '../../testing/test-app';
import { signInAs } from '../../testing/sign-in';
import type { LeadData } from '../../contract';
import { moveLeadTo } from '../../testing/move-lead';
import { createLead } from '../../testing/leads';
import { getStats } from './stats-service';

const NOW = new Date('2026-03-15T12:00:00.000Z');
const lead = (volume?: LeadData['volume']): LeadData => ({ firstName: 'A', lastName: 'B', email: 'a@b.co', source: 'Main Website', volume });

/** The 30 days ending `last`, ascending, each with the count given or 0. */
function days(last: string, counts: Record<string, number>) {
  const end = Date.parse(`${last}T00:00:00Z`);
  return Array.from({ length: 30 }, (_, i) => {
    const date = new Date(end - (29 - i) * 86_400_000).toISOString().slice(0, 10);
    return { date, count: counts[date] ?? 0 };
  });
}

describe.each(ENGINES)('stats on %s', (engine) => {
  const app = useTestApp(engine, { clock: () => NOW });
  const at = (clock: Date) => ({ db: app.db, clock: () => clock, logger: pino({ level: 'silent' }) });

  it('no leads - zeros, conversion 0, thirty zero days', async () => {
    expect(await getStats(at(NOW))).toEqual({
      totalLeads: 0,
      thisMonth: 0,
      conversionRate: 0,
      pipelineValue: 0,
      leadsByDay: days('2026-03-15', {}),
      medianFirstResponseSeconds7d: null,
      answeredWithin5MinShare7d: null,
    });
  });

  it('a known data set - every number', async () => {
    const ids: number[] = [];
    const add = async (iso: string, volume?: LeadData['volume']) => ids.push((await createLead(app.db, lead(volume), iso)).id);
    await add('2026-03-15T11:59:00.000Z', 'under-1000'); // today
    await add('2026-03-15T00:00:00.000Z', 'under-1000'); // today, first instant
    await add('2026-03-01T00:00:00.000Z', '1000-5000'); // first instant of the month
    await add('2026-02-28T23:59:59.999Z', 'over-100000'); // last instant before the month, inside the chart
    await add('2026-02-14T08:00:00.000Z', '25000-100000'); // first day of the chart
    await add('2026-02-13T23:00:00.000Z'); // the day before the chart, no volume
    await add('2025-12-01T00:00:00.000Z', '5000-25000');
    await moveLeadTo(app.db, ids[0]!, 'synced', NOW);
    await moveLeadTo(app.db, ids[6]!, 'synced', NOW);
    await moveLeadTo(app.db, ids[5]!, 'sync_failed', NOW);

    const stats = await getStats(at(NOW));
    expect(stats.totalLeads).toBe(7);
    expect(stats.thisMonth).toBe(3);
    // 2 of 7 synced = 28.571…% → one decimal.
    expect(stats.conversionRate).toBe(28.6);
    // cents: 2×500×68 + 3,000×65 + 150,000×59 + 62,500×59 + 15,000×59 + 0
    //      = 68,000 + 195,000 + 8,850,000 + 3,687,500 + 885,000 = 13,685,500 → $136,855
    expect(stats.pipelineValue).toBe(136_855);
    expect(stats.leadsByDay).toEqual(days('2026-03-15', { '2026-03-15': 2, '2026-03-01': 1, '2026-02-28': 1, '2026-02-14': 1 }));
  });

  it('on the 31st the month began before the chart window - thisMonth still counts from the 1st', async () => {
    const stats = await getStats(at(new Date('2026-03-31T23:59:59.000Z')));
    expect(stats.thisMonth).toBe(3);
    expect(stats.leadsByDay[0]).toEqual({ date: '2026-03-02', count: 0 });
    expect(stats.leadsByDay.at(-1)).toEqual({ date: '2026-03-31', count: 0 });
    expect(stats.leadsByDay.find((d) => d.date === '2026-03-15')?.count).toBe(2);
  });

  it('early in the next month - thisMonth is 0, last month drops out', async () => {
    const stats = await getStats(at(new Date('2026-04-01T00:00:00.000Z')));
    expect(stats.thisMonth).toBe(0);
    expect(stats.totalLeads).toBe(7);
  });

  it('GET /api/admin/stats - the same numbers over HTTP; 401 without a session', async () => {
    expect((await api(app.baseUrl, 'GET', '/api/admin/stats')).json).toEqual({ message: 'Unauthorized' });
    const { cookie } = await signInAs(app);
    const res = await api(app.baseUrl, 'GET', '/api/admin/stats', undefined, { Cookie: cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(await getStats(at(NOW)));
    expect(res.json).toMatchObject({ totalLeads: 7, thisMonth: 3, conversionRate: 28.6, pipelineValue: 136_855 });
  });
});
