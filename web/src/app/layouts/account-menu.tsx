// The signed-in person's menu: Notifications (a dialog), then the screens that are theirs (Your Devices) and, on
// a phone, the rarely used ones (Team, Privacy), which would crowd the navigation row there. The screen shown is
// marked in the menu, and so is the menu's button, as the navigation marks its own. Headless UI's Menu: Enter,
// Space or the arrow keys open it, the arrows move, Escape closes and returns the focus to the button. It keeps a
// margin from the window's edges wherever its button sits.
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { NotificationsDialog } from '../../features/notifications';
import { ariaKeyShortcuts } from '../../lib/keyboard-shortcuts';
import type { AdminRouteDef } from '../routes';
import { goToScreen } from './admin-shortcuts';

const ITEM = 'block w-full rounded-md px-3 py-2 text-left text-sm text-slate-800 data-focus:bg-brand-50 data-focus:text-brand-900';
const CURRENT_ITEM = 'font-semibold text-brand-800 bg-brand-50';

interface AccountMenuProps {
  screens: readonly AdminRouteDef[];
  isAdmin: boolean;
  /** Where the menu opens from its button. */
  anchor: 'bottom end' | 'top start';
}

export function AccountMenu({ screens, isAdmin, anchor }: AccountMenuProps) {
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  const { pathname } = useLocation();
  const shownHere = screens.some((route) => route.path === pathname);
  return (
    <>
      <Menu>
        {/* On a phone the word gives way to a person icon, leaving the top bar room for the first name. */}
        <MenuButton
          className={`inline-flex shrink-0 items-center gap-1 rounded-lg px-2.5 py-1.5 text-sm font-semibold ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:px-3 ${
            shownHere ? 'bg-brand-50 text-brand-800 ring-brand-300' : 'text-slate-700 ring-slate-300 hover:bg-slate-100'
          }`}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4 sm:hidden">
            <path d="M10 10a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0H3Z" />
          </svg>
          <span className="sr-only sm:not-sr-only">Account</span>
          <span aria-hidden="true" className="text-xs">▾</span>
        </MenuButton>
        <MenuItems anchor={{ to: anchor, gap: 4, padding: 12 }} className="z-40 w-56 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200 focus:outline-none">
          <MenuItem>
            <button type="button" className={ITEM} aria-haspopup="dialog" onClick={() => setNotificationsOpen(true)}>
              Notifications
            </button>
          </MenuItem>
          {screens.map((route) => (
            <MenuItem key={route.path}>
              <Link
                to={route.path}
                className={`${ITEM} ${route.path === pathname ? CURRENT_ITEM : ''}`}
                aria-current={route.path === pathname ? 'page' : undefined}
                aria-keyshortcuts={ariaKeyShortcuts(goToScreen(route))}
              >
                {route.admin.heading}
              </Link>
            </MenuItem>
          ))}
        </MenuItems>
      </Menu>
      <NotificationsDialog open={notificationsOpen} onClose={() => setNotificationsOpen(false)} isAdmin={isAdmin} />
    </>
  );
}
