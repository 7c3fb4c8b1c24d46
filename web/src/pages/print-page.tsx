// /print, the developer landing page of the print API: the API in brief, the request, prices, and a
// lead-modal button for sales.
import { Link } from 'react-router-dom';
import { ButtonLink } from '../components/ui/button';
import { LeadButton } from '../features/leads';
import { PriceTable } from '../features/pricing-public';
import { CodeBlock, CtaBand, FeatureGrid, HeroBadge, Icon, PageHero, POSTCARD_REQUEST_SAMPLE, PrintApiActions, Section } from '../features/site';

const FEATURES = [
  { title: 'HTML or PDF designs', icon: 'layers', description: 'Send HTML5 + CSS3 templates or print-ready PDFs at 300 DPI. We render, proof and print.' },
  { title: 'Test with DryRun', icon: 'shield', description: 'Set DryRun and every call is validated and rendered without mailing anything or charging you.' },
  { title: 'Variable data', icon: 'sparkles', description: 'Pass a VariablePayload and every merge field, offer code and image changes per recipient.' },
  { title: 'First Class or Standard', icon: 'truck', description: 'First Class arrives in 2-3 business days; Standard Mail in 5-10 for the lowest letter price.' },
  { title: 'No minimums', icon: 'dollar', description: 'Mail one piece or a million. You are charged only when pieces are submitted to USPS.' },
  { title: 'Invalid addresses are free', icon: 'mapPin', description: 'Addresses that fail verification are never printed and never charged.' },
] as const;

const STEPS = [
  { title: 'Create your account', text: 'Sign up free and get your API keys in minutes.' },
  { title: 'Design once', text: 'Upload an HTML template or PDF with merge fields for your data.' },
  { title: 'Test with DryRun', text: 'Render real proofs from real calls, without mailing or charges.' },
  { title: 'Go live', text: 'Turn DryRun off. We print, address and hand your pieces to USPS.' },
];

export default function PrintPage() {
  return (
    <>
      <PageHero
        badge={<HeroBadge>Print & Mail API</HeroBadge>}
        title="Print and mail postcards and letters with one API call"
        actions={<PrintApiActions />}
        footnote={<p>Postcards from $0.59 · Letters from $0.66 · Duplex printing free</p>}
        aside={<CodeBlock title="Postcard request" code={POSTCARD_REQUEST_SAMPLE} />}
      >
        <p>
          Send personalised, trackable mail from your own product or CRM. One request renders your design, prints it, addresses it and
          puts it in the mail stream.
        </p>
      </PageHero>

      <Section eyebrow="Why developers choose us" title="Everything a mail program needs, behind a REST API" tone="muted">
        <FeatureGrid features={[...FEATURES]} />
      </Section>

      <Section eyebrow="How it works" title="From first call to mailbox in four steps">
        <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((s, i) => (
            <li key={s.title} className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
              <span className="text-sm font-bold text-brand-700">Step {i + 1}</span>
              <h3 className="mt-2 text-lg font-semibold text-slate-900">{s.title}</h3>
              <p className="mt-2 leading-7 text-slate-600">{s.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section eyebrow="Products" title="Pick your format" tone="muted">
        <FeatureGrid
          columns={2}
          features={[
            {
              title: 'Postcards',
              icon: 'mail',
              description: '4.25x6 and 6x9 postcards on 110 lb film laminated stock with UV coating.',
              footer: <ButtonLink to="/print/postcards" variant="secondary">Postcard API</ButtonLink>,
            },
            {
              title: 'Letters',
              icon: 'document',
              description: '8.5x11 and 8.5x14 letters on 28 lb stock, envelopes included, First Class or Standard.',
              footer: <ButtonLink to="/print/letters" variant="secondary">Letter API</ButtonLink>,
            },
          ]}
        />
      </Section>

      <Section
        eyebrow="Pricing"
        title="Per-piece prices, print and postage included"
        intro="Your monthly volume across all products sets your tier. Custom pricing above 100,000 pieces a month."
      >
        <PriceTable />
        <p className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-2 text-slate-600">
          <Link to="/print/pricing" className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline">
            Full pricing details <Icon name="arrowRight" className="h-4 w-4" />
          </Link>
          <Link to="/print/samples" className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline">
            Get a free sample pack <Icon name="arrowRight" className="h-4 w-4" />
          </Link>
        </p>
      </Section>

      <CtaBand
        title="Planning a large program?"
        actions={
          <>
            <LeadButton title="Contact Sales Team" size="lg" variant="inverse">
              Contact Sales Team
            </LeadButton>
            <ButtonLink to="/print/pricing" size="lg" variant="glass">
              View Pricing
            </ButtonLink>
          </>
        }
      >
        <p>Volume pricing, dedicated support and help with your first integration.</p>
      </CtaBand>
    </>
  );
}
