// The success view of the lead form: focus moves to its heading so the change is announced.
import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button';
import { LeadThankYouText } from './lead-thank-you-text';

export function LeadThankYou({ onClose }: { onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col items-center px-2 py-8 text-center">
      <span aria-hidden="true" className="mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-green-700">
        <svg viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2.5">
          <path d="M5 13l4 4L19 7" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <h3 ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none">
        Thank You!
      </h3>
      <LeadThankYouText className="mt-2 max-w-sm text-slate-600" />
      <Button variant="secondary" className="mt-6" onClick={onClose}>
        Close
      </Button>
    </div>
  );
}
