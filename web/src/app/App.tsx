import { Suspense, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { AppToaster } from '../components/ui/toaster';
import { OutboxIndicator } from '../features/outbox/components/outbox-indicator';
import { UpdatePrompt } from '../features/pwa/update-prompt';
import { ALL_ROUTES, NOT_FOUND_ROUTE, matchRoute, type RouteDef } from './routes';
import { usePageMeta } from './use-page-meta';

function RoutePage({ route }: { route: RouteDef }) {
  const { pathname } = useLocation();
  usePageMeta(matchRoute(pathname).meta, pathname);
  const Page = route.page;
  return <Page />;
}

export function App() {
  // Marks the moment the prerendered page became interactive (its handlers are attached).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          {ALL_ROUTES.map((route) => (
            <Route key={route.path} path={route.path} element={<RoutePage route={route} />} />
          ))}
          <Route path="*" element={<RoutePage route={NOT_FOUND_ROUTE} />} />
        </Routes>
      </Suspense>
      {/* One toast at a time, 5 s (spec §9), outside #root so open dialogs do not silence it. */}
      <AppToaster />
      {/* On every page (contract §7): what waits to be sent, and a new version when one is ready. */}
      <OutboxIndicator />
      <UpdatePrompt />
    </>
  );
}

function PageLoading() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center text-slate-500">
      Loading…
    </div>
  );
}
