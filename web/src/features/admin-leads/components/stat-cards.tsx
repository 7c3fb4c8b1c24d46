// The spec's four stat cards: Total Leads, This Month, Conversion Rate as a percent, Pipeline Value in
// thousands of dollars (`$12.3K`); then speed to lead (issue #31): the median first response and the share
// answered within 5 minutes, both over the last 7 days ('—' while there is nothing to measure).
import type { Stats } from '@contract';
import { ErrorPanel } from '../../../components/ui/list-state';
import { formatCount, formatPercent, formatPipelineValue, formatWait } from '../../../lib/format';
import { useLeadsStore } from '../leads-store';

const CARDS: { label: string; value: (s: Stats) => string; hint: string }[] = [
  { label: 'Total Leads', value: (s) => formatCount(s.totalLeads), hint: 'All time' },
  { label: 'This Month', value: (s) => formatCount(s.thisMonth), hint: 'Since the 1st (UTC)' },
  { label: 'Conversion Rate', value: (s) => formatPercent(s.conversionRate), hint: 'Leads synced to the CRM' },
  { label: 'Pipeline Value', value: (s) => formatPipelineValue(s.pipelineValue), hint: 'Monthly volume at list price' },
  { label: 'First Response', value: (s) => (s.medianFirstResponseSeconds7d === null ? '—' : formatWait(s.medianFirstResponseSeconds7d)), hint: 'Median, last 7 days' },
  { label: 'Within 5 Min', value: (s) => (s.answeredWithin5MinShare7d === null ? '—' : formatPercent(s.answeredWithin5MinShare7d * 100)), hint: 'Leads answered, last 7 days' },
];

export function StatCards() {
  const stats = useLeadsStore((s) => s.stats);
  const status = useLeadsStore((s) => s.statsStatus);
  const error = useLeadsStore((s) => s.statsError);
  const retry = useLeadsStore((s) => s.loadStats);

  if (status === 'error' && !stats) return <ErrorPanel title="The stats could not be loaded." detail={error} onRetry={() => void retry()} />;
  return (
    <dl aria-busy={!stats} className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 2xl:grid-cols-6">
      {CARDS.map((card) => (
        <div key={card.label} className="rounded-2xl border border-slate-200 bg-white px-3 py-3 shadow-sm sm:p-5">
          <dt className="text-sm font-medium text-slate-600">{card.label}</dt>
          <dd className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:mt-2 sm:text-3xl">{stats ? card.value(stats) : '…'}</dd>
          {/* On a phone the six cards keep to what fits above the first lead: the hint is read out, not shown. */}
          <dd className="sr-only text-xs text-slate-500 sm:not-sr-only sm:mt-1">{card.hint}</dd>
        </div>
      ))}
    </dl>
  );
}
