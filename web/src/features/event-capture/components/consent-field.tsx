// The person's consent to be contacted, in the site's one wording (CAPTURE_CONSENT). Unticked is an answer
// too: the capture is stored and the lead marked as captured without consent.
import { CAPTURE_CONSENT } from '@contract';
import { useCaptureDraft } from '../capture-draft';

export function ConsentField() {
  const consent = useCaptureDraft((s) => s.consent);
  const setConsent = useCaptureDraft((s) => s.setConsent);
  return (
    <div className="flex items-start gap-3 rounded-lg bg-slate-50 px-3 py-1.5 ring-1 ring-slate-200">
      <input
        id="capture-consent"
        type="checkbox"
        checked={consent}
        onChange={(e) => setConsent(e.target.checked)}
        className="mt-0.5 h-6 w-6 shrink-0 rounded border-slate-400 text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      />
      <label htmlFor="capture-consent" className="text-sm text-slate-800">
        {CAPTURE_CONSENT.text}
      </label>
    </div>
  );
}
