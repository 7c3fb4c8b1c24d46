// The staff admin's frame: a sidebar on desktop (a top bar with a scrolling nav row on phones) with the
// three screens, the signed-in user and sign out. The screen itself renders only behind the admin gate, so
// no store fetches before the session is known (spec §7: "only when authenticated").
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import type { UserRole } from '@contract';
import { OfflineBanner } from '../../components/ui/offline-banner';
import { AdminGate, SignedInUser, useCurrentUserStore } from '../../features/admin-auth';
import type { UnauthorizedWording } from '../../lib/session-expired';

// Phones get the short labels, so all four fit the top bar's row at 375 px. A rep sees only the screens
// open to reps (event capture); until the user is known, every entry shows.
const SCREENS: { to: string; label: string; short: string; roles: readonly UserRole[] }[] = [
  { to: '/admin', label: 'Lead Dashboard', short: 'Leads', roles: ['admin'] },
  { to: '/admin/samples', label: 'Sample Management', short: 'Samples', roles: ['admin'] },
  { to: '/admin/pricing', label: 'Pricing Management', short: 'Pricing', roles: ['admin'] },
  { to: '/admin/capture', label: 'Event Capture', short: 'Capture', roles: ['admin', 'rep'] },
];

interface AdminLayoutProps {
  title: string;
  description?: string;
  /** How this screen words the Unauthorized toast (spec §6, §8). */
  unauthorizedWording: UnauthorizedWording;
  /** Who may use the screen (admins only unless it says otherwise). */
  roles?: readonly UserRole[];
  /** The screen works on local data when the sign-in check cannot reach the server. */
  worksOffline?: boolean;
  children: ReactNode;
}

export function AdminLayout({ title, description, unauthorizedWording, roles, worksOffline, children }: AdminLayoutProps) {
  const role = useCurrentUserStore((s) => s.user?.role);
  const screens = role ? SCREENS.filter((screen) => screen.roles.includes(role)) : SCREENS;
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
            <div className="min-w-0 lg:hidden">
              <SignedInUser compact />
            </div>
          </div>
          <nav aria-label="Admin" className="overflow-x-auto px-2 pb-2 lg:flex-1 lg:px-3">
            <ul className="flex gap-1 lg:flex-col">
              {screens.map((screen) => (
                <li key={screen.to} className="shrink-0">
                  <NavLink
                    to={screen.to}
                    end
                    className={({ isActive }) =>
                      `block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-700 ${
                        isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100'
                      }`
                    }
                  >
                    <span className="sm:hidden">{screen.short}</span>
                    <span className="hidden sm:inline">{screen.label}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="hidden border-t border-slate-200 px-6 py-5 lg:block">
            <SignedInUser />
          </div>
        </div>
      </aside>
      <main id="admin-main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-10 lg:py-10">
        <header className="mb-6">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
        </header>
        <OfflineBanner />
        <AdminGate wording={unauthorizedWording} roles={roles} worksOffline={worksOffline}>
          {children}
        </AdminGate>
      </main>
    </div>
  );
}
