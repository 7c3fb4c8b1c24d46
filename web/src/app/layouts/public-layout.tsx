// The frame of every public page, as the route table's layout route: skip link, shared header and footer,
// and the lead modal that any button on the page can open (pages call useLeadModal, which works because
// the page renders inside this provider). Features stay apart: this layout composes them and hands the
// modal's opener to the header as a prop.
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { LeadModalProvider, useLeadModal } from '../../features/leads';
import { SiteFooter, SiteHeader } from '../../features/site';
import { PageLoading } from '../page-loading';
import { useScrollToTopOnNavigate } from './use-scroll-to-top';

export function PublicLayout() {
  return (
    <LeadModalProvider>
      <Frame />
    </LeadModalProvider>
  );
}

function Frame() {
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
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
