// A closing call to action: one h2, a sentence, and the page's buttons.
import type { ReactNode } from 'react';

export function CtaBand({ title, children, actions }: { title: ReactNode; children?: ReactNode; actions: ReactNode }) {
  return (
    <section className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="relative isolate overflow-hidden rounded-3xl bg-gradient-to-r from-brand-800 to-brand-600 px-6 py-12 text-center shadow-xl sm:px-12">
          <h2 className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">{title}</h2>
          {children ? <div className="mx-auto mt-4 max-w-2xl text-lg text-blue-100">{children}</div> : null}
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row sm:flex-wrap">{actions}</div>
        </div>
      </div>
    </section>
  );
}
