// State and submission of the free sample form (spec §4, §5, §8). The browser enforces the required
// fields first; the shared schema then trims and checks formats (ZIP) before anything is sent.
import { useEffect, useRef, useState } from 'react';
import { fieldErrors, sampleRequestInputSchema, type SampleRequestInput } from '@contract';
import { notifyError } from '../../lib/toast';
import { useSubmissionAttempt } from '../../lib/use-submission-attempt';
import { submitSampleRequest } from './submit-sample-request';

export const EMPTY_SAMPLE_VALUES = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  company: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  zip: '',
  sampleType: '',
  notes: '',
  /** The honeypot (contract §5). */
  website: '',
};
export type SampleFormValues = typeof EMPTY_SAMPLE_VALUES;
export type SampleField = keyof SampleFormValues;

const FIELD_ORDER: SampleField[] = ['firstName', 'lastName', 'email', 'phone', 'company', 'addressLine1', 'addressLine2', 'city', 'state', 'zip', 'sampleType', 'notes'];

export function useSampleRequestForm() {
  const [values, setValues] = useState<SampleFormValues>(EMPTY_SAMPLE_VALUES);
  const [errors, setErrors] = useState<Partial<Record<SampleField, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [thankYouOpen, setThankYouOpen] = useState(false);
  /** The Idempotency-Key of a request saved for later; the queued notice follows it until it is sent. */
  const [queuedId, setQueuedId] = useState<string | null>(null);
  const shownAt = useRef(0);
  const { attemptFor, settle } = useSubmissionAttempt<SampleRequestInput>();

  useEffect(() => {
    shownAt.current = performance.now();
  }, []);

  function setField(field: SampleField, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => {
      if (!e[field]) return e;
      const { [field]: _dropped, ...rest } = e;
      return rest;
    });
  }

  /** Sends the request; returns the first invalid field when the schema refused the values. */
  async function submit(): Promise<SampleField | null> {
    if (submitting) return null;
    const { website, ...fields } = values;
    const parsed = sampleRequestInputSchema.safeParse(fields);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error) as Partial<Record<SampleField, string>>;
      setErrors(found);
      return FIELD_ORDER.find((f) => found[f]) ?? null;
    }
    setErrors({});
    const attempt = attemptFor(JSON.stringify([parsed.data, website]), () => ({
      ...parsed.data,
      website,
      elapsedMs: Math.round(performance.now() - shownAt.current),
    }));
    setSubmitting(true);
    try {
      const outcome = await submitSampleRequest(attempt.payload, { idempotencyKey: attempt.idempotencyKey });
      settle();
      setValues(EMPTY_SAMPLE_VALUES);
      shownAt.current = performance.now();
      if (outcome === 'queued') setQueuedId(attempt.idempotencyKey);
      else setThankYouOpen(true);
    } catch (error) {
      console.error('Sample request failed', error);
      notifyError('Failed to submit sample request. Please try again.');
    } finally {
      setSubmitting(false);
    }
    return null;
  }

  return {
    values, errors, submitting, setField, submit, thankYouOpen, queuedId,
    closeThankYou: () => setThankYouOpen(false),
    closeQueued: () => setQueuedId(null),
  };
}
