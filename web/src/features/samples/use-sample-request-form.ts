// State and submission of the free sample form, on the public forms' shared machinery. The browser
// enforces the required fields first; the contract's schema then trims and checks formats (ZIP) before
// anything is sent. Success opens the Thank You modal; a request saved for later shows the queued notice.
import { useState } from 'react';
import { HONEYPOT_FORM_FIELD, type SampleRequestInput } from '@contract';
import { notifyError } from '../../lib/toast';
import { usePublicForm } from '../../lib/use-public-form';
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
  /** The honeypot: people never see it, so anything in it was typed by a bot. */
  [HONEYPOT_FORM_FIELD]: '',
};
export type SampleFormValues = typeof EMPTY_SAMPLE_VALUES;
export type SampleField = keyof SampleFormValues;

/** The spec's failure message: the toast, and the line under the form when a post without script failed. */
export const SAMPLE_FAILED_MESSAGE = 'Failed to submit sample request. Please try again.';

const FIELD_ORDER: SampleField[] = ['firstName', 'lastName', 'email', 'phone', 'company', 'addressLine1', 'addressLine2', 'city', 'state', 'zip', 'sampleType', 'notes'];

export function useSampleRequestForm() {
  const [thankYouOpen, setThankYouOpen] = useState(false);
  /** The Idempotency-Key of a request saved for later; the queued notice follows it until it is sent. */
  const [queuedId, setQueuedId] = useState<string | null>(null);
  const form = usePublicForm({
    name: 'sample',
    empty: EMPTY_SAMPLE_VALUES,
    fieldOrder: FIELD_ORDER,
    loadSchema: () => import('./sample-schema').then((m) => m.sampleRequestInputSchema),
    payload: (input, guards): SampleRequestInput => ({ ...input, ...guards }),
    send: (payload, idempotencyKey, replaces) => submitSampleRequest(payload, { idempotencyKey, ...(replaces ? { replaces } : {}) }),
    onSent: () => setThankYouOpen(true),
    onQueued: setQueuedId,
    onFailed: (error) => {
      console.error('Sample request failed', error);
      notifyError(SAMPLE_FAILED_MESSAGE);
    },
  });

  return {
    values: form.values, errors: form.errors, submitting: form.submitting, setField: form.setField, submit: form.submit,
    formRef: form.formRef, prepare: form.prepare, failedBeforeScript: form.failedBeforeScript, focusOnLoad: form.focusOnLoad, bind: form.bind, idOf: form.idOf,
    thankYouOpen, queuedId,
    closeThankYou: () => setThankYouOpen(false),
    closeQueued: () => setQueuedId(null),
  };
}
