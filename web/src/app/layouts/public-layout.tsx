// The frame of every public page: skip link, shared header and footer (spec §2), and the lead modal that
// any button on the page can open. Features stay apart: this layout composes them and hands the modal's
// opener to the header as a prop.
import type { ReactNode } from 'react';
import { LeadModalProvider, useLeadModal } from '../../features/leads/lead-modal';
import { SiteFooter } from '../../features/site/components/site-footer';
import { SiteHeader } from '../../features/site/components/site-header';
import { useScrollToTopOnNavigate } from './use-scroll-to-top';

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <LeadModalProvider>
      <Frame>{children}</Frame>
    </LeadModalProvider>
  );
}

function Frame({ children }: { children: ReactNode }) {
  const openLeadModal = useLeadModal();
  useScrollToTopOnNavigate();
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader onGetDemo={() => openLeadModal()} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
