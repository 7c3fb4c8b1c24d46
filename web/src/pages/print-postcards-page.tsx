// /print/postcards, the postcard API page: sizes, the request, prices, and a lead-modal button for support.
import { ButtonLink } from '../components/ui/button';
import { LeadButton } from '../features/leads';
import { PriceTable } from '../features/pricing-public';
import { CheckList, CodeBlock, CtaBand, FeatureGrid, FieldReference, HeroBadge, PageHero, POSTCARD_FIELDS, POSTCARD_REQUEST_SAMPLE, PrintApiActions, Section } from '../features/site';

export default function PrintPostcardsPage() {
  return (
    <>
      <PageHero
        badge={<HeroBadge>Postcard API</HeroBadge>}
        title="Personalised postcards, printed and mailed from your code"
        actions={<PrintApiActions />}
        footnote={<p>From $0.59 per piece, print and First Class postage included</p>}
      >
        <p>Design once in HTML or PDF, send one request per recipient, and we print, address and mail every postcard for you.</p>
      </PageHero>

      <Section eyebrow="Sizes" title="Three sizes, one premium stock" tone="muted">
        <FeatureGrid
          features={[
            { title: '4.25x6', icon: 'mail', description: 'The classic. Quick to read, economical to send, from $0.59.' },
            { title: '6x9', icon: 'mail', description: 'More room for images and offers where attention matters, from $0.63.' },
            { title: '6x11', icon: 'mail', description: 'Our largest postcard for the biggest statement. Ask our team for pricing.' },
          ]}
        />
        <div className="mt-10 grid gap-8 rounded-2xl bg-white p-6 ring-1 ring-slate-200 sm:p-8 md:grid-cols-2">
          <CheckList items={['110 lb film laminated stock with UV coating', 'Full colour on both sides: duplex printing is free', 'First Class delivery in 2-3 business days']} />
          <CheckList items={['HTML5 + CSS3 templates or PDF at 300 DPI', 'No minimums: charged only when pieces go to USPS', 'Invalid addresses are never charged']} />
        </div>
      </Section>

      <Section eyebrow="The request" title="One call per postcard" intro="Every postcard is a single request. Test with DryRun until the proof looks right, then switch it off.">
        <div className="grid gap-8 lg:grid-cols-2">
          <CodeBlock title="Postcard request" code={POSTCARD_REQUEST_SAMPLE} />
          <FieldReference fields={POSTCARD_FIELDS} />
        </div>
      </Section>

      <Section eyebrow="Pricing" title="Postcard prices" intro="Per piece, including print and First Class postage, by your monthly volume." tone="muted">
        <PriceTable kinds={['postcard']} caption="Postcard price per piece, including print and postage" />
      </Section>

      <CtaBand
        title="Questions about your first postcard?"
        actions={
          <>
            <LeadButton title="Contact Support" size="lg" variant="inverse">
              Contact Support
            </LeadButton>
            <ButtonLink to="/print/samples" size="lg" variant="glass">
              Get Free Samples
            </ButtonLink>
          </>
        }
      >
        <p>Our team helps with templates, data and your first integration.</p>
      </CtaBand>
    </>
  );
}
