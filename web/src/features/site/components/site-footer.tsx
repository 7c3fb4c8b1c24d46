// The shared footer: every page of the print API, the external demo calendar,
// the placeholder legal and contact links, and the support phone number and e-mail.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ExternalLink } from '../../../components/ui/button';
import { siteConfig, telHref } from '../../../lib/site-config';
import { BrandMark } from './brand-mark';
import { Icon } from './icon';

const LINK = 'rounded text-sm text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-white';

const PRODUCT_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/print', label: 'Print API' },
  { to: '/print/postcards', label: 'Postcard API' },
  { to: '/print/letters', label: 'Letter API' },
  { to: '/print/samples', label: 'Free Samples' },
];
const RESOURCE_LINKS = [
  { to: '/print/docs', label: 'API Documentation' },
  { to: '/print/faq', label: 'FAQ' },
  { to: '/print/pricing', label: 'Pricing' },
];

export function SiteFooter() {
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-10 px-4 py-14 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div className="col-span-2 lg:col-span-1">
          <BrandMark inverse />
          <p className="mt-4 max-w-xs text-sm leading-6 text-slate-400">
            Personalised, trackable direct mail and a print-and-mail API, from a team mailing since {siteConfig.founded}.
          </p>
        </div>
        <FooterColumn title="Products">
          {PRODUCT_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to} className={LINK}>
                {l.label}
              </Link>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title="Resources">
          {RESOURCE_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to} className={LINK}>
                {l.label}
              </Link>
            </li>
          ))}
          <li>
            <ExternalLink href={siteConfig.links.demoScheduling} className={LINK}>
              Schedule a Demo
            </ExternalLink>
          </li>
        </FooterColumn>
        <FooterColumn title="Support" wide>
          <li>
            <a href={telHref(siteConfig.supportPhone)} className={`${LINK} inline-flex items-center gap-2`}>
              <Icon name="phone" className="h-4 w-4" />
              {siteConfig.supportPhone}
            </a>
          </li>
          <li>
            <a href={`mailto:${siteConfig.supportEmail}`} className={`${LINK} inline-flex items-center gap-2 break-all`}>
              <Icon name="mail" className="h-4 w-4" />
              {siteConfig.supportEmail}
            </a>
          </li>
        </FooterColumn>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 text-sm text-slate-400 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <p>© {siteConfig.companyName}. All rights reserved.</p>
          {/* The spec's legal and contact links are placeholders: no such pages exist yet. Contact goes to
              the landing page's contact block, which is the nearest real target. */}
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <a href="#" className={LINK}>
                Privacy Policy
              </a>
            </li>
            <li>
              <a href="#" className={LINK}>
                Terms of Service
              </a>
            </li>
            <li>
              <a href="/#contact" className={LINK}>
                Contact
              </a>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}

function FooterColumn({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2 lg:col-span-1' : ''}>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="mt-4 space-y-3">{children}</ul>
    </div>
  );
}
