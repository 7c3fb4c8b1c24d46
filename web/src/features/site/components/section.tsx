// A page section with one h2 and a consistent rhythm. `id` makes it a jump target; scroll-mt keeps the
// sticky header from covering its heading after the jump.
import type { ReactNode } from 'react';

export type SectionTone = 'white' | 'muted' | 'dark';

const TONES: Record<SectionTone, string> = {
  white: 'bg-white',
  muted: 'bg-slate-50',
  dark: 'bg-brand-950 text-white',
};

interface SectionProps {
  id?: string;
  eyebrow?: ReactNode;
  title?: ReactNode;
  intro?: ReactNode;
  tone?: SectionTone;
  centered?: boolean;
  children?: ReactNode;
}

export function Section({ id, eyebrow, title, intro, tone = 'white', centered = false, children }: SectionProps) {
  const dark = tone === 'dark';
  return (
    <section id={id} className={`scroll-mt-20 py-16 sm:py-24 ${TONES[tone]}`}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        {title ? (
          <div className={`max-w-3xl ${centered ? 'mx-auto text-center' : ''}`}>
            {eyebrow ? <p className={`text-sm font-semibold tracking-wide uppercase ${dark ? 'text-amber-300' : 'text-brand-700'}`}>{eyebrow}</p> : null}
            <h2 className={`mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl ${dark ? 'text-white' : 'text-slate-900'}`}>{title}</h2>
            {intro ? <p className={`mt-4 text-lg leading-8 ${dark ? 'text-slate-200' : 'text-slate-600'}`}>{intro}</p> : null}
          </div>
        ) : null}
        <div className={title ? 'mt-12' : ''}>{children}</div>
      </div>
    </section>
  );
}
