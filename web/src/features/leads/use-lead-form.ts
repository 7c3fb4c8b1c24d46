// State and submission of the lead form, on the public forms' shared machinery: trimmed validation with
// the contract's schema, nothing sent while an error stands, one Idempotency-Key per submission, the spam
// guards. The phone and volume fields exist in the modal only, so the inline form never sends them.
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { HONEYPOT_FORM_FIELD, LEAD_SOURCE_LABEL, sourceLabelForPath, type LeadInput } from '@contract';
import { notifyError } from '../../lib/toast';
import { usePublicForm } from '../../lib/use-public-form';
import { submitLead } from './submit-lead';

export type LeadFormMode = 'inline' | 'modal';

export const EMPTY_LEAD_VALUES = {
  firstName: '',
  lastName: '',
  email: '',
  company: '',
  phone: '',
  industry: '',
  volume: '',
  message: '',
  /** The honeypot: people never see it, so anything in it was typed by a bot. */
  [HONEYPOT_FORM_FIELD]: '',
};
export type LeadFormValues = typeof EMPTY_LEAD_VALUES;
export type LeadField = keyof LeadFormValues;
export type LeadFormStatus = 'idle' | 'submitting' | 'success' | 'queued';

/** The spec's failure message: the toast's text, and the line under the form when a post without script failed. */
export const LEAD_FAILED_MESSAGE = 'Failed to submit form. Please try again.';

const FIELD_ORDER: LeadField[] = ['firstName', 'lastName', 'email', 'company', 'phone', 'industry', 'volume', 'message'];

export function useLeadForm(mode: LeadFormMode) {
  const [outcome, setOutcome] = useState<'idle' | 'success' | 'queued'>('idle');
  /** The Idempotency-Key of a submission saved for later: the queued view follows it until it is sent. */
  const [queuedId, setQueuedId] = useState<string | null>(null);
  const { pathname } = useLocation();
  const form = usePublicForm({
    name: 'lead',
    empty: EMPTY_LEAD_VALUES,
    fieldOrder: FIELD_ORDER,
    loadSchema: () => import('./lead-schema').then((m) => m.leadInputSchema),
    visible: (values) => (mode === 'modal' ? values : { ...values, phone: '', volume: '' }),
    context: [pathname],
    payload: (input, guards): LeadInput => ({ ...input, leadSource: LEAD_SOURCE_LABEL, source: sourceLabelForPath(pathname), ...guards }),
    send: (payload, idempotencyKey, replaces) => submitLead(payload, { idempotencyKey, ...(replaces ? { replaces } : {}) }),
    onSent: () => setOutcome('success'),
    onQueued: (id) => {
      setQueuedId(id);
      setOutcome('queued');
    },
    onFailed: (error) => {
      console.error('Lead submission failed', error);
      notifyError('Error', LEAD_FAILED_MESSAGE);
    },
  });

  /** Back from the Thank You view to an empty form, whose fill-time clock starts again. */
  function reset() {
    form.restartClock();
    setOutcome('idle');
  }

  const status: LeadFormStatus = form.submitting ? 'submitting' : outcome;
  return {
    values: form.values, errors: form.errors, status, queuedId, setField: form.setField, submit: form.submit, reset, formRef: form.formRef,
    prepare: form.prepare, failedBeforeScript: form.failedBeforeScript, focusOnLoad: form.focusOnLoad, bind: form.bind, idOf: form.idOf, pagePath: pathname,
  };
}
