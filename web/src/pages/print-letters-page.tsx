// /print/letters, the letter API page: classes of mail, the request, prices, and a lead-modal button for sales.
import { ButtonLink } from '../components/ui/button';
import { LeadButton } from '../features/leads';
import { PriceTable } from '../features/pricing-public';
import { CheckList, CodeBlock, CtaBand, FeatureGrid, FieldReference, HeroBadge, LETTER_FIELDS, LETTER_REQUEST_SAMPLE, PageHero, PrintApiActions, Section } from '../features/site';

export default function PrintLettersPage() {
  return (
    <>
      <PageHero
        badge={<HeroBadge>Letter API</HeroBadge>}
        title="Letters that look hand-prepared, sent with one API call"
        actions={<PrintApiActions />}
        footnote={<p>From $0.66 per letter, envelope and postage included</p>}
      >
        <p>Statements, welcome packs and offers on 28 lb stock, folded, inserted into envelopes and mailed First Class or Standard.</p>
      </PageHero>

      <Section eyebrow="Options" title="Choose your class of mail" tone="muted">
        <FeatureGrid
          features={[
            { title: 'First Class', icon: 'bolt', description: 'Delivered in 2-3 business days, from $0.835 a letter.' },
            { title: 'Standard Mail', icon: 'truck', description: 'Delivered in 5-10 business days at the lowest price, from $0.66 a letter.' },
            { title: 'Additional pages', icon: 'layers', description: 'Multi-page letters from $0.09 per extra page. Duplex printing is free.' },
          ]}
        />
        <div className="mt-10 grid gap-8 rounded-2xl bg-white p-6 ring-1 ring-slate-200 sm:p-8 md:grid-cols-2">
          <CheckList items={['8.5x11 and 8.5x14 sizes', '28 lb stock, full colour', 'Envelopes included in every price']} />
          <CheckList items={['Reusable templates with merge fields', 'DryRun renders proofs without mailing or charges', 'No minimums, custom pricing above 100,000 pieces']} />
        </div>
      </Section>

      <Section eyebrow="The request" title="One call per letter" intro="Letters use a saved Template instead of Front and Back, and add a PostalClass.">
        <div className="grid gap-8 lg:grid-cols-2">
          <CodeBlock title="Letter request" code={LETTER_REQUEST_SAMPLE} />
          <FieldReference fields={LETTER_FIELDS} />
        </div>
      </Section>

      <Section eyebrow="Pricing" title="Letter prices" intro="Per letter, including print, envelope and postage, by your monthly volume." tone="muted">
        <PriceTable kinds={['letter', 'extra']} caption="Letter price per piece, including print and postage" />
      </Section>

      <CtaBand
        title="Sending statements or regulated notices?"
        actions={
          <>
            <LeadButton title="Contact Sales Team" size="lg" variant="inverse">
              Contact Sales Team
            </LeadButton>
            <ButtonLink to="/print/samples" size="lg" variant="glass">
              Get Free Samples
            </ButtonLink>
          </>
        }
      >
        <p>Talk to us about volume pricing, templates and delivery schedules.</p>
      </CtaBand>
    </>
  );
}
