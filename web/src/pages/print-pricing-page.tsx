// /print/pricing: the per-piece price tiers by monthly volume (static, prerendered) and the pricing products staff manage,
// fetched in the browser in their sort order.
import { ButtonLink } from '../components/ui/button';
import { LeadButton } from '../features/leads';
import { PriceTable, PricingProductCards } from '../features/pricing-public';
import { CheckList, CtaBand, HeroBadge, PageHero, Section } from '../features/site';

export default function PrintPricingPage() {
  return (
    <>
      <PageHero badge={<HeroBadge>Pricing</HeroBadge>} title="Simple per-piece pricing, postage included">
        <p>No setup fees, no minimums and no monthly contract. Your tier follows your monthly volume across every product.</p>
      </PageHero>

      <Section
        eyebrow="Price list"
        title="Price per piece by monthly volume"
        intro="Every price includes printing and postage. Duplex printing is free."
        tone="muted"
      >
        <PriceTable showSupport />
        <div className="mt-10 grid gap-8 rounded-2xl bg-white p-6 ring-1 ring-slate-200 sm:p-8 md:grid-cols-2">
          <CheckList items={['No minimums: mail one piece or a million', 'Charged only when pieces are submitted to USPS', 'Invalid addresses are never charged']} />
          <CheckList items={['Custom pricing above 100,000 pieces a month', 'DryRun calls are always free', 'Email support for every account']} />
        </div>
      </Section>

      <Section eyebrow="Products" title="Popular products" intro="Starting prices for the products our customers mail most.">
        <PricingProductCards />
      </Section>

      <CtaBand
        title="Mailing more than 100,000 pieces a month?"
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
        <p>We will build custom pricing around your volume, with 24x7 phone support.</p>
      </CtaBand>
    </>
  );
}
