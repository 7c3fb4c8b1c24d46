// The dashboard's numbers, from rollup sums: total leads, leads this month (UTC), conversion (the share of leads
// synced to the CRM, in percent to one decimal), pipeline value (each lead's volume bucket priced as pieces ×
// tier price), and a zero-filled 30-day series for the chart.
import type { AppDeps } from '../../deps';
import { CHART_DAYS, pipelineCentsOf, type Stats } from '../../contract';
import { countsByDaySince, countsByVolumeAndStatus } from './stats-queries';
import { firstResponseStats } from '../lead-work';

const DAY_MS = 24 * 60 * 60 * 1000;

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

export async function getStats({ db, clock }: Pick<AppDeps, 'db' | 'clock'>): Promise<Stats> {
  const now = clock();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const chartStart = dayOf(new Date(today - (CHART_DAYS - 1) * DAY_MS));
  const monthStart = dayOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)));
  // On the 31st the month began before the chart's window; one query covers whichever starts first.
  const from = monthStart < chartStart ? monthStart : chartStart;

  const [byVolumeStatus, byDay, response] = await Promise.all([countsByVolumeAndStatus(db), countsByDaySince(db, from), firstResponseStats({ db, clock })]);

  let totalLeads = 0;
  let synced = 0;
  let pipelineCents = 0;
  for (const { volume, status, count } of byVolumeStatus) {
    totalLeads += count;
    if (status === 'synced') synced += count;
    pipelineCents += count * pipelineCentsOf(volume);
  }

  const perDay = new Map(byDay.map(({ day, count }) => [day, count]));
  const leadsByDay = Array.from({ length: CHART_DAYS }, (_, i) => {
    const date = dayOf(new Date(today - (CHART_DAYS - 1 - i) * DAY_MS));
    return { date, count: perDay.get(date) ?? 0 };
  });
  const thisMonth = byDay.filter(({ day }) => day >= monthStart).reduce((sum, { count }) => sum + count, 0);

  return {
    totalLeads,
    thisMonth,
    conversionRate: totalLeads === 0 ? 0 : Math.round((synced / totalLeads) * 1000) / 10,
    pipelineValue: pipelineCents / 100,
    leadsByDay,
    ...response,
  };
}
