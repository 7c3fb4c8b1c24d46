// Where a free sample request posted without script lands (the API answers the post with 303 to here, so a
// reload never posts again): the Thank You modal's wording, Schedule Demo and a way back.
import { ButtonLink, ExternalButtonLink } from '../components/ui/button';
import { SAMPLE_THANK_YOU_DESCRIPTION, SampleThankYouText } from '../features/samples';
import { siteConfig } from '../lib/site-config';

export default function SampleThankYouPage() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 sm:py-28">
      <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">Thank You!</h1>
      <p className="mt-3 text-lg font-semibold text-slate-800">{SAMPLE_THANK_YOU_DESCRIPTION}</p>
      <div className="mt-4">
        <SampleThankYouText />
      </div>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <ExternalButtonLink href={siteConfig.links.demoScheduling} size="lg">
          Schedule Demo
        </ExternalButtonLink>
        <ButtonLink to="/print/samples" size="lg" variant="secondary">
          Back to Free Samples
        </ButtonLink>
      </div>
    </section>
  );
}
