// PLACEHOLDER (the public-site work replaces it): shared header and footer around every public page.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900">
      <header className="border-b border-slate-200">
        <nav aria-label="Main" className="mx-auto flex max-w-6xl items-center gap-6 px-4 py-4">
          <Link to="/" className="font-bold text-brand-700">DirectMailers</Link>
          <Link to="/print">Print API</Link>
        </nav>
      </header>
      <main id="main" className="flex-1">{children}</main>
      <footer className="border-t border-slate-200 px-4 py-8 text-sm text-slate-600">
        <div className="mx-auto max-w-6xl">© DirectMailers</div>
      </footer>
    </div>
  );
}
