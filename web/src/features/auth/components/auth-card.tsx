// The frame of the sign-in and setup pages: the company name, one centred card, a way back to the site.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { siteConfig } from '../../../lib/site-config';

export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-brand-50 to-slate-100 px-4 py-12">
      <Link to="/" className="mb-8 flex items-center gap-2 rounded-md text-xl font-bold text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-8 rounded-lg bg-brand-700 p-1.5 text-white" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="m3 7 9 6 9-6" />
        </svg>
        {siteConfig.companyName}
      </Link>
      <main id="main" className="w-full max-w-md rounded-2xl bg-white p-6 shadow-lg shadow-slate-200/60 ring-1 ring-slate-200 sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {intro ? <p className="mt-2 text-sm text-slate-600">{intro}</p> : null}
        <div className="mt-6">{children}</div>
      </main>
      <Link to="/" className="mt-6 text-sm text-slate-600 underline-offset-4 hover:text-brand-800 hover:underline">
        ← Back to the {siteConfig.companyName} website
      </Link>
    </div>
  );
}
