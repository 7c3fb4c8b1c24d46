// What a person is told once their sample request is stored: in the Thank You modal and on the thank-you page
// a post made without script lands on.
import { siteConfig, telHref } from '../../lib/site-config';

export const SAMPLE_THANK_YOU_DESCRIPTION = 'Your free sample pack is on its way.';

export function SampleThankYouText() {
  return (
    <div className="space-y-4 text-slate-700">
      <p>Expect your samples within 3-5 business days. While you wait, a specialist can walk you through a campaign built for your audience.</p>
      <p>
        Questions? Call us at{' '}
        <a href={telHref(siteConfig.phone)} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          {siteConfig.phone}
        </a>
        .
      </p>
    </div>
  );
}
