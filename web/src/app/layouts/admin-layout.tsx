// The staff admin's frame, as the route table's layout route: a sidebar on desktop (a top bar with a
// scrolling nav row on phones) with the screens the table lists, the signed-in user, their account menu
// (notifications and the screens marked for it: on phones also the admin's rarely used screens, which the
// sidebar lists on wide screens) and sign out. The screen shown is marked wherever it is listed. Each
// screen's heading, roles and sign-in wording come from the table. The screen itself renders only behind
// the admin gate, so no store fetches anything before the session is known: staff data loads only for a
// signed-in user.
import { Suspense } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { OfflineBanner } from '../../components/ui/offline-banner';
import { AdminGate, SignedInUser, useCurrentUserStore } from '../../features/admin-auth';
import { useStaffNotifications } from '../../features/notifications';
import { ariaKeyShortcuts } from '../../lib/keyboard-shortcuts';
import { PageLoading } from '../page-loading';
import { ADMIN_ROUTES, matchRoute, type AdminRouteDef } from '../routes';
import { AdminShortcuts, goToScreen } from './admin-shortcuts';
import { useLiveStream } from '../../lib/live-stream';
import { AccountMenu } from './account-menu';

/** The screen the current path shows; the layout only ever renders for the table's admin routes. */
function useAdminScreen(): AdminRouteDef {
  const { pathname } = useLocation();
  const route = matchRoute(pathname);
  return ADMIN_ROUTES.find((r) => r === route) ?? ADMIN_ROUTES[0]!;
}

export function AdminLayout() {
  const { admin: screen } = useAdminScreen();
  // A rep sees only the screens open to reps (their desk, event capture); until the user is known, every entry shows.
  const user = useCurrentUserStore((s) => s.user);
  const role = user?.role;
  useLiveStream(Boolean(role));
  const screens = role ? ADMIN_ROUTES.filter((r) => r.admin.roles.includes(role)) : ADMIN_ROUTES;
  const navScreens = screens.filter((r) => !r.admin.listed);
  const wideScreens = screens.filter((r) => r.admin.listed === 'wide-sidebar');
  const menuScreens = screens.filter((r) => r.admin.listed === 'account-menu');
  const intro = role === 'rep' ? (screen.repIntro ?? screen.intro) : screen.intro;
  const navigate = useNavigate();
  useStaffNotifications(user, navigate);
  const accountMenu = (where: 'top bar' | 'sidebar') =>
    user ? (
      <AccountMenu
        screens={where === 'top bar' ? [...wideScreens, ...menuScreens] : menuScreens}
        isAdmin={role === 'admin'}
        // In the top bar it opens below its button; at the sidebar's foot, above it.
        anchor={where === 'top bar' ? 'bottom end' : 'top start'}
      />
    ) : null;
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 lg:flex">
      <a href="#admin-main" className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:left-2 focus:top-2">
        Skip to content
      </a>
      <aside className="border-b border-slate-200 bg-white lg:w-64 lg:shrink-0 lg:border-b-0 lg:border-r">
        <div className="lg:sticky lg:top-0 lg:flex lg:h-screen lg:flex-col">
          <div className="flex items-center justify-between gap-3 px-4 py-3 lg:px-6 lg:py-6">
            <a href="/" className="shrink-0 whitespace-nowrap text-lg font-bold text-brand-800">
              DirectMailers <span className="hidden font-medium text-slate-500 sm:inline">Admin</span>
            </a>
            <div className="flex min-w-0 items-center gap-2 lg:hidden">
              {accountMenu('top bar')}
              <SignedInUser compact />
            </div>
          </div>
          <nav aria-label="Admin" className="overflow-x-auto px-2 pb-2 lg:flex-1 lg:px-3">
            <ul className="flex gap-1 lg:flex-col">
              {[...navScreens, ...wideScreens].map((route, i) => (
                // The rarely used screens only from 1024 px, set apart below the everyday ones.
                <li key={route.path} className={route.admin.listed ? `hidden lg:block ${i === navScreens.length ? 'lg:mt-3 lg:border-t lg:border-slate-200 lg:pt-3' : ''}` : 'shrink-0'}>
                  <NavLink
                    to={route.path}
                    end
                    aria-keyshortcuts={ariaKeyShortcuts(goToScreen(route))}
                    className={({ isActive }) =>
                      `block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-700 ${
                        isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100'
                      }`
                    }
                  >
                    <span className="sm:hidden">{route.admin.shortLabel}</span>
                    <span className="hidden sm:inline">{route.admin.heading}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="hidden space-y-3 border-t border-slate-200 px-6 py-5 lg:block">
            <SignedInUser />
            {accountMenu('sidebar')}
          </div>
        </div>
      </aside>
      <main id="admin-main" className="min-w-0 flex-1 px-4 py-4 sm:px-6 sm:py-6 lg:px-10 lg:py-10">
        <header className="mb-4 flex items-start justify-between gap-4 sm:mb-6">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{screen.heading}</h1>
            {intro && <p className="mt-1 text-sm text-slate-600">{intro}</p>}
          </div>
          <AdminShortcuts screens={screens} />
        </header>
        <OfflineBanner />
        <AdminGate wording={screen.unauthorizedWording} roles={screen.roles} worksOffline={screen.worksOffline}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </AdminGate>
      </main>
    </div>
  );
}
