// /USPSInformedDelivery, with the product's published figures. 'Start Integration' has no action in the
// product and stays without one.
import { Button } from '../components/ui/button';
import { LEAD_DIALOG_TITLES, useLeadModal } from '../features/leads';
import { CampaignActions, CheckList, CtaBand, HeroBadge, PageHero, Section, StatGrid } from '../features/site';

const STEPS = [
  { title: 'You mail as usual', text: 'Your postcards and letters go out through our print and mail service.' },
  { title: 'USPS scans every piece', text: 'Each recipient who uses Informed Delivery is matched to your mailing.' },
  { title: 'Your ad lands in their inbox', text: 'A full-colour ride-along image and a link appear in their morning e-mail.' },
  { title: 'You track every click', text: 'Clicks and visits join your mail responses in one report.' },
];

const GET_STARTED = 'Get Started';

export default function InformedDeliveryPage() {
  const openLeadModal = useLeadModal();
  const openLead = () => openLeadModal({ title: LEAD_DIALOG_TITLES[GET_STARTED] });
  return (
    <>
      <PageHero
        badge={<HeroBadge>USPS Informed Delivery</HeroBadge>}
        title="Land in the inbox before you land in the mailbox"
        actions={<CampaignActions leadLabel={GET_STARTED} onLead={openLead} />}
      >
        <p>Every campaign can add a clickable, full-colour preview to the USPS Informed Delivery e-mail your recipients already read each morning.</p>
      </PageHero>

      <Section eyebrow="The reach" title="An inbox people open every day" tone="muted">
        <StatGrid
          stats={[
            { value: '58M+', label: 'households' },
            { value: '37M+', label: 'daily users' },
            { value: '96%', label: 'placement in position 1-2' },
            { value: '2x', label: 'engagement' },
          ]}
        />
      </Section>

      <Section eyebrow="How it works" title="Two impressions from every piece">
        <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((s, i) => (
            <li key={s.title} className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
              <span className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 font-bold text-white">{i + 1}</span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{s.title}</h3>
              <p className="mt-2 leading-7 text-slate-600">{s.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section eyebrow="Included" title="Everything handled for you" tone="muted">
        <div className="grid gap-8 rounded-2xl bg-white p-6 ring-1 ring-slate-200 sm:p-10 lg:grid-cols-2 lg:items-center">
          <CheckList
            items={[
              'Campaign set-up with USPS on your behalf',
              'Ride-along image and link designed to match your mail piece',
              'Click tracking alongside QR and personalised URL responses',
              'No change to how you send your mail',
            ]}
          />
          <div className="lg:text-right">
            <Button size="lg">Start Integration</Button>
          </div>
        </div>
      </Section>

      <CtaBand title="Double the impact of your next mailing" actions={<CampaignActions leadLabel={GET_STARTED} onLead={openLead} />}>
        <p>Add Informed Delivery to any postcard or letter campaign.</p>
      </CtaBand>
    </>
  );
}
