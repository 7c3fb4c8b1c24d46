import { lazy, Suspense, useEffect, useState } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { AppToaster } from '../components/ui/toaster';
import { UpdatePrompt } from '../features/pwa/update-prompt';
import { useHydrated } from '../lib/use-hydrated';
import { onFirstInteraction, whenIdle } from '../lib/when-idle';
import { PublicLayout } from './layouts/public-layout';
import { PageLoading } from './page-loading';
import { ALL_ROUTES, NOT_FOUND_ROUTE, matchRoute, type RouteDef, type RouteLayout } from './routes';
import { usePageMeta } from './use-page-meta';

// The staff frame loads with the first staff screen: public pages never carry admin code.
const AdminLayout = lazy(() => import('./layouts/admin-layout').then((m) => ({ default: m.AdminLayout })));
// The offline outbox (its IndexedDB store and replay runtime) starts once the page is idle or at the first
// interaction: a first paint never needs it, and what it holds is sent a moment later just the same.
const OutboxIndicator = lazy(() => import('../features/outbox/components/outbox-indicator').then((m) => ({ default: m.OutboxIndicator })));

function RoutePage({ route }: { route: RouteDef }) {
  const { pathname } = useLocation();
  usePageMeta(matchRoute(pathname).meta, pathname);
  const Page = route.page;
  return <Page />;
}

/** The routes the table puts in this layout. */
function routesIn(layout: RouteLayout) {
  return ALL_ROUTES.filter((route) => route.layout === layout).map((route) => (
    <Route key={route.path} path={route.path} element={<RoutePage route={route} />} />
  ));
}

export function App() {
  // Marks the moment the prerendered page became interactive: its handlers are attached and what works
  // differently once hydrated (lead buttons that were links until then) has switched over.
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = 'true';
  }, [hydrated]);
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    // Whichever comes first: a visitor filling in a form has it running before they submit.
    const start = () => setIdle(true);
    const stopIdle = whenIdle(start);
    const stopInteraction = onFirstInteraction(start);
    return () => {
      stopIdle();
      stopInteraction();
    };
  }, []);
  return (
    <>
      <Suspense fallback={<PageLoading />}>
        {/* Layouts are layout routes: each renders its frame once and the page in its <Outlet>. */}
        <Routes>
          <Route element={<PublicLayout />}>
            {routesIn('public')}
            <Route path="*" element={<RoutePage route={NOT_FOUND_ROUTE} />} />
          </Route>
          <Route element={<AdminLayout />}>{routesIn('admin')}</Route>
          {routesIn('none')}
        </Routes>
      </Suspense>
      {/* One toast at a time, outside #root so open dialogs do not silence it. */}
      <AppToaster />
      {/* On every page: what waits to be sent, and a new version when one is ready. */}
      {idle ? (
        <Suspense fallback={null}>
          <OutboxIndicator />
        </Suspense>
      ) : null}
      <UpdatePrompt />
    </>
  );
}
