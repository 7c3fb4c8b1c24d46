// State and submission of the lead form (spec §2, §4, §5): trimmed validation with the shared schema,
// nothing sent while an error stands, one Idempotency-Key per submission, the spam guards of contract §5.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { LEAD_SOURCE_LABEL, fieldErrors, leadInputSchema, sourceLabelForPath, type LeadInput } from '@contract';
import { notifyError } from '../../lib/toast';
import { useSubmissionAttempt } from '../../lib/use-submission-attempt';
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
  website: '',
};
export type LeadFormValues = typeof EMPTY_LEAD_VALUES;
export type LeadField = keyof LeadFormValues;
export type LeadFormStatus = 'idle' | 'submitting' | 'success' | 'queued';

/** Order in which fields appear, so the first invalid one can take focus. */
const FIELD_ORDER: LeadField[] = ['firstName', 'lastName', 'email', 'company', 'phone', 'industry', 'volume', 'message'];

export function useLeadForm(mode: LeadFormMode) {
  const [values, setValues] = useState<LeadFormValues>(EMPTY_LEAD_VALUES);
  const [errors, setErrors] = useState<Partial<Record<LeadField, string>>>({});
  const [status, setStatus] = useState<LeadFormStatus>('idle');
  /** The Idempotency-Key of a submission saved for later: the queued view follows it until it is sent. */
  const [queuedId, setQueuedId] = useState<string | null>(null);
  const shownAt = useRef(0);
  const { pathname } = useLocation();
  const { attemptFor, settle } = useSubmissionAttempt<LeadInput>();

  // The fill-time clock starts when the form is first on screen (after hydration, never during render,
  // so the prerendered HTML and the first client render agree).
  useEffect(() => {
    shownAt.current = performance.now();
  }, []);

  function setField(field: LeadField, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => {
      if (!e[field]) return e;
      const { [field]: _dropped, ...rest } = e;
      return rest;
    });
  }

  /** Validates, then sends. Returns the first invalid field when nothing was sent because of errors. */
  async function submit(): Promise<LeadField | null> {
    if (status === 'submitting') return null;
    // Fields the modal alone shows (spec §2) are never sent from the inline form.
    const visible = mode === 'modal' ? values : { ...values, phone: '', volume: '' };
    const { website, ...fields } = visible;
    const parsed = leadInputSchema.safeParse(fields);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error) as Partial<Record<LeadField, string>>;
      setErrors(found);
      return FIELD_ORDER.find((f) => found[f]) ?? null;
    }
    setErrors({});
    const attempt = attemptFor(JSON.stringify([parsed.data, website, pathname]), () => ({
      ...parsed.data,
      leadSource: LEAD_SOURCE_LABEL,
      source: sourceLabelForPath(pathname),
      website,
      elapsedMs: Math.round(performance.now() - shownAt.current),
    }));
    setStatus('submitting');
    try {
      const outcome = await submitLead(attempt.payload, { idempotencyKey: attempt.idempotencyKey });
      settle();
      setValues(EMPTY_LEAD_VALUES);
      if (outcome === 'queued') setQueuedId(attempt.idempotencyKey);
      setStatus(outcome === 'queued' ? 'queued' : 'success');
    } catch (error) {
      console.error('Lead submission failed', error);
      notifyError('Error', 'Failed to submit form. Please try again.');
      setStatus('idle');
    }
    return null;
  }

  /** Back from the Thank You view to an empty form, whose fill-time clock starts again. */
  function reset() {
    shownAt.current = performance.now();
    setStatus('idle');
  }

  return { values, errors, status, queuedId, setField, submit, reset };
}
