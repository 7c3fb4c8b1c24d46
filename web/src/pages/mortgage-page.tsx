// /mortgage: mortgage lead generation, with the product's published figures. 'Calculate Your ROI' has
// no action in the product and stays without one.
import { Button } from '../components/ui/button';
import { LEAD_DIALOG_TITLES, useLeadModal } from '../features/leads';
import { CampaignActions, CheckList, CtaBand, FeatureGrid, HeroBadge, PageHero, Section, StatGrid } from '../features/site';

const CONSULTATION = 'Get Free Consultation';

export default function MortgagePage() {
  const openLeadModal = useLeadModal();
  const openConsultation = () => openLeadModal({ title: LEAD_DIALOG_TITLES[CONSULTATION] });
  return (
    <>
      <PageHero
        badge={<HeroBadge>Mortgage Lead Generation</HeroBadge>}
        title="Fund more loans for under $500 each"
        actions={<CampaignActions leadLabel={CONSULTATION} onLead={openConsultation} />}
      >
        <p>
          Personalised mail that reaches homeowners when they are ready to buy or refinance, with every response tracked from the
          mailbox to the funded loan.
        </p>
      </PageHero>

      <Section eyebrow="Results" title="Proven with lenders across the country" tone="muted">
        <StatGrid
          stats={[
            { value: '<$500', label: 'cost per funded loan' },
            { value: '250M+', label: 'pieces mailed' },
            { value: '3', label: 'partner top-25 lenders' },
          ]}
        />
      </Section>

      <Section eyebrow="What you get" title="A complete mortgage mail program">
        <FeatureGrid
          features={[
            { title: 'Targeted lists', icon: 'target', description: 'Reach homeowners by equity, rate, loan age and life events, refreshed for every drop.' },
            { title: 'Personalised offers', icon: 'sparkles', description: 'Each letter shows the borrower’s own numbers, their loan officer and a personalised URL.' },
            { title: 'Full attribution', icon: 'chart', description: 'Calls, visits and applications are tied back to the piece, so you know your cost per funded loan.' },
            { title: 'CRM integration', icon: 'database', description: 'Responses land in your CRM and loan origination system, ready for your team.' },
            { title: 'Fast turnaround', icon: 'bolt', description: 'First Class delivery in 2-3 business days, so offers arrive while rates still apply.' },
            { title: 'Trusted since 1989', icon: 'shield', description: 'Decades of regulated, time-sensitive mail for lenders and banks.' },
          ]}
        />
      </Section>

      <Section eyebrow="Your numbers" title="See what mail could do for your pipeline" tone="muted">
        <div className="grid gap-8 rounded-2xl bg-white p-6 ring-1 ring-slate-200 sm:p-10 lg:grid-cols-2 lg:items-center">
          <CheckList items={['Estimate responses and funded loans from your volume', 'Compare cost per funded loan with your current channels', 'Plan drops around your team’s capacity']} />
          <div className="lg:text-right">
            <Button size="lg">Calculate Your ROI</Button>
          </div>
        </div>
      </Section>

      <CtaBand title="Ready to fill your pipeline?" actions={<CampaignActions leadLabel={CONSULTATION} onLead={openConsultation} />}>
        <p>Talk to a mortgage mail specialist about your markets and goals.</p>
      </CtaBand>
    </>
  );
}
