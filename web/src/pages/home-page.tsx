// The landing page: hero, trusted-by industries, products, personalisation, use cases, the
// three numbers, the customer-portal call to action, the contact block and the inline demo form.
import { INDUSTRIES } from '@contract';
import { ExternalButtonLink, buttonClasses } from '../components/ui/button';
import { LeadButton, LeadForm } from '../features/leads';
import { ContactDetails, FeatureGrid, HeroBadge, Icon, type IconName, PageHero, PERSONALISATION, PRODUCTS, Section, StatGrid, USE_CASES } from '../features/site';
import { siteConfig } from '../lib/site-config';
import { Link } from 'react-router-dom';

const INDUSTRY_ICONS: Record<string, IconName> = {
  automotive: 'car',
  health: 'heart',
  'home-services': 'home',
  mortgage: 'bank',
  retail: 'bag',
};

export default function HomePage() {
  return (
    <>
      <Hero />
      <TrustedBy />
      <Section
        id="products"
        eyebrow="Products"
        title="Direct mail that works like digital"
        intro="Personalised postcards and letters, printed and mailed for you, with every response tracked back to the piece that earned it."
        tone="muted"
      >
        <FeatureGrid
          features={PRODUCTS.map((p) => ({
            ...p,
            footer: (
              <Link to={p.to} className="inline-flex items-center gap-1 rounded font-semibold text-brand-700 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700">
                {p.linkLabel}
                <Icon name="arrowRight" className="h-4 w-4" />
              </Link>
            ),
          }))}
        />
      </Section>
      <Personalisation />
      <Section
        id="use-cases"
        eyebrow="Use cases"
        title="One platform for the whole customer journey"
        intro="From the first hello to the tenth order, mail meets people at the moment that matters."
        tone="muted"
      >
        <FeatureGrid columns={4} features={USE_CASES} />
      </Section>
      <About />
      <PortalCta />
      <Contact />
    </>
  );
}

function Hero() {
  return (
    <PageHero
      badge={<HeroBadge>Mailing smarter since {siteConfig.founded}</HeroBadge>}
      title="Personalised direct mail you can actually measure"
      actions={
        <>
          <a href="#how-it-works" className={buttonClasses('inverse', 'lg')}>
            See How It Works
          </a>
          <LeadButton size="lg" variant="accent">
            Get Demo
          </LeadButton>
        </>
      }
      footnote={
        <p>
          Postcards from <strong className="text-white">$0.62</strong> · Letters from <strong className="text-white">$0.66</strong> · No minimums
        </p>
      }
      aside={
        // Not the page's largest content (the heading and text are): fetched at low priority it leaves a slow
        // connection to what is. (On /print/samples the picture is the largest, and keeps its normal priority.)
        <img
          fetchPriority="low"
          decoding="async"
          src="/illustrations/hero-mail.svg"
          width={560}
          height={460}
          alt="A personalised postcard greeting Jane by name, with a QR code and a chart of responses"
          className="mx-auto w-full max-w-lg"
        />
      }
    >
      <p>
        Send postcards and letters with personalised URLs, QR codes and full attribution, fed straight from your CRM and printed
        with variable data for every recipient.
      </p>
    </PageHero>
  );
}

