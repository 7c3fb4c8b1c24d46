// The 404 page: home, explore the API, call, book a demo, 'Contact Us Now' revealing the inline
// lead form, and the popular pages. Served with HTTP 404 for every unknown path.
//
// The form is in the page's HTML from the start, hidden until revealed: by the button once the script runs,
// and before or without script by the link the button is until then (#contact-us: the section shows when it is
// the URL's target). A post of that form refused by the server comes back as this page with the form shown.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ButtonLink, ExternalButtonLink, ProgressiveButton, buttonClasses } from '../components/ui/button';
import { LeadForm } from '../features/leads';
import { Icon, type IconName } from '../features/site';
import { useFormEcho } from '../lib/form-echo';
import { siteConfig, telHref } from '../lib/site-config';

const CONTACT_ID = 'contact-us';

const POPULAR: { to: string; title: string; text: string; icon: IconName }[] = [
  { to: '/print/postcards', title: 'Postcard API', text: 'Starting at $0.62', icon: 'mail' },
  { to: '/print/letters', title: 'Letter API', text: 'Letters with envelopes included', icon: 'document' },
  { to: '/print/pricing', title: 'Pricing', text: 'Per-piece prices by volume', icon: 'dollar' },
  { to: '/print/samples', title: 'Free Samples', text: 'Feel the quality for free', icon: 'gift' },
];

export default function NotFoundPage() {
  // The server's answer to a refused post shows the form with the values and messages in it.
  const echoed = useFormEcho('lead') !== null;
  const [showForm, setShowForm] = useState(echoed);
  return (
    <>
      <section className="relative isolate overflow-hidden bg-gradient-to-br from-brand-950 via-brand-900 to-brand-700 text-white">
        <div aria-hidden="true" className="hero-grid absolute inset-0 -z-10 opacity-40" />
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2 lg:items-center lg:px-8">
          <div>
            <p className="text-sm font-semibold tracking-wide text-amber-300 uppercase">Error 404</p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">Page not found</h1>
            <p className="mt-6 max-w-xl text-lg leading-8 text-blue-100">
              This page seems to have been returned to sender. Let's get you where you were going.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <ButtonLink to="/" size="lg" variant="accent">
                <Icon name="home" className="h-5 w-5" />
                Go Home
              </ButtonLink>
              <ButtonLink to="/print" size="lg" variant="glass">
                <Icon name="code" className="h-5 w-5" />
                Explore API
              </ButtonLink>
            </div>
          </div>
          <img fetchPriority="low" decoding="async" src="/illustrations/lost-mail.svg" width={420} height={300} alt="" className="mx-auto hidden w-full max-w-sm lg:block" />
        </div>
      </section>

      <section aria-labelledby="popular-pages" className="bg-slate-50 py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="popular-pages" className="text-2xl font-bold tracking-tight text-slate-900">
            Popular Pages
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {POPULAR.map((p) => (
              <li key={p.to}>
                <Link
                  to={p.to}
                  className="flex h-full items-start gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-brand-300 focus-visible:outline-2 focus-visible:outline-brand-700"
                >
                  <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                    <Icon name={p.icon} className="h-5 w-5" />
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900">{p.title}</span>
                    <span className="mt-1 block text-sm text-slate-600">{p.text}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="need-help" className="bg-white py-16">
        <div className="mx-auto max-w-3xl px-4 text-center sm:px-6 lg:px-8">
          <h2 id="need-help" className="text-2xl font-bold tracking-tight text-slate-900">
            Need help finding something?
          </h2>
          <p className="mt-3 text-slate-600">Talk to a person: call us, book a demo, or send us a message.</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row sm:flex-wrap">
            <a href={telHref(siteConfig.phone)} className={buttonClasses('secondary', 'lg')}>
              <Icon name="phone" className="h-5 w-5" />
              Call {siteConfig.phone}
            </a>
            <ExternalButtonLink href={siteConfig.links.demoScheduling} size="lg" variant="secondary">
              <Icon name="calendar" className="h-5 w-5" />
              Book Demo
            </ExternalButtonLink>
            {showForm ? null : (
              <ProgressiveButton fallbackHref={`#${CONTACT_ID}`} size="lg" onClick={() => setShowForm(true)}>
                Contact Us Now
              </ProgressiveButton>
            )}
          </div>
        </div>
        <RevealedContactForm shown={showForm} focusOnShow={!echoed} />
      </section>
    </>
  );
}

/**
 * Hidden until `shown` or the URL's target. The button that revealed it is gone once pressed, so focus moves
 * to the form's heading.
 */
function RevealedContactForm({ shown, focusOnShow }: { shown: boolean; focusOnShow: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (shown && focusOnShow) heading.current?.focus();
  }, [shown, focusOnShow]);
  return (
    <div
      id={CONTACT_ID}
      className={`mx-auto mt-10 max-w-2xl scroll-mt-20 rounded-3xl bg-white p-6 text-left shadow-sm ring-1 ring-slate-200 sm:p-8 ${shown ? '' : 'hidden target:block'}`}
    >
      <h3 ref={heading} tabIndex={-1} className="mb-6 text-xl font-semibold text-slate-900 focus:outline-none">
        Send us a message
      </h3>
      <LeadForm mode="inline" label="Contact us" />
    </div>
  );
}
