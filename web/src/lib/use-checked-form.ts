// The submit of a staff form (sign-in, first-run setup, a link's password, an invite): the input checked with
// the schema the server uses, its errors under their fields, the button busy while it is sent, and a refusal
// shown (the server's field errors, else its message above the button). After either kind of error the focus
// moves to the first field marked invalid, so keyboard and screen-reader users land on the problem (its message
// is read through aria-describedby).
import { useRef, useState, type FormEvent } from 'react';
import type * as z from 'zod/mini';
import { fieldErrors } from '@contract';

type ParseResult<I> = { success: true; data: I } | { success: false; error: z.core.$ZodError };

/** What the server refused: messages per field, or one for the whole form. */
export interface Refusal {
  message: string | null;
  fieldErrors: Record<string, string>;
}

export interface CheckedFormOptions<I> {
  schema: { safeParse: (input: unknown) => ParseResult<I> };
  /**
   * Sends the checked input. Resolves with nothing when done (the button is free again), with `'leaving'`
   * when the page goes elsewhere (the button stays busy, so it cannot be pressed twice), or with a refusal.
   */
  send: (input: I) => Promise<Refusal | 'leaving' | void>;
}

export function useCheckedForm<I>({ schema, send }: CheckedFormOptions<I>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const focusFirstInvalid = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  async function submit(event: FormEvent<HTMLFormElement>, input: unknown): Promise<void> {
    event.preventDefault();
    setAlert(null);
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      focusFirstInvalid();
      return;
    }
    setErrors({});
    setBusy(true);
    const outcome = await send(parsed.data);
    if (outcome === 'leaving') return;
    setBusy(false);
    if (!outcome) return;
    setErrors(outcome.fieldErrors);
    if (!Object.keys(outcome.fieldErrors).length) setAlert(outcome.message);
    focusFirstInvalid();
  }

  return { formRef, errors, alert, busy, submit };
}