function TrustedBy() {
  return (
    <section aria-labelledby="trusted-by" className="border-b border-slate-200 bg-white py-10">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="trusted-by" className="text-center text-sm font-semibold tracking-wide text-slate-600 uppercase">
          Trusted by leading brands in
        </h2>
        <ul className="mt-6 flex flex-wrap justify-center gap-x-10 gap-y-4">
          {INDUSTRIES.filter((i) => i.value !== 'other').map((i) => (
            <li key={i.value} className="flex items-center gap-2 text-base font-semibold text-slate-700">
              <Icon name={INDUSTRY_ICONS[i.value] ?? 'sparkles'} className="h-5 w-5 text-brand-700" />
              {i.label}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Personalisation() {
  return (
    <Section
      id="how-it-works"
      eyebrow="Personalisation"
      title="Every piece written for one person"
      intro="Your data decides what each recipient sees, and every scan, visit and sale finds its way back to you."
    >
      <div className="grid gap-12 lg:grid-cols-2 lg:items-center">
        <ol className="space-y-6">
          {PERSONALISATION.map((p, i) => (
            <li key={p.title} className="flex gap-4">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white">{i + 1}</span>
              <div>
                <h3 className="text-lg font-semibold text-slate-900">{p.title}</h3>
                <p className="mt-1 leading-7 text-slate-600">{p.description}</p>
              </div>
            </li>
          ))}
        </ol>
        <PersonalisedPieceMock />
      </div>
    </Section>
  );
}

/** A postcard back drawn in HTML: the merge fields made visible. Decorative, described by the list beside it. */
function PersonalisedPieceMock() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md">
      {/* The tilted backdrop from 640 px up: on a phone its corners would reach past the screen. */}
      <div className="absolute -inset-4 -z-10 hidden rotate-2 rounded-3xl bg-brand-100 sm:block" />
      <div className="rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200">
        <p className="text-sm font-semibold text-brand-700">Acme Home Services</p>
        <p className="mt-4 text-2xl font-bold text-slate-900">
          Hi <mark className="rounded bg-amber-100 px-1 text-slate-900">Jane</mark>,
        </p>
        <p className="mt-2 text-slate-600">
          Homes on <mark className="rounded bg-amber-100 px-1 text-slate-900">Evergreen Terrace</mark> are due a spring tune-up. Book by
          May 1 with code <mark className="rounded bg-amber-100 px-1 text-slate-900">SPRING20</mark>.
        </p>
        <div className="mt-6 flex items-center gap-4 rounded-xl bg-slate-50 p-4">
          <span className="flex h-16 w-16 items-center justify-center rounded-lg bg-slate-900 text-white">
            <Icon name="qr" className="h-10 w-10" />
          </span>
          <div className="text-sm">
            <p className="font-semibold text-slate-900">Scan or visit</p>
            <p className="text-brand-700">acme.example/jane</p>
          </div>
        </div>
      </div>
    </div>
  );
}

function About() {
  return (
    <Section
      id="about"
      eyebrow="About us"
      title="Decades of mail, built for modern marketing"
      intro={`Since ${siteConfig.founded} we have printed and mailed for brands of every size. Today our platform joins that craft with the data, tracking and APIs marketers expect, on infrastructure with 99.9% uptime.`}
      tone="dark"
    >
      <StatGrid
        tone="dark"
        stats={[
          { value: '4X', label: 'engagement' },
          { value: '65%', label: 'lower acquisition cost' },
          { value: '35+', label: 'years', detail: `Printing and mailing since ${siteConfig.founded}` },
        ]}
      />
    </Section>
  );
}

function PortalCta() {
  return (
    <section className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-col items-start gap-6 rounded-3xl bg-brand-50 p-8 ring-1 ring-brand-100 sm:p-12 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-2xl">
            <h2 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Connect your data and watch results roll in</h2>
            <p className="mt-3 text-lg text-slate-700">
              Already mailing with us? Sign in to the customer portal to upload lists, approve proofs and follow every campaign.
            </p>
          </div>
          <ExternalButtonLink href={siteConfig.links.customerPortal} size="lg" className="shrink-0">
            Go to Customer Portal
          </ExternalButtonLink>
        </div>
      </div>
    </section>
  );
}

function Contact() {
  return (
    <Section
      id="contact"
      eyebrow="Contact"
      title="Let's plan your next campaign"
      intro="Tell us what you mail today and what you want it to do. We will come back with ideas, samples and a price."
      tone="muted"
    >
      <div className="grid gap-10 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <ContactDetails />
        </div>
        <div className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8 lg:col-span-3">
          <h3 className="mb-6 text-xl font-semibold text-slate-900">Request a Demo</h3>
          <LeadForm mode="inline" label="Demo request" submitLabel="Request Demo" />
        </div>
      </div>
    </Section>
  );
}
