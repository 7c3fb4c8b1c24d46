// The top of every public page: the page's one h1, its lead paragraph, its main actions and an optional
// illustration or code sample beside them.
import type { ReactNode } from 'react';

interface PageHeroProps {
  badge?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  aside?: ReactNode;
  footnote?: ReactNode;
}

export function PageHero({ badge, title, children, actions, aside, footnote }: PageHeroProps) {
  return (
    <section className="relative isolate overflow-hidden bg-gradient-to-br from-brand-950 via-brand-900 to-brand-700 text-white">
      <div aria-hidden="true" className="hero-grid absolute inset-0 -z-10 opacity-40" />
      <div className={`mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:px-8 ${aside ? 'lg:grid-cols-2 lg:items-center' : ''}`}>
        <div className={aside ? '' : 'max-w-3xl'}>
          {badge ? <div className="mb-5">{badge}</div> : null}
          <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">{title}</h1>
          {children ? <div className="mt-6 text-lg leading-8 text-blue-100">{children}</div> : null}
          {actions ? <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">{actions}</div> : null}
          {footnote ? <div className="mt-6 text-sm text-blue-100">{footnote}</div> : null}
        </div>
        {aside ? <div className="min-w-0">{aside}</div> : null}
      </div>
    </section>
  );
}

/** A pill above a hero title, legible on the hero's dark gradient. */
export function HeroBadge({ children }: { children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-amber-200 ring-1 ring-white/20 ring-inset">
      {children}
    </span>
  );
}
