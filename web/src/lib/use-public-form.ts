// The machinery every public form shares (the lead form, the free sample form): values and per-field
// errors, validation with the contract's schema before anything is sent (an error stands until its field
// changes), one Idempotency-Key per submission that a retry with unchanged values reuses, the spam guards
// (the honeypot field and the time taken to fill the form), and the outcome: sent, saved on the device
// for later, or failed. What each outcome looks like stays with each form.
//
// The schema (zod, about 7 KB) is not part of a page's first load: it loads when the visitor first focuses the
// form (prepare), and a submission waits for it. A submission made when it cannot be loaded (the connection
// dropped before the visitor touched the form) goes to the outbox as typed: the server validates every
// submission anyway, and one it refuses waits in the outbox's failed list, where the visitor corrects it.
// The sending code is the outbox, which every page's entry carries. What was typed into the prerendered form
// before the page's script ran is taken over at hydration (the form's ref), never wiped.
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import type * as z from 'zod/mini';
import { fieldErrors, HONEYPOT_FORM_FIELD, normaliseEmail } from '@contract';
import { useSubmissionAttempt } from './use-submission-attempt';
import { useFormEcho, type PublicFormName } from './form-echo';

/** Every public form's values are strings, and every form carries the honeypot (HONEYPOT_FORM_FIELD). */
export type PublicFormValues = Record<string, string> & { [HONEYPOT_FORM_FIELD]: string };

/** The spam guards sent with every public form: the honeypot's content and the fill time. */
export interface SpamGuards {
  [HONEYPOT_FORM_FIELD]: string;
  elapsedMs: number;
}

type ParseResult<I> = { success: true; data: I } | { success: false; error: z.core.$ZodError };

export interface PublicFormOptions<V extends PublicFormValues, I, P> {
  /** Which form this is: the server's answer to a post made without script fills it in by this name. */
  name: PublicFormName;
  empty: V;
  /** Fields in the order they appear, so the first invalid one can take focus. */
  fieldOrder: readonly Extract<keyof V, string>[];
  /** Loads the contract's schema for the form's input. */
  loadSchema: () => Promise<{ safeParse: (input: unknown) => ParseResult<I> }>;
  /** The values the visitor can see; fields the form does not show are never sent. Defaults to all. */
  visible?: (values: V) => V;
  /** What else makes a submission different besides its values (e.g. the page it is sent from). */
  context?: readonly unknown[];
  /** The body for checked input; built once per submission, so a retry sends the same bytes. */
  payload: (input: I, guards: SpamGuards) => P;
  /** `replaces`: the key of this form's earlier, unsettled submission that this one supersedes. */
  send: (payload: P, idempotencyKey: string, replaces?: string) => Promise<'sent' | 'queued'>;
  onSent: () => void;
  /** Saved on the device for later; the key identifies the waiting submission. */
  onQueued: (idempotencyKey: string) => void;
  /** Refused or failed: the values stay, and the form says so in its own words. */
  onFailed: (error: unknown) => void;
}

