import type { HTMLAttributes, ReactNode } from 'react';

export type BadgeTone = 'green' | 'blue' | 'destructive' | 'neutral' | 'brand';

const TONES: Record<BadgeTone, string> = {
  green: 'bg-green-100 text-green-800 ring-green-600/20',
  blue: 'bg-blue-100 text-blue-800 ring-blue-600/20',
  destructive: 'bg-red-100 text-red-800 ring-red-600/20',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  brand: 'bg-brand-50 text-brand-800 ring-brand-600/20',
};

type BadgeProps = Omit<HTMLAttributes<HTMLSpanElement>, 'className'> & { tone?: BadgeTone; children: ReactNode };

/** Extra attributes (a `title` with the reason, `aria-describedby`) go onto the badge itself. */
export function Badge({ tone = 'neutral', children, ...rest }: BadgeProps) {
  return <span {...rest} className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[tone]}`}>{children}</span>;
}
