// What a person is told once their lead is stored: in the form's Thank You view and on the thank-you page a
// post made without script lands on.
import { siteConfig, telHref } from '../../lib/site-config';

export function LeadThankYouText({ className = '' }: { className?: string }) {
  return (
    <p className={className}>
      We have your request and will be in touch within one business day. Need us sooner? Call{' '}
      <a href={telHref(siteConfig.phone)} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
        {siteConfig.phone}
      </a>
      .
    </p>
  );
}