export function usePublicForm<V extends PublicFormValues, I, P>(options: PublicFormOptions<V, I, P>) {
  const echo = useFormEcho(options.name);
  const [values, setValues] = useState<V>(() => (echo ? { ...options.empty, ...pick(echo.values, options.empty) } : options.empty));
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>(() => (echo?.errors ?? {}) as Partial<Record<keyof V, string>>);
  const [submitting, setSubmitting] = useState(false);
  const shownAt = useRef(0);
  const formRef = useRef<HTMLFormElement>(null);
  /** A submission is waiting for the schema to load: a second press in that moment is ignored. */
  const checking = useRef(false);
  const { attemptFor, settle } = useSubmissionAttempt<P>();
  /**
   * In the server's answer to a post without script: where the browser puts focus (and scrolls) on load, the
   * first refused field, or the submit button when the post failed as a whole.
   */
  const focusOnLoad: Extract<keyof V, string> | 'submit' | null = !echo
    ? null
    : (options.fieldOrder.find((f) => echo.errors[f]) ?? (echo.failed ? 'submit' : null));

  // The fill-time clock starts when the form is first on screen (after hydration, never during render,
  // so the prerendered HTML and the first client render agree).
  useEffect(() => {
    shownAt.current = performance.now();
  }, []);

  // Fields typed into before hydration: the DOM holds what the visitor typed, the state the empty form the
  // HTML was rendered with. The state takes the DOM's values so nothing typed is lost or wiped.
  useEffect(() => {
    const typed = valuesIn(formRef, options.empty);
    if (typed) {
      setValues((v) => ({ ...v, ...typed }));
      // The visitor has been filling the form since the page painted, before the script ran: the fill time
      // counts from the page's start, not from now.
      shownAt.current = 0;
      prepare();
    }
    // Once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Starts loading the schema; called on the form's first focus. */
  function prepare() {
    void options.loadSchema().catch(() => undefined);
  }

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
    if (submitting || checking.current) return null;
    const { [HONEYPOT_FORM_FIELD]: trap, ...fields } = (options.visible ?? ((v: V) => v))(values);
    checking.current = true;
    let schema: Awaited<ReturnType<typeof options.loadSchema>> | null;
    try {
      schema = await options.loadSchema();
    } catch {
      schema = null;
    } finally {
      checking.current = false;
    }
    let input: I;
    if (schema) {
      const parsed = schema.safeParse(fields);
      if (!parsed.success) {
        const found = fieldErrors(parsed.error) as Partial<Record<keyof V, string>>;
        setErrors(found);
        return options.fieldOrder.find((f) => found[f]) ?? null;
      }
      input = parsed.data;
    } else {
      // No schema on this device (offline since before the form was first touched): the values as typed,
      // which the server checks with the same schema; a refusal lands in the outbox's failed list, never lost.
      input = fields as unknown as I;
    }
    setErrors({});
    // Who sends it, in the form the server compares addresses (any case, any Unicode form of the same letters).
    const submitter = normaliseEmail(String((fields as Record<string, unknown>).email ?? ''));
    const attempt = attemptFor(JSON.stringify([input, trap, ...(options.context ?? [])]), submitter, () =>
      options.payload(input, { [HONEYPOT_FORM_FIELD]: trap, elapsedMs: Math.round(performance.now() - shownAt.current) }),
    );
    setSubmitting(true);
    try {
      const outcome = await options.send(attempt.payload, attempt.idempotencyKey, attempt.replaces);
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

  // Each field's id (unique on a page that shows the form twice) and the props that tie it to the form.
  const uid = useId();
  const idOf = (field: Extract<keyof V, string>) => `${uid}-${field}`;
  const bind = (field: Extract<keyof V, string>) => ({
    id: idOf(field),
    name: field,
    value: values[field],
    error: errors[field],
    autoFocus: focusOnLoad === field || undefined,
    onChange: (e: { target: { value: string } }) => setField(field, e.target.value),
  });

  return { values, errors, submitting, setField, submit, restartClock, formRef, prepare, failedBeforeScript: echo?.failed ?? false, focusOnLoad, idOf, bind };
}

/** The echoed values of this form's own fields (never the honeypot: a person never typed in it). */
function pick<V extends PublicFormValues>(echoed: Record<string, string>, empty: V): Partial<V> {
  const out: Partial<V> = {};
  for (const name of Object.keys(empty) as (keyof V & string)[]) {
    if (name !== HONEYPOT_FORM_FIELD && typeof echoed[name] === 'string') out[name] = echoed[name] as V[typeof name];
  }
  return out;
}

/** The non-empty values the form's fields hold in the DOM that differ from `empty`; null when none do. */
function valuesIn<V extends PublicFormValues>(formRef: RefObject<HTMLFormElement | null>, empty: V): Partial<V> | null {
  const form = formRef.current;
  if (!form) return null;
  const typed: Partial<V> = {};
  let any = false;
  for (const name of Object.keys(empty) as (keyof V & string)[]) {
    const field = form.elements.namedItem(name);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement)) continue;
    if (field.value === empty[name]) continue;
    typed[name] = field.value as V[typeof name];
    any = true;
  }
  return any ? typed : null;
}
