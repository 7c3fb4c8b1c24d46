// The lead form, inline on a page or inside the lead modal. Fields per mode: phone and volume in the
// modal only; the message box is 3 rows in the modal and 4 inline.
import type { FormEvent } from 'react';
import { FORM_PAGE_FIELD, HONEYPOT_FORM_FIELD, INDUSTRIES, LIMITS, VOLUMES } from '@contract';
import { Button } from '../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../components/ui/form-field';
import { QueuedNotice } from '../../components/ui/queued-notice';
import { Honeypot } from '../../components/ui/honeypot';
import { FillTimeField } from '../../components/ui/fill-time-field';
import { LeadThankYou } from './lead-thank-you';
import { LEAD_FAILED_MESSAGE, useLeadForm, type LeadField, type LeadFormMode } from './use-lead-form';

interface LeadFormProps {
  mode: LeadFormMode;
  /** Accessible name of the form, e.g. "Demo request". */
  label: string;
  /** Closing the Thank You view: the modal closes itself; inline, the empty form comes back. */
  onDone?: () => void;
  submitLabel?: string;
}

export function LeadForm({ mode, label, onDone, submitLabel = 'Send Request' }: LeadFormProps) {
  const form = useLeadForm(mode);
  const modal = mode === 'modal';
  const { bind, idOf } = form;

  if (form.status === 'success') {
    return (
      <LeadThankYou
        onClose={() => {
          form.reset();
          onDone?.();
        }}
      />
    );
  }

  if (form.status === 'queued' && form.queuedId) {
    return (
      <QueuedNotice
        id={form.queuedId}
        onDone={() => {
          form.reset();
          onDone?.();
        }}
      />
    );
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const firstInvalid = await form.submit();
    if (firstInvalid) document.getElementById(idOf(firstInvalid))?.focus();
  }

  return (
    // noValidate: the product's own messages ('First name is required') appear under the fields instead of
    // the browser's bubbles. method and action: until the page's script has run (or when it never does), the
    // browser posts the form to the API itself, which answers with a page (api/src/modules/public-forms/form-post.ts).
    <form
      ref={form.formRef}
      method="post"
      action="/api/leads"
      noValidate
      aria-label={label}
      onSubmit={onSubmit}
      onFocus={form.prepare}
      className="grid gap-4 sm:grid-cols-2"
    >
      <input type="hidden" name={FORM_PAGE_FIELD} value={form.pagePath} />
      {/* In the modal, Headless UI's Dialog puts focus here first (data-autofocus). */}
      <TextField label="First Name" required autoComplete="given-name" data-autofocus={modal || undefined} {...bind('firstName')} />
      <TextField label="Last Name" required autoComplete="family-name" {...bind('lastName')} />
      <TextField label="Email" type="email" required autoComplete="email" {...bind('email')} />
      {modal ? <TextField label="Phone" type="tel" autoComplete="tel" {...bind('phone')} /> : null}
      <TextField label="Company" autoComplete="organization" {...bind('company')} />
      <div className={modal ? '' : 'sm:col-span-2'}>
        <SelectField label="Industry" {...bind('industry')}>
          <option value="">Select your industry</option>
          {INDUSTRIES.map((i) => (
            <option key={i.value} value={i.value}>
              {i.label}
            </option>
          ))}
        </SelectField>
      </div>
      {modal ? (
        <div className="sm:col-span-2">
          <SelectField label="Monthly Volume" {...bind('volume')}>
            <option value="">Select your monthly volume</option>
            {VOLUMES.map((v) => (
              <option key={v.value} value={v.value}>
                {v.label}
              </option>
            ))}
          </SelectField>
        </div>
      ) : null}
      <div className="sm:col-span-2">
        <TextAreaField label="Message" rows={modal ? 3 : 4} placeholder="Tell us about your mailing goals" maxChars={LIMITS.longText} {...bind('message')} />
      </div>
      <Honeypot id={idOf(HONEYPOT_FORM_FIELD)} value={form.values[HONEYPOT_FORM_FIELD]} onChange={(v) => form.setField(HONEYPOT_FORM_FIELD, v)} />
      <FillTimeField />
      <div className="sm:col-span-2">
        {form.failedBeforeScript ? (
          <p role="alert" className="mb-3 text-sm font-medium text-red-700">
            {LEAD_FAILED_MESSAGE}
          </p>
        ) : null}
        <Button type="submit" size="lg" className="w-full" disabled={form.status === 'submitting'} autoFocus={form.focusOnLoad === 'submit' || undefined}>
          {form.status === 'submitting' ? 'Submitting...' : submitLabel}
        </Button>
        <p className="mt-3 text-center text-xs text-slate-600">We reply within one business day. No spam, ever.</p>
      </div>
    </form>
  );
}
