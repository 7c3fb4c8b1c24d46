// Headline figures: big value, short label, optional detail.
export interface Stat {
  value: string;
  label: string;
  detail?: string;
}

export function StatGrid({ stats, tone = 'light' }: { stats: Stat[]; tone?: 'light' | 'dark' }) {
  const dark = tone === 'dark';
  const cols = stats.length === 4 ? 'sm:grid-cols-2 lg:grid-cols-4' : 'sm:grid-cols-3';
  return (
    <dl className={`grid gap-6 ${cols}`}>
      {stats.map((s) => (
        <div
          key={s.label}
          className={`flex flex-col-reverse justify-end rounded-2xl p-6 ${dark ? 'bg-white/5 ring-1 ring-white/15' : 'bg-white shadow-sm ring-1 ring-slate-200'}`}
        >
          <dt className={`mt-2 ${dark ? 'text-slate-200' : 'text-slate-600'}`}>
            <span className={`block font-semibold ${dark ? 'text-white' : 'text-slate-900'}`}>{s.label}</span>
            {s.detail ? <span className="mt-1 block text-sm">{s.detail}</span> : null}
          </dt>
          <dd className={`text-4xl font-extrabold tracking-tight sm:text-5xl ${dark ? 'text-amber-300' : 'text-brand-700'}`}>{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}
