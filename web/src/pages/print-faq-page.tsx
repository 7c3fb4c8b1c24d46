// /print/faq: five groups of questions, technical support through the lead modal, and the
// way to the API documentation page.
import { ButtonLink } from '../components/ui/button';
import { LeadButton } from '../features/leads';
import { FAQ_GROUPS, FaqList, HeroBadge, PageHero } from '../features/site';

export default function PrintFaqPage() {
  return (
    <>
      <PageHero badge={<HeroBadge>FAQ</HeroBadge>} title="Frequently asked questions">
        <p>Everything about getting started, pricing, integration, mail specifications and support. Can't find your answer? Our team is one click away.</p>
      </PageHero>
      <div className="bg-slate-50 py-16 sm:py-24">
        <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-3 lg:px-8">
          <div className="lg:col-span-2">
            <FaqList groups={FAQ_GROUPS} />
          </div>
          <aside aria-label="More help" className="space-y-6 lg:sticky lg:top-24 lg:self-start">
            <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <h2 className="text-lg font-semibold text-slate-900">Still have questions?</h2>
              <p className="mt-2 text-slate-600">Our technical team helps with integration, templates and delivery.</p>
              <LeadButton title="Contact Technical Support" className="mt-4 w-full">
                Contact Technical Support
              </LeadButton>
            </div>
            <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <h2 className="text-lg font-semibold text-slate-900">Ready to build?</h2>
              <p className="mt-2 text-slate-600">Endpoints, fields and examples for postcards and letters.</p>
              <ButtonLink to="/print/docs" variant="secondary" className="mt-4 w-full">
                View API Documentation
              </ButtonLink>
            </div>
          </aside>
        </div>
      </div>
    </>
  );
}
