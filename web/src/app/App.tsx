import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { AppToaster } from '../components/ui/toaster';
import { OutboxIndicator } from '../features/outbox';
import { UpdatePrompt } from '../features/pwa';
import { HYDRATED_ATTRIBUTE, HYDRATED_MARK } from '../lib/hydration-mark';
import { useHydrated } from '../lib/use-hydrated';
import { PublicLayout } from './layouts/public-layout';
import { PageLoading } from './page-loading';
import { ALL_ROUTES, NOT_FOUND_ROUTE, matchRoute, type RouteDef, type RouteLayout } from './routes';
import { usePageMeta } from './use-page-meta';

// The staff frame loads with the first staff screen: public pages never carry admin code.
const AdminLayout = lazy(() => import('./layouts/admin-layout').then((m) => ({ default: m.AdminLayout })));

function RoutePage({ route }: { route: RouteDef }) {
  const { pathname } = useLocation();
  usePageMeta(matchRoute(pathname).meta, pathname);
  const Page = route.page;
  return (
    <>
      <Page />
      <HydrationMark />
    </>
  );
}

/** The routes the table puts in this layout. */
function routesIn(layout: RouteLayout) {
  return ALL_ROUTES.filter((route) => route.layout === layout).map((route) => (
    <Route key={route.path} path={route.path} element={<RoutePage route={route} />} />
  ));
}

/** Set once the first page has marked itself hydrated: a page reached later in the browser is not a hydration. */
let marked = false;

/**
 * Marks the moment the prerendered page became interactive (lib/hydration-mark.ts). A leaf of its own: the
 * switch after hydration is a synchronous re-render of every component that asks `useHydrated()`, and asked
 * at the top of the app it would re-render the whole page in one long task on a slow phone. Rendered beside
 * the page, inside the page's own Suspense boundary: React hydrates each boundary in a pass of its own, after
 * what lies outside it, so a mark outside every boundary would be set before the header, the page or its forms
 * had hydrated: a form's fill-time clock would start after it, and a lead sent at the minimum fill time after
 * the mark would be kept as spam.
 */
function HydrationMark() {
  const hydrated = useHydrated();
  useEffect(() => {
    if (!hydrated || marked) return;
    marked = true;
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, 'true');
    performance.mark(HYDRATED_MARK);
  }, [hydrated]);
  return null;
}

export function App() {
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
      <OutboxIndicator />
      <UpdatePrompt />
    </>
  );
}
