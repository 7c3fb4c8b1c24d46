// /digital-audience, with the product's published figures. 'Start Building Audiences' has no action in
// the product and stays without one.
import { Button } from '../components/ui/button';
import { useLeadModal } from '../features/leads';
import { CampaignActions, CtaBand, FeatureGrid, HeroBadge, PageHero, Section, StatGrid } from '../features/site';

export default function DigitalAudiencePage() {
  const openLeadModal = useLeadModal();
  const openLead = () => openLeadModal({ title: 'Build Your Audience' });
  return (
    <>
      <PageHero
        badge={<HeroBadge>Digital Audiences</HeroBadge>}
        title="Reach your mail audience everywhere they go online"
        actions={<CampaignActions leadLabel="Build Your Audience" onLead={openLead} />}
      >
        <p>Turn your mailing list into a precise digital audience, so the people who get your postcard see you again on social, display and video.</p>
      </PageHero>

      <Section eyebrow="The data" title="Precision built from data you can trust" tone="muted">
        <StatGrid
          stats={[
            { value: '50+', label: 'data sources' },
            { value: '1,000+', label: 'segments' },
            { value: '25-40%', label: 'match-rate gain' },
            { value: '2x', label: 'precision' },
          ]}
        />
      </Section>

      <Section eyebrow="How it works" title="From mailing list to audience in three steps">
        <FeatureGrid
          features={[
            { title: 'Match', icon: 'link', description: 'We match your list against 50+ data sources for a higher match rate than uploading it yourself.' },
            { title: 'Enrich', icon: 'layers', description: 'Add any of 1,000+ segments to find more people like your best responders.' },
            { title: 'Activate', icon: 'target', description: 'Push the audience to your ad platforms and time it with your mail drops.' },
          ]}
        />
      </Section>

      <Section eyebrow="Get going" title="Your first audience, ready in days" tone="muted">
        <div className="flex flex-col items-start gap-6 rounded-2xl bg-white p-6 ring-1 ring-slate-200 sm:p-10 lg:flex-row lg:items-center lg:justify-between">
          <p className="max-w-2xl text-lg text-slate-700">Start from a past mailing or a fresh list. We handle matching, privacy-safe onboarding and reporting.</p>
          <Button size="lg" className="shrink-0">
            Start Building Audiences
          </Button>
        </div>
      </Section>

      <CtaBand title="Make every mail piece work online too" actions={<CampaignActions leadLabel="Build Your Audience" onLead={openLead} />}>
        <p>See how a digital audience fits your next campaign.</p>
      </CtaBand>
    </>
  );
}
