// The provider's contact facts, all from the site configuration, and the
// external demo calendar in a new tab.
import type { ReactNode } from 'react';
import { ExternalButtonLink } from '../../../components/ui/button';
import { siteConfig, telHref } from '../../../lib/site-config';
import { Icon, type IconName } from './icon';

export function ContactDetails() {
  return (
    <div className="space-y-8">
      <ul className="space-y-6">
        <Fact icon="mapPin" term="Address">
          <address className="not-italic">{siteConfig.address}</address>
        </Fact>
        <Fact icon="phone" term="Phone">
          <a href={telHref(siteConfig.phone)} className="font-semibold text-brand-700 hover:text-brand-800 hover:underline">
            {siteConfig.phone}
          </a>
        </Fact>
        <Fact icon="mail" term="Email">
          <a href={`mailto:${siteConfig.email}`} className="font-semibold break-all text-brand-700 hover:text-brand-800 hover:underline">
            {siteConfig.email}
          </a>
        </Fact>
      </ul>
      <div className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
        <p className="font-semibold text-slate-900">Prefer to pick a time?</p>
        <p className="mt-1 text-slate-600">Book a walkthrough straight into our calendar.</p>
        <ExternalButtonLink href={siteConfig.links.demoScheduling} variant="secondary" className="mt-4">
          <Icon name="calendar" className="h-5 w-5" />
          Schedule a Demo
        </ExternalButtonLink>
      </div>
    </div>
  );
}

function Fact({ icon, term, children }: { icon: IconName; term: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white">
        <Icon name={icon} className="h-5 w-5" />
      </span>
      <div>
        <p className="text-sm font-semibold text-slate-600">{term}</p>
        <div className="mt-1 text-slate-800">{children}</div>
      </div>
    </li>
  );
}
