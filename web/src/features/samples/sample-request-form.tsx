// The free sample request form: browser-level required fields, all 50 states, sample types
// postcards / letters / both. Success opens the Thank You modal; failure keeps what was typed.
import { lazy, useState, type FormEvent } from 'react';
import { OptionalPart } from '../../components/ui/optional-part';
import { HONEYPOT_FORM_FIELD, LIMITS, SAMPLE_TYPES, US_STATES } from '@contract';
import { Button } from '../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../components/ui/form-field';
import { QueuedNotice } from '../../components/ui/queued-notice';
import { Honeypot } from '../../components/ui/honeypot';
import { FillTimeField } from '../../components/ui/fill-time-field';
import { SAMPLE_FAILED_MESSAGE, useSampleRequestForm, type SampleField } from './use-sample-request-form';

// The Thank You modal (and the dialog library under it) loads when the form is first focused, not with
// the page; it is only ever shown after a submission.
const loadThankYou = () => import('./sample-thank-you-modal');
const SampleThankYouModal = lazy(() => loadThankYou().then((m) => ({ default: m.SampleThankYouModal })));

export function SampleRequestForm() {
  const form = useSampleRequestForm();
  const [thankYouNeeded, setThankYouNeeded] = useState(false);
  if (form.thankYouOpen && !thankYouNeeded) setThankYouNeeded(true);
  const prepare = () => {
    form.prepare();
    void loadThankYou().catch(() => undefined);
  };
  const { bind, idOf } = form;

  // Runs only once the browser's own required-field check has passed.
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const firstInvalid = await form.submit();
    if (firstInvalid) document.getElementById(idOf(firstInvalid))?.focus();
  }

  return (
    <>
      {form.queuedId ? (
        <div className="mb-8">
          <QueuedNotice id={form.queuedId} onDone={form.closeQueued} />
        </div>
      ) : null}
      {/* method and action: until the page's script has run (or when it never does), the browser posts the form
          to the API itself, which answers with a page (api/src/modules/public-forms/form-post.ts). */}
      <form
        ref={form.formRef}
        method="post"
        action="/api/print-samples"
        aria-label="Free sample request"
        onSubmit={onSubmit}
        onFocus={prepare}
        className="space-y-8"
      >
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-4 text-base font-semibold text-slate-900">Your details</legend>
          <TextField label="First Name" required autoComplete="given-name" {...bind('firstName')} />
          <TextField label="Last Name" required autoComplete="family-name" {...bind('lastName')} />
          <TextField label="Email Address" type="email" required autoComplete="email" {...bind('email')} />
          <TextField label="Phone Number" type="tel" autoComplete="tel" {...bind('phone')} />
          <div className="sm:col-span-2">
            <TextField label="Company Name" autoComplete="organization" {...bind('company')} />
          </div>
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-6">
          <legend className="mb-4 text-base font-semibold text-slate-900">Where should we send it?</legend>
          <div className="sm:col-span-6">
            <TextField label="Address Line 1" required autoComplete="address-line1" {...bind('addressLine1')} />
          </div>
          <div className="sm:col-span-6">
            <TextField label="Address Line 2" autoComplete="address-line2" placeholder="Apartment, suite, floor (optional)" {...bind('addressLine2')} />
          </div>
          <div className="sm:col-span-2">
            <TextField label="City" required autoComplete="address-level2" {...bind('city')} />
          </div>
          <div className="sm:col-span-2">
            <SelectField label="State" required autoComplete="address-level1" {...bind('state')}>
              <option value="">Select a state</option>
              {US_STATES.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </SelectField>
          </div>
          <div className="sm:col-span-2">
            <TextField label="ZIP Code" required inputMode="numeric" autoComplete="postal-code" {...bind('zip')} />
          </div>
        </fieldset>
        <fieldset className="grid gap-4">
          <legend className="mb-4 text-base font-semibold text-slate-900">Your samples</legend>
          <SelectField label="Sample Type" required {...bind('sampleType')}>
            <option value="">Select sample type</option>
            {SAMPLE_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </SelectField>
          <TextAreaField label="Additional Notes" rows={4} placeholder="Anything we should know about your campaign?" maxChars={LIMITS.longText} {...bind('notes')} />
        </fieldset>
        <Honeypot id={idOf(HONEYPOT_FORM_FIELD)} value={form.values[HONEYPOT_FORM_FIELD]} onChange={(v) => form.setField(HONEYPOT_FORM_FIELD, v)} />
        <FillTimeField />
        {form.failedBeforeScript ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {SAMPLE_FAILED_MESSAGE}
          </p>
        ) : null}
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={form.submitting} autoFocus={form.focusOnLoad === 'submit' || undefined}>
          {form.submitting ? 'Submitting...' : 'Request Free Samples'}
        </Button>
      </form>
      {thankYouNeeded ? (
        <OptionalPart>
          <SampleThankYouModal open={form.thankYouOpen} onClose={form.closeThankYou} />
        </OptionalPart>
      ) : null}
    </>
  );
}
