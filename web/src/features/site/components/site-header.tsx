// The shared header: navigation, Login to the external dashboard (new tab) and Get Demo, which opens the lead
// modal (before the page's script runs, a link to the landing page's lead form). Below the lg breakpoint the
// links fold into a menu: a native disclosure (<details>), so it opens and closes with no script at all (before
// hydration, or when the script never loads); with the script it also closes on Escape and after a jump to a
// section.
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ExternalLink, ProgressiveButton } from '../../../components/ui/button';
import { LEAD_FORM_HREF, siteConfig } from '../../../lib/site-config';
import { BrandMark } from './brand-mark';
import { Icon } from './icon';
import { NAV_ITEMS, type NavItem } from './nav-items';

const LINK = 'rounded-md px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700';
const MOBILE_LINK = 'block rounded-lg px-3 py-3 text-base font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700';

export function SiteHeader({ onGetDemo }: { onGetDemo: () => void }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggle = useRef<HTMLElement>(null);
  const disclosure = useRef<HTMLDetailsElement>(null);

  // Escape asks the element itself, not the state: the state follows the disclosure's toggle event, which
  // the browser sends a moment after a press, and an Escape pressed in that moment still closes the menu.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !disclosure.current?.open) return;
      disclosure.current.open = false;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const close = () => setMenuOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <nav aria-label="Main" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex h-16 items-center justify-between gap-4">
          <Link to="/" className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700">
            <BrandMark />
            <span className="sr-only"> home</span>
          </Link>
          <ul className="hidden items-center gap-1 lg:flex">
            {NAV_ITEMS.map((item) => (
              <li key={item.label}>
                <NavLink item={item} className={LINK} />
              </li>
            ))}
          </ul>
          <div className="hidden items-center gap-2 lg:flex">
            <ExternalLink href={siteConfig.links.dashboardLogin} className={LINK}>
              Login
            </ExternalLink>
            <ProgressiveButton fallbackHref={LEAD_FORM_HREF} aria-haspopup="dialog" onClick={onGetDemo}>
              Get Demo
            </ProgressiveButton>
          </div>
          {/* The panel is positioned against the sticky header, full width under its top row. */}
          <details ref={disclosure} className="group lg:hidden" open={menuOpen} onToggle={(e) => setMenuOpen(e.currentTarget.open)}>
            <summary
              ref={toggle}
              aria-controls={menuId}
              className="-mr-2 flex cursor-pointer list-none items-center justify-center rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 [&::-webkit-details-marker]:hidden"
            >
              <span className="sr-only">Menu</span>
              <Icon name="menu" className="h-6 w-6 group-open:hidden" />
              <Icon name="close" className="hidden h-6 w-6 group-open:block" />
            </summary>
            <div id={menuId} className="absolute inset-x-0 top-full border-t border-b border-slate-200 bg-white px-4 pt-2 pb-4 shadow-lg sm:px-6">
              <ul className="space-y-1">
                {NAV_ITEMS.map((item) => (
                  <li key={item.label}>
                    <NavLink item={item} className={MOBILE_LINK} onNavigate={close} />
                  </li>
                ))}
                <li>
                  <ExternalLink href={siteConfig.links.dashboardLogin} className={MOBILE_LINK} onClick={close}>
                    Login
                  </ExternalLink>
                </li>
              </ul>
              <ProgressiveButton
                fallbackHref={LEAD_FORM_HREF}
                aria-haspopup="dialog"
                size="lg"
                className="mt-3 w-full"
                onClick={() => {
                  close();
                  onGetDemo();
                }}
              >
                Get Demo
              </ProgressiveButton>
            </div>
          </details>
        </div>
      </nav>
    </header>
  );
}

function NavLink({ item, className, onNavigate }: { item: NavItem; className: string; onNavigate?: () => void }) {
  if (item.route) {
    return (
      <Link to={item.href} className={className} onClick={onNavigate}>
        {item.label}
      </Link>
    );
  }
  return (
    <a href={item.href} className={className} onClick={onNavigate}>
      {item.label}
    </a>
  );
}
