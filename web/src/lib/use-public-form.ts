// The machinery every public form shares (the lead form, the free sample form): values and per-field
// errors, validation with the contract's schema before anything is sent (an error stands until its field
// changes), one Idempotency-Key per submission that a retry with unchanged values reuses, the spam guards
// (the honeypot field and the time taken to fill the form), and the outcome: sent, saved on the device
// for later, or failed. What each outcome looks like stays with each form.
import { useEffect, useRef, useState } from 'react';
import type * as z from 'zod/mini';
import { fieldErrors } from '@contract';
import { useSubmissionAttempt } from './use-submission-attempt';

/** Every public form's values are strings, and every form carries the honeypot `website`. */
export type PublicFormValues = Record<string, string> & { website: string };

/** The spam guards sent with every public form: the honeypot's content and the fill time. */
export interface SpamGuards {
  website: string;
  elapsedMs: number;
}

type ParseResult<I> = { success: true; data: I } | { success: false; error: z.core.$ZodError };

export interface PublicFormOptions<V extends PublicFormValues, I, P> {
  empty: V;
  /** Fields in the order they appear, so the first invalid one can take focus. */
  fieldOrder: readonly Extract<keyof V, string>[];
  /** The contract's schema for the form's input. */
  schema: { safeParse: (input: unknown) => ParseResult<I> };
  /** The values the visitor can see; fields the form does not show are never sent. Defaults to all. */
  visible?: (values: V) => V;
  /** What else makes a submission different besides its values (e.g. the page it is sent from). */
  context?: readonly unknown[];
  /** The body for checked input; built once per submission, so a retry sends the same bytes. */
  payload: (input: I, guards: SpamGuards) => P;
  send: (payload: P, idempotencyKey: string) => Promise<'sent' | 'queued'>;
  onSent: () => void;
  /** Saved on the device for later; the key identifies the waiting submission. */
  onQueued: (idempotencyKey: string) => void;
  /** Refused or failed: the values stay, and the form says so in its own words. */
  onFailed: (error: unknown) => void;
}

export function usePublicForm<V extends PublicFormValues, I, P>(options: PublicFormOptions<V, I, P>) {
  const [values, setValues] = useState<V>(options.empty);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const shownAt = useRef(0);
  const { attemptFor, settle } = useSubmissionAttempt<P>();

  // The fill-time clock starts when the form is first on screen (after hydration, never during render,
  // so the prerendered HTML and the first client render agree).
  useEffect(() => {
    shownAt.current = performance.now();
  }, []);

  /** A new fill begins: the clock starts again. */
  function restartClock() {
    shownAt.current = performance.now();
  }

  function setField(field: keyof V, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => {
      if (!e[field]) return e;
      const { [field]: _dropped, ...rest } = e;
      return rest as Partial<Record<keyof V, string>>;
    });
  }

  /** Validates, then sends. Returns the first invalid field when nothing was sent because of errors. */
  async function submit(): Promise<Extract<keyof V, string> | null> {
    if (submitting) return null;
    const { website, ...fields } = (options.visible ?? ((v: V) => v))(values);
    const parsed = options.schema.safeParse(fields);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error) as Partial<Record<keyof V, string>>;
      setErrors(found);
      return options.fieldOrder.find((f) => found[f]) ?? null;
    }
    setErrors({});
    const input = parsed.data;
    const attempt = attemptFor(JSON.stringify([input, website, ...(options.context ?? [])]), () =>
      options.payload(input, { website, elapsedMs: Math.round(performance.now() - shownAt.current) }),
    );
    setSubmitting(true);
    try {
      const outcome = await options.send(attempt.payload, attempt.idempotencyKey);
      settle();
      setValues(options.empty);
      restartClock();
      if (outcome === 'queued') options.onQueued(attempt.idempotencyKey);
      else options.onSent();
    } catch (error) {
      options.onFailed(error);
    } finally {
      setSubmitting(false);
    }
    return null;
  }

  return { values, errors, submitting, setField, submit, restartClock };
}
